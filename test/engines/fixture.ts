import { checkDist } from "../browser/harness";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";
import { serveAddin, type AddinServer, type AddinServerOptions } from "./addin-server";
import { missingFor, type Engine } from "./engines";
import { PageDriver, type EngineBrowser } from "./page-driver";

// The fixtures of an engine test file: one sandbox and one add-in server for the whole file
// (useServedAddin), one browser per engine (useEngine), and tests that fail on any uncaught
// error or unhandled rejection of the pages they opened (engineTest).

export interface ServedAddin {
  readonly sandbox: TestSandbox;
  readonly server: AddinServer;
}

/** Fields of an object made in beforeAll, read in the tests: a clear error if read before. */
function startedIn<T extends object>(what: string, get: () => T | null): T {
  return new Proxy({} as T, {
    get(_target, property) {
      const value = get();
      if (!value) throw new Error(`${what} is used before beforeAll started it`);
      const field = Reflect.get(value, property, value) as unknown;
      return typeof field === "function" ? field.bind(value) : field;
    },
  });
}

/**
 * A sandbox (fast job pace) and the add-in server relaying to it, for the whole file;
 * `setUp` (a team host in front of the sandbox, say) runs before the server starts and gives
 * its options.
 */
export function useServedAddin(
  setUp?: (sandbox: TestSandbox) => Promise<AddinServerOptions>
): ServedAddin {
  let served: ServedAddin | null = null;
  beforeAll(async () => {
    checkDist();
    const sandbox = await startSandbox({ jobStepMs: 50, jobChunkSize: 50, domainReadyMs: 300 });
    try {
      const options = (await setUp?.(sandbox)) ?? {};
      served = { sandbox, server: await serveAddin(sandbox.baseUrl, options) };
    } catch (error) {
      await sandbox.close();
      throw error;
    }
  }, 30_000);
  afterAll(async () => {
    await served?.server.close();
    await served?.sandbox.close();
  });
  return startedIn("the served add-in", () => served);
}

/** The add-in in one engine's browser. */
export class EngineAddin {
  private pagesOfTest: PageDriver[] = [];
  private readonly origins = new WeakMap<PageDriver, string>();

  constructor(
    readonly browser: EngineBrowser,
    private readonly served: ServedAddin
  ) {}

  get sandbox(): TestSandbox {
    return this.served.sandbox;
  }

  get relayLog() {
    return this.served.server.relayLog;
  }

  /**
   * Opens taskpane.html (the shared runtime) and waits for the host shim and the task pane UI:
   * for a new user with an empty workbook, or (`sameUserAs`) the workbook of another page
   * reopened, with its user's storage (close that page first, as a user closes a workbook).
   */
  async openTaskPane(options: { sameUserAs?: PageDriver } = {}): Promise<PageDriver> {
    const known = options.sameUserAs && this.origins.get(options.sameUserAs);
    if (options.sameUserAs && !known) throw new Error("that page was not opened by openTaskPane");
    const origin = known || (await this.served.server.newOrigin());
    const page = new PageDriver(this.browser.engine, await this.browser.newPage());
    this.origins.set(page, origin);
    this.pagesOfTest.push(page);
    await page.goto(`${origin}/taskpane.html`);
    await page.waitFor(() => typeof window.__hostShim === "object", undefined, {
      what: "the host shim to load in place of office.js",
    });
    await page.evaluate(() => window.__hostShim.ready);
    await page.waitFor(() => !document.getElementById("boot"), undefined, {
      timeoutMs: 15_000,
      what: "the task pane UI to mount",
    });
    const root = await page.evaluate(() => document.getElementById("root")?.textContent ?? "");
    if (root.startsWith("Mail Finder could not start"))
      throw new Error(`${this.browser.engine}: ${root}`);
    // The production build has no key: a new user's pane opens on its first-run screen, where
    // "I have a key" shows the tabs (as the browser harness does).
    await page.waitFor(
      () => document.querySelector('[data-testid="first-run"], [role="tablist"]') !== null,
      undefined,
      { what: "the first-run screen or the tabs" }
    );
    if (await page.evaluate(() => document.querySelector('[data-testid="first-run"]') !== null)) {
      await page.click("first-run-have-key");
      await page.waitFor(() => document.querySelector('[role="tablist"]') !== null, undefined, {
        what: "the tabs after first run",
      });
    }
    return page;
  }

  /**
   * Pages a test opened itself (the Office host page and the add-in's frame in it, see
   * host-page.ts): endTest checks and closes them in this order, as it does openTaskPane's.
   */
  track(...pages: PageDriver[]): void {
    this.pagesOfTest.push(...pages);
  }

  /** Starts a test: the pages it opens are checked and closed by endTest. */
  beginTest(): void {
    this.pagesOfTest = [];
  }

  /** The uncaught errors of the test's pages (those still open), then closes them. */
  async endTest(): Promise<string[]> {
    const errors: string[] = [];
    for (const page of this.pagesOfTest.splice(0)) {
      if (page.isClosed) continue;
      errors.push(
        ...(await page.uncaughtErrors().catch((e: Error) => [`(unreadable: ${e.message})`]))
      );
      await page.close().catch(() => undefined);
    }
    return errors;
  }
}

/**
 * The engine's browser, launched once for the describe block, with the file's served add-in;
 * `launch` starts it otherwise than the engine's defaults (host-page.ts: certificates).
 */
export function useEngine(
  engine: Engine,
  served: ServedAddin,
  launch: (engine: Engine) => Promise<EngineBrowser> = (chosen) => chosen.launch()
): EngineAddin {
  let addin: EngineAddin | null = null;
  beforeAll(async () => {
    const missing = missingFor(engine);
    if (missing)
      throw new Error(
        `${engine.name} cannot run: ${missing} is missing (scripts/setup.sh installs it)`
      );
    addin = new EngineAddin(await launch(engine), served);
    console.info(`engine tests in ${addin.browser.version}`);
  }, 60_000);
  afterAll(async () => {
    await addin?.browser.close();
  });
  return startedIn(`the ${engine.name} browser`, () => addin);
}

/**
 * A jest test in an engine: it fails on any uncaught error or unhandled rejection in the pages
 * it opened (recorded by the page's first script), and closes them.
 */
export function engineTest(
  addin: EngineAddin,
  name: string,
  fn: () => Promise<void>,
  timeoutMs = 60_000
): void {
  test(
    name,
    async () => {
      addin.beginTest();
      let failure: unknown = null;
      try {
        await fn();
      } catch (error) {
        failure = error;
      }
      const uncaught = await addin.endTest();
      if (failure instanceof Error && uncaught.length)
        failure.message += `\n\nuncaught errors in the page:\n${uncaught.join("\n")}`;
      if (failure) throw failure;
      expect(uncaught).toEqual([]);
    },
    timeoutMs
  );
}
