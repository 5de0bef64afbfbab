/**
 * Storage in a cross-origin frame, measured: what the add-in keeps, under Microsoft's office.js
 * in the Office host page's frame, across a closed and reopened browser profile, in Chromium
 * (third-party storage partitioning on), Firefox ESR and WebKitGTK. Prints a table (Markdown);
 * README-storage.md has the one measured and how.
 *
 *     npm run build   # when dist/ is missing
 *     npx tsx test/office-host/storage/measure.ts [chromium,firefox,webkit] [--site=office|loopback]
 *
 * Where things live under office.js on the web:
 * - kept answers: the add-in frame's IndexedDB, database "mail-finder-answers";
 * - settings, the API key among them: OfficeRuntime.storage = the frame's localStorage under
 *   "_OfficeRuntime_Storage_";
 * - job records: the workbook's document settings (Excel's side, the file): here the host
 *   page's workbook model, in the host origin's IndexedDB "__hostShim".
 *
 * Per engine, one profile folder and two browser processes:
 * 1. session 1: the host page; "I have a key", a key saved; three FINDEMAIL formulas typed in
 *    Excel (the sandbox answers, three lookups); a bulk job submitted from a selection (its
 *    record in the document settings); the add-in's origin opened as a top-level page too;
 *    the browser closed.
 * 2. session 2, the same profile: the host page again: what the frame finds (kept answers,
 *    OfficeRuntime.storage, the pane on its first-run screen or not), what the workbook kept
 *    (job records); the workbook recalculated (lookups and credits counted at the sandbox);
 *    the add-in's origin as a top-level page: does it see the frame's storage?; then the kept
 *    answers cleared in Settings and the workbook recalculated again: does it buy again?
 *
 * Sites (--site): "office" (default): the host page at https://excel.officeapps.live.com and
 * office.js at https://appsforoffice.microsoft.com, both answered by the local host page
 * server (Chromium: --host-resolver-rules; Firefox and WebKitGTK: a loopback CONNECT proxy
 * that reaches only that server), the add-in at http(s)://127.0.0.1:<port>: another site, as on
 * the web. "loopback": the host page at https://127.0.0.1:<port> as in
 * test/engines/office-host-engines (the same host name as the add-in).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  HOST_PAGE_ORIGIN,
  OFFICE_JS_URL,
  PARTITIONING_KEPT_ON,
  PLAYWRIGHT_DISABLED_FEATURES,
  officeHostArgs,
} from "../../browser/chromium";
import { checkDist, OFFICE_RUNTIME_STORAGE_PREFIX, type HostRoutes } from "../../browser/harness";
import { startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { selfSignedCertificate } from "../../helpers/self-signed";
import { serveAddin, type AddinServer } from "../../engines/addin-server";
import { launchFirefox, FIREFOX_PATH } from "../../engines/firefox-engine";
import {
  ADDIN_FRAME,
  addinScheme,
  calculatedCells,
  launchChromiumForHostPage,
  loadHostPage,
  reopenWorkbook,
  waitForPane,
} from "../../engines/host-page";
import { PageDriver, type EngineBrowser, type EngineName } from "../../engines/page-driver";
import {
  listRows,
  peopleOf,
  requestsTo,
  saveKey,
  showTab,
  type Person,
  type PersonExamples,
} from "../../engines/steps";
import { launchWebKit, WEBKIT_DRIVER_PATH } from "../../engines/webkit-engine";
import { startOfficeProxy, type OfficeProxy } from "../office-proxy";
import { CDN_PREFIX, startOfficeHostServer, type OfficeHostServer } from "../server";
import type { ShownValue } from "../page/main";
import { ANSWERS_DB } from "../../../src/client/answer-store-indexeddb";
import { JOBS_SETTING_KEY } from "../../../src/workbook/job-store";

const LOOKUPS = "/v5.1/find-email/";
const TOP_PAGE = "/__measure/top.html";
const PERSISTENT_WEBKIT = path.join(__dirname, "webkit-persistent-browser.py");
/**
 * Firefox's own defaults for third-party storage (Total Cookie Protection, cookieBehavior 5),
 * over puppeteer's profile, which turns it off ("cookieBehavior0" in the standard category).
 */
const FIREFOX_DEFAULT_PARTITIONING = {
  "network.cookie.cookieBehavior": 5,
  "browser.contentblocking.features.standard":
    "-tp,tpPrivate,cookieBehavior5,cookieBehaviorPBM5,-cryptoTP,-fp",
};

