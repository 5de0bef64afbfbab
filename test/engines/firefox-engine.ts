import puppeteer, { type Page } from "puppeteer-core";
import { VIEWPORT } from "../browser/harness";
import type { EngineBrowser, EnginePage, PageFunction } from "./page-driver";

// Debian's Firefox ESR, driven by puppeteer-core over WebDriver BiDi.

export const FIREFOX_PATH = process.env.FIREFOX_PATH || "/usr/lib/firefox-esr/firefox-esr";

function puppeteerPage(page: Page): EnginePage {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    evaluate: <A, R>(fn: PageFunction<A, R>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
    click: (selector) => page.locator(selector).click(),
    // Not Locator.fill: it empties a field by setting its value without an input event, which
    // a React form never hears. Select the text and type over it, as a user does.
    async fill(selector, value) {
      const input = await page.locator(selector).waitHandle();
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
      await page.select(selector, value);
    },
    close: () => page.close(),
  };
}

export async function launchFirefox(): Promise<EngineBrowser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
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
