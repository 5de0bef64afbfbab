import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PersonRequest } from "../src/api/types";
import { EmailServiceClient } from "../src/client/client";
import { KeyValueAnswerStore } from "../src/client/key-value-answer-store";
import { NodeFileStore } from "../src/client/node-file-store";
import { ResultCache, cacheNamespace } from "../src/client/result-cache";
import { LookupScheduler } from "../src/client/scheduler";
import { post, printTable, startSandboxProcess, type SandboxProcess } from "./sandbox-process";
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from "./fixtures";

// Fill-down of person lookups through the client's scheduler and cache, against the sandbox
// over HTTP, beside a naive client that sends one request per cell call.
// Flags: --latency-ms (default 50), --concurrency (default 6), --cells (default 2000).

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const LATENCY_MS = flag("latency-ms", 50);
const CONCURRENCY = flag("concurrency", 6);
const CELLS = flag("cells", 2000);
const DUPLICATE_SHARE = 0.25;

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
  const cache = new ResultCache({
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
  const results = await Promise.allSettled(cells.map((cell) => client.findEmail.person(cell)));
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

    const runs: Run[] = [];
    const userKey = await key();
    runs.push(await withScheduler("fill-down", sandbox, userKey, cells, storeFile));
    runs.push(await naive("fill-down", sandbox, await key(), cells, unique));
    // A fresh client over the same store, same user: the workbook reopened.
    runs.push(await withScheduler("reopen (cached)", sandbox, userKey, cells, storeFile));
    await post(sandbox.baseUrl, "/sandbox/faults", { rate503: 0.2 });
    runs.push(
      await withScheduler(
        "fill-down, 20% 503",
        sandbox,
        await key(),
        cells,
        join(directory, "cache-503.json")
      )
    );
    runs.push(await naive("fill-down, 20% 503", sandbox, await key(), cells, unique));
    await post(sandbox.baseUrl, "/sandbox/faults", { rate503: 0 });

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
  } finally {
    await sandbox.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

void main();
