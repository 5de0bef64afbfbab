// A minimal W3C WebDriver (classic) client over fetch: the few commands the engine tests need
// to drive WebKitGTK's MiniBrowser through WebKitWebDriver. Command names and payloads follow
// https://www.w3.org/TR/webdriver2/.

/** The key under which WebDriver identifies an element in JSON. */
const ELEMENT_KEY = "element-6066-11e4-a52e-4f735466cecf";

/** An error answered by the driver: `code` is the W3C error code ("no such element", ...). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly command: string
  ) {
    super(`${command}: ${code}: ${message}`);
    this.name = "WebDriverError";
  }
}

export interface WebDriverTimeouts {
  script?: number;
  pageLoad?: number;
  implicit?: number;
}

export interface WindowRect {
  width: number;
  height: number;
}

interface WireError {
  error: string;
  message?: string;
}

/** One command to the driver; answers its `value`, or throws the driver's error. */
async function command<T>(
  url: string,
  method: "GET" | "POST" | "DELETE",
  body?: unknown
): Promise<T> {
  const name = `${method} ${new URL(url).pathname}`;
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: { value?: unknown };
  try {
    parsed = JSON.parse(text) as { value?: unknown };
  } catch {
    throw new WebDriverError(
      "unreadable answer",
      `HTTP ${response.status}: ${text.slice(0, 200)}`,
      name
    );
  }
  if (!response.ok) {
    const error = (parsed.value ?? {}) as WireError;
    throw new WebDriverError(error.error ?? `HTTP ${response.status}`, error.message ?? text, name);
  }
  return parsed.value as T;
}

/** Whether the driver at `driverUrl` answers /status as ready. */
export async function driverReady(driverUrl: string): Promise<boolean> {
  try {
    return (await command<{ ready?: boolean }>(`${driverUrl}/status`, "GET")).ready === true;
  } catch {
    return false;
  }
}

/** A WebDriver session: one browser, its windows, and the commands run in its current window. */
export class WebDriverSession {
  private constructor(
    private readonly base: string,
    readonly capabilities: Record<string, unknown>
  ) {}

  static async create(
    driverUrl: string,
    capabilities: Record<string, unknown>
  ): Promise<WebDriverSession> {
    const created = await command<{ sessionId: string; capabilities: Record<string, unknown> }>(
      `${driverUrl}/session`,
      "POST",
      { capabilities: { alwaysMatch: capabilities } }
    );
    return new WebDriverSession(`${driverUrl}/session/${created.sessionId}`, created.capabilities);
  }

  private send<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    return command<T>(`${this.base}${path}`, method, method === "POST" ? (body ?? {}) : undefined);
  }

  setTimeouts(timeouts: WebDriverTimeouts): Promise<void> {
    return this.send("POST", "/timeouts", timeouts);
  }

  /** Loads a URL and waits for its load event (page load strategy "normal"). */
  navigate(url: string): Promise<void> {
    return this.send("POST", "/url", { url });
  }

  /** Runs a function body with `arguments`; its last argument is the callback that answers. */
  executeAsync<T>(script: string, args: unknown[]): Promise<T> {
    return this.send("POST", "/execute/async", { script, args });
  }

  /** The id of the first element matching a CSS selector, or null when there is none. */
  async findElement(selector: string): Promise<string | null> {
    const found = await this.send<Array<Record<string, string>>>("POST", "/elements", {
      using: "css selector",
      value: selector,
    });
    return found[0]?.[ELEMENT_KEY] ?? null;
  }

  isElementEnabled(element: string): Promise<boolean> {
    return this.send("GET", `/element/${element}/enabled`);
  }

  clickElement(element: string): Promise<void> {
    return this.send("POST", `/element/${element}/click`);
  }

  /** An element's DOM property (an input's current `value`). */
  elementProperty<T>(element: string, name: string): Promise<T> {
    return this.send("GET", `/element/${element}/property/${name}`);
  }

  clearElement(element: string): Promise<void> {
    return this.send("POST", `/element/${element}/clear`);
  }

  /** Types text into an element, as key presses (U+E000 to U+E05D are special keys). */
  sendKeys(element: string, text: string): Promise<void> {
    return this.send("POST", `/element/${element}/value`, { text });
  }

  /** Opens a new top-level window (shown, not a background tab) and answers its handle; it is not switched to. */
  async newWindow(): Promise<string> {
    return (await this.send<{ handle: string }>("POST", "/window/new", { type: "window" })).handle;
  }

  windowHandle(): Promise<string> {
    return this.send("GET", "/window");
  }

  switchToWindow(handle: string): Promise<void> {
    return this.send("POST", "/window", { handle });
  }

  /** Closes the current window (the session ends with its last window). */
  closeWindow(): Promise<void> {
    return this.send("DELETE", "/window");
  }

  setWindowRect(rect: WindowRect): Promise<void> {
    return this.send("POST", "/window/rect", rect);
  }

  delete(): Promise<void> {
    return this.send("DELETE", "");
  }
}

/** WebDriver's key codes for the special keys the tests type. */
export const Keys = { backspace: "\uE003" } as const;
