/**
 * Browser test harness: the REAL production build of the add-in (dist/) in Debian's Chromium,
 * driven by playwright-core, talking to a real sandbox over HTTP.
 *
 * Run the browser tests alone:
 *
 *     npm run build          # dist/ must be a production build (base URL "/api", no key)
 *     npx jest test/browser
 *
 * How it is wired:
 * - startAddin() starts a sandbox (startSandbox(), fast job pace by default), then a small
 *   node:http server on 127.0.0.1 that serves dist/ and relays /api/* to the sandbox (the
 *   same-origin relay that the dev server offers: the /api prefix is stripped, method,
 *   headers - authorization included - and body pass through), then launches
 *   /usr/bin/chromium headless with a fresh temporary profile.
 * - openTaskPane() opens http://127.0.0.1:<port>/taskpane.html in a browser context; while it
 *   loads, its request for office.js (https://appsforoffice.microsoft.com/lib/1/hosted/office.js,
 *   not reachable here) is answered with test/browser/host-shim.js: a fake Excel on the web with
 *   a shared runtime (Office, OfficeRuntime.storage, CustomFunctions, Excel.run over an
 *   in-memory workbook persisted in the origin's IndexedDB). Pages of the same context share
 *   the workbook and OfficeRuntime.storage, so a second page is the workbook "reopened"
 *   (close the first one before, as a user closes a workbook). The shim's test API is
 *   window.__hostShim (selection, cells, workbook snapshot, Excel request sizes, visibility).
 * - The production build has no key, so a new user's pane opens on its first-run screen:
 *   openTaskPane() and reload() choose "I have a key" there and show the first tab, unless
 *   the add-in was started with `firstRun` or `demo` (the production host with --demo, whose
 *   requests at /api and /demo-api are logged with their keys in `hostLog`).
 * - browserTest() runs a test with the console errors, uncaught page errors and failed
 *   requests of its pages attached to any failure; an uncaught page error fails the test.
 * - describeBrowser() skips the suite, with a message, only when Chromium is missing and CI
 *   is not set; under CI a missing Chromium fails (scripts/setup.sh installs it).
 * - screenshot(page, name) writes test/browser/screenshots/<name>.png at a task pane's size
 *   (380 x 720); those images are kept in git for the README.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { SandboxOptions } from "../../src/sandbox/app";
import { buildServer } from "../../src/server/app";
import { JOBS_SETTING_KEY, type JobRecord } from "../../src/workbook/job-store";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";
import { selfSignedCertificate } from "../helpers/self-signed";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  HOST_PAGE_ORIGIN,
  HOST_SHIM_PATH,
  OFFICE_JS_URL,
  PARTITIONING_OFF_ARGS,
  officeHostArgs,
} from "./chromium";
import { SHARED_CHROMIUM_ENV, SHARED_OFFICE_HOST_ENV } from "../setup/chromium-server";
import { openHostPage, waitForHost } from "../office-host/host-browser";
import { hostPageOf, panePage, paneFrameOf } from "../office-host/pane-page";
import { startOfficeHostServer, type OfficeHostServer } from "../office-host/server";
import type { OfficeHostConfig } from "../office-host/page/main";
import type { RequestRecord as ExcelRequestRecord } from "../office-host/page/shim-facade";
import { DEFAULT_REQUIREMENT_SETS } from "../office-host/page/app-context";

export { CHROMIUM_PATH, OFFICE_JS_URL };
export const VIEWPORT = { width: 380, height: 720 };
export const SCREENSHOTS_DIR = path.join(__dirname, "screenshots");

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dist");

export const chromiumAvailable = fs.existsSync(CHROMIUM_PATH);

// ---------------------------------------------------------------------------------------------
// The shim's test API, as seen from page.evaluate
// ---------------------------------------------------------------------------------------------

export interface ShimSheet {
  id: string;
  name: string;
  position: number;
  visibility: string;
  active: boolean;
  usedRange: string | null;
  /** Values from A1 to the used range's bottom-right: values[row][column], 0-based. */
  values: Array<Array<string | number | boolean>>;
  /** Formula cells only, by address ("B2": "=..."). */
  formulas: Record<string, string>;
  numberFormats: Record<string, string>;
  formats: Record<string, Record<string, unknown>>;
  columnFormats: Record<string, { nf?: string; fmt?: Record<string, unknown> }>;
  columnWidths: Record<string, number>;
  autofitColumns: string[];
  frozenRows: number;
  frozenColumns: number;
  selection: string;
  /** More than 1 when several areas are selected (getSelectedRange then fails: InvalidSelection). */
  selectionAreas: number;
  /** The spill range of each spilling anchor ("A2": "A2:C2"). */
  spills: Record<string, string>;
}

