/**
 * Opening the Office host page in a Playwright browser context (Chromium): office.js's CDN is
 * routed to the package's files while a page loads, and the add-in's frame is found by its URL.
 */
import fs from "node:fs";
import type { BrowserContext, Frame, Page } from "playwright-core";
import { officeJsFile } from "./server";
import type { OfficeHostConfig } from "./page/main";

export const OFFICE_JS_CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";

/** office.js and the files it loads, answered from node_modules/@microsoft/office-js/dist. */
export async function routeOfficeJs(target: Page | BrowserContext): Promise<() => Promise<void>> {
  const pattern = `${OFFICE_JS_CDN}**`;
  await target.route(pattern, (route) => {
    const file = officeJsFile(new URL(route.request().url()).pathname);
    if (!file) return route.fulfill({ status: 404, body: "not in @microsoft/office-js" });
    return route.fulfill({
      status: 200,
      contentType: "application/javascript; charset=utf-8",
      body: fs.readFileSync(file),
    });
  });
  return () => target.unroute(pattern);
}

export interface HostPage {
  page: Page;
  /** The add-in's frame (a new one after each reopening). */
  pane(): Frame;
}

export function addinFrame(page: Page, addin: string): Frame | null {
  const prefix = new URL(addin).href.split("?")[0]!;
  return page.frames().find((frame) => frame.url().startsWith(prefix)) ?? null;
}

export interface OpenHostPageOptions {
  /** Where the page is served: HOST_PAGE_ORIGIN in a browser started with officeHostArgs(). */
  origin: string;
  config: OfficeHostConfig;
  /**
   * Answer office.js's CDN from the package while the page loads (a browser that does not map
   * the CDN to the host page server).
   */
  routeCdn?: boolean;
}

/**
 * Loads the host page for an add-in in `page` and waits until the page has started, the
 * add-in's frame has loaded office.js and its runtime can take calls.
 */
export async function openHostPage(page: Page, options: OpenHostPageOptions): Promise<HostPage> {
  const { config } = options;
  await page.addInitScript((c) => {
    if (window.top === window) window.__officeHostConfig = c;
  }, config);
  const unroute = options.routeCdn ? await routeOfficeJs(page) : null;
  try {
    await page.goto(`${options.origin}/`, { waitUntil: "load" });
    await waitForHost(page, config.addin);
  } finally {
    await unroute?.();
  }
  return {
    page,
    pane: () => {
      const frame = addinFrame(page, config.addin);
      if (!frame) throw new Error("the add-in's frame is not on the host page");
      return frame;
    },
  };
}

/** Waits for the page, then for the add-in's runtime to tell Excel it is ready for calls. */
export async function waitForHost(page: Page, addin: string, timeout = 20_000): Promise<void> {
  const started = await page
    .waitForFunction(() => document.documentElement.dataset.officeHost, undefined, { timeout })
    .then((handle) => handle.jsonValue());
  if (started !== "ready")
    throw new Error(`the Office host page did not start: ${await page.textContent("body")}`);
  await page.evaluate((ms) => {
    return Promise.race([
      window.officeHost.ready(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`the add-in did not start within ${ms} ms`)), ms)
      ),
    ]);
  }, timeout);
  if (!addinFrame(page, addin)) throw new Error("the add-in's frame is missing");
}
