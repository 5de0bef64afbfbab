import { Listeners } from "../client/listeners";

/**
 * What the runtime needs of the Office host around the task pane: putting the spending
 * question on screen (held cells never wait without a question on screen) and a
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

/** `Office.VisibilityMode`: the pane is shown ("Taskpane") or closed ("Hidden"). */
export type PaneMode = "Taskpane" | "Hidden";

interface OfficeAddinLike {
  showAsTaskpane?: () => Promise<void>;
  onVisibilityModeChanged?: (
    handler: (args: { visibilityMode: string }) => void
  ) => Promise<unknown>;
}

interface OfficeLike {
  addin?: OfficeAddinLike;
  onReady?: (callback?: () => void) => Promise<unknown>;
}

const office = (): OfficeLike | undefined => (globalThis as { Office?: OfficeLike }).Office;

/**
 * The pane's visibility as the host reports it (`Office.addin.onVisibilityModeChanged`),
 * followed from start-up. In a shared runtime the page lives on while the pane is closed, and
 * Excel on the web need not report the runtime's frame hidden, so `document.visibilityState`
 * alone cannot say whether the pane is on screen.
 */
export class PaneVisibility {
  /** What the host last reported; null until it reports. */
  mode: PaneMode | null = null;
  private readonly listeners = new Listeners<[PaneMode]>();
  private started = false;

  /** Subscribes to the host once (when Office is ready); later calls do nothing. */
  start(): void {
    if (this.started) return;
    const host = office();
    if (!host?.addin?.onVisibilityModeChanged && !host?.onReady) return;
    this.started = true;
    const subscribe = (): void => {
      void office()
        ?.addin?.onVisibilityModeChanged?.((args) => this.report(args.visibilityMode))
        ?.catch(() => undefined);
    };
    if (host.onReady) void host.onReady(subscribe)?.catch?.(() => undefined);
    else subscribe();
  }

  /** Whether the pane is on screen: as the host last said, else as the page reads. */
  get shown(): boolean {
    if (this.mode !== null) return this.mode === "Taskpane";
    return typeof document === "undefined" || document.visibilityState === "visible";
  }

  /** Calls `listener` with every mode the host reports; returns the function that stops it. */
  subscribe(listener: (mode: PaneMode) => void): () => void {
    return this.listeners.add(listener);
  }

  private report(visibilityMode: string): void {
    this.mode = visibilityMode === "Taskpane" ? "Taskpane" : "Hidden";
    this.listeners.emit(this.mode);
  }
}

const GLOBAL_KEY = "__mailFinderPaneVisibility";

/** The runtime's one follower of the pane's visibility (the page and the services share it). */
export function paneVisibility(): PaneVisibility {
  const holder = globalThis as { [GLOBAL_KEY]?: PaneVisibility };
  return (holder[GLOBAL_KEY] ??= new PaneVisibility());
}

export function taskPaneHost(
  presentWaitMs = PRESENT_WAIT_MS,
  visibility: PaneVisibility = paneVisibility()
): TaskPaneHost {
  let presenters = 0;
  const waiting = new Set<() => void>();
  let lost: (() => void) | null = null;
  visibility.start();
  visibility.subscribe((mode) => {
    if (mode !== "Taskpane") lost?.();
  });

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
      visibility.start();
      // Always asked of the host, even when the pane seems shown: it may be closed while the
      // page lives on, and showing a pane already shown does nothing harmful.
      let shown = false;
      const addin = office()?.addin;
      if (addin?.showAsTaskpane) {
        try {
          await addin.showAsTaskpane();
          shown = true;
        } catch {
          shown = false;
        }
      }
      if (!shown && !(presenters > 0 && visibility.shown)) return false;
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
