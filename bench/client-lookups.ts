import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PersonRequest } from "../src/api/types";
import { EmailServiceClient } from "../src/client/client";
import { KeyValueAnswerStore } from "../src/client/answer-store-key-value";
import { NodeFileStore } from "../src/client/node-file-store";
import { AnswerCache, cacheNamespace } from "../src/client/answer-cache";
import { LookupScheduler } from "../src/client/scheduler";
import { post, printTable, startSandboxProcess, type SandboxProcess } from "./sandbox-process";
import { mulberry32 } from "../src/sandbox/directory/random";
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from "./fixtures";
import { finishGoals, goal, machineBusy, quick } from "./goals";

// Fill-down of person lookups through the client's scheduler and cache, against the sandbox
// over HTTP, beside a naive client that sends one request per cell call.
// Flags: --latency-ms (default 50), --concurrency (default 6), --cells (default 2000; 200
// with --quick), --fault-seed (default 44): the seed of the sandbox's 503s and of the clients'
// retry jitter, set again before each side, so that both sides of a comparison with faults
// meet the same 503s in the same order of requests and a run can be repeated.

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const LATENCY_MS = flag("latency-ms", 50);
const CONCURRENCY = flag("concurrency", 6);
const CELLS = flag("cells", quick ? 200 : 2000);
const DUPLICATE_SHARE = 0.25;
const FAULT_SEED = flag("fault-seed", 44);

const FIRST = BENCH_FIRST_NAMES;
const LAST = BENCH_LAST_NAMES;

