import { chromium, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../browser/chromium";
import { VIEWPORT } from "../browser/harness";
import type { EngineBrowser, EnginePage, PageFunction } from "./page-driver";

// Debian's Chromium, driven by playwright-core (CDP), as the Chromium browser suites start it.

function playwrightPage(page: Page): EnginePage {
  return {
    async goto(url) {
      await page.goto(url, { waitUntil: "load" });
    },
    evaluate: <A, R>(fn: PageFunction<A, R>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>,
    click: (selector) => page.locator(selector).first().click(),
    fill: (selector, value) => page.locator(selector).first().fill(value),
    async select(selector, value) {
      await page.locator(selector).first().selectOption(value);
    },
    close: () => page.close(),
  };
}

export async function launchChromium(): Promise<EngineBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const context = await browser.newContext({
    viewport: VIEWPORT,
    locale: "en-US",
    timezoneId: "UTC",
  });
  context.setDefaultTimeout(10_000);
  return {
    engine: "chromium",
    version: `Chromium ${browser.version()}`,
    newPage: async () => playwrightPage(await context.newPage()),
    close: () => browser.close(),
  };
}