type Site = "office" | "loopback";

interface Options {
  site: Site;
  /** false: the control run, third-party storage partitioning off (Chromium, Firefox). */
  partitioning: boolean;
}

/** What one document (the add-in's frame, or its origin as a top-level page) finds. */
interface StorageFound {
  /** IndexedDB databases of the origin (in this partition). */
  databases: string[];
  /** Records in mail-finder-answers' "answers" store (0: no database). */
  answers: number;
  /** OfficeRuntime.storage's item names (the frame's localStorage under office.js's prefix). */
  runtimeItems: string[];
  /** One of those items holds the saved API key. */
  keyKept: boolean;
  error?: string;
}

interface EngineResult {
  engine: EngineName;
  version: string;
  site: Site;
  partitioning: boolean;
  hostOrigin: string;
  addinOrigin: string;
  session1: {
    frame: StorageFound;
    top: StorageFound;
    keptShown: string | null;
    lookups: number;
    jobs: number;
    cells: ShownValue[][];
    seconds: number;
  };
  session2: {
    pane: "first-run" | "tabs";
    frame: StorageFound;
    keyInForce: boolean;
    keptShown: string | null;
    jobs: number;
    cellsBefore: ShownValue[][];
    recalculation: Spending;
    top: StorageFound;
    /** Settings > Clear and recalculate. */
    explicitRefresh: Spending & { keptBefore: string | null; message: string };
    /** The kept answers emptied behind the add-in, the workbook reopened and recalculated. */
    lost: Spending & { kept: StorageFound; asked: boolean };
    seconds: number;
  };
}

/** Runs in a document of the add-in's origin (no closure: it is sent to the page as text). */
async function probeStorage(args: {
  db: string;
  prefix: string;
  apiKey: string;
}): Promise<StorageFound> {
  const found: StorageFound = { databases: [], answers: 0, runtimeItems: [], keyKept: false };
  try {
    const listed = await indexedDB.databases();
    found.databases = listed.map((d) => d.name ?? "").sort();
    // Opened whether listed or not (a partition may not list it); a database that is not
    // there is not made: its creation is aborted.
    found.answers = await new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(args.db);
      let missing = false;
      open.onupgradeneeded = () => {
        missing = true;
        open.transaction?.abort();
      };
      open.onerror = () => (missing ? resolve(0) : reject(open.error ?? new Error("open failed")));
      open.onsuccess = () => {
        const db = open.result;
        try {
          const count = db.transaction("answers", "readonly").objectStore("answers").count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => {
            db.close();
            reject(count.error ?? new Error("count failed"));
          };
        } catch (error) {
          db.close();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
    });
  } catch (error) {
    found.error = String(error);
  }
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i) ?? "";
    if (!key.startsWith(args.prefix)) continue;
    const name = key.slice(args.prefix.length);
    if (name !== "|_unusedKey_") found.runtimeItems.push(name);
    if ((localStorage.getItem(key) ?? "").includes(args.apiKey)) found.keyKept = true;
  }
  found.runtimeItems.sort();
  return found;
}

// ---------------------------------------------------------------------------------------------
// The servers
// ---------------------------------------------------------------------------------------------

/** A page of the add-in's origin to open top-level (its storage read there). */
const topPageRoute: HostRoutes = (req, res) => {
  if (!req.url?.startsWith(TOP_PAGE)) return false;
  res
    .writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" })
    .end("<!doctype html><title>Mail Finder's origin, top-level</title><p>top-level</p>");
  return true;
};

interface Rig {
  sandbox: TestSandbox;
  addin: AddinServer;
  host: OfficeHostServer;
  proxy: OfficeProxy;
  certificate: { cert: string; key: string };
}

async function startRig(directory: string): Promise<Rig> {
  const certificate = selfSignedCertificate(directory);
  const sandbox = await startSandbox({ jobStepMs: 50, jobChunkSize: 50, domainReadyMs: 300 });
  const host = await startOfficeHostServer({ certificate });
  const proxy = await startOfficeProxy(host.port);
  const addin = await serveAddin(sandbox.baseUrl, {
    // office.js from the CDN's URL, as dist/ has it: the browser reaches the host page server
    // there (site "office"); for "loopback" main() serves it again, office.js by 127.0.0.1.
    officeJs: OFFICE_JS_URL,
    certificate,
    routes: topPageRoute,
  });
  return { sandbox, addin, host, proxy, certificate };
}