/** CELLS requests of which a quarter repeat an earlier one, written differently as people do. */
function fillDown(): PersonRequest[] {
  const unique = Math.round(CELLS * (1 - DUPLICATE_SHARE));
  const rows: PersonRequest[] = [];
  for (let i = 0; i < unique; i++) {
    rows.push({
      first_name: FIRST[i % FIRST.length]!,
      last_name: `${LAST[i % LAST.length]}${Math.floor(i / 120)}`,
      domain: `bench-${i % 150}.example.com`,
    });
  }
  for (let i = 0; rows.length < CELLS; i++) {
    const original = rows[(i * 7919) % unique]!;
    rows.push({
      first_name: ` ${original.first_name!.toUpperCase()}`,
      last_name: original.last_name,
      domain: `https://WWW.${original.domain}/team`,
    });
  }
  // Interleave repeats with first occurrences, as a sorted sheet would not be.
  for (let i = rows.length - 1; i > 0; i--) {
    const j = (i * 2654435761) % (i + 1);
    [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  }
  return rows;
}

interface Run {
  scenario: string;
  client: string;
  requests: number;
  unique: number;
  wallMs: number;
  answered: number;
  failed: number;
}

function newClient(
  sandbox: SandboxProcess,
  apiKey: string,
  counter: { requests: number }
): EmailServiceClient {
  return new EmailServiceClient({
    baseUrl: sandbox.baseUrl,
    apiKey,
    maxConcurrent: CONCURRENCY,
    random: mulberry32(FAULT_SEED).next,
    onAttempt: () => counter.requests++,
  });
}

async function withScheduler(
  scenario: string,
  sandbox: SandboxProcess,
  apiKey: string,
  cells: PersonRequest[],
  storeFile: string
): Promise<Run> {
  const counter = { requests: 0 };
  const client = newClient(sandbox, apiKey, counter);
  const cache = new AnswerCache({
    store: new KeyValueAnswerStore(new NodeFileStore(storeFile)),
    namespace: await cacheNamespace(sandbox.baseUrl, apiKey),
  });
  const scheduler = new LookupScheduler({ client, cache });
  const started = performance.now();
  const results = await Promise.allSettled(cells.map((cell) => scheduler.lookup("person", cell)));
  const wallMs = performance.now() - started;
  await cache.flush();
  const failed = results.filter((r) => r.status === "rejected").length;
  return {
    scenario,
    client: "scheduler+cache",
    requests: counter.requests,
    unique: scheduler.stats.dispatched,
    wallMs,
    answered: cells.length - failed,
    failed,
  };
}

async function naive(
  scenario: string,
  sandbox: SandboxProcess,
  apiKey: string,
  cells: PersonRequest[],
  unique: number
): Promise<Run> {
  const counter = { requests: 0 };
  const client = newClient(sandbox, apiKey, counter);
  const started = performance.now();
  const results = await Promise.allSettled(cells.map((cell) => client.cellLookup("person", cell)));
  const wallMs = performance.now() - started;
  const failed = results.filter((r) => r.status === "rejected").length;
  return {
    scenario,
    client: "naive",
    requests: counter.requests,
    unique,
    wallMs,
    answered: cells.length - failed,
    failed,
  };
}

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-"));
  const sandbox = await startSandboxProcess([
    "--db",
    ":memory:",
    "--latency-ms",
    String(LATENCY_MS),
    "--concurrency",
    String(CONCURRENCY),
    "--queue-timeout-ms",
    "600000",
  ]);
  try {
    const cells = fillDown();
    const unique = new Set(
      cells.map((c) =>
        JSON.stringify([
          c.first_name!.trim().toLowerCase(),
          c.last_name!.toLowerCase(),
          c
            .domain!.replace(/^https:\/\/www\./i, "")
            .replace(/\/team$/, "")
            .toLowerCase(),
        ])
      )
    ).size;
    const key = async (): Promise<string> =>
      (await post(sandbox.baseUrl, "/sandbox/accounts", { credits: 100_000 })).api_key;
    const storeFile = join(directory, "cache.json");

    const userKey = await key();
    const fill = await withScheduler("fill-down", sandbox, userKey, cells, storeFile);
    // The naive client is the yardstick of the times, which a quick pass does not judge.
    const naiveFill = quick ? null : await naive("fill-down", sandbox, await key(), cells, unique);
    // A fresh client over the same store, same user: the workbook reopened.
    const reopen = await withScheduler("reopen (cached)", sandbox, userKey, cells, storeFile);
    // Each side starts the same sequence of 503s.
    const busyService = (): Promise<unknown> =>
      post(sandbox.baseUrl, "/sandbox/faults", { rate503: 0.2, seed: FAULT_SEED });
    const faultsKey = await key();
    await busyService();
    const faults = await withScheduler(
      "fill-down, 20% 503",
      sandbox,
      faultsKey,
      cells,
      join(directory, "cache-503.json")
    );
    let naiveFaults: Run | null = null;
    if (!quick) {
      const naiveKey = await key();
      await busyService();
      naiveFaults = await naive("fill-down, 20% 503", sandbox, naiveKey, cells, unique);
    }
    await post(sandbox.baseUrl, "/sandbox/faults", { rate503: 0, seed: null });
    const runs = [fill, naiveFill, reopen, faults, naiveFaults].filter((r): r is Run => r !== null);

    const lowerBoundMs = Math.ceil(unique / CONCURRENCY) * LATENCY_MS;
    printTable(
      `Person lookups: ${CELLS} cells, ${unique} unique, sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}; lower bound ceil(unique / concurrency) x latency = ${lowerBoundMs} ms`,
      runs.map((r) => ({
        scenario: r.scenario,
        client: r.client,
        "requests sent": r.requests,
        "unique lookups": r.unique,
        "requests/unique": r.unique ? r.requests / r.unique : 0,
        "wall ms": Math.round(r.wallMs),
        "lower bound ms": r.scenario.startsWith("reopen") ? 0 : lowerBoundMs,
        "x lower bound": r.scenario.startsWith("reopen")
          ? "-"
          : (r.wallMs / lowerBoundMs).toFixed(3),
        answered: `${r.answered}/${CELLS}`,
      }))
    );
    console.log("");
    goal("requests per unique lookup (scheduler)", fill.requests / unique, {
      atLeast: 1,
      atMost: 1,
      why: "each distinct lookup is sent once: repeats written differently are joined, never paid twice",
    });
    goal("cells not answered (scheduler)", CELLS - fill.answered, {
      atMost: 0,
      why: "every cell of a fill-down shows its answer",
    });
    // Times are judged at full size only, and while the machine has the CPUs to spare: a few
    // seconds of a quick pass, or a full run beside other work, measure the machine more than
    // the scheduler (a quick fill-down read 3.5x its bound at load average 20, a full one 2.3x
    // at 15).
    const busy = machineBusy();
    goal("fill-down x lower bound (scheduler)", fill.wallMs / lowerBoundMs, {
      atMost: 1.5,
      unit: "x",
      fullOnly: true,
      notJudgedBecause: busy,
      why: "the scheduler keeps the service's concurrency busy: a fill-down takes about what the service takes (1.1 on an idle machine, 1.27 at load average 7)",
    });
    if (naiveFill)
      goal("fill-down time, scheduler / naive", fill.wallMs / naiveFill.wallMs, {
        atMost: 1,
        unit: "x",
        fullOnly: true,
        notJudgedBecause: busy,
        why: "joining the quarter of repeats saves their time (0.75 expected): never slower than a request per cell",
      });
    goal("requests on reopen (answers kept)", reopen.requests, {
      atMost: 0,
      why: "a reopened workbook shows its kept answers without paying for them again",
    });
    goal("cells not answered on reopen", CELLS - reopen.answered, {
      atMost: 0,
      why: "every cell shows its kept answer",
    });
    goal("requests per unique lookup with 20% 503 (scheduler)", faults.requests / unique, {
      atMost: 1.4,
      why: "only refused requests are retried: 1 / (1 - 0.2) = 1.25 expected (1.254 with seed 44, every run), the naive client's repeats add a third more",
    });
    goal("cells not answered with 20% 503 (scheduler)", CELLS - faults.answered, {
      atMost: 0,
      why: "a 503 is retried until answered, no cell shows the service's refusal",
    });
    if (naiveFaults)
      goal("time with 20% 503, scheduler / naive", faults.wallMs / naiveFaults.wallMs, {
        atMost: 0.9,
        unit: "x",
        fullOnly: true,
        notJudgedBecause: busy,
        // With seed 44 both sides meet the same 503s: 1,881 requests against 2,526 (0.74). Seven
        // runs read 0.59 to 0.78 (the 0.78 at load average 8), so 0.9 leaves 0.12 over the slowest.
        why: "retrying only the refused requests keeps a busy service's fill-down shorter than one request per cell",
      });
  } finally {
    await sandbox.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
