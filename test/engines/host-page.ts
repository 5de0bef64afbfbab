import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Frame, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../browser/chromium";
import { checkDist, VIEWPORT } from "../browser/harness";
import { startSandbox } from "../helpers/sandbox";
import { selfSignedCertificate } from "../helpers/self-signed";
import { CDN_PREFIX, startOfficeHostServer, type OfficeHostServer } from "../office-host/server";
import type { ShownValue } from "../office-host/page/main";
import { serveAddin } from "./addin-server";
import type { Engine } from "./engines";
import { launchFirefox } from "./firefox-engine";
import type { EngineAddin, ServedAddin } from "./fixture";
import {
  PageDriver,
  type EngineBrowser,
  type EngineName,
  type EnginePage,
  type LaunchOptions,
  type PageFunction,
} from "./page-driver";
import { launchWebKit } from "./webkit-engine";

// The add-in under Microsoft's office.js in any engine: the Office host page (test/office-host)
// frames the built add-in cross-origin, as Excel on the web does, and the test drives both: the
// host page (Excel's side: cells, formulas, the reopened workbook) and the add-in's frame (the
// pane's UI, office.js's tables, OfficeRuntime.storage) through the engine's own frame support:
// a BiDi browsing context in Firefox, WebDriver's frame switch in WebKitGTK, a CDP frame in
// Chromium.
//
// office.js trusts an https Office page on the add-in's own host name (or Excel on the web's):
// the host page is https://127.0.0.1:<port> (a throwaway certificate, which the browser is told
// to accept) and the add-in http://127.0.0.1:<another port> (another origin; another site under
// schemeful same-site). WebKitGTK blocks that frame as mixed content ("[blocked] The page at
// https://127.0.0.1:… requested insecure content from http://127.0.0.1:…": unlike Chromium and
// Firefox it does not exempt the loopback address), so there the add-in is served over https
// too, https://127.0.0.1:<another port>, as add-ins are in production: a cross-origin frame of
// the same site. taskpane.html loads office.js from the host page server's CDN folder, and
// office.js its other files from there, byte for byte the package's.
//
// Each user is a host page server of its own (the workbook is kept in the host origin's
// IndexedDB) and an add-in origin of its own (OfficeRuntime.storage, kept answers).

/** The add-in's iframe in the host page (test/office-host/server.ts HOST_PAGE, main.ts). */
export const ADDIN_FRAME = "#taskpane iframe";

/** The add-in served for the host page, and the host page servers of its users. */
export interface HostPageAddin extends ServedAddin {
  /** https://127.0.0.1:<port>/lib/1/hosted/office.js: what taskpane.html loads. */
  readonly officeJs: string;
  /** The throwaway certificate of every https server here (127.0.0.1 and localhost). */
  readonly certificate: { cert: string; key: string };
  /** A host page server for a new user (a new origin: an empty workbook). */
  newHost(): Promise<OfficeHostServer>;
}

/**
 * The sandbox, the add-in (taskpane.html loading the real office.js) and the host page servers,
 * for a whole test file.
 */