export interface ShimTable {
  id: string;
  name: string;
  sheet: string;
  address: string;
  headers: string[];
  rowCount: number;
  showHeaders: boolean;
  style: string;
}

export interface WorkbookSnapshot {
  activeSheet: string;
  selection: string;
  sheets: ShimSheet[];
  tables: ShimTable[];
  /** Defined names (workbook.names). */
  names: Array<{ name: string; type: string; value: string; comment: string }>;
  /** Document settings as saved by saveAsync. */
  settings: Record<string, unknown>;
  startupBehavior: string;
}

export interface ShimRequests {
  syncs: number;
  /** One per non-empty sync (the host page's record of each RichApi request has this form). */
  requests: ExcelRequestRecord[];
}

export interface HostShimConfig {
  visibility?: "Hidden" | "Taskpane";
  payloadLimitBytes?: number;
  responseLimitBytes?: number;
  storageLimitBytes?: number;
  syncLatencyMs?: number;
  requirementSets?: Record<string, string>;
  /** "refuse": databases other than the shim's own fail to open (private browsing). */
  indexedDbForAddin?: "refuse";
  /**
   * "denied": every OfficeRuntime.storage call rejects with SecurityError, as office.js's in a
   * frame the browser denies storage (docs/user-guide.md; the host page has the real thing:
   * `thirdPartyStorage: "blocked"`).
   */
  runtimeStorage?: "denied";
  /** Office.context.displayLanguage / contentLanguage (null: Office gives none). */
  displayLanguage?: string | null;
  contentLanguage?: string | null;
  /** Office.context.officeTheme (read on each access; anything, to test unreadable values). */
  officeTheme?: unknown;
  /**
   * Nested app authentication (the NestedAppAuth requirement set and Office's bridge): Office
   * signed in as `user`, its tokens from `tokenUrl` (a stand-in for Entra ID); `cancel`: the
   * user closes Office's sign-in window.
   */
  nestedAppAuth?: { tokenUrl: string; user: string | null; cancel?: boolean };
}

export interface HostShim {
  ready: Promise<void>;
  setSelection(sheetName: string, address: string): Promise<void>;
  setCells(sheetName: string, topLeft: string, values: unknown[][]): Promise<void>;
  addSheet(name: string): Promise<void>;
  /**
   * A formula in one cell with the result Excel calculated (see also `calculate`): a
   * matrix of more than one cell spills from it, as a dynamic array; error values are their
   * text ("#N/A"). A spill over cells that are not empty shows #SPILL! instead.
   */
  setFormulaResult(
    sheetName: string,
    address: string,
    formula: string,
    values: Array<Array<string | number | boolean>>
  ): Promise<void>;
  workbook(): WorkbookSnapshot;
  liveSettings(): Record<string, unknown>;
  storage(): Record<string, string>;
  requests(): ShimRequests;
  clearRequests(): void;
  failNextSync(error?: { code?: string; message?: string }): void;
  failNextSettingsSave(error?: { message?: string }): void;
  configure(changes: HostShimConfig): void;
  naaRequests(): Array<{ method: string; scope: string | null }>;
  withdrawConsent(clientId: string): void;
  functionIds(): string[];
  /** The calculation types requested through Application.calculate, in order. */
  calculations(): string[];
  invokeFunction(
    id: string,
    args: unknown[],
    /** `preview`: as Excel calls it to preview a formula while it is typed. */
    options?: { address?: string; timeoutMs?: number; preview?: boolean }
  ): Promise<unknown>;
  /**
   * Calculates the `=MAIL.NAME(…)` formulas of a range as Excel does when they are entered or
   * recalculated (arguments: text, numbers, booleans, empty, or a cell of the same sheet);
   * resolves with each cell's result by address ("D2"). Range.calculate() does the same.
   */
  calculate(sheetName: string, address: string): Promise<Record<string, unknown>>;
  /** The last result of a calculated cell ("Sheet1!D2"). */
  calculatedResult(address: string): unknown;
  actionIds(): string[];
  invokeAction(id: string): Promise<void>;
  visibility(): "Hidden" | "Taskpane";
  /** `{ page: false }`: the host reports the mode, the page's own visibility stays as it is. */
  setVisibility(mode: "Hidden" | "Taskpane", options?: { page?: boolean }): Promise<void>;
  showAsTaskpaneCalls(): number;
  reset(): Promise<void>;
}

declare global {
  interface Window {
    __hostShim: HostShim;
    __hostShimConfig?: HostShimConfig;
  }
}

// ---------------------------------------------------------------------------------------------
// Page diagnostics, attached to test failures
// ---------------------------------------------------------------------------------------------

export interface RequestRecord {
  url: string;
  method: string;
  resourceType: string;
  at: number;
}

interface PageLog {
  label: string;
  console: string[];
  consoleErrors: string[];
  pageErrors: string[];
  failedRequests: string[];
  requests: RequestRecord[];
}

