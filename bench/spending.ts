import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PersonRequest } from "../src/api/types";
import { ApiError } from "../src/client/errors";
import type { AnswerStore } from "../src/client/answer-store-contract";
import { KeyValueAnswerStore } from "../src/client/answer-store-key-value";
import { NodeFileStore } from "../src/client/node-file-store";
import { Services, type ServicesOptions } from "../src/runtime/services";
import { MemorySettingsStorage, SettingsStore, type Settings } from "../src/runtime/settings";
import type { TaskPaneHost } from "../src/runtime/task-pane-host";
import { finishGoals, goal, quick } from "./goals";
import { post, printTable, startSandboxProcesses, type SandboxProcess } from "./sandbox-process";

// The spending controls and durable answers of issue 9, measured as cells see them: for each
// scenario, the requests sent and how every cell settled. Runs the runtime's real services
// (settings, guard, scheduler, cache, client) against the sandbox over HTTP.
// Flags: --latency-ms (default 20), --concurrency (default 6); --quick: a fifth of the cells.

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
}

const LATENCY_MS = flag("latency-ms", 20);
const CONCURRENCY = flag("concurrency", 6);
/** The sizes of the scenarios (a fifth with --quick; the question's threshold stays 25). */
const N = quick
  ? {
      kept: 100,
      off: 400,
      asked: 100,
      stopOf: 300,
      stopAt: 20,
      switchOf: 120,
      switchAt: 20,
      fill: 300,
      repeats: 100,
    }
  : {
      kept: 500,
      off: 2000,
      asked: 200,
      stopOf: 1500,
      stopAt: 60,
      switchOf: 300,
      switchAt: 50,
      fill: 1500,
      repeats: 500,
    };

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

