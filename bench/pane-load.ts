import { createHash, createPublicKey } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "playwright-core";
import { HOST_SHIM_PATH } from "../test/browser/chromium";
import { selfSignedCertificate } from "../test/helpers/self-signed";
import { flag, launchChromium } from "./browser-setup";
import { startHostProcess } from "./host-process";
import { startProfile, type ProfileSummary } from "./cpu-profile";
import { finishGoals, goal, machineBusy, quick } from "./goals";
import { DIST, ensureProductionBuild } from "./production-build";
import { printTable, startSandboxProcess } from "./sandbox-process";

// Load time of the task pane (issue 23, item 7): the production build served by the production
// host (HTTPS, HTTP/2, brotli/gzip, hashed chunks immutable) in Chromium, from navigation start
// (performance.timeOrigin) to the first tab shown: the selected Tab of the TabList and its
// panel's content in the DOM, seen by a MutationObserver installed before the page's scripts
// (so Playwright's polling adds nothing). Cold: a new browser context (empty HTTP cache, new
// connection) per sample; warm: one context, the pane opened again with the cache filled.
// office.js is the host shim served from a local server at the CDN's address (Chromium maps
// the name to it): instant, so the figures are the add-in's own; the real office.js from the
// CDN adds its own time. Flags: --samples 15, --dist <dir> (another build, to compare),
// --profile (one cold load under V8's profiler: self time per script and function),
// --compare <dir> (a second build, its cold samples alternating with the first's), --quick (3
// samples and 1 warm-up; the 500 ms goal is then printed, not judged: a median of 3 on a shared
// machine is not stable enough to fail on).

/** One cold load under V8's profiler instead of the samples: where the main thread's time goes. */
const PROFILE = process.argv.includes("--profile");
const SAMPLES = Math.max(1, Number(flag("samples", quick ? "3" : "15")));
/** Another build to measure (the default, dist/, is built if it is missing). */
const dist = resolve(flag("dist", DIST));
/**
 * A second build measured in the same run, its cold samples alternating with the first's:
 * the ratio of the two is what to read (figures of separate runs on a shared machine differ
 * more than most changes do).
 */
const compareDist = process.argv.includes("--compare") ? resolve(flag("compare", "")) : null;
const WARMUPS = quick ? 1 : 2;
/** Microsoft's guidance for an add-in's task pane to be usable. */
const TARGET_MS = 500;
const OFFICE_JS_HOST = "appsforoffice.microsoft.com";
const VIEWPORT = { width: 380, height: 720 };

/** What the page records about itself (see RECORD_LOAD). */
interface PageMarks {
  /** performance.now() when each script element with a src finished evaluating (its load event). */
  scripts: Record<string, number>;
  onReady: number | null;
  /** The selected tab's id and when it and its panel's content were first in the DOM. */
  tabId: string | null;
  tab: number | null;
  /** The next animation frame after it (the first frame that can paint it). */
  frame: number | null;
  error: string | null;
}

interface ProfiledLoad {
  summary: ProfileSummary | null;
}

interface ResourceEntry {
  url: string;
  startTime: number;
  connectEnd: number;
  requestStart: number;
  responseStart: number;
  responseEnd: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
  protocol: string;
}

interface Sample {
  marks: PageMarks;
  navigation: {
    responseEnd: number;
    domContentLoaded: number;
    transferSize: number;
    encodedBodySize: number;
    protocol: string;
  };
  resources: ResourceEntry[];
}

/**
 * What the page logs once it has recorded its load: waited for as a console event, so that
 * nothing of the bench runs in the page while it loads (Playwright's waitForFunction would poll
 * with its injected script, on the page's main thread).
 */
const LOAD_DONE = "mail-finder-bench:pane-load-recorded";

/**
 * Installed before any script of the page (plain JavaScript: tsx's helpers do not exist in the
 * page): script load events (a classic script's load event fires right after it has run),
 * Office.onReady's callbacks (office.js's window.Office is wrapped as it is assigned), and the
 * first selected tab with its panel's content, whose test ids start with the tab's
 * ("tab-bulk", "bulk-from-selection"), or for a user without a key (the production build has
 * none) the first-run screen with its Try mode button: the pane's first screen either way.
 */