// ---------------------------------------------------------------------------------------------
// The engines, each with a profile folder kept between its two sessions
// ---------------------------------------------------------------------------------------------

function launch(
  engine: EngineName,
  rig: Rig,
  options: Options,
  profileDir: string
): Promise<EngineBrowser> {
  const { site, partitioning } = options;
  const common = { acceptInsecureCerts: true, profileDir };
  if (engine === "chromium")
    // CHROMIUM_ARGS keep third-party storage partitioning on (PARTITIONING_KEPT_ON); the
    // control run turns it off as Playwright does (Chromium reads its last --disable-features).
    return launchChromiumForHostPage({
      ...common,
      args: [
        ...(site === "office" ? officeHostArgs(rig.host.port) : []),
        ...(partitioning ? [] : [`--disable-features=${PLAYWRIGHT_DISABLED_FEATURES.join(",")}`]),
      ],
    });
  const proxy = site === "office" ? `127.0.0.1:${rig.proxy.port}` : undefined;
  if (engine === "firefox")
    return launchFirefox({
      ...common,
      proxy,
      // The control run keeps puppeteer's profile (Total Cookie Protection off).
      firefoxPrefs: partitioning ? FIREFOX_DEFAULT_PARTITIONING : {},
    });
  // MiniBrowser keeps nothing under automation: a WebKitGTK browser that keeps its data.
  return launchWebKit({
    ...common,
    proxy,
    browser: { binary: PERSISTENT_WEBKIT, browserName: "WebKitGTK-persistent" },
  });
}

// ---------------------------------------------------------------------------------------------
// One engine
// ---------------------------------------------------------------------------------------------

interface Opened {
  host: PageDriver;
  pane: PageDriver;
  shownPane: "first-run" | "tabs";
}

async function openHost(browser: EngineBrowser, url: string): Promise<Opened> {
  const page = await browser.newPage();
  const host = new PageDriver(browser.engine, page);
  const pane = new PageDriver(browser.engine, page.frame!(ADDIN_FRAME));
  await loadHostPage(host, url, 45_000);
  const shownPane = await waitForPane(pane, true);
  return { host, pane, shownPane };
}

/** Sheet1 at an address once no cell shows #BUSY!. */
const cells = (host: PageDriver, address: string): Promise<ShownValue[][]> =>
  calculatedCells(host, address, 30_000);

const jobsOf = (host: PageDriver): Promise<number> =>
  host.evaluate(
    (key) => ((window.officeHost.settings()[key] as unknown[] | undefined) ?? []).length,
    JOBS_SETTING_KEY
  );

/** The pane's count of kept answers, and where it says they are kept. */
const keptShown = async (pane: PageDriver): Promise<string | null> => {
  const count = await pane.attribute("cache-kept", "data-count");
  const where = (await pane.text("cache-where")) ?? "";
  // "Kept in this browser's database (IndexedDB) on this device. Room left …": the store.
  const store = /\(IndexedDB\)/.test(where) ? "IndexedDB" : where.trim();
  return store ? `${count} in ${store}` : count;
};

async function showKept(pane: PageDriver): Promise<string | null> {
  await showTab(pane, "settings");
  await pane.waitFor(
    () => document.querySelector('[data-testid="cache-kept"]')?.getAttribute("data-count"),
    undefined,
    { what: "the count of kept answers in Settings" }
  );
  return keptShown(pane);
}

interface Spending {
  /** Lookups that reached the sandbox. */
  lookups: number;
  /** Credits the account lost. */
  credits: number;
  /** What Sheet1!D2:D4 showed after. */
  cells: ShownValue[][];
}

/** Lookups sent and credits spent while `act` runs (it answers the cells it waited for). */
async function countSpending(
  rig: Rig,
  account: TestAccount,
  act: () => Promise<ShownValue[][]>
): Promise<Spending> {
  const lookups = requestsTo(rig.addin.relayLog, LOOKUPS);
  const credits = await account.credits();
  const shown = await act();
  // Late requests of the same recalculation are counted too.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return {
    lookups: requestsTo(rig.addin.relayLog, LOOKUPS) - lookups,
    credits: credits - (await account.credits()),
    cells: shown,
  };
}

