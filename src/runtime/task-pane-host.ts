/**
 * What the runtime needs of the Office host around the task pane: putting the spending
 * question on screen (DESIGN 4: held cells never wait without a question on screen) and a
 * last chance to write kept answers before the runtime goes away.
 */
export interface TaskPaneHost {
  /**
   * Shows the task pane and resolves true once a view presents the question; false when it
   * cannot. `lost` is called if the pane is hidden while the question is open.
   */
  askInTaskPane(lost: () => void): Promise<boolean>;
  /** A view that shows the question registers while mounted; the returned function unregisters. */
  present(): () => void;
  /** `flush` runs when the page is hidden or unloaded. */
  onLeave(flush: () => void): void;
}

/** How long a shown pane may take to load its view and present the question. */
export const PRESENT_WAIT_MS = 15_000;

interface OfficeAddinLike {
  showAsTaskpane?: () => Promise<void>;
  onVisibilityModeChanged?: (
    handler: (args: { visibilityMode: string }) => void
  ) => Promise<unknown>;
}

const officeAddin = (): OfficeAddinLike | undefined =>
  (globalThis as { Office?: { addin?: OfficeAddinLike } }).Office?.addin;

const pageVisible = (): boolean =>
  typeof document === "undefined" || document.visibilityState === "visible";

export function taskPaneHost(presentWaitMs = PRESENT_WAIT_MS): TaskPaneHost {
  let presenters = 0;
  const waiting = new Set<() => void>();
  let lost: (() => void) | null = null;
  let watching = false;

  const watchVisibility = (): void => {
    if (watching) return;
    watching = true;
    void officeAddin()
      ?.onVisibilityModeChanged?.((args) => {
        if (args.visibilityMode !== "Taskpane") lost?.();
      })
      .catch(() => undefined);
  };

  const presented = (): Promise<boolean> =>
    new Promise((resolve) => {
      if (presenters > 0) return resolve(true);
      const done = (): void => {
        clearTimeout(timer);
        waiting.delete(done);
        resolve(presenters > 0);
      };
      const timer = setTimeout(done, presentWaitMs);
      waiting.add(done);
    });

  return {
    async askInTaskPane(onLost) {
      lost = onLost;
      watchVisibility();
      if (presenters > 0 && pageVisible()) return true;
      const addin = officeAddin();
      if (!addin?.showAsTaskpane) return false;
      try {
        await addin.showAsTaskpane();
      } catch {
        return false;
      }
      return presented();
    },
    present() {
      presenters++;
      for (const done of [...waiting]) done();
      return () => {
        presenters--;
      };
    },
    onLeave(flush) {
      const target = globalThis as { addEventListener?: typeof addEventListener };
      target.addEventListener?.("pagehide", flush);
      if (typeof document !== "undefined")
        document.addEventListener("visibilitychange", () => {
          if (document.visibilityState === "hidden") flush();
        });
    },
  };
}