const RECORD_LOAD = `(() => {
  const DONE = ${JSON.stringify(LOAD_DONE)};
  const marks = { scripts: {}, onReady: null, tabId: null, tab: null, frame: null, error: null };
  window.__paneLoad = marks;
  document.addEventListener("load", (event) => {
    const target = event.target;
    if (target instanceof HTMLScriptElement && target.src) marks.scripts[target.src] = performance.now();
  }, true);
  let office;
  Object.defineProperty(window, "Office", {
    configurable: true,
    get: () => office,
    set: (value) => {
      office = value;
      if (!value) return;
      const onReady = value.onReady.bind(value);
      value.onReady = (callback) => onReady((info) => {
        if (marks.onReady === null) marks.onReady = performance.now();
        if (typeof callback === "function") callback(info);
      });
    },
  });
  const observer = new MutationObserver(() => {
    const text = document.getElementById("root")?.textContent ?? "";
    if (text.startsWith("Mail Finder could not start")) {
      marks.error = text;
      observer.disconnect();
      console.debug(DONE);
      return;
    }
    // A new user (no key: every cold sample) sees the first-run screen; a user with a key, the
    // first tab and its panel.
    const firstRun = document.querySelector('[data-testid="first-run"] [data-testid="settings-try"]');
    const tab = document.querySelector('[role="tab"][aria-selected="true"][data-testid^="tab-"]');
    const id = firstRun ? "first-run" : tab ? tab.getAttribute("data-testid").slice(4) : null;
    if (!id) return;
    if (!firstRun && !document.querySelector('[data-testid^="' + id + '-"]')) return;
    marks.tab = performance.now();
    marks.tabId = id;
    observer.disconnect();
    requestAnimationFrame(() => {
      marks.frame = performance.now();
      console.debug(DONE);
    });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-selected"] });
})();`;

/** Opens the pane in a new page of `context`; resolves with what the page recorded. */
async function openPane(
  context: BrowserContext,
  url: string,
  profiled: ProfiledLoad | null = null
): Promise<Sample> {
  const page = await context.newPage();
  const stopProfile = profiled ? await startProfile(page) : null;
  try {
    const recorded = page.waitForEvent("console", {
      predicate: (message) => message.text() === LOAD_DONE,
      timeout: 15_000,
    });
    // Awaited below; a failed navigation is the error to report, not the wait it cut short.
    recorded.catch(() => undefined);
    await page.goto(`${url}/taskpane.html`, { waitUntil: "commit" });
    await recorded;
    const sample = await page.evaluate(() => {
      const navigation = performance.getEntriesByType(
        "navigation"
      )[0] as PerformanceNavigationTiming;
      return {
        marks: (window as unknown as { __paneLoad: PageMarks }).__paneLoad,
        navigation: {
          responseEnd: navigation.responseEnd,
          domContentLoaded: navigation.domContentLoadedEventEnd,
          transferSize: navigation.transferSize,
          encodedBodySize: navigation.encodedBodySize,
          protocol: navigation.nextHopProtocol,
        },
        resources: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
          (e) => ({
            url: e.name,
            startTime: e.startTime,
            connectEnd: e.connectEnd,
            requestStart: e.requestStart,
            responseStart: e.responseStart,
            responseEnd: e.responseEnd,
            transferSize: e.transferSize,
            encodedBodySize: e.encodedBodySize,
            decodedBodySize: e.decodedBodySize,
            protocol: e.nextHopProtocol,
          })
        ),
      };
    });
    if (sample.marks.error) throw new Error(sample.marks.error);
    if (stopProfile) profiled!.summary = await stopProfile();
    return sample;
  } finally {
    await page.close();
  }
}

async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
    locale: "en-US",
    timezoneId: "UTC",
  });
  await context.addInitScript({ content: RECORD_LOAD });
  return context;
}

/**
 * The certificate's key as Chromium's --ignore-certificate-errors-spki-list takes it: a
 * certificate accepted that way is valid to Chromium, so its answers are cached (with
 * --ignore-certificate-errors they would not be, and every warm load would fetch everything).
 */
