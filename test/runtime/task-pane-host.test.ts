import { PaneVisibility, taskPaneHost } from "../../src/runtime/task-pane-host";

// The spending question on screen (issue 16): the host is always asked to show the
// pane, and the pane's visibility is what the host reports from start-up, not the page's.

type Handler = (args: { visibilityMode: string }) => void;

/** Office.addin as a host gives it: visibility reports, and showAsTaskpane. */
class FakeOffice {
  handlers: Handler[] = [];
  shown = 0;
  refuseShow = false;
  readonly addin = {
    onVisibilityModeChanged: async (handler: Handler) => {
      this.handlers.push(handler);
      return () => undefined;
    },
    showAsTaskpane: async () => {
      this.shown++;
      if (this.refuseShow) throw new Error("not supported");
      this.report("Taskpane");
    },
  };
  onReady = async (callback?: () => void) => callback?.();
  report(mode: "Taskpane" | "Hidden"): void {
    for (const handler of this.handlers) handler({ visibilityMode: mode });
  }
}

const holder = globalThis as { Office?: unknown };
let office: FakeOffice;

beforeEach(() => {
  office = new FakeOffice();
  holder.Office = office;
});
afterAll(() => {
  delete holder.Office;
});

/** A runtime as at start-up: the follower of the pane's visibility and the host over it. */
async function startRuntime(presentWaitMs = 200) {
  const visibility = new PaneVisibility();
  visibility.start();
  await Promise.resolve();
  return { visibility, host: taskPaneHost(presentWaitMs, visibility) };
}

describe("the spending question on screen", () => {
  test("pane mounted, host reports it hidden: showAsTaskpane is called and the view presents", async () => {
    const { visibility, host } = await startRuntime();
    host.present();
    office.report("Hidden");
    expect(visibility.shown).toBe(false);
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(true);
    expect(office.shown).toBe(1);
    expect(visibility.mode).toBe("Taskpane");
  });

  test("the host is asked even when the pane is reported shown", async () => {
    const { host } = await startRuntime();
    host.present();
    office.report("Taskpane");
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(true);
    expect(office.shown).toBe(1);
  });

  test("a pane that cannot be shown: false, unless it is reported shown with the view mounted", async () => {
    const { host } = await startRuntime();
    office.refuseShow = true;
    office.report("Hidden");
    const unmount = host.present();
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(false);
    office.report("Taskpane");
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(true);
    unmount();
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(false);
  });

  test("no showAsTaskpane in this host and no view: false", async () => {
    const { host } = await startRuntime();
    delete (office.addin as { showAsTaskpane?: unknown }).showAsTaskpane;
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(false);
  });

  test("shown, but no view presents the question in time: false", async () => {
    const { host } = await startRuntime(50);
    await expect(host.askInTaskPane(() => undefined)).resolves.toBe(false);
    expect(office.shown).toBe(1);
  });

  test("a view that mounts after the pane is shown presents the question", async () => {
    const { host } = await startRuntime(5_000);
    const asking = host.askInTaskPane(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    host.present();
    await expect(asking).resolves.toBe(true);
  });

  test("closing the pane with the question open: the held cells are told", async () => {
    const { host } = await startRuntime();
    host.present();
    const lost = jest.fn();
    await host.askInTaskPane(lost);
    expect(lost).not.toHaveBeenCalled();
    office.report("Hidden");
    expect(lost).toHaveBeenCalledTimes(1);
  });

  test("visibility is followed from start-up, once, before any question", async () => {
    const visibility = new PaneVisibility();
    visibility.start();
    visibility.start();
    await Promise.resolve();
    expect(office.handlers).toHaveLength(1);
    expect(visibility.mode).toBeNull();
    // Without a report, the page's own visibility stands in (none in Node: shown).
    expect(visibility.shown).toBe(true);
    const seen: string[] = [];
    visibility.subscribe((mode) => seen.push(mode));
    office.report("Hidden");
    office.report("Taskpane");
    expect(seen).toEqual(["Hidden", "Taskpane"]);
    expect(visibility.mode).toBe("Taskpane");
  });
});
