import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/browser/chromium";
import { keptAnswersSeeder } from "../test/browser/kept-answers-seeder";
import { flag, gotoTaskPane, startServedAddin } from "./browser-setup";
import { finishGoals, goal, machineBusy, quick } from "./goals";
import { ensureProductionBuild } from "./production-build";
import { post, printTable } from "./sandbox-process";

// Kept answers at the scale of real sheets (issue 15): the built add-in in Chromium with a
// profile on disk, as WebView2 keeps one, holding 0, 100,000 and 1,000,000 kept answers.
// For each: the answers' size, the runtime's start-up time and memory after a reopen, and
// the time to answer 100,000 cells from kept answers. The answers are written into the
// runtime's IndexedDB by the product's own store (test/browser/kept-answers-seed.ts).
// Flags: --sizes 0,100000,1000000 --cells 100000 (--quick: 0,1000,10000, 1,000 cells and one
// reopen).

const SIZES = flag("sizes", quick ? "0,1000,10000" : "0,100000,1000000")
  .split(",")
  .map(Number);
const CELLS = Number(flag("cells", quick ? "1000" : "100000"));
const SEED_CHUNK = 100_000;
const REOPENS = quick ? 1 : 3;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

interface Measured {
  kept: number;
  countedBytes: number;
  estimateBytes: number;
  diskBytes: number;
  seedMs: number;
  startupMs: number;
  heapMiB: number;
  firstAnswerMs: number | null;
  cellsMs: number | null;
  cellsShown: number | null;
  heapAfterCellsMiB: number | null;
  requests: number;
}

async function openRuntime(profile: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  // The shared runtime as Excel starts it with a workbook: no pane on screen.
  await page.addInitScript(() => {
    (window as unknown as { __hostShimConfig: unknown }).__hostShimConfig = {
      visibility: "Hidden",
    };
  });
  return { context, page };
}

/** Loads the runtime page with the host shim; resolves with the ms from navigation to ready. */
async function load(page: Page, url: string): Promise<number> {
  await gotoTaskPane(page, url);
  // Ready: the shim (Excel) has loaded and the functions are registered.
  const handle = await page.waitForFunction(() => {
    const shim = (window as unknown as { __hostShim?: { functionIds(): string[] } }).__hostShim;
    return shim && shim.functionIds().includes("FINDEMAIL") ? performance.now() : null;
  });
  return (await handle.jsonValue()) as number;
}

async function heapMiB(context: BrowserContext, page: Page): Promise<number> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

function diskBytes(profile: string): number {
  const out = execFileSync("du", ["-sb", join(profile, "Default", "IndexedDB")], {
    encoding: "utf8",
  });
  return Number(out.split("\t")[0]);
}

/** A user's runtime with `size` answers kept: returns how much they take to write. */
async function seedProfile(
  profile: string,
  size: number,
  url: string,
  apiKey: string,
  seeder: string
): Promise<{ seedMs: number; estimateBytes: number }> {
  const { context, page } = await openRuntime(profile);
  try {
    await load(page, url);
    await page.evaluate((key) => OfficeRuntime.storage.setItem("settings.apiKey", key), apiKey);
    await page.evaluate(seeder);
    const usage = (): Promise<number> =>
      page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const before = await usage();
    let seedMs = 0;
    for (let from = 0; from < size; from += SEED_CHUNK) {
      const count = Math.min(SEED_CHUNK, size - from);
      seedMs += await page.evaluate(
        async ([key, start, n]) => {
          const started = performance.now();
          await (
            globalThis as unknown as {
              __seedKeptAnswers(b: string, k: string, f: number, c: number): Promise<void>;
            }
          ).__seedKeptAnswers("/api", key, start, n);
          return performance.now() - started;
        },
        [apiKey, from, count] as const
      );
      process.stdout.write(`  ${size}: ${from + count} kept\r`);
    }
    return { seedMs, estimateBytes: (await usage()) - before };
  } finally {
    await context.close();
  }
}

