import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PersonRequest } from "../src/api/types";
import { ApiError } from "../src/client/errors";
import type { AnswerStore } from "../src/client/answer-store";
import { KeyValueAnswerStore } from "../src/client/key-value-answer-store";
import { NodeFileStore } from "../src/client/node-file-store";
import { Services, type ServicesOptions } from "../src/runtime/services";
import { MemorySettingsStorage, SettingsStore, type Settings } from "../src/runtime/settings";
import type { TaskPaneHost } from "../src/runtime/task-pane-host";
import { post, printTable, startSandboxProcess, type SandboxProcess } from "./sandbox-process";

// The spending controls and durable answers of issue 9, measured as cells see them: for each
// scenario, the requests sent and how every cell settled. Runs the runtime's real services
// (settings, guard, scheduler, cache, client) against the sandbox over HTTP.
// Flags: --latency-ms (default 20), --concurrency (default 6).

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const LATENCY_MS = flag("latency-ms", 20);
const CONCURRENCY = flag("concurrency", 6);

/** The task pane as the runtime sees it: the question is on screen, `onAsk` answers it. */
function paneThatAnswers(onAsk: () => void): TaskPaneHost {
  return {
    askInTaskPane: async () => {
      setTimeout(onAsk, 50);
      return true;
    },
    present: () => () => undefined,
    onLeave: () => undefined,
  };
}

interface Runtime {
  services: Services;
  /** Lookup requests sent, by base URL. */
  sent: Map<string, number>;
}

const runtimes: Runtime[] = [];

function runtime(
  baseUrl: string,
  apiKey: string,
  settings: Partial<Settings>,
  store: AnswerStore,
  options: ServicesOptions = {}
): Runtime {
  const sent = new Map<string, number>();
  const services = new Services(
    new SettingsStore(new MemorySettingsStorage(), {
      apiKey,
      baseUrl,
      webhookUrl: null,
      ...settings,
    }),
    store,
    {
      maxConcurrent: CONCURRENCY,
      fetch: (input, init) => {
        const url = new URL(String(input));
        if (url.pathname.includes("/find-email/"))
          sent.set(url.origin, (sent.get(url.origin) ?? 0) + 1);
        return fetch(input, init);
      },
    },
    options
  );
  const created = { services, sent };
  runtimes.push(created);
  return created;
}

const people = (n: number, from: number): PersonRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    first_name: `Bench${from + i}`,
    last_name: "Cell",
    domain: `spend-${from + i}.example.com`,
  }));

interface Settled {
  answered: number;
  notRun: Record<string, number>;
  failed: number;
}

/** Runs the cells and tells how each settled. */
async function cells(runtime: Runtime, rows: PersonRequest[]): Promise<Settled> {
  const scheduler = await runtime.services.scheduler();
  const results = await Promise.allSettled(rows.map((row) => scheduler.lookup("person", row)));
  const settled: Settled = { answered: 0, notRun: {}, failed: 0 };
  for (const result of results) {
    if (result.status === "fulfilled") settled.answered++;
    else if (result.reason instanceof ApiError && result.reason.kind === "refused")
      settled.notRun[result.reason.code] = (settled.notRun[result.reason.code] ?? 0) + 1;
    else settled.failed++;
  }
  return settled;
}

const total = (sent: Map<string, number>): number => [...sent.values()].reduce((a, b) => a + b, 0);

interface Row {
  scenario: string;
  cells: number;
  "requests sent": number | string;
  "cells settled": string;
  answered: number;
  "not run": string;
  failed: number;
  "wall ms": number;
}