const settledCount = (s: Settled): number =>
  s.answered + s.failed + Object.values(s.notRun).reduce((a, b) => a + b, 0);

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
  const settled = settledCount(s);
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
  const [first, second] = (await startSandboxProcesses([sandboxArgs, sandboxArgs])) as [
    SandboxProcess,
    SandboxProcess,
  ];
  const key = async (sandbox: SandboxProcess): Promise<string> =>
    (await post(sandbox.baseUrl, "/sandbox/accounts", { credits: 100_000 })).api_key;
  const file = (name: string): KeyValueAnswerStore =>
    new KeyValueAnswerStore(new NodeFileStore(join(directory, name)));
  const rows: Row[] = [];
  /** Each scenario's goals, judged after the table. */
  const goals: Array<() => void> = [];
  try {
    // Spending off: 500 answers kept first, then 2,000 cells of which 1,500 are new.
    {
      const r = runtime(first.baseUrl, await key(first), { confirmAbove: null }, file("off.json"));
      await cells(r, people(N.kept, 0));
      const before = total(r.sent);
      await r.services.settings.save({ spendingEnabled: false });
      const [s, ms] = await timed(() => cells(r, people(N.off, 0)));
      const sent = total(r.sent) - before;
      rows.push(row(`spending off (${N.kept} kept, ${N.off - N.kept} new)`, N.off, sent, s, ms));
      goals.push(() => {
        goal("spending off: requests sent", sent, {
          atMost: 0,
          why: "with spending off no lookup is sent: nothing can be charged",
        });
        goal("spending off: kept answers shown", s.answered, {
          atLeast: N.kept,
          atMost: N.kept,
          why: "answers already paid for are still shown with spending off",
        });
        goal("spending off: new cells said not run", s.notRun.spending_off ?? 0, {
          atLeast: N.off - N.kept,
          atMost: N.off - N.kept,
          why: "every new cell says why it has no answer (spending is off), none fails or hangs",
        });
      });
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
      const [s, ms] = await timed(() => cells(holder.r!, people(N.asked, 10_000)));
      const sent = total(holder.r.sent);
      const answer = run ? "Run" : "Don't run";
      rows.push(
        row(
          `threshold 25, ${N.asked} new: ${answer}`,
          N.asked,
          `${sentAtQuestion} before the answer, ${sent} in all`,
          s,
          ms
        )
      );
      goals.push(() => {
        goal(`threshold 25, ${answer}: requests sent before the answer`, sentAtQuestion, {
          atLeast: 0,
          atMost: 0,
          why: "a recalculation above the threshold waits for the user's answer before it spends",
        });
        goal(`threshold 25, ${answer}: requests sent in all`, sent, {
          atLeast: run ? N.asked : 0,
          atMost: run ? N.asked : 0,
          why: run
            ? "Run sends each of the cells once"
            : "Don't run sends nothing: the user declined to spend",
        });
        goal(
          `threshold 25, ${answer}: cells ${run ? "answered" : "said not run"}`,
          run ? s.answered : (s.notRun.declined ?? 0),
          {
            atLeast: N.asked,
            atMost: N.asked,
            why: run ? "every cell shows its answer" : "every cell says it was not run (declined)",
          }
        );
      });
    }
    // Stop during a 1,500-lookup recalculation, once 60 have been answered.
    {
      const r = runtime(first.baseUrl, await key(first), { confirmAbove: null }, file("stop.json"));
      const scheduler = await r.services.scheduler();
      let sentAtStop = 0;
      let answeredAtStop = 0;
      const stopper = scheduler.subscribe(() => {
        if (scheduler.counts.answered >= N.stopAt && sentAtStop === 0) {
          sentAtStop = total(r.sent);
          answeredAtStop = scheduler.counts.answered;
          scheduler.stop();
        }
      });
      const [s, ms] = await timed(() => cells(r, people(N.stopOf, 20_000)));
      stopper();
      const sent = total(r.sent);
      rows.push(
        row(
          `Stop after ${N.stopAt} answered, ${N.stopOf} lookups`,
          N.stopOf,
          `${sentAtStop} at Stop, ${sent} in all`,
          s,
          ms
        )
      );
      goals.push(() => {
        goal("Stop: requests sent after Stop", sent - sentAtStop, {
          atMost: 0,
          why: "Stop stops spending at once: nothing is sent after it",
        });
        goal("Stop: requests sent beyond the cells answered at Stop", sent - answeredAtStop, {
          atMost: CONCURRENCY,
          why: `only the answered and the ${CONCURRENCY} at most on the wire at Stop are paid for`,
        });
        goal("Stop: cells left unsettled", N.stopOf - settledCount(s), {
          atMost: 0,
          why: 'every cell settles after Stop (answered or "Stopped"), none is left calculating',
        });
      });
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
        if (!switched && scheduler.counts.answered >= N.switchAt) {
          switched = true;
          void r.services.settings.save({ baseUrl: second.baseUrl, apiKey: theirs });
        }
      });
      const [s, ms] = await timed(() => cells(r, people(N.switchOf, 30_000)));
      switcher();
      const a = r.sent.get(new URL(first.baseUrl).origin) ?? 0;
      const b = r.sent.get(new URL(second.baseUrl).origin) ?? 0;
      rows.push(
        row(
          `settings saved after ${N.switchAt} of ${N.switchOf}`,
          N.switchOf,
          `${a} first + ${b} second`,
          s,
          ms
        )
      );
      goals.push(() => {
        goal("settings saved midway: requests per cell (both services)", (a + b) / N.switchOf, {
          atLeast: 1,
          atMost: 1,
          why: "a lookup is sent once, to the service of the settings in force: none is sent to both",
        });
        goal("settings saved midway: requests to the second service", b, {
          atLeast: 1,
          why: "the lookups after the save go to the service just saved",
        });
        goal("settings saved midway: cells answered", s.answered, {
          atLeast: N.switchOf,
          why: "changing the settings during a recalculation loses no cell",
        });
      });
    }
    // Reopening right after a 2,000-cell fill-down (1,500 distinct), durable answers versus
    // the former write-behind (shown first, written 200 ms later).
    for (const durable of [true, false]) {
      const apiKey = await key(first);
      const name = `reopen-${durable}.json`;
      const options: ServicesOptions = durable
        ? {}
        : { scheduler: { storeWaitMs: 0 }, cacheFlushDelayMs: 200 };
      const fill = [...people(N.fill, 40_000), ...people(N.repeats, 40_000)];
      const r = runtime(first.baseUrl, apiKey, { confirmAbove: null }, file(name), options);
      await cells(r, fill);
      // Reopened at once: a new runtime over what the store holds now.
      const reopened = runtime(first.baseUrl, apiKey, { confirmAbove: null }, file(name), options);
      const [s, ms] = await timed(() => cells(reopened, fill));
      const sent = total(reopened.sent);
      rows.push(
        row(
          `reopen right after ${fill.length} cells (${durable ? "durable answers" : "write-behind 200 ms"})`,
          fill.length,
          sent,
          s,
          ms
        )
      );
      // The former write-behind is shown for comparison only: the product stores first.
      if (durable)
        goals.push(() => {
          goal("reopen right after a fill-down: requests sent", sent, {
            atMost: 0,
            why: "an answer is kept before it is shown: reopening at once never pays for it again",
          });
          goal("reopen right after a fill-down: cells answered", s.answered, {
            atLeast: fill.length,
            why: "every cell shows its kept answer",
          });
        });
    }
    printTable(
      `Spending controls and durable answers (person lookups; sandbox latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY})`,
      rows.map((r) => ({ ...r }))
    );
    console.log("");
    for (const judge of goals) judge();
  } finally {
    await Promise.all(runtimes.map((r) => r.services.flush()));
    await Promise.all([first.stop(), second.stop()]);
    rmSync(directory, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
}

main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