/** The runtime reopened over the profile: start-up, memory, the first kept answer, the cells. */
async function reopen(
  profile: string,
  size: number,
  url: string,
  withCells: boolean
): Promise<Omit<Measured, "seedMs" | "estimateBytes" | "diskBytes">> {
  const { context, page } = await openRuntime(profile);
  let requests = 0;
  context.on("request", (request) => {
    if (request.url().includes("/api/")) requests++;
  });
  try {
    const startupMs = await load(page, url);
    const heap = await heapMiB(context, page);
    // With nothing kept, a first cell would be a lookup: the runtime is measured idle.
    if (size === 0)
      return {
        kept: 0,
        countedBytes: 0,
        startupMs,
        heapMiB: heap,
        firstAnswerMs: null,
        cellsMs: null,
        cellsShown: null,
        heapAfterCellsMiB: null,
        requests,
      };
    const first = await page.evaluate(async () => {
      const w = window as unknown as {
        __hostShim: { invokeFunction(id: string, args: unknown[]): Promise<unknown> };
      };
      const started = performance.now();
      const cell = await w.__hostShim.invokeFunction("FINDEMAIL", [
        "Ada0",
        "Lovelace0",
        "kept-0.example",
      ]);
      return { ms: performance.now() - started, cell: JSON.stringify(cell) };
    });
    if (!first.cell.includes("ada0.lovelace0@kept-0.example"))
      throw new Error(`the first cell did not show its kept answer: ${first.cell}`);
    const usage = await page.evaluate(async () => {
      const services = (
        globalThis as unknown as {
          __mailFinderServices: {
            scheduler(): Promise<{
              currentCache(): Promise<{ usage(): Promise<{ count: number; bytes: number }> }>;
            }>;
          };
        }
      ).__mailFinderServices;
      return (await (await services.scheduler()).currentCache()).usage();
    });
    let cells: { ms: number; shown: number; heap: number } | null = null;
    if (withCells && size >= CELLS) {
      const result = await page.evaluate(async (count) => {
        const w = window as unknown as {
          __hostShim: { invokeFunction(id: string, args: unknown[]): Promise<unknown> };
        };
        const started = performance.now();
        const shown = await Promise.all(
          Array.from({ length: count }, (_, i) =>
            w.__hostShim.invokeFunction("FINDEMAIL", [
              `Ada${i}`,
              `Lovelace${i % 97}`,
              `kept-${i % 1000}.example`,
            ])
          )
        );
        const ms = performance.now() - started;
        const right = shown.filter(
          (cell, i) =>
            Array.isArray(cell) &&
            cell[0][0] === `ada${i}.lovelace${i % 97}@kept-${i % 1000}.example`
        ).length;
        return { ms, shown: right };
      }, CELLS);
      cells = { ...result, heap: await heapMiB(context, page) };
    }
    return {
      kept: usage.count,
      countedBytes: usage.bytes,
      startupMs,
      heapMiB: heap,
      firstAnswerMs: first.ms,
      cellsMs: cells?.ms ?? null,
      cellsShown: cells?.shown ?? null,
      heapAfterCellsMiB: cells?.heap ?? null,
      requests,
    };
  } finally {
    await context.close();
  }
}

/**
 * Every size's profile written first, then the runtime reopened over each in turn, REOPENS rounds
 * (start-up and memory are their medians; the cells run in the last round): sizes measured
 * minutes apart on a shared machine would compare the machine's load, not the sizes.
 */
async function measureAll(
  sizes: number[],
  url: string,
  apiKey: string,
  seeder: string
): Promise<Measured[]> {
  const profiles = sizes.map(() => mkdtempSync(join(tmpdir(), "mf-bench-kept-")));
  try {
    const seeded: Array<{ seedMs: number; estimateBytes: number }> = [];
    for (const [i, size] of sizes.entries())
      seeded.push(await seedProfile(profiles[i]!, size, url, apiKey, seeder));
    const runs: Array<Array<Awaited<ReturnType<typeof reopen>>>> = sizes.map(() => []);
    for (let run = 0; run < REOPENS; run++)
      for (const [i, size] of sizes.entries())
        runs[i]!.push(await reopen(profiles[i]!, size, url, run === REOPENS - 1));
    return sizes.map((_, i) => {
      const all = runs[i]!;
      const last = all[all.length - 1]!;
      return {
        ...seeded[i]!,
        ...last,
        startupMs: median(all.map((r) => r.startupMs)),
        heapMiB: median(all.map((r) => r.heapMiB)),
        firstAnswerMs:
          last.firstAnswerMs === null ? null : median(all.map((r) => r.firstAnswerMs!)),
        requests: all.reduce((n, r) => n + r.requests, 0),
        diskBytes: diskBytes(profiles[i]!),
      };
    });
  } finally {
    for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
  }
}

const perAnswer = (bytes: number, count: number): string =>
  count > 0 ? String(Math.round(bytes / count)) : "-";
const ms = (value: number | null): string => (value === null ? "-" : String(Math.round(value)));
const mib = (value: number | null): string => (value === null ? "-" : value.toFixed(1));

/** The goal: a million answers kept; 100,000 cells reopened send nothing and show every answer
 * within seconds; the runtime's memory stays flat as the number kept grows. */
