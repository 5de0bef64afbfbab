import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { VIEWPORT } from "../browser/harness";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./page-driver";
import { WebDriverError, WebDriverSession, driverReady, Keys } from "./webdriver-client";
import { startXvfb, type VirtualDisplay } from "./xvfb";

// WebKitGTK: webkit2gtk-driver's WebKitWebDriver driving MiniBrowser (W3C WebDriver classic),
// on a virtual display of its own (MiniBrowser has no headless mode). Each page is a window of
// the one session; the session's first window stays open so that closing a page never ends it.

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || "/usr/bin/WebKitWebDriver";
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ||
  [
    "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
    "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  ].find((file) => fs.existsSync(file)) ||
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

/** Driver errors after which a click is tried again: the page was still settling. */
const RETRIED = new Set([
  "no such element",
  "stale element reference",
  "element click intercepted",
  "element not interactable",
]);
const ACTION_TIMEOUT_MS = 10_000;
/** Longer than any test waits on one evaluate (cells of a large recalculation). */
const SCRIPT_TIMEOUT_MS = 180_000;

/**
 * Scrolls an element into view in a frame (WebKitWebDriver's own scrolling leaves it below a
 * frame's fold) and watches for the next click on it: window.__clickReached.
 */
const WATCH_CLICK = `
  const [element, inFrame, done] = arguments;
  if (inFrame !== null) element.scrollIntoView({ block: "center" });
  window.__clickReached = false;
  document.addEventListener("click", (event) => {
    if (event.target instanceof Node && element.contains(event.target)) window.__clickReached = true;
  }, { capture: true, once: true });
  done();
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs the session's commands one at a time: each page switches to its window first. */
class CommandQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** The in-page wrapper of evaluate: the function's result (or error) as JSON, through `done`. */
function asyncScript(source: string): string {
  return `var arg = arguments[0], done = arguments[arguments.length - 1];
function answer(result) {
  try { done(JSON.stringify(result)); }
  catch (error) { done(JSON.stringify({ ok: false, error: "unserialisable result: " + error })); }
}
Promise.resolve().then(function () { return (${source})(arg); }).then(
  function (value) { answer({ ok: true, value: value === undefined ? null : value }); },
  function (error) {
    answer({ ok: false, error: error instanceof Error ? String(error) + "\\n" + (error.stack || "") : String(error) });
  });`;
}

/** The key under which WebDriver identifies an element in JSON (webdriver-client.ts). */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

/**
 * Switch to a frame of the current window (POST /session/{id}/frame): the iframe's element, or
 * null for the window's top document. WebDriverSession has no command for it; its own `send`.
 */
function switchToFrame(session: WebDriverSession, element: string | null): Promise<void> {
  return session["send"]<void>("POST", "/frame", {
    id: element === null ? null : { [ELEMENT_KEY]: element },
  });
}

class WebKitBrowser implements EngineBrowser {
  readonly engine = "webkit" as const;
  private readonly queue = new CommandQueue();
  private currentWindow: string;
  /** The iframe (its selector) whose document the current window's commands go to, or null. */
  private currentFrame: string | null = null;

  constructor(
    private readonly session: WebDriverSession,
    /** The session's first window: never closed, current while no page is. */
    private readonly home: string,
    readonly version: string,
    private readonly stopProcesses: () => Promise<void>
  ) {
    this.currentWindow = home;
  }

  /** Runs a command in a window, switching to it when another one is current. */
  private inWindow<T>(handle: string, task: () => Promise<T>): Promise<T> {
    return this.inDocument(handle, null, task);
  }

  /**
   * Runs a command in a window's top document, or (`frame`) in the document of the iframe the
   * selector finds there: found again for each command, since a page may replace its iframe.
   */
  private inDocument<T>(handle: string, frame: string | null, task: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      if (this.currentWindow !== handle) {
        // A window switched to has its top document current.
        await this.session.switchToWindow(handle);
        this.currentWindow = handle;
        this.currentFrame = null;
      }
      if (frame !== null) {
        if (this.currentFrame !== null) await switchToFrame(this.session, null);
        this.currentFrame = null;
        const deadline = Date.now() + ACTION_TIMEOUT_MS;
        let element = await this.session.findElement(frame);
        while (!element) {
          if (Date.now() > deadline)
            throw new Error(`webkit: no ${frame} in the page within ${ACTION_TIMEOUT_MS} ms`);
          await sleep(50);
          element = await this.session.findElement(frame);
        }
        await switchToFrame(this.session, element);
        this.currentFrame = frame;
      } else if (this.currentFrame !== null) {
        await switchToFrame(this.session, null);
        this.currentFrame = null;
      }
      return task();
    });
  }

  /** The first element matching `selector` once it is there and enabled, then `act` on it. */
  private async whenReady(
    selector: string,
    act: (element: string) => Promise<void>
  ): Promise<void> {
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    let problem = "";
    for (;;) {
      try {
        const element = await this.session.findElement(selector);
        if (element && (await this.session.isElementEnabled(element))) {
          await act(element);
          return;
        }
        problem = element ? "it is disabled" : "it is not in the page";
      } catch (error) {
        if (!(error instanceof WebDriverError) || !RETRIED.has(error.code)) throw error;
        problem = error.message;
      }
      if (Date.now() > deadline)
        throw new Error(
          `webkit: could not act on ${selector} within ${ACTION_TIMEOUT_MS} ms: ${problem}`
        );
      await sleep(50);
    }
  }

  /**
   * Whether the click watched by WATCH_CLICK reached its element; a page or frame that went
   * away with the click (a navigation) counts as reached.
   */
  private async clickReached(): Promise<boolean> {
    for (let check = 1; check <= 3; check++) {
      const reached = await this.session
        .executeAsync<boolean | null>("arguments[0](window.__clickReached ?? null);", [])
        .catch(() => null);
      if (reached !== false) return true;
      await sleep(100);
    }
    return false;
  }

  async newPage(): Promise<EnginePage> {
    // A new window needs an open current one: home, when a closed page was current.
    const handle = await this.inWindow(this.home, () => this.session.newWindow());
    // A task pane's size, as far as MiniBrowser goes: its toolbar keeps windows 447 px wide at least.
    await this.inWindow(handle, () => this.session.setWindowRect(VIEWPORT));
    return this.documentPage(handle, null);
  }

  /** A window's top document (frame null) or the document of one of its iframes, as a page. */
  private documentPage(handle: string, frame: string | null): EnginePage {
    const run = <T>(task: () => Promise<T>): Promise<T> => this.inDocument(handle, frame, task);
    return {
      goto: (url) => (frame === null ? run(() => this.session.navigate(url)) : Promise.resolve()),
      evaluate: async <A, R>(fn: PageFunction<A, R>, arg: A): Promise<R> => {
        const answer = await run(() =>
          this.session.executeAsync<string>(asyncScript(fn.toString()), [arg])
        );
        const result = JSON.parse(answer) as { ok: true; value: R } | { ok: false; error: string };
        if (!result.ok) throw new Error(`webkit: evaluate failed in the page: ${result.error}`);
        return result.value;
      },
      click: (selector) =>
        run(() =>
          this.whenReady(selector, async (element) => {
            // In a frame, WebKitWebDriver's own scrolling into view leaves an element below
            // the frame's fold where it was, and the click lands elsewhere (nothing happens):
            // the element is scrolled into view first.
            // Under load a late render can still move it between the scroll and the click:
            // the click is checked to have reached the element, and else tried again.
            for (let attempt = 1; ; attempt++) {
              await this.session.executeAsync(WATCH_CLICK, [{ [ELEMENT_KEY]: element }, frame]);
              await this.session.clickElement(element);
              if (await this.clickReached()) return;
              if (attempt === 3)
                throw new Error(`webkit: three clicks on ${selector} did not reach it`);
            }
          })
        ),
      fill: (selector, value) =>
        run(() =>
          this.whenReady(selector, async (element) => {
            // Typed, so that the page sees input events; typing then erasing a character
            // tells it about an emptied field. Clearing and typing are two commands: a page
            // that renders between them puts a controlled input's value back, and the text is
            // typed after it. Then the field is cleared and typed again (as a user would).
            for (let attempt = 1; ; attempt++) {
              await this.session.clearElement(element);
              await this.session.sendKeys(element, value === "" ? `x${Keys.backspace}` : value);
              const typed = await this.session.elementProperty<string>(element, "value");
              if (typed === value || attempt === 3) break;
            }
          })
        ),
      select: (selector, value) =>
        run(() =>
          this.whenReady(`${selector} option[value=${JSON.stringify(value)}]`, (option) =>
            this.session.clickElement(option)
          )
        ),
      close: () =>
        frame !== null
          ? Promise.resolve()
          : this.inWindow(handle, async () => {
              await this.session.closeWindow();
              await this.session.switchToWindow(this.home);
              this.currentWindow = this.home;
              this.currentFrame = null;
            }),
      frame: (selector) => this.documentPage(handle, selector),
    };
  }

  async close(): Promise<void> {
    try {
      await this.queue.run(() => this.session.delete());
    } finally {
      await this.stopProcesses();
    }
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  return exited;
}

async function startDriver(
  display: VirtualDisplay,
  env: Record<string, string> = {}
): Promise<{ url: string; driver: ChildProcess }> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    env: { ...process.env, ...env, DISPLAY: display.display },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  driver.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  driver.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await driverReady(url))) {
    if (driver.exitCode !== null || Date.now() > deadline) {
      await stop(driver);
      throw new Error(`WebKitWebDriver did not start on port ${port}:\n${output}`);
    }
    await sleep(50);
  }
  return { url, driver };
}

/** Another WebKitGTK browser for WebKitWebDriver to start instead of MiniBrowser. */
export interface WebKitBrowserBinary {
  binary: string;
  args?: string[];
  /** The name it gives WebKitWebDriver (the session's browserName must match it). */
  browserName: string;
}

export async function launchWebKit(
  options: LaunchOptions & { browser?: WebKitBrowserBinary } = {}
): Promise<EngineBrowser> {
  const display = await startXvfb();
  let driver: ChildProcess | null = null;
  const stopProcesses = async (): Promise<void> => {
    if (driver) await stop(driver);
    await display.close();
  };
  try {
    // MiniBrowser (and the driver) find their data folders by XDG's variables.
    const started = await startDriver(
      display,
      options.profileDir
        ? {
            XDG_DATA_HOME: path.join(options.profileDir, "data"),
            XDG_CACHE_HOME: path.join(options.profileDir, "cache"),
          }
        : {}
    );
    driver = started.driver;
    // MiniBrowser's own proxy flags (WebKitWebDriver leaves the "proxy" capability unapplied).
    const proxy = options.proxy
      ? [`--proxy=http://${options.proxy}`, "--ignore-host=127.0.0.1,localhost"]
      : [];
    const session = await WebDriverSession.create(started.url, {
      browserName: options.browser?.browserName ?? "MiniBrowser",
      "webkitgtk:browserOptions": options.browser
        ? { binary: options.browser.binary, args: [...(options.browser.args ?? []), ...proxy] }
        : {
            binary: MINIBROWSER_PATH,
            args: ["--automation", ...(options.webkitArgs ?? []), ...proxy],
          },
      ...(options.acceptInsecureCerts ? { acceptInsecureCerts: true } : {}),
    });
    await session.setTimeouts({ script: SCRIPT_TIMEOUT_MS, pageLoad: 30_000, implicit: 0 });
    const version = `WebKitGTK ${String(session.capabilities.browserVersion ?? "?")}`;
    return new WebKitBrowser(session, await session.windowHandle(), version, stopProcesses);
  } catch (error) {
    await stopProcesses();
    throw error;
  }
}