const pageLogs = new WeakMap<Page, PageLog>();
/** Pages opened during the running browserTest (diagnostics are reported for these). */
let pagesOfTest: Page[] = [];

function watchPage(page: Page, label: string): PageLog {
  const log: PageLog = {
    label,
    console: [],
    consoleErrors: [],
    pageErrors: [],
    failedRequests: [],
    requests: [],
  };
  pageLogs.set(page, log);
  pagesOfTest.push(page);
  page.on("console", (message) => {
    const line = `[${message.type()}] ${message.text()}`;
    log.console.push(line);
    if (message.type() === "error") log.consoleErrors.push(line);
  });
  page.on("pageerror", (error) => {
    if (isClockTelemetryCrash(error)) return;
    log.pageErrors.push(error.stack || error.message);
  });
  page.on("request", (request) =>
    log.requests.push({
      url: request.url(),
      method: request.method(),
      resourceType: request.resourceType(),
      at: Date.now(),
    })
  );
  page.on("requestfailed", (request) =>
    log.failedRequests.push(
      `${request.method()} ${request.url()}: ${request.failure()?.errorText ?? "failed"}`
    )
  );
  return log;
}

/**
 * office.js's start-up telemetry (OSFPerfUtil.sendPerformanceTelemetry in excel-web-16.00.js)
 * reads its own files' resource timings; Playwright's clock (page.clock) fakes
 * performance.getEntriesByType to answer [], and office.js then throws reading `responseEnd` of
 * nothing. An artefact of the test's clock, not of the add-in: not counted as the page's error.
 */
function isClockTelemetryCrash(error: Error): boolean {
  return (
    /reading 'responseEnd'/.test(error.message) &&
    /appsforoffice\.microsoft\.com\/lib\/1\/hosted\/excel-web-16\.00\.js/.test(error.stack ?? "")
  );
}

/** The requests a page made (with its frames'), in order. */
export function requestsOf(page: Page): RequestRecord[] {
  return [...(pageLogs.get(hostPageOf(page))?.requests ?? [])];
}

/** Console errors, uncaught errors and failed requests of a page, as text. */
export function diagnostics(page: Page): string {
  page = hostPageOf(page);
  const log = pageLogs.get(page);
  if (!log) return "";
  const parts = [`--- page ${log.label} (${page.isClosed() ? "closed" : page.url()})`];
  if (log.pageErrors.length) parts.push("uncaught errors:\n  " + log.pageErrors.join("\n  "));
  if (log.consoleErrors.length) parts.push("console errors:\n  " + log.consoleErrors.join("\n  "));
  if (log.failedRequests.length)
    parts.push("failed requests:\n  " + log.failedRequests.join("\n  "));
  const tail = log.console.slice(-25);
  if (tail.length) parts.push("last console lines:\n  " + tail.join("\n  "));
  return parts.join("\n");
}

/**
 * A jest test whose failures carry the diagnostics of the pages it opened; an uncaught error
 * in a page fails it even when its assertions passed (allowPageErrors to opt out).
 */
export function browserTest(
  name: string,
  fn: () => Promise<void>,
  options: { timeoutMs?: number; allowPageErrors?: boolean } = {}
): void {
  test(
    name,
    async () => {
      pagesOfTest = [];
      const pages = pagesOfTest;
      try {
        await fn();
      } catch (error) {
        const report = pages.map(diagnostics).filter(Boolean).join("\n");
        if (error instanceof Error && report) {
          // jest prints the stack, which repeats the message it had when it was made.
          const frames = error.stack?.slice(Math.max(0, error.stack.indexOf("\n    at "))) ?? "";
          error.message += "\n\n" + report;
          error.stack = `${error.name}: ${error.message}${frames}`;
        }
        throw error;
      }
      // Every call office.js made, the Office host page answered (nothing left unimplemented).
      for (const page of pages) {
        if (page.isClosed() || !page.url().startsWith(HOST_PAGE_ORIGIN)) continue;
        const unhandled = await page
          .evaluate(() => window.officeHost?.unhandled() ?? [])
          .catch(() => []);
        if (unhandled.length)
          throw new Error(
            `office.js called what the Office host page does not answer: ${unhandled.join(", ")}`
          );
      }
      if (!options.allowPageErrors) {
        const uncaught = pages.flatMap((page) => pageLogs.get(page)?.pageErrors ?? []);
        if (uncaught.length)
          throw new Error(
            "uncaught errors in the page:\n" +
              uncaught.join("\n") +
              "\n\n" +
              pages.map(diagnostics).join("\n")
          );
      }
    },
    // Two test files run beside each other (npm run test:browser): a test may take twice
    // its time alone.
    options.timeoutMs ?? 60_000
  );
}