/** Waits (10 s at most) until `count` more lookups reached the sandbox. */
async function waitForLookups(rig: Rig, count: number): Promise<void> {
  const from = requestsTo(rig.addin.relayLog, LOOKUPS);
  const deadline = Date.now() + 10_000;
  while (requestsTo(rig.addin.relayLog, LOOKUPS) - from < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Empties the kept answers' stores from another connection (no closure: sent as text). */
async function emptyAnswers(db: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open(db);
    open.onerror = () => reject(open.error ?? new Error("open failed"));
    open.onsuccess = () => {
      const database = open.result;
      const tx = database.transaction(["answers", "namespaces", "evicted"], "readwrite");
      for (const name of ["answers", "namespaces", "evicted"]) tx.objectStore(name).clear();
      tx.oncomplete = () => {
        database.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error ?? new Error("clear failed"));
    };
  });
}

async function probeTopLevel(
  browser: EngineBrowser,
  addinOrigin: string,
  apiKey: string
): Promise<StorageFound> {
  const top = new PageDriver(browser.engine, await browser.newPage());
  try {
    await top.goto(`${addinOrigin}${TOP_PAGE}`);
    return await top.evaluate(probeStorage, probeArgs(apiKey));
  } finally {
    await top.close();
  }
}

const probeArgs = (apiKey: string) => ({
  db: ANSWERS_DB,
  prefix: OFFICE_RUNTIME_STORAGE_PREFIX,
  apiKey,
});