function row(scenario: string, count: number, sent: number | string, s: Settled, ms: number): Row {
  const notRun = Object.entries(s.notRun)
    .map(([code, n]) => `${n} ${code}`)
    .join(", ");
  const settled = s.answered + s.failed + Object.values(s.notRun).reduce((a, b) => a + b, 0);
  return {
    scenario,
    cells: count,
    "requests sent": sent,
    "cells settled": `${settled}/${count}`,
    answered: s.answered,
    "not run": notRun || "0",
    failed: s.failed,
    "wall ms": Math.round(ms),
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-spending-"));
  const sandboxArgs = [
    "--db",
    ":memory:",
    "--latency-ms",
    String(LATENCY_MS),
    "--concurrency",
    String(CONCURRENCY),
  ];
  const [first, second] = await Promise.all([
    startSandboxProcess(sandboxArgs),
    startSandboxProcess(sandboxArgs),
  ]);
  const key = async (sandbox: SandboxProcess): Promise<string> =>
    (await post(sandbox.baseUrl, "/sandbox/accounts", { credits: 100_000 })).api_key;
  const file = (name: string): KeyValueAnswerStore =>
    new KeyValueAnswerStore(new NodeFileStore(join(directory, name)));
  const rows: Row[] = [];
  try {
    // Spending off: 500 answers kept first, then 2,000 cells of which 1,500 are new.
    {
      const r = runtime(first.baseUrl, await key(first), { confirmAbove: null }, file("off.json"));
      await cells(r, people(500, 0));
      const before = total(r.sent);
      await r.services.settings.save({ spendingEnabled: false });
      const [s, ms] = await timed(() => cells(r, people(2000, 0)));
      rows.push(row("spending off (500 kept, 1,500 new)", 2000, total(r.sent) - before, s, ms));
    }
    // Threshold 25: 200 new lookups, asked, then Run or Don't run.
    for (const run of [true, false]) {
      let sentAtQuestion = -1;
      const holder: { r?: Runtime } = {};
      const host = paneThatAnswers(() => {
        sentAtQuestion = total(holder.r!.sent);
        holder.r!.services.lookups.answer(run);
      });
      holder.r = runtime(
        first.baseUrl,
        await key(first),
        { confirmAbove: 25 },
        file(`q${run}.json`),
        {
          host,
        }
      );
      const [s, ms] = await timed(() => cells(holder.r!, people(200, 10_000)));
      rows.push(
        row(
          `threshold 25, 200 new: ${run ? "Run" : "Don't run"}`,
          200,
          `${sentAtQuestion} before the answer, ${total(holder.r.sent)} in all`,
          s,
          ms
        )
      );
    }
    // Stop during a 1,500-lookup recalculation, once 60 have been answered.
    {
      const r = runtime(first.baseUrl, await key(first), { confirmAbove: null }, file("stop.json"));
      const scheduler = await r.services.scheduler();
      let sentAtStop = 0;
      const stopper = scheduler.subscribe(() => {
        if (scheduler.counts.answered >= 60 && sentAtStop === 0) {
          sentAtStop = total(r.sent);
          scheduler.stop();
        }
      });
      const [s, ms] = await timed(() => cells(r, people(1500, 20_000)));
      stopper();
      rows.push(
        row(
          "Stop after 60 answered, 1,500 lookups",
          1500,
          `${sentAtStop} at Stop, ${total(r.sent)} in all`,
          s,
          ms
        )
      );
    }
    // Settings saved during a recalculation: the rest goes to the second service.
    {
      const r = runtime(
        first.baseUrl,
        await key(first),
        { confirmAbove: null },
        file("switch.json")
      );
      const scheduler = await r.services.scheduler();
      const theirs = await key(second);
      let switched = false;
      const switcher = scheduler.subscribe(() => {
        if (!switched && scheduler.counts.answered >= 50) {
          switched = true;
          void r.services.settings.save({ baseUrl: second.baseUrl, apiKey: theirs });
        }
      });
      const [s, ms] = await timed(() => cells(r, people(300, 30_000)));
      switcher();
      const a = r.sent.get(new URL(first.baseUrl).origin) ?? 0;
      const b = r.sent.get(new URL(second.baseUrl).origin) ?? 0;
      rows.push(row("settings saved after 50 of 300", 300, `${a} first + ${b} second`, s, ms));
    }
    // Reopening right after a 2,000-cell fill-down (1,500 distinct), durable answers versus
    // the former write-behind (shown first, written 200 ms later).
    for (const durable of [true, false]) {
      const apiKey = await key(first);
      const name = `reopen-${durable}.json`;
      const options: ServicesOptions = durable
        ? {}
        : { scheduler: { storeWaitMs: 0 }, cacheFlushDelayMs: 200 };
      const fill = [...people(1500, 40_000), ...people(500, 40_000)];
      const r = runtime(first.baseUrl, apiKey, { confirmAbove: null }, file(name), options);
      await cells(r, fill);
      // Reopened at once: a new runtime over what the store holds now.
      const reopened = runtime(first.baseUrl, apiKey, { confirmAbove: null }, file(name), options);
      const [s, ms] = await timed(() => cells(reopened, fill));
      rows.push(
        row(
          `reopen right after 2,000 cells (${durable ? "durable answers" : "write-behind 200 ms"})`,
          2000,
          total(reopened.sent),
          s,
          ms
        )
      );
    }
    printTable(
      `Spending controls and durable answers (person lookups; sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY})`,
      rows.map((r) => ({ ...r }))
    );
  } finally {
    await Promise.all(runtimes.map((r) => r.services.flush()));
    await Promise.all([first.stop(), second.stop()]);
    rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

void main();