/** describe(), or describe.skip() with a message when Chromium is missing outside CI. */
export function describeBrowser(name: string, fn: () => void): void {
  if (!chromiumAvailable && !process.env.CI) {
    console.warn(
      `Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (scripts/setup.sh installs it; under CI this is a failure).`
    );
    describe.skip(`${name} [skipped: no Chromium at ${CHROMIUM_PATH}]`, fn);
    return;
  }
  describe(name, fn);
}

// ---------------------------------------------------------------------------------------------
// dist/ server with the /api relay
// ---------------------------------------------------------------------------------------------

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** A request the production host answered at /api or /demo-api, with the key it carried. */
export interface HostRecord {
  method: string;
  /** Path on the host (with /api or /demo-api). */
  path: string;
  authorization: string | null;
  status: number;
}

export interface RelayRecord {
  method: string;
  /** Path on the sandbox (without /api). */
  path: string;
  status: number;
  at: number;
}

/** Throws when dist/ is missing or a development build; warns when it is older than src/. */
export function checkDist(): void {
  const required = ["taskpane.html", "taskpane.js", "functions.js", "functions.json"];
  const missing = required.filter((file) => !fs.existsSync(path.join(DIST, file)));
  if (missing.length)
    throw new Error(
      `dist/ has no build of the add-in (missing ${missing.join(", ")}): run npm run build first`
    );
  const bundle = fs.readFileSync(path.join(DIST, "functions.js"), "utf8");
  if (bundle.includes("sandbox-demo-key")) {
    throw new Error(
      "dist/ is a development build (it embeds the demo key): run npm run build first (production mode)"
    );
  }
  const built = fs.statSync(path.join(DIST, "taskpane.html")).mtimeMs;
  const newer = newestMtime(path.join(ROOT, "src"));
  if (newer > built + 1000)
    console.warn("dist/ is older than src/: run npm run build to test the current code");
}

/** Node-only code (the sandbox, the production host) is not in dist/. */
const NOT_BUILT = new Set(["sandbox", "server"]);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!NOT_BUILT.has(entry.name)) newest = Math.max(newest, newestMtime(full));
    } else newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** dist/ from the production host over HTTPS + HTTP/2; its relay's answers are logged. */
async function serveWithProductionHost(
  sandboxUrl: string,
  relayLog: RelayRecord[],
  hostLog: HostRecord[],
  demo: boolean
): Promise<Served> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mf-harness-tls-"));
  const app = await buildServer({
    dist: DIST,
    upstream: sandboxUrl,
    ...selfSignedCertificate(directory),
    ...(demo ? { demo: true, demoDb: path.join(directory, "demo.db") } : {}),
  });
  app.addHook("onResponse", async (request, reply) => {
    const pathname = request.url.split("?")[0]!;
    if (pathname.startsWith("/api/") || pathname.startsWith("/demo-api/"))
      hostLog.push({
        method: request.method,
        path: pathname,
        authorization: request.headers.authorization ?? null,
        status: reply.statusCode,
      });
    if (!request.url.startsWith("/api/")) return;
    relayLog.push({
      method: request.method,
      path: request.url.replace(/^\/api/, ""),
      status: reply.statusCode,
      at: Date.now(),
    });
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    close: async () => {
      await app.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function serveDist(
  sandboxUrl: string,
  relayLog: RelayRecord[],
  routes?: HostRoutes
): Promise<Served> {
  const upstream = new URL(sandboxUrl);
  const server = http.createServer((req, res) => {
    if (routes?.(req, res)) return;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      relay(req, res, upstream, relayLog);
      return;
    }
    serveFile(url.pathname, req, res);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Serves a file of dist/ ("/" is taskpane.html), never one outside it. */
export function serveFile(
  pathname: string,
  req: http.IncomingMessage,
  res: http.ServerResponse
): void {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname === "/" ? "/taskpane.html" : pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = path.resolve(DIST, "." + relative);
  if (file !== DIST && !file.startsWith(DIST + path.sep)) {
    res.writeHead(403).end();
    return;
  }
  fs.stat(file, (error, stat) => {
    if (error || !stat.isFile()) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found");
      return;
    }
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "content-length": stat.size,
      "cache-control": "no-store",
    });
    if (req.method === "HEAD") res.end();
    else fs.createReadStream(file).pipe(res);
  });
}

/** Relays a request to the sandbox without its /api prefix, and logs it. */
export function relay(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  upstream: URL,
  relayLog: RelayRecord[]
): void {
  const target = (req.url ?? "/").replace(/^\/api/, "") || "/";
  const record: RelayRecord = {
    method: req.method ?? "GET",
    path: target,
    status: 0,
    at: Date.now(),
  };
  relayLog.push(record);
  const headers = { ...req.headers, host: upstream.host };
  const outgoing = http.request(
    {
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: target,
      headers,
    },
    (answer) => {
      record.status = answer.statusCode ?? 0;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    }
  );
  outgoing.on("error", (error) => {
    record.status = 502;
    if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "relay_failed", message: error.message }));
  });
  req.pipe(outgoing);
}