function spkiHash(certFile: string): string {
  const der = createPublicKey(readFileSync(certFile)).export({ type: "spki", format: "der" });
  return createHash("sha256").update(der).digest("base64");
}

/**
 * The host shim at office.js's address, answered at once and cacheable as the CDN's file is,
 * from a process of its own (as the CDN is not the bench's process).
 */
async function serveOfficeJs(tls: {
  cert: string;
  key: string;
}): Promise<{ port: number; stop(): void }> {
  const server = `
    const { readFileSync } = require("node:fs");
    const shim = readFileSync(process.env.SHIM);
    const server = require("node:http2").createSecureServer(
      { cert: readFileSync(process.env.CERT), key: readFileSync(process.env.KEY), allowHTTP1: true },
      (_request, response) => {
        response.writeHead(200, {
          "content-type": "application/javascript; charset=utf-8",
          "cache-control": "public, max-age=86400",
          "access-control-allow-origin": "*",
          "timing-allow-origin": "*",
        });
        response.end(shim);
      }
    );
    server.listen(0, "127.0.0.1", () => console.log("port " + server.address().port));`;
  const child = spawn(process.execPath, ["-e", server], {
    env: { ...process.env, SHIM: HOST_SHIM_PATH, CERT: tls.cert, KEY: tls.key },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`office.js server exited with ${code}`)));
    child.stdout!.once("data", (chunk: Buffer) =>
      resolve(Number(/port (\d+)/.exec(String(chunk))![1]))
    );
  });
  return { port, stop: () => child.kill() };
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const median = (values: number[]): number => quantile(values, 0.5);
const ms = (value: number): string => String(Math.round(value));
const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** The file of dist/ a URL of the host names ("/functions.js" -> "functions.js"), or null. */
function distFile(url: string, origin: string): string | null {
  if (!url.startsWith(origin)) return null;
  const path = new URL(url).pathname.replace(/^\//, "");
  return path === "" ? "taskpane.html" : path;
}

/** A chunk of the task pane UI (webpack's lazily loaded files: "<name>.<hash8>.js"). */
const isChunk = (file: string): boolean => /\.[0-9a-f]{8}\.js$/.test(file);

interface Milestones {
  html: number;
  officeJsArrived: number;
  officeJs: number;
  functionsArrived: number;
  functionsEvaluated: number;
  taskpaneEvaluated: number;
  domContentLoaded: number;
  onReady: number;
  chunksRequested: number;
  chunksArrived: number;
  chunksEvaluated: number;
  tab: number;
  frame: number;
}

function milestones(sample: Sample, origin: string): Milestones {
  const { marks, resources } = sample;
  const script = (file: string): number => {
    const found = Object.entries(marks.scripts).find(([src]) => distFile(src, origin) === file);
    return found ? found[1] : NaN;
  };
  const resource = (file: string): ResourceEntry | undefined =>
    resources.find((r) => distFile(r.url, origin) === file);
  const chunks = resources.filter((r) => isChunk(distFile(r.url, origin) ?? ""));
  const chunkScripts = Object.entries(marks.scripts)
    .filter(([src]) => isChunk(distFile(src, origin) ?? ""))
    .map(([, at]) => at);
  const officeJs = Object.entries(marks.scripts).find(([src]) => src.includes(OFFICE_JS_HOST));
  return {
    html: sample.navigation.responseEnd,
    officeJsArrived:
      sample.resources.find((r) => r.url.includes(OFFICE_JS_HOST))?.responseEnd ?? NaN,
    officeJs: officeJs ? officeJs[1] : NaN,
    functionsArrived: resource("functions.js")?.responseEnd ?? NaN,
    functionsEvaluated: script("functions.js"),
    taskpaneEvaluated: script("taskpane.js"),
    domContentLoaded: sample.navigation.domContentLoaded,
    onReady: marks.onReady ?? NaN,
    chunksRequested: Math.min(...chunks.map((c) => c.startTime)),
    chunksArrived: Math.max(...chunks.map((c) => c.responseEnd)),
    chunksEvaluated: Math.max(...chunkScripts),
    tab: marks.tab!,
    frame: marks.frame!,
  };
}

const MILESTONES: Array<[keyof Milestones, string]> = [
  ["html", "taskpane.html received"],
  ["officeJsArrived", "office.js (stand-in) received"],
  ["officeJs", "office.js (stand-in) evaluated"],
  ["functionsArrived", "functions.js received"],
  ["functionsEvaluated", "functions.js evaluated"],
  ["taskpaneEvaluated", "taskpane.js evaluated"],
  ["domContentLoaded", "DOMContentLoaded done"],
  ["onReady", "Office.onReady fired"],
  ["chunksRequested", "UI chunks requested"],
  ["chunksArrived", "UI chunks received"],
  ["chunksEvaluated", "UI chunks evaluated"],
  ["tab", "first tab in the DOM (React commit)"],
  ["frame", "next animation frame"],
];

function sizeRows(cold: Sample, origin: string): Array<Record<string, string | number>> {
  const rows: Array<Record<string, string | number>> = [];
  const totals = { raw: 0, gzip: 0, br4: 0, br11: 0, transfer: 0, encoded: 0 };
  const entries = [
    { ...cold.navigation, url: `${origin}/taskpane.html`, startTime: 0 },
    ...cold.resources,
  ];
  for (const entry of entries) {
    const file = distFile(entry.url, origin);
    // Only the add-in's own files (not the favicon the browser asks for), before the tab.
    if (!file || !existsSync(join(dist, file)) || entry.startTime > cold.marks.tab!) continue;
    const bytes = readFileSync(join(dist, file));
    const sizes = {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // As the host compresses on the fly (@fastify/compress: brotli quality 4), and at 11.
      br4: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      br11: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      transfer: entry.transferSize,
      encoded: entry.encodedBodySize,
    };
    for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += sizes[key];
    rows.push({
      file,
      "raw KB": kb(sizes.raw),
      "gzip -9 KB": kb(sizes.gzip),
      "br q4 KB (as served)": kb(sizes.br4),
      "br q11 KB": kb(sizes.br11),
      "received KB (encodedBodySize)": kb(sizes.encoded),
      "transferred KB (transferSize)": kb(sizes.transfer),
    });
  }
  rows.push({
    file: "total",
    "raw KB": kb(totals.raw),
    "gzip -9 KB": kb(totals.gzip),
    "br q4 KB (as served)": kb(totals.br4),
    "br q11 KB": kb(totals.br11),
    "received KB (encodedBodySize)": kb(totals.encoded),
    "transferred KB (transferSize)": kb(totals.transfer),
  });
  return rows;
}

async function printProfile(browser: Browser, url: string): Promise<void> {
  const context = await newContext(browser);
  const profiled: ProfiledLoad = { summary: null };
  try {
    const sample = await openPane(context, url, profiled);
    const summary = profiled.summary!;
    const file = join(tmpdir(), "pane-load.cpuprofile");
    writeFileSync(file, JSON.stringify(summary.raw));
    console.log(`Profile written to ${file} (DevTools' Performance panel opens it).`);
    console.log(`First screen at ${ms(sample.marks.tab!)} ms (one cold load, profiled: slower).`);
    printTable(
      `Main thread self time by script (${ms(summary.totalMs)} ms profiled)`,
      summary.byScript.map((s) => ({ script: s.script, "self ms": s.selfMs }))
    );
    printTable(
      "Costliest functions (self time)",
      summary.topFunctions.map((f) => ({ function: f.fn, script: f.script, "self ms": f.selfMs }))
    );
  } finally {
    await context.close();
  }
}

async function printComparison(
  browser: Browser,
  url: string,
  other: string,
  tls: { cert: string; key: string },
  upstream: string
): Promise<void> {
  const otherHost = await startHostProcess({ dist: other, upstream, tls });
  const otherUrl = otherHost.url;
  try {
    const first = await newContext(browser);
    await openPane(first, otherUrl).finally(() => first.close());
    const runs = [
      { build: dist, url, cold: [] as number[] },
      { build: other, url: otherUrl, cold: [] as number[] },
    ];
    for (let i = 0; i < SAMPLES; i++) {
      for (const run of i % 2 === 0 ? runs : [...runs].reverse()) {
        const context = await newContext(browser);
        try {
          run.cold.push((await openPane(context, run.url)).marks.tab!);
        } finally {
          await context.close();
        }
      }
      process.stdout.write(`  pair ${i + 1}/${SAMPLES}\r`);
    }
    const base = median(runs[0]!.cold);
    printTable(
      "Task pane load, cold, two builds alternating (navigation start to the first screen)",
      runs.map((run) => ({
        build: run.build,
        samples: run.cold.length,
        "median ms": ms(median(run.cold)),
        "p90 ms": ms(quantile(run.cold, 0.9)),
        "min ms": ms(Math.min(...run.cold)),
        "vs first (median)": (median(run.cold) / base).toFixed(2),
      }))
    );
  } finally {
    await otherHost.stop();
  }
}

async function main(): Promise<void> {
  if (dist === DIST) ensureProductionBuild();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-load-"));
  const tls = selfSignedCertificate(directory);
  // Whatever has started, stopped at the end, also when a later part fails to start.
  const stops: Array<() => unknown> = [() => rmSync(directory, { recursive: true, force: true })];
  try {
    const sandbox = await startSandboxProcess(["--db", ":memory:"]);
    stops.push(() => sandbox.stop());
    const host = await startHostProcess({ dist, upstream: sandbox.baseUrl, tls });
    stops.push(() => host.stop());
    const url = host.url;
    const officeJs = await serveOfficeJs(tls);
    stops.push(() => officeJs.stop());
    const officePort = officeJs.port;
    const browser = await launchChromium([
      // Both servers' self-signed certificate, trusted (see spkiHash) so that answers are cached.
      `--ignore-certificate-errors-spki-list=${spkiHash(tls.cert)}`,
      `--host-resolver-rules=MAP ${OFFICE_JS_HOST} 127.0.0.1:${officePort}`,
    ]);
    stops.push(() => browser.close());
    const load = (): string =>
      loadavg()
        .map((n) => n.toFixed(1))
        .join(" ");
    const loadBefore = load();
    // One load first, not counted: the browser's network service and first renderer start.
    const first = await newContext(browser);
    await openPane(first, url).finally(() => first.close());
    if (PROFILE) {
      await printProfile(browser, url);
      return;
    }
    if (compareDist) {
      await printComparison(browser, url, compareDist, tls, sandbox.baseUrl);
      return;
    }
    const cold: Sample[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const context = await newContext(browser);
      try {
        cold.push(await openPane(context, url));
      } finally {
        await context.close();
      }
      process.stdout.write(`  cold ${i + 1}/${SAMPLES}\r`);
    }
    const warm: Sample[] = [];
    const context = await newContext(browser);
    try {
      for (let i = 0; i < WARMUPS + SAMPLES; i++) {
        const sample = await openPane(context, url);
        if (i >= WARMUPS) warm.push(sample);
        process.stdout.write(`  warm ${i + 1}/${WARMUPS + SAMPLES}\r`);
      }
    } finally {
      await context.close();
    }

    const coldMs = cold.map((s) => s.marks.tab!);
    const warmMs = warm.map((s) => s.marks.tab!);
    const coldMedian = median(coldMs);
    // Judged at full size (see the goals below); a quick pass only shows the figures.
    const verdict = (value: number): string =>
      value <= TARGET_MS ? "under" : quick ? "over (not judged)" : "over";
    printTable(
      `Task pane load: navigation start to the first tab (${cold[0]!.marks.tabId}) shown, Chromium, ` +
        `production host over ${cold[0]!.resources.find((r) => r.url.startsWith(url))?.protocol}`,
      [
        {
          run: "cold (new context, empty cache)",
          samples: cold.length,
          "median ms": ms(coldMedian),
          "p90 ms": ms(quantile(coldMs, 0.9)),
          "min ms": ms(Math.min(...coldMs)),
          "max ms": ms(Math.max(...coldMs)),
          [`vs ${TARGET_MS} ms (median)`]: verdict(coldMedian),
        },
        {
          run: `warm (same context, cache filled, after ${WARMUPS} warm-ups)`,
          samples: warm.length,
          "median ms": ms(median(warmMs)),
          "p90 ms": ms(quantile(warmMs, 0.9)),
          "min ms": ms(Math.min(...warmMs)),
          "max ms": ms(Math.max(...warmMs)),
          [`vs ${TARGET_MS} ms (median)`]: verdict(median(warmMs)),
        },
      ]
    );

    const coldMarks = cold.map((s) => milestones(s, url));
    const warmMarks = warm.map((s) => milestones(s, url));
    printTable(
      "Where the time goes (median ms since navigation start; each milestone's own median)",
      MILESTONES.map(([key, label]) => ({
        milestone: label,
        cold: ms(median(coldMarks.map((m) => m[key]))),
        warm: ms(median(warmMarks.map((m) => m[key]))),
      }))
    );

    // The sizes of the cold sample nearest the median.
    const typical = cold.reduce((best, s) =>
      Math.abs(s.marks.tab! - coldMedian) < Math.abs(best.marks.tab! - coldMedian) ? s : best
    );
    printTable("Files of dist/ requested before the first tab (cold)", sizeRows(typical, url));
    printTable(
      "Requests of that sample (ms since navigation start)",
      typical.resources
        .filter((r) => r.startTime < typical.marks.tab!)
        .map((r) => ({
          file: distFile(r.url, url) ?? new URL(r.url).pathname,
          start: ms(r.startTime),
          connected: ms(r.connectEnd),
          "request sent": ms(r.requestStart),
          "first byte": ms(r.responseStart),
          "last byte": ms(r.responseEnd),
        }))
    );
    const lastWarm = warm[warm.length - 1]!;
    const warmTransfer = [{ ...lastWarm.navigation, url }, ...lastWarm.resources]
      .filter((r) => distFile(r.url, url) !== null)
      .reduce((n, r) => n + r.transferSize, 0);
    // What a new user's pane receives of the add-in's files before its first screen, as sent.
    const coldSent = [{ ...typical.navigation, url, startTime: 0 }, ...typical.resources]
      .filter((r) => distFile(r.url, url) !== null && r.startTime <= typical.marks.tab!)
      .reduce((n, r) => n + r.transferSize, 0);
    console.log(
      `\nLoad average (1, 5, 15 min) before: ${loadBefore}, after: ${load()} (${cpus().length} CPUs).` +
        `\nWarm: ${kb(warmTransfer)} KB transferred (revalidations of the unhashed files; hashed ` +
        `chunks from the cache). office.js is a local stand-in answered at once: the real one ` +
        `from Microsoft's CDN adds its own time.`
    );
    console.log("");
    // The machine is shared: while other work waits for its CPUs a load time is the machine's,
    // not the pane's (the same build read 390 ms at load 2 to 3, 507 at 6 and 1,140 at 20).
    const busy = machineBusy();
    goal("cold load, median", coldMedian, {
      atMost: TARGET_MS,
      unit: "ms",
      fullOnly: true,
      notJudgedBecause: busy,
      why: "Microsoft's guidance: a task pane usable within 500 ms (about 390 ms at load average 2 to 3)",
    });
    goal("warm load, median", median(warmMs), {
      atMost: TARGET_MS,
      unit: "ms",
      fullOnly: true,
      notJudgedBecause: busy,
      why: "Microsoft's guidance: a task pane usable within 500 ms, also when opened again",
    });
    goal("KB received before the first screen, cold", coldSent / 1024, {
      atMost: 250,
      unit: "KB",
      why: "only the first screen's code comes before it, compressed (about 190 KB)",
    });
    goal("KB received when opened again, of the cold's", (100 * warmTransfer) / coldSent, {
      atMost: 10,
      unit: "%",
      why: "hashed chunks are immutable: a pane opened again fetches only revalidations",
    });
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main()
  .then(() => {
    // --profile and --compare print their own figures, judged by the reader.
    if (!PROFILE && !compareDist) finishGoals();
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