function judge(measured: Measured[]): void {
  const none = measured.find((m) => m.kept === 0);
  const most = measured.reduce((a, b) => (b.kept > a.kept ? b : a));
  const withCells = measured.filter((m) => m.cellsMs !== null);
  const fewest = withCells[0];
  const largest = withCells[withCells.length - 1];
  goal("answers kept at the largest size", most.kept, {
    atLeast: Math.max(...SIZES),
    atMost: Math.max(...SIZES),
    why: "every answer bought stays kept (the target is 1,000,000 per user)",
  });
  goal(
    "requests to the service, every reopen",
    measured.reduce((n, m) => n + m.requests, 0),
    {
      atMost: 0,
      why: "a reopened workbook's cells answer from kept answers without a request",
    }
  );
  for (const m of withCells)
    goal(`cells shown from ${m.kept.toLocaleString("en-US")} kept`, m.cellsShown!, {
      atLeast: CELLS,
      atMost: CELLS,
      why: "every cell shows its own kept answer",
    });
  if (none)
    goal("JS heap at start-up, most kept / none kept", most.heapMiB / none.heapMiB, {
      atMost: 1.5,
      unit: "x",
      why: "start-up loads nothing in bulk: the memory stays flat as the answers kept grow",
    });
  if (fewest && largest && fewest !== largest) {
    goal(
      `JS heap after the cells, ${largest.kept.toLocaleString("en-US")} / ${fewest.kept.toLocaleString("en-US")} kept`,
      largest.heapAfterCellsMiB! / fewest.heapAfterCellsMiB!,
      {
        atMost: 1.5,
        unit: "x",
        why: "answering cells reads only their answers: the memory does not grow with the answers kept",
      }
    );
    goal(
      `time of the cells, ${largest.kept.toLocaleString("en-US")} / ${fewest.kept.toLocaleString("en-US")} kept`,
      largest.cellsMs! / fewest.cellsMs!,
      {
        atMost: 2,
        unit: "x",
        // A quick pass's cells take a fraction of a second: the machine's noise.
        fullOnly: true,
        why: "a kept answer is found by its key: ten times as many kept cost about the same time (a scan would take ten times as long)",
      }
    );
  }
  for (const m of measured.filter((m) => m.firstAnswerMs !== null))
    goal(`first kept answer, ${m.kept.toLocaleString("en-US")} kept`, m.firstAnswerMs!, {
      atMost: 500,
      unit: "ms",
      // 70 ms on a free machine, 113 ms at load average 7: a CI run at 11 measures the machine.
      notJudgedBecause: machineBusy(),
      why: "a reopened cell shows its kept answer at once, however many are kept",
    });
  if (largest)
    goal(
      `cells from ${largest.kept.toLocaleString("en-US")} kept per second`,
      CELLS / (largest.cellsMs! / 1000),
      {
        atLeast: 2_000,
        unit: "/s",
        fullOnly: true,
        notJudgedBecause: machineBusy(),
        why: "100,000 reopened cells show every answer within seconds (about 4,300/s on a free machine)",
      }
    );
  goal(
    `bytes per answer as the store counts them, ${most.kept.toLocaleString("en-US")} kept`,
    most.countedBytes / most.kept,
    {
      atMost: 256,
      why: "each answer's record stays small: key, value and dates (about 220 bytes before LevelDB compresses them)",
      unit: "bytes",
    }
  );
  goal(
    `bytes per answer on disk, ${most.kept.toLocaleString("en-US")} kept`,
    most.diskBytes / most.kept,
    {
      atMost: 256,
      unit: "bytes",
      // Below a few MB, whether LevelDB has compacted its log when the profile is measured decides
      // the size: a quick pass's 10,000 measured 89 and 275 bytes each on one machine.
      fullOnly: true,
      why: "a million answers take a few hundred MB at most on the user's disk (about 110 bytes each)",
    }
  );
}

async function main(): Promise<void> {
  ensureProductionBuild();
  const seeder = await keptAnswersSeeder();
  const { sandbox, url, close } = await startServedAddin(["--db", ":memory:"]);
  const rows: Array<Record<string, string | number>> = [];
  const measured: Measured[] = [];
  try {
    const { api_key: apiKey } = await post(sandbox.baseUrl, "/sandbox/accounts", { credits: 10 });
    measured.push(...(await measureAll(SIZES, url, apiKey, seeder)));
    for (const m of measured)
      rows.push({
        "answers kept": m.kept,
        "bytes/answer (counted)": perAnswer(m.countedBytes, m.kept),
        "bytes/answer (origin usage)": perAnswer(m.estimateBytes, m.kept),
        "bytes/answer (disk)": perAnswer(m.diskBytes, m.kept),
        "IndexedDB on disk KB": Math.round(m.diskBytes / 1024),
        "written in s": (m.seedMs / 1000).toFixed(1),
        [`start-up ms (median of ${REOPENS})`]: ms(m.startupMs),
        "JS heap MiB": mib(m.heapMiB),
        "first kept answer ms": ms(m.firstAnswerMs),
        [`${CELLS} cells from kept ms`]: ms(m.cellsMs),
        "cells shown": m.cellsShown === null ? "-" : `${m.cellsShown}/${CELLS}`,
        "JS heap after cells MiB": mib(m.heapAfterCellsMiB),
        requests: m.requests,
      });
    printTable(
      "Kept answers in the runtime's IndexedDB (Chromium, profile on disk), reopened",
      rows
    );
    console.log("");
    judge(measured);
  } finally {
    await close();
  }
}

main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