// ---------------------------------------------------------------------------------------------
// The add-in under test
// ---------------------------------------------------------------------------------------------

/** Answers a request of the pane's origin itself (true), or leaves it to the harness (false). */
export type HostRoutes = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export interface AddinOptions {
  /** Options of the sandbox (default: jobStepMs 50, jobChunkSize 50, domainReadyMs 300). */
  sandbox?: SandboxOptions;
  /**
   * Serve dist/ with the production host (src/server, `npm run serve`) over HTTPS with HTTP/2
   * and a throwaway certificate (Chromium gets --ignore-certificate-errors), instead of the
   * harness's small HTTP/1.1 server.
   */
  productionHost?: boolean;
  /**
   * The production host with Try mode (`--demo`, its own database in a temporary folder); the
   * pane is left on its first-run screen (see `firstRun`).
   */
  demo?: boolean;
  /**
   * Leave a pane without a key on its first-run screen. Otherwise openTaskPane() and reload()
   * choose "I have a key" there and show the first tab, as the pane did before it had one.
   */
  firstRun?: boolean;
  /**
   * Routes of the pane's origin answered before dist/ and the /api relay (the harness's own
   * server only): a stand-in for a host of another kind, such as a team host.
   */
  routes?: HostRoutes;
  /**
   * Who plays Excel: "office", the Office host page (test/office-host) running Microsoft's
   * office.js around the add-in in a cross-origin frame (the default); "shim", the old
   * stand-in (test/browser/host-shim.js) in place of office.js, only for a test that needs a
   * fault the host page cannot produce, saying which.
   */
  host?: "office" | "shim";
  /**
   * "blocked": third-party storage blocked and not partitioned (PARTITIONING_OFF_ARGS), so that
   * the browser denies the add-in's frame any storage (docs/user-guide.md); a Chromium and an Office host
   * page server of its own. Default "partitioned", as Chrome has it.
   */
  thirdPartyStorage?: "partitioned" | "blocked";
}

interface Served {
  url: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A context of this add-in (default: a new one, that is a new user and a new workbook). */
  context?: BrowserContext;
  /** false: the shared runtime starts with the pane hidden (document.visibilityState "hidden"). */
  visible?: boolean;
  /** Further window.__hostShimConfig for this page. */
  shim?: HostShimConfig;
}

export class Addin {
  private readonly contexts: BrowserContext[] = [];
  private pageCount = 0;

  constructor(
    readonly sandbox: TestSandbox,
    /** http://127.0.0.1:<port>: dist/ and the /api relay. */
    readonly url: string,
    readonly browser: Browser,
    /** Every request that went through the /api relay. */
    readonly relayLog: RelayRecord[],
    private readonly served: Served,
    private readonly shimSource: string,
    private readonly keepFirstRun = false,
    /** With the production host: every request at /api and /demo-api, with its key. */
    readonly hostLog: HostRecord[] = [],
    /** Where the Office host page is served (null: the add-in runs under the shim). */
    readonly hostOrigin: string | null = null,
    private readonly officeHost: OfficeHostServer | null = null
  ) {}

  /** True when the add-in runs under Microsoft's office.js on the Office host page. */
  get underOfficeJs(): boolean {
    return this.hostOrigin !== null;
  }

  /** A browser context (a user with their own storage and their own workbook). */
  async newContext(): Promise<BrowserContext> {
    const context = await this.browser.newContext({
      // The Office page around the pane; the pane's frame itself is VIEWPORT's size.
      viewport: this.underOfficeJs
        ? { width: VIEWPORT.width + 620, height: VIEWPORT.height + 40 }
        : VIEWPORT,
      ignoreHTTPSErrors: this.underOfficeJs,
      deviceScaleFactor: 1,
      locale: "en-US",
      timezoneId: "UTC",
      reducedMotion: "reduce",
    });
    context.setDefaultTimeout(10_000);
    this.contexts.push(context);
    return context;
  }

