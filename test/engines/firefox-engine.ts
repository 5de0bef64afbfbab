import puppeteer, { type ElementHandle, type Frame, type Page } from "puppeteer-core";
import { VIEWPORT } from "../browser/harness";
import type { EngineBrowser, EnginePage, LaunchOptions, PageFunction } from "./page-driver";

// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi.

export const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/lib/firefox-esr/firefox-esr";

/** The document of the iframe `selector` finds in the page (found anew for each command). */
async function frameIn(page: Page, selector: string): Promise<Frame> {
  const element = (await page.waitForSelector(selector)) as ElementHandle<HTMLIFrameElement>;
  try {
    const frame = await element.contentFrame();
    if (!frame) throw new Error(`firefox: ${selector} has no document`);
    return frame;
  } finally {
    await element.dispose();
  }
}

/** A page, or (`target`) a frame of it: keys are typed by the page into its focused element. */
function puppeteerPage(
  page: Page,
  target: () => Promise<Page | Frame> = () => Promise.resolve(page)
): EnginePage {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    evaluate: async <A, R>(fn: PageFunction<A, R>, arg: A) =>
      (await target()).evaluate(
        fn as (arg: unknown) => R | Promise<R>,
        arg as unknown
      ) as Promise<R>,
    click: async (selector) => (await target()).locator(selector).click(),
    // Not Locator.fill: it empties a field by setting its value without an input event, which
    // a React form never hears. Select the text and type over it, as a user does.
    async fill(selector, value) {
      const input = await (await target()).locator(selector).waitHandle();
      try {
        await input.focus();
        await input.evaluate((element) => (element as HTMLInputElement).select());
        if (value === "") await page.keyboard.press("Backspace");
        else await page.keyboard.type(value);
      } finally {
        await input.dispose();
      }
    },
    async select(selector, value) {
      await (await target()).select(selector, value);
    },
    close: () => page.close(),
    frame: (selector) => ({
      ...puppeteerPage(page, () => frameIn(page, selector)),
      goto: () => Promise.resolve(),
      close: () => Promise.resolve(),
    }),
  };
}

/** Firefox's preferences for an HTTP proxy of https requests (the loopback stays direct). */
function proxyPrefs(proxy: string | undefined): Record<string, string | number> {
  if (!proxy) return {};
  const [host, port] = proxy.split(":");
  return {
    "network.proxy.type": 1,
    "network.proxy.ssl": host!,
    "network.proxy.ssl_port": Number(port),
    "network.proxy.http": host!,
    "network.proxy.http_port": Number(port),
  };
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
    ...(options.acceptInsecureCerts ? { acceptInsecureCerts: true } : {}),
    ...(options.profileDir ? { userDataDir: options.profileDir } : {}),
    extraPrefsFirefox: { ...proxyPrefs(options.proxy), ...options.firefoxPrefs },
  });
  const version = await browser.version();
  return {
    engine: "firefox",
    version,
    async newPage() {
      const page = await browser.newPage();
      page.setDefaultTimeout(10_000);
      return puppeteerPage(page);
    },
    close: () => browser.close(),
  };
}