export function useHostPageAddin(): HostPageAddin {
  let served: HostPageAddin | null = null;
  const hosts: OfficeHostServer[] = [];
  let directory: string | null = null;
  beforeAll(async () => {
    checkDist();
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "engines-host-tls-"));
    const certificate = selfSignedCertificate(directory);
    const newHost = async (): Promise<OfficeHostServer> => {
      const host = await startOfficeHostServer({ certificate });
      hosts.push(host);
      return host;
    };
    const cdn = await newHost();
    const officeJs = `${cdn.origin}${CDN_PREFIX}office.js`;
    const sandbox = await startSandbox({ jobStepMs: 50, jobChunkSize: 50, domainReadyMs: 300 });
    try {
      const server = await serveAddin(sandbox.baseUrl, { officeJs, certificate });
      served = { sandbox, server, officeJs, certificate, newHost };
    } catch (error) {
      await sandbox.close();
      throw error;
    }
  }, 30_000);
  afterAll(async () => {
    await served?.server.close();
    await served?.sandbox.close();
    await Promise.all(hosts.splice(0).map((host) => host.close()));
    if (directory) fs.rmSync(directory, { recursive: true, force: true });
  });
  return new Proxy({} as HostPageAddin, {
    get(_target, property) {
      if (!served) throw new Error("the host page's add-in is used before beforeAll started it");
      const value = Reflect.get(served, property, served) as unknown;
      return typeof value === "function" ? value.bind(served) : value;
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Browsers that accept the host page's certificate
// ---------------------------------------------------------------------------------------------

/** A Playwright page, or the document of an iframe of it (found anew for each command). */
function playwrightDocument(page: Page, frameSelector: string | null): EnginePage {
  const target = async (): Promise<Page | Frame> => {
    if (frameSelector === null) return page;
    const element = await page.waitForSelector(frameSelector);
    const frame = await element.contentFrame();
    await element.dispose();
    if (!frame) throw new Error(`chromium: ${frameSelector} has no document`);
    return frame;
  };
  return {
    async goto(url) {
      if (frameSelector === null) await page.goto(url, { waitUntil: "load" });
    },
    evaluate: async <A, R>(fn: PageFunction<A, R>, arg: A) =>
      (await target()).evaluate(
        fn as (arg: unknown) => R | Promise<R>,
        arg as unknown
      ) as Promise<R>,
    click: async (selector) => (await target()).locator(selector).first().click(),
    fill: async (selector, value) => (await target()).locator(selector).first().fill(value),
    async select(selector, value) {
      await (await target()).locator(selector).first().selectOption(value);
    },
    close: () => (frameSelector === null ? page.close() : Promise.resolve()),
    frame: (selector) => playwrightDocument(page, selector),
  };
}

/**
 * Debian's Chromium as chromium-engine.ts starts it (storage partitioning on), with frames and
 * the certificate accepted. A profile folder makes it a persistent context.
 */
export async function launchChromiumForHostPage(
  options: LaunchOptions & { args?: string[] } = {}
): Promise<EngineBrowser> {
  const args = [...CHROMIUM_ARGS, ...(options.args ?? [])];
  const contextOptions = {
    viewport: { width: VIEWPORT.width + 620, height: VIEWPORT.height + 40 },
    locale: "en-US",
    timezoneId: "UTC",
    ignoreHTTPSErrors: options.acceptInsecureCerts ?? false,
  };
  if (options.profileDir) {
    const context = await chromium.launchPersistentContext(options.profileDir, {
      executablePath: CHROMIUM_PATH,
      args,
      headless: true,
      ...contextOptions,
    });
    context.setDefaultTimeout(10_000);
    const first = context.pages()[0] ?? (await context.newPage());
    return {
      engine: "chromium",
      version: `Chromium ${await chromiumVersion(first)}`,
      newPage: async () => playwrightDocument(await context.newPage(), null),
      close: () => context.close(),
    };
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args, headless: true });
  const context = await browser.newContext(contextOptions);
  context.setDefaultTimeout(10_000);
  return {
    engine: "chromium",
    version: `Chromium ${browser.version()}`,
    newPage: async () => playwrightDocument(await context.newPage(), null),
    close: () => browser.close(),
  };
}

/** The browser's version (a persistent context has no Browser object to ask). */
async function chromiumVersion(page: Page): Promise<string> {
  const session = await page.context().newCDPSession(page);
  try {
    const { product } = await session.send("Browser.getVersion");
    return product.replace(/^.*\//, "");
  } finally {
    await session.detach();
  }
}

/** Launches an engine's browser for the host page: its certificate accepted, frames reachable. */
export function launchForHostPage(
  engine: EngineName | Engine,
  options: LaunchOptions = {}
): Promise<EngineBrowser> {
  const name = typeof engine === "string" ? engine : engine.name;
  const launchOptions = { acceptInsecureCerts: true, ...options };
  if (name === "firefox") return launchFirefox(launchOptions);
  if (name === "webkit") return launchWebKit(launchOptions);
  return launchChromiumForHostPage(launchOptions);
}

// ---------------------------------------------------------------------------------------------
// Opening the host page
// ---------------------------------------------------------------------------------------------

/** One user: their host page server (workbook) and their add-in origin (its storage). */
export interface HostPageUser {
  host: OfficeHostServer;
  /** http://127.0.0.1:<port>/taskpane.html */
  addin: string;
}

/** The Office host page with the add-in in its frame. */
export interface HostPane {
  user: HostPageUser;
  /** The host page (Excel's side): window.officeHost. */
  host: PageDriver;
  /** The add-in's frame (followed across a reopened workbook): the pane's UI, office.js. */
  pane: PageDriver;
}

export interface OpenOnHostPageOptions {
  /** That user's workbook and storage again (close their page first, as a user closes Excel). */
  sameUserAs?: HostPane;
  /** Leave a pane without a key on its first-run screen (by default "I have a key" is chosen). */
  firstRun?: boolean;
  /** How long the page may take to start the add-in's runtime. */
  timeoutMs?: number;
}

/** How the add-in is served to an engine's frame on the host page (see the top of this file). */
export const addinScheme = (engine: EngineName): "http" | "https" =>
  engine === "webkit" ? "https" : "http";

/** A new user of the served add-in: a host page server and an add-in origin of their own. */
export async function newHostPageUser(
  served: HostPageAddin,
  engine: EngineName
): Promise<HostPageUser> {
  const [host, origin] = await Promise.all([
    served.newHost(),
    served.server.newOrigin(addinScheme(engine)),
  ]);
  return { host, addin: `${origin}/taskpane.html` };
}

/**
 * Opens the host page for a user in the engine's browser and waits until office.js started the
 * add-in's runtime in the frame (officeHost.ready()), then for the pane's UI (the first-run
 * screen or the tabs).
 */
export async function openOnHostPage(
  addin: EngineAddin,
  served: HostPageAddin,
  options: OpenOnHostPageOptions = {}
): Promise<HostPane> {
  const engine = addin.browser.engine;
  const user = options.sameUserAs?.user ?? (await newHostPageUser(served, engine));
  const page = await addin.browser.newPage();
  const host = new PageDriver(engine, page);
  const frame = page.frame?.(ADDIN_FRAME);
  if (!frame) {
    await page.close();
    throw new Error(`${engine}: this engine's pages cannot reach a frame`);
  }
  const pane = new PageDriver(engine, frame);
  // The frame's errors are read before its page closes.
  addin.track(pane, host);
  await loadHostPage(host, user.host.pageUrl(user.addin, { locale: "en-US" }), options.timeoutMs);
  await waitForPane(pane, options.firstRun ?? false);
  return { user, host, pane };
}

/** Loads the host page (its URL) and waits for the add-in's runtime to be ready for calls. */
export async function loadHostPage(
  host: PageDriver,
  url: string,
  timeoutMs = 30_000
): Promise<void> {
  await host.goto(url);
  const started = await host.waitFor(() => document.documentElement.dataset.officeHost, undefined, {
    timeoutMs,
    what: "the Office host page to start",
  });
  if (started !== "ready")
    throw new Error(
      `${host.engine}: the Office host page did not start: ${await host.evaluate(() => document.body.textContent ?? "")}`
    );
  await waitForRuntime(host, timeoutMs);
}

/** Waits until the add-in's runtime (a new one after a reopening) told Excel it takes calls. */
export async function waitForRuntime(host: PageDriver, timeoutMs = 30_000): Promise<void> {
  await host.evaluate(
    (ms) =>
      Promise.race([
        window.officeHost.ready(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`the add-in did not start within ${ms} ms`)), ms)
        ),
      ]),
    timeoutMs
  );
}