  /**
   * Loads a page with the host shim in place of office.js. The route is there only while the
   * page loads: a routed page hands every request to Playwright, which costs more than the
   * request itself when a test sends a hundred thousand of them.
   */
  private async withShim(page: Page, load: () => Promise<unknown>): Promise<void> {
    await page.route(OFFICE_JS_URL, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/javascript; charset=utf-8",
        body: this.shimSource,
      })
    );
    try {
      await load();
    } finally {
      await page.unroute(OFFICE_JS_URL);
    }
  }

  /**
   * Opens the task pane page (the shared runtime) and waits for the shim to be ready and,
   * when visible, for the task pane UI to be mounted.
   */
  async openTaskPane(options: OpenOptions = {}): Promise<Page> {
    if (this.hostOrigin) return this.openOnHostPage(options, this.hostOrigin);
    const context = options.context ?? (await this.newContext());
    const page = await context.newPage();
    watchPage(page, `#${++this.pageCount}`);
    const visible = options.visible ?? true;
    const shimConfig: HostShimConfig = {
      ...options.shim,
      ...(visible ? {} : { visibility: "Hidden" }),
    };
    if (Object.keys(shimConfig).length) {
      await page.addInitScript((config) => {
        window.__hostShimConfig = config;
        // The shared runtime's hidden page is hidden from its first script on (the page's own
        // scripts before office.js read it too), as the host's webview is.
        if (config.visibility === "Hidden") {
          Object.defineProperty(document, "visibilityState", {
            configurable: true,
            get: () => "hidden",
          });
          Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
        }
      }, shimConfig);
    }
    await this.withShim(page, () => page.goto(`${this.url}/taskpane.html`, { waitUntil: "load" }));
    await this.waitForShim(page);
    if (visible) await this.waitForUi(page);
    return page;
  }

  /**
   * The Office host page with the add-in in its frame, held as the pane's Page (see
   * test/office-host/pane-page.ts: its UI members reach the frame).
   */
  private async openOnHostPage(options: OpenOptions, origin: string): Promise<Page> {
    const context = options.context ?? (await this.newContext());
    const page = await context.newPage();
    watchPage(page, `#${++this.pageCount}`);
    const visible = options.visible ?? true;
    const addin = `${this.url}/taskpane.html`;
    const { indexedDbForAddin, ...shim } = options.shim ?? {};
    if (indexedDbForAddin === "refuse")
      // Private browsing in some engines: the add-in's frame cannot open a database (a fault
      // of the browser, injected in the frame; office.js is left as it is).
      await page.addInitScript(() => {
        if (window.top === window) return;
        const refuse = () => {
          throw new DOMException(
            "A mutation operation was attempted on a database that did not allow mutations.",
            "InvalidStateError"
          );
        };
        Object.defineProperty(window.indexedDB, "open", { value: refuse, configurable: true });
      });
    await openHostPage(page, { origin, config: this.hostConfig(addin, visible, shim) });
    const pane = panePage(page, {
      frame: () => {
        const frame = page.frames().find((f) => f.url().startsWith(addin));
        if (!frame) throw new Error("the add-in's frame is not on the Office host page");
        return frame;
      },
      frameSelector: "#taskpane iframe",
    });
    if (visible) {
      await this.waitForUi(pane);
      // The user is in the pane (clicked into it), as the keyboard expects: focus in its frame.
      await page.locator("#taskpane iframe").focus();
    }
    return pane;
  }

  /** The host page's config for what a test asked of the shim; what it cannot do, it refuses. */
  private hostConfig(addin: string, visible: boolean, shim: HostShimConfig = {}): OfficeHostConfig {
    const config: OfficeHostConfig = { addin, visibility: visible ? "Taskpane" : "Hidden" };
    for (const [name, value] of Object.entries(shim)) {
      if (name === "visibility") config.visibility = value as "Taskpane" | "Hidden";
      else if (name === "displayLanguage" && typeof value === "string") config.locale = value;
      else if (name === "officeTheme" && value === undefined) continue;
      else if (name === "contentLanguage" && typeof value === "string")
        config.contentLanguage = value;
      else if (name === "payloadLimitBytes" && typeof value === "number")
        config.payloadLimitBytes = value;
      else if (name === "requirementSets")
        // The sets a test names, over Excel on the web's others (office.js's own internal
        // ones, such as CustomFunctions, stay).
        config.requirementSets = {
          ...DEFAULT_REQUIREMENT_SETS,
          ...Object.fromEntries(
            Object.entries(value as Record<string, string>).map(([set, v]) => [set, Number(v)])
          ),
        };
      else
        throw new Error(
          `openTaskPane({ shim: { ${name} } }): the Office host page has no such setting; a test that needs it runs under the shim (useAddin({ host: "shim" })), saying why`
        );
    }
    return config;
  }

  /** Reloads the page (the runtime restarts) and waits as openTaskPane does. */
  async reload(page: Page, options: { visible?: boolean } = {}): Promise<void> {
    if (this.hostOrigin) {
      // The add-in's frame reloads in the Office page, as when Excel restarts the add-in.
      const host = hostPageOf(page);
      const starts = await host.evaluate(() => window.officeHost.runtimeStarts());
      await paneFrameOf(page)
        .evaluate(() => location.reload())
        .catch(() => undefined);
      await host.waitForFunction((before) => window.officeHost.runtimeStarts() > before, starts, {
        timeout: 20_000,
      });
      await waitForHost(host, `${this.url}/taskpane.html`);
      if (options.visible ?? true) await this.waitForUi(page);
      return;
    }
    await this.withShim(page, () => page.reload({ waitUntil: "load" }));
    await this.waitForShim(page);
    if (options.visible ?? true) await this.waitForUi(page);
  }

  private async waitForShim(page: Page): Promise<void> {
    try {
      await page.waitForFunction(() => typeof window.__hostShim === "object", undefined, {
        timeout: 10_000,
      });
      await page.evaluate(() => window.__hostShim.ready);
    } catch (error) {
      throw new Error(
        `the host shim did not load in place of office.js: ${(error as Error).message}\n${diagnostics(page)}`
      );
    }
  }

  /** Waits for the task pane UI to replace the boot message; fails with the page's error text. */
  async waitForUi(page: Page): Promise<void> {
    try {
      await page.waitForFunction(() => !document.getElementById("boot"), undefined, {
        timeout: 15_000,
      });
    } catch (error) {
      throw new Error(
        `the task pane UI did not mount: ${(error as Error).message}\n${diagnostics(page)}`
      );
    }
    const failed = await page.evaluate(() => document.getElementById("root")?.textContent ?? "");
    if (failed.startsWith("Mail Finder could not start"))
      throw new Error(`${failed}\n${diagnostics(page)}`);
    await this.passFirstRun(page);
  }

  /** A pane without a key opens on its first-run screen: "I have a key", then the first tab. */
  private async passFirstRun(page: Page): Promise<void> {
    const shown = await page.waitForSelector('[data-testid="first-run"], [role="tablist"]');
    if (this.keepFirstRun || (await shown.getAttribute("data-testid")) !== "first-run") return;
    await page.getByTestId("first-run-have-key").click();
    await page.getByTestId("tab-bulk").click();
  }

  /** The workbook as the shim holds it. */
  workbook(page: Page): Promise<WorkbookSnapshot> {
    return page.evaluate(() => window.__hostShim.workbook());
  }

  /**
   * Holds the sandbox's job worker: searches submitted meanwhile stay unfinished until
   * releaseJobs(), so what a test does "while a job runs" does not depend on how busy the
   * machine is. Released after each test in any case (useAddin).
   */
  async holdJobs(): Promise<void> {
    await this.sandbox.app.sandbox.runner.stop();
  }

  releaseJobs(): void {
    this.sandbox.app.sandbox.runner.start();
  }

  /** The jobs saved in the workbook's document settings (what a reopened pane finds). */
  async savedJobs(page: Page): Promise<JobRecord[]> {
    return ((await this.workbook(page)).settings[JOBS_SETTING_KEY] ?? []) as JobRecord[];
  }

  /**
   * The browser forgets the add-in's storage where the Office page frames it (IndexedDB and
   * localStorage, OfficeRuntime.storage's included), as a cleared browser does, or WebKit at
   * every restart (test/office-host/README.md). The workbook stays: close its pages first. A
   * page of the Office page's site frames a blank page of the add-in's origin, so that what is
   * removed is the partition the add-in's frame uses.
   */
  async forgetAddinStorage(context: BrowserContext): Promise<void> {
    if (!this.hostOrigin)
      throw new Error("forgetAddinStorage: the add-in runs on the Office host page only");
    const page = await context.newPage();
    const top = `${this.hostOrigin}/forget-addin-storage`;
    const blank = `${this.url}/forget-addin-storage.html`;
    await page.route(top, (route) =>
      route.fulfill({ contentType: "text/html", body: `<iframe src="${blank}"></iframe>` })
    );
    await page.route(blank, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>blank</title>" })
    );
    try {
      await page.goto(top);
      const frame = await (await page.waitForSelector("iframe")).contentFrame();
      if (!frame) throw new Error("forgetAddinStorage: no frame of the add-in's origin");
      await frame.waitForLoadState();
      const left = await frame.evaluate(async () => {
        for (const { name } of await indexedDB.databases()) {
          if (!name) continue;
          await new Promise<void>((resolve, reject) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error);
            request.onblocked = () => reject(new Error(`${name} is open: close the add-in first`));
          });
        }
        localStorage.clear();
        return (await indexedDB.databases()).length + localStorage.length;
      });
      if (left !== 0) throw new Error(`forgetAddinStorage: ${left} databases or items left`);
    } finally {
      await page.close();
    }
  }

  /** OfficeRuntime.storage's items (per user: per browser context). */
  storage(page: Page): Promise<Record<string, string>> {
    if (!this.hostOrigin) return page.evaluate(() => window.__hostShim.storage());
    // office.js keeps OfficeRuntime.storage in the frame's localStorage under its own prefix.
    return paneFrameOf(page).evaluate((prefix) => {
      const items: Record<string, string> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        if (key.startsWith(prefix) && key !== prefix + "|_unusedKey_")
          items[key.slice(prefix.length)] = localStorage.getItem(key) ?? "";
      }
      return items;
    }, OFFICE_RUNTIME_STORAGE_PREFIX);
  }

  /**
   * The custom function ids the runtime associated, upper-cased: office.js's association table
   * in the add-in's frame (CustomFunctions._association), or the shim's.
   */
  functionIds(page: Page): Promise<string[]> {
    if (!this.hostOrigin) return page.evaluate(() => window.__hostShim.functionIds());
    return paneFrameOf(page).evaluate(() =>
      Object.keys(
        (CustomFunctions as unknown as { _association?: { mappings?: object } })._association
          ?.mappings ?? {}
      )
    );
  }

  /** Excel request count and payload sizes. */
  excelRequests(page: Page): Promise<ShimRequests> {
    return page.evaluate(() => window.__hostShim.requests());
  }

  async close(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close().catch(() => undefined);
    await this.browser.close().catch(() => undefined);
    await this.served.close();
    await this.officeHost?.close();
    await this.sandbox.close();
  }
}