/** Waits for writes to reach the disk before a browser is closed (localStorage is lazy). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

async function measureEngine(
  engine: EngineName,
  rig: Rig,
  options: Options,
  examples: PersonExamples
): Promise<EngineResult> {
  const { site } = options;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), `storage-${engine}-`));
  const account = await rig.sandbox.account(100);
  const addinOrigin = await rig.addin.newOrigin(addinScheme(engine));
  const addinUrl = `${addinOrigin}/taskpane.html`;
  const hostOrigin = site === "office" ? HOST_PAGE_ORIGIN : rig.host.origin;
  const pageUrl = new URL("/", hostOrigin);
  pageUrl.searchParams.set("addin", addinUrl);
  pageUrl.searchParams.set("locale", "en-US");
  const people: Person[] = [
    ...peopleOf(examples, 0, 2),
    ...peopleOf(examples, 4 + engineIndex(engine) * 10, 5 + engineIndex(engine) * 10),
  ];
  const leads = peopleOf(examples, 40 + engineIndex(engine) * 10, 43 + engineIndex(engine) * 10);

  try {
    // ---- Session 1 ----
    let started = Date.now();
    let browser = await launch(engine, rig, options, profileDir);
    const version = browser.version;
    let session1: EngineResult["session1"];
    try {
      const opened = await openHost(browser, pageUrl.href);
      if (opened.shownPane === "first-run") {
        await opened.pane.click("first-run-have-key");
        await opened.pane.waitForTestId("tab-settings");
      }
      await saveKey(opened.pane, account.apiKey);
      const before = requestsTo(rig.addin.relayLog, LOOKUPS);
      await opened.host.evaluate(
        (rows) => window.officeHost.setValues("Sheet1", "A2", rows),
        listRows(people)
      );
      await opened.host.evaluate(() =>
        window.officeHost.setFormulas("Sheet1", "D2", [
          ["=MAIL.FINDEMAIL(A2,B2,C2)"],
          ["=MAIL.FINDEMAIL(A3,B3,C3)"],
          ["=MAIL.FINDEMAIL(A4,B4,C4)"],
        ])
      );
      const shown = await cells(opened.host, "D2:D4");
      const lookups = requestsTo(rig.addin.relayLog, LOOKUPS) - before;
      // A bulk job from a selection: its record goes to the workbook's document settings.
      await opened.host.evaluate(async (rows) => {
        const model = window.officeHost.model() as {
          setCells(sheet: string, at: string, values: unknown[][]): Promise<void>;
          setSelection(sheet: string, address: string): Promise<void>;
        };
        await model.setCells("Leads", "A1", [
          ["First name", "Last name", "Company website"],
          ...rows,
        ]);
        await model.setSelection("Leads", "A1:C4");
      }, listRows(leads));
      await showTab(opened.pane, "bulk");
      await opened.pane.click("bulk-from-selection");
      await opened.pane.waitForText("bulk-cost", /3 rows/);
      await opened.pane.click("bulk-submit");
      await opened.pane.waitForTestId("job-row", { timeoutMs: 20_000 }).catch(async (error) => {
        const text = await opened.pane.evaluate(() => document.body.innerText);
        throw new Error(`${(error as Error).message}\nthe pane shows:\n${text}`);
      });
      await opened.host.waitFor(
        (key) => ((window.officeHost.settings()[key] as unknown[] | undefined) ?? []).length > 0,
        JOBS_SETTING_KEY,
        { timeoutMs: 20_000, what: "the job's record in the document settings" }
      );
      const kept = await showKept(opened.pane);
      const frame = await opened.pane.evaluate(probeStorage, probeArgs(account.apiKey));
      const jobs = await jobsOf(opened.host);
      const top = await probeTopLevel(browser, addinOrigin, account.apiKey);
      await settle();
      session1 = {
        frame,
        top,
        keptShown: kept,
        lookups,
        jobs,
        cells: shown,
        seconds: 0,
      };
    } finally {
      await browser.close();
    }
    session1.seconds = Math.round((Date.now() - started) / 1000);

    // ---- Session 2: the same profile, a new browser process ----
    started = Date.now();
    browser = await launch(engine, rig, options, profileDir);
    let session2: EngineResult["session2"];
    try {
      const opened = await openHost(browser, pageUrl.href);
      const frame = await opened.pane.evaluate(probeStorage, probeArgs(account.apiKey));
      const keyInForce =
        (await opened.pane.evaluate(async () => {
          const holder = globalThis as unknown as {
            __mailFinderServices?: { endpoint(): Promise<{ apiKey: string | null }> };
          };
          return (await holder.__mailFinderServices?.endpoint())?.apiKey ?? null;
        })) === account.apiKey;
      if (opened.shownPane === "first-run") {
        await opened.pane.click("first-run-have-key");
        await opened.pane.waitForTestId("tab-settings");
      }
      const kept = await showKept(opened.pane);
      const jobs = await jobsOf(opened.host);
      const cellsBefore = await opened.host.evaluate(() =>
        window.officeHost.getValues("Sheet1", "D2:D4")
      );
      // Without its key the user types it again (saving it may recalculate): then Excel
      // recalculates the workbook.
      const recalculation = await countSpending(rig, account, async () => {
        if (!keyInForce) await saveKey(opened.pane, account.apiKey);
        await opened.host.evaluate(() => window.officeHost.calculate());
        return cells(opened.host, "D2:D4");
      });
      const top = await probeTopLevel(browser, addinOrigin, account.apiKey);
      // Settings > "Clear and recalculate" (the explicit refresh): asked of the service again.
      await showTab(opened.pane, "bulk");
      const keptBeforeClearing = await showKept(opened.pane);
      let clearedMessage = "";
      const explicit = await countSpending(rig, account, async () => {
        await showTab(opened.pane, "settings");
        await opened.pane.click("cache-clear");
        clearedMessage = (await opened.pane.waitFor(
          () =>
            [...document.querySelectorAll("span, div")]
              .map((e) => e.textContent ?? "")
              .find((t) => /cleared; the workbook is recalculating\.$/.test(t) && t.length < 80) ??
            null,
          undefined,
          { what: "the kept answers cleared and the workbook recalculating" }
        )) as string;
        await waitForLookups(rig, 3);
        return cells(opened.host, "D2:D4");
      });
      // The kept answers lost behind the add-in's back (as a browser that drops a frame's
      // storage would), the key kept; the workbook reopened (a new runtime) and recalculated.
      await opened.pane.evaluate(emptyAnswers, ANSWERS_DB);
      await reopenWorkbook(opened);
      const emptied = await opened.pane.evaluate(probeStorage, probeArgs(account.apiKey));
      const lost = await countSpending(rig, account, async () => {
        await opened.host.evaluate(() => window.officeHost.calculate());
        return cells(opened.host, "D2:D4");
      });
      const asked = await opened.pane.evaluate(
        () => document.querySelector('[data-testid="spending-question"]') !== null
      );
      session2 = {
        pane: opened.shownPane,
        frame,
        keyInForce,
        keptShown: kept,
        jobs,
        cellsBefore,
        recalculation,
        top,
        explicitRefresh: { ...explicit, keptBefore: keptBeforeClearing, message: clearedMessage },
        lost: { kept: emptied, ...lost, asked },
        seconds: 0,
      };
    } finally {
      await browser.close();
    }
    session2.seconds = Math.round((Date.now() - started) / 1000);
    return {
      engine,
      version,
      site,
      partitioning: options.partitioning,
      hostOrigin,
      addinOrigin,
      session1,
      session2,
    };
  } finally {
    if (process.env.KEEP_PROFILES) console.log(`${engine}: profile kept in ${profileDir}`);
    else fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

const ENGINE_ORDER: EngineName[] = ["chromium", "firefox", "webkit"];
const engineIndex = (engine: EngineName) => ENGINE_ORDER.indexOf(engine);

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

const found = (s: StorageFound): string =>
  `${s.answers} answers, key ${s.keyKept ? "yes" : "no"}${s.error ? ` (${s.error})` : ""}`;

function table(results: EngineResult[]): string {
  const rows: string[][] = [
    [
      "Engine (site of the host page)",
      "Session 1: frame",
      "Session 1: same origin, top-level",
      "Session 2: frame (kept answers / key)",
      "Session 2: pane",
      "Session 2: job records",
      "Session 2: recalculation",
      "Session 2: same origin, top-level",
      "Settings › Clear and recalculate",
      "Kept answers lost, key kept: reopened and recalculated",
    ],
  ];
  for (const r of results) {
    const s1 = r.session1;
    const s2 = r.session2;
    rows.push([
      `${r.version} (${r.hostOrigin.replace(/:\d+$/, ":…")} ⊃ ${r.addinOrigin.replace(/:\d+$/, ":…")}${r.partitioning ? "" : "; control: partitioning off"})`,
      `${found(s1.frame)} (the pane: ${s1.keptShown ?? "?"}); ${s1.lookups} lookups; ${s1.jobs} job`,
      found(s1.top),
      `${found(s2.frame)} (the pane: ${s2.keptShown ?? "?"})`,
      `${s2.pane === "tabs" ? "tabs (key in force)" : "first-run screen"}${s2.keyInForce ? "" : ", no key in force"}`,
      `${s2.jobs} kept`,
      `${s2.keyInForce ? "" : "key typed again, then "}${s2.recalculation.lookups} lookups, ${s2.recalculation.credits} credits`,
      found(s2.top),
      `${s2.explicitRefresh.lookups} lookups, ${s2.explicitRefresh.credits} credits`,
      `${s2.lost.kept.answers} answers kept → ${s2.lost.lookups} lookups, ${s2.lost.credits} credits, ${s2.lost.asked ? "the spending question asked" : "no question asked"}`,
    ]);
  }
  return rows
    .map((row, i) =>
      i === 0
        ? `| ${row.join(" | ")} |\n|${row.map(() => " --- |").join("")}`
        : `| ${row.join(" | ")} |`
    )
    .join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const site: Site = args.includes("--site=loopback") ? "loopback" : "office";
  const partitioning = !args.includes("--partitioning=off");
  const chosen = (args.find((a) => !a.startsWith("--")) ?? ENGINE_ORDER.join(","))
    .split(",")
    .map((name) => name.trim()) as EngineName[];
  for (const engine of chosen)
    if (!ENGINE_ORDER.includes(engine)) throw new Error(`unknown engine ${engine}`);
  if (chosen.includes("firefox") && !fs.existsSync(FIREFOX_PATH))
    throw new Error(`Firefox ESR is missing at ${FIREFOX_PATH}`);
  if (chosen.includes("webkit") && !fs.existsSync(WEBKIT_DRIVER_PATH))
    throw new Error(`WebKitWebDriver is missing at ${WEBKIT_DRIVER_PATH}`);
  checkDist();
  console.log(
    partitioning
      ? `third-party storage partitioning: on (Chromium: ${PARTITIONING_KEPT_ON} kept on; Firefox: cookieBehavior 5)`
      : "control run: third-party storage partitioning off in Chromium and Firefox"
  );
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "storage-measure-"));
  const rig = await startRig(directory);
  const results: EngineResult[] = [];
  try {
    if (site === "loopback") {
      // office.js from the host page server by its loopback address (no mapping, no proxy).
      const loopback = await serveAddin(rig.sandbox.baseUrl, {
        officeJs: `${rig.host.origin}${CDN_PREFIX}office.js`,
        certificate: rig.certificate,
        routes: topPageRoute,
      });
      await rig.addin.close();
      rig.addin = loopback;
    }
    const examples = (await rig.sandbox.examples()).person as unknown as PersonExamples;
    for (const engine of chosen) {
      console.log(`${engine}: measuring (site ${site}, partitioning ${partitioning}) ...`);
      const result = await measureEngine(engine, rig, { site, partitioning }, examples);
      console.log(JSON.stringify(result, null, 2));
      results.push(result);
    }
  } finally {
    await rig.addin.close();
    rig.proxy.close();
    await rig.host.close();
    await rig.sandbox.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
  console.log(`\n${table(results)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
