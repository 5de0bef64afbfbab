// The engine-neutral page driver of the engine tests: what a test does to a page, the same in
// Chromium, Firefox and WebKit. Each engine implements a few primitives natively (EnginePage);
// everything else (waits, text, attributes, errors, checkboxes) is derived from evaluate, so
// it behaves identically in every engine.

export type EngineName = "chromium" | "firefox" | "webkit";

/** A function run in the page with one JSON argument; its result comes back as JSON. */
export type PageFunction<A, R> = (arg: A) => R | Promise<R>;

/** What each engine implements itself. Elements are addressed by CSS selector. */
export interface EnginePage {
  /** Loads a URL and waits for its load event. */
  goto(url: string): Promise<void>;
  evaluate<A, R>(fn: PageFunction<A, R>, arg: A): Promise<R>;
  /** Clicks the first element matching the selector, once it is there and enabled. */
  click(selector: string): Promise<void>;
  /** Replaces the text of an input as a user does (focus, select all, type). */
  fill(selector: string, value: string): Promise<void>;
  /** Chooses the option with this value in a <select>. */
  select(selector: string, value: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The document of the iframe that `selector` finds in this page, as a page of its own (a
   * cross-origin frame too: the add-in's frame in the Office host page). The iframe is found
   * again for each command, so a frame the page replaced is followed. Its goto and close do
   * nothing (the frame belongs to its page). Engines without frame support leave it out.
   */
  frame?(selector: string): EnginePage;
}

/** How a browser is launched for a test that needs more than the defaults. */
export interface LaunchOptions {
  /** Accept any TLS certificate (the Office host page's throwaway one). */
  acceptInsecureCerts?: boolean;
  /**
   * A profile folder kept between launches (its storage persists); by default a temporary one
   * of the engine's own, gone after close.
   */
  profileDir?: string;
  /**
   * "127.0.0.1:<port>": an HTTP proxy (CONNECT) for https requests to hosts other than the
   * loopback ones (a test mapping Excel on the web's host names to local servers).
   */
  proxy?: string;
  /** Firefox only: preferences over puppeteer's (which turn Total Cookie Protection off). */
  firefoxPrefs?: Record<string, string | number | boolean>;
  /** WebKitGTK only: MiniBrowser's own flags (`--enable-html5-local-storage=false`, ...). */
  webkitArgs?: string[];
}

/** A browser of one engine: one process for the whole test file. */
export interface EngineBrowser {
  readonly engine: EngineName;
  /** The engine's name and version, as the browser reports it. */
  readonly version: string;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

export interface WaitOptions {
  timeoutMs?: number;
}

/** The name of the array that the page's first script fills with uncaught errors (page-errors.ts). */
export const PAGE_ERRORS_GLOBAL = "__pageErrors";

const DEFAULT_TIMEOUT_MS = 10_000;
const POLL_MS = 50;

const byTestId = (testId: string): string => `[data-testid="${testId}"]`;

/** What a test does to a page, by `data-testid`, in any engine. */
export class PageDriver {
  private closed = false;

  constructor(
    readonly engine: EngineName,
    private readonly page: EnginePage
  ) {}

  goto(url: string): Promise<void> {
    return this.page.goto(url);
  }

  /** Runs `fn(arg)` in the page and answers its (awaited) result; arg and result are JSON. */
  evaluate<R, A = undefined>(fn: PageFunction<A, R>, arg?: A): Promise<R> {
    return this.page.evaluate(fn, arg as A);
  }

  async click(testId: string, options: WaitOptions = {}): Promise<void> {
    await this.waitForTestId(testId, options);
    await this.page.click(byTestId(testId));
  }

  async fill(testId: string, value: string, options: WaitOptions = {}): Promise<void> {
    await this.waitForTestId(testId, options);
    await this.page.fill(byTestId(testId), value);
    await this.waitFor(
      ([id, expected]) =>
        (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value ===
        expected,
      [testId, value] as const,
      { ...options, what: `${testId} to hold ${JSON.stringify(value)}` }
    );
  }

  async select(testId: string, value: string, options: WaitOptions = {}): Promise<void> {
    await this.waitForTestId(testId, options);
    await this.page.select(byTestId(testId), value);
  }

  /** Sets a checkbox or switch by clicking it, as a user does, when it is not as wanted. */
  async check(testId: string, checked: boolean, options: WaitOptions = {}): Promise<void> {
    const isChecked = (): Promise<boolean | null> =>
      this.evaluate(
        (id) =>
          (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.checked ??
          null,
        testId
      );
    await this.waitForTestId(testId, options);
    if ((await isChecked()) === checked) return;
    await this.page.click(byTestId(testId));
    await this.waitFor(
      ([id, wanted]) =>
        (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.checked ===
        wanted,
      [testId, checked] as const,
      { ...options, what: `${testId} to be ${checked ? "checked" : "unchecked"}` }
    );
  }

  /** Waits until an element with this test id is in the page (or, "detached", is not). */
  async waitForTestId(
    testId: string,
    options: WaitOptions & { state?: "attached" | "detached" } = {}
  ): Promise<void> {
    const attached = (options.state ?? "attached") === "attached";
    await this.waitFor(
      ([id, present]) => (document.querySelector(`[data-testid="${id}"]`) !== null) === present,
      [testId, attached] as const,
      { ...options, what: `${testId} to be ${attached ? "in" : "gone from"} the page` }
    );
  }

  /** Waits until `predicate(arg)`, run in the page, is truthy; answers its value. */
  async waitFor<A, R>(
    predicate: PageFunction<A, R>,
    arg: A,
    options: WaitOptions & { what?: string; describeState?: () => Promise<string> } = {}
  ): Promise<R> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    let value = await this.evaluate(predicate, arg);
    while (!value) {
      if (Date.now() > deadline) {
        const errors = await this.uncaughtErrors().catch(() => []);
        const state = options.describeState ? await options.describeState().catch(() => "") : "";
        throw new Error(
          `${this.engine}: timed out after ${timeoutMs} ms waiting for ${options.what ?? predicate.toString()}` +
            (state ? ` (${state})` : "") +
            (errors.length ? `\nuncaught errors in the page:\n${errors.join("\n")}` : "")
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      value = await this.evaluate(predicate, arg);
    }
    return value;
  }

  /** Waits until the text of the first element with this test id matches; answers the text. */
  async waitForText(testId: string, pattern: RegExp, options: WaitOptions = {}): Promise<string> {
    return (await this.waitFor(
      ([id, source, flags]) => {
        const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
        return text !== null && new RegExp(source, flags).test(text) ? text : null;
      },
      [testId, pattern.source, pattern.flags] as const,
      {
        ...options,
        what: `the text of ${testId} to match ${pattern}`,
        // The text it had instead, said in the failure.
        describeState: async () => `its text: ${JSON.stringify(await this.text(testId))}`,
      }
    )) as string;
  }

  /** The text of the first element with this test id (null when there is none). */
  text(testId: string): Promise<string | null> {
    return this.evaluate(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
      testId
    );
  }

  /** An attribute of the first element with this test id (null when either is missing). */
  attribute(testId: string, name: string): Promise<string | null> {
    return this.evaluate(
      ([id, attribute]) =>
        document.querySelector(`[data-testid="${id}"]`)?.getAttribute(attribute) ?? null,
      [testId, name] as const
    );
  }

  /** The value of the first input or select with this test id. */
  value(testId: string): Promise<string | null> {
    return this.evaluate(
      (id) =>
        (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value ?? null,
      testId
    );
  }

  /** Uncaught errors and unhandled rejections of the page since it loaded, as text. */
  uncaughtErrors(): Promise<string[]> {
    return this.evaluate(
      (name) => [...((window as unknown as Record<string, string[] | undefined>)[name] ?? [])],
      PAGE_ERRORS_GLOBAL
    );
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.page.close();
  }
}