/** office.js's prefix for OfficeRuntime.storage's items in localStorage (on the web). */
export const OFFICE_RUNTIME_STORAGE_PREFIX = "_OfficeRuntime_Storage_";

/** A sandbox, the dist/ server with its relay, and Chromium. Close it with close(). */
export async function startAddin(options: AddinOptions = {}): Promise<Addin> {
  checkDist();
  if (!chromiumAvailable) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: scripts/setup.sh installs it (apt-get install chromium)`
    );
  }
  const shimSource = fs.readFileSync(HOST_SHIM_PATH, "utf8");
  const sandbox = await startSandbox({
    jobStepMs: 50,
    jobChunkSize: 50,
    domainReadyMs: 300,
    ...options.sandbox,
  });
  const relayLog: RelayRecord[] = [];
  const hostLog: HostRecord[] = [];
  const productionHost = options.productionHost || options.demo;
  let served: Served | null = null;
  let officeHost: OfficeHostServer | null = null;
  try {
    served = productionHost
      ? await serveWithProductionHost(sandbox.baseUrl, relayLog, hostLog, options.demo ?? false)
      : await serveDist(sandbox.baseUrl, relayLog, options.routes);
    // The run's shared Chromium (test/setup/chromium-server.js) and its Office host page
    // server when there are; else a browser of its own, with a host page server of its own.
    const underOfficeJs = (options.host ?? "office") === "office";
    const blocked = options.thirdPartyStorage === "blocked";
    if (blocked && !underOfficeJs)
      throw new Error('thirdPartyStorage "blocked": the add-in runs on the Office host page only');
    const shared = process.env[SHARED_CHROMIUM_ENV];
    const sharedHostPort = process.env[SHARED_OFFICE_HOST_ENV];
    let browser: Browser;
    if (shared && sharedHostPort && !blocked && (!productionHost || underOfficeJs)) {
      browser = await chromium.connect(shared);
    } else {
      officeHost = underOfficeJs ? await startOfficeHostServer() : null;
      browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        args: officeHost
          ? [
              ...CHROMIUM_ARGS,
              ...officeHostArgs(officeHost.port),
              ...(blocked ? PARTITIONING_OFF_ARGS : []),
            ]
          : productionHost
            ? [...CHROMIUM_ARGS, "--ignore-certificate-errors"]
            : CHROMIUM_ARGS,
        headless: true,
      });
    }
    const keepFirstRun = options.firstRun ?? options.demo ?? false;
    return new Addin(
      sandbox,
      served.url,
      browser,
      relayLog,
      served,
      shimSource,
      keepFirstRun,
      hostLog,
      underOfficeJs ? HOST_PAGE_ORIGIN : null,
      officeHost
    );
  } catch (error) {
    if (served) await served.close();
    await officeHost?.close();
    await sandbox.close();
    throw error;
  }
}

/**
 * The add-in of a describe block, as a fixture: started before its first test (with these
 * options) and closed after its last. The returned object stands for it in the tests.
 */
export function useAddin(options: AddinOptions = {}): Addin {
  let started: Addin | null = null;
  beforeAll(async () => {
    started = await startAddin(options);
  }, 60_000);
  afterEach(() => started?.releaseJobs());
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as Addin, {
    get(_target, property) {
      if (!started) throw new Error("the add-in is used before beforeAll started it");
      const value = Reflect.get(started, property, started) as unknown;
      return typeof value === "function" ? value.bind(started) : value;
    },
  });
}

/** Saves test/browser/screenshots/<name>.png (the viewport: a task pane's size). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
  return file;
}