/**
 * Waits for the pane's UI in the frame: the first-run screen (left as it is with `firstRun`,
 * else "I have a key") or, for a user with a key, the tabs.
 */
export async function waitForPane(
  pane: PageDriver,
  firstRun = false
): Promise<"first-run" | "tabs"> {
  await pane.waitFor(() => !document.getElementById("boot"), undefined, {
    timeoutMs: 20_000,
    what: "the task pane UI to mount in the add-in's frame",
  });
  const root = await pane.evaluate(() => document.getElementById("root")?.textContent ?? "");
  if (root.startsWith("Mail Finder could not start")) throw new Error(`${pane.engine}: ${root}`);
  const shown = await pane.waitFor(
    () =>
      document.querySelector('[data-testid="first-run"]')
        ? "first-run"
        : document.querySelector('[role="tablist"]')
          ? "tabs"
          : null,
    undefined,
    { what: "the first-run screen or the tabs" }
  );
  if (shown === "first-run" && !firstRun) {
    await pane.click("first-run-have-key");
    await pane.waitFor(() => document.querySelector('[role="tablist"]') !== null, undefined, {
      what: "the tabs after first run",
    });
  }
  return shown as "first-run" | "tabs";
}

/** Closes the workbook and opens it again in the same page: a new frame, a new runtime. */
export async function reopenWorkbook(
  opened: Pick<HostPane, "host" | "pane">
): Promise<"first-run" | "tabs"> {
  const starts = await opened.host.evaluate(() => window.officeHost.runtimeStarts());
  await opened.host.evaluate(() => window.officeHost.reopenWorkbook());
  await opened.host.waitFor((before) => window.officeHost.runtimeStarts() > before, starts, {
    timeoutMs: 20_000,
    what: "a new runtime in the reopened workbook's frame",
  });
  await waitForRuntime(opened.host);
  return waitForPane(opened.pane, true);
}

/**
 * The custom function ids the runtime associated (upper-cased): office.js's table in the
 * add-in's frame.
 */
export function associatedFunctions(pane: PageDriver): Promise<string[]> {
  return pane.evaluate(() =>
    Object.keys(
      (globalThis as unknown as { CustomFunctions?: { _association?: { mappings?: object } } })
        .CustomFunctions?._association?.mappings ?? {}
    )
  );
}

/**
 * What Sheet1 shows at an address once no cell of it shows #BUSY! (its calls answered), read
 * on Excel's side.
 */
export function calculatedCells(
  host: PageDriver,
  address: string,
  timeoutMs = 15_000
): Promise<ShownValue[][]> {
  return host.waitFor(
    async (at) => {
      const values = await window.officeHost.getValues("Sheet1", at);
      const busy = values.some((row) =>
        row.some((cell) => typeof cell === "object" && cell.error === "#BUSY!")
      );
      return busy ? null : values;
    },
    address,
    { timeoutMs, what: `Sheet1!${address} to be calculated` }
  ) as Promise<ShownValue[][]>;
}
