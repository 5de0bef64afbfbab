import { spawn, type ChildProcess } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { BENCHMARKS, BUILT, FULL_ONLY } from "./benchmarks";
import { quick } from "./goals";
import { CHECKED_ENV, ensureProductionBuild } from "./production-build";

// `npm run bench`: every benchmark in turn, each in its own process, with the flags given here
// (`--quick`: small sizes, a minute or two for all). Names of benchmarks among the arguments
// run those only (`tsx bench/run.ts --quick spending pane-load`). Prints each one's output and
// time, then a summary: passed, failed (a goal missed: its line), or crashed (its exit code or
// signal and its last lines). Exits 0 only if every benchmark passed.

/** A benchmark that runs longer is stopped and counted as crashed. */
const TIMEOUT_MS = (quick ? 3 : 60) * 60_000;
const TAIL_LINES = 15;

type Outcome = "passed" | "no goals" | "failed" | "crashed";

interface Result {
  bench: string;
  outcome: Outcome;
  ms: number;
  /** "9 of 9 met", the exit code or signal. */
  detail: string;
  /** The missed goals' lines, or the last lines of the output of a crash. */
  lines: string[];
}

const named = (arg: string): string | undefined =>
  BENCHMARKS.find((b) => b === arg || b === `${arg}.ts`);
const args = process.argv.slice(2);
const chosen = args.map(named).filter((b): b is string => b !== undefined);
const passed = args.filter((a) => named(a) === undefined);
const selected =
  chosen.length > 0
    ? BENCHMARKS.filter((b) => chosen.includes(b))
    : BENCHMARKS.filter((b) => !(quick && FULL_ONLY.includes(b)));

function seconds(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");

let current: ChildProcess | null = null;
/** Stops a benchmark with what it started (a browser, a sandbox): its whole process group. */
function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    if (current) stop(current, signal);
    process.exit(130);
  });

function run(bench: string): Promise<Result> {
  const started = performance.now();
  // A process group of its own, so that a benchmark stopped takes its children with it.
  const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, bench), ...passed], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  current = child;
  const tail: string[] = [];
  const missed: string[] = [];
  let met = "";
  const remember = (text: string): void => {
    for (const line of text.split(/\r|\n/)) {
      if (line.trim() === "") continue;
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      if (/^\s*goal\s.*\sMISSED: /.test(line) && !missed.includes(line)) missed.push(line);
      const count = /^\s*goals: (.*)$/.exec(line);
      if (count) met = count[1]!;
    }
  };
  // Whole lines only: a chunk may end inside one.
  const reader = (write: (chunk: Buffer) => void): ((chunk: Buffer) => void) => {
    let partial = "";
    return (chunk) => {
      write(chunk);
      const text = partial + chunk.toString();
      const end = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
      remember(text.slice(0, end + 1));
      partial = text.slice(end + 1);
    };
  };
  child.stdout!.on(
    "data",
    reader((chunk) => process.stdout.write(chunk))
  );
  child.stderr!.on(
    "data",
    reader((chunk) => process.stderr.write(chunk))
  );
  let timedOut = false;
  let kill: NodeJS.Timeout | undefined;
  const timer = setTimeout(() => {
    timedOut = true;
    stop(child, "SIGTERM");
    kill = setTimeout(() => stop(child, "SIGKILL"), 10_000);
  }, TIMEOUT_MS);
  return new Promise((resolve) => {
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      clearTimeout(kill);
      // Whatever it left running (a browser it did not close), stopped.
      stop(child, "SIGKILL");
      current = null;
      const ms = performance.now() - started;
      const result = (outcome: Outcome, detail: string, lines: string[]): Result => ({
        bench,
        outcome,
        ms,
        detail,
        lines,
      });
      if (timedOut) resolve(result("crashed", `stopped after ${seconds(TIMEOUT_MS)}`, [...tail]));
      else if (missed.length > 0) resolve(result("failed", `goals: ${met}`, missed));
      else if (code === 0)
        resolve(met ? result("passed", `goals: ${met}`, []) : result("no goals", "exit 0", []));
      else
        resolve(
          result(
            "crashed",
            signal ? `killed by ${signal}` : `exit code ${code}${met ? `, goals: ${met}` : ""}`,
            [...tail]
          )
        );
    });
  });
}

async function main(): Promise<void> {
  console.log(
    `Benchmarks${quick ? " (quick)" : ""} on Node ${process.version}, ${cpus().length} CPUs, ` +
      `load average ${load()}${passed.length ? `; flags: ${passed.join(" ")}` : ""}`
  );
  const started = performance.now();
  if (selected.some((b) => BUILT.includes(b))) {
    // Once for all: a source saved during the run does not make each benchmark build again.
    const building = performance.now();
    ensureProductionBuild();
    process.env[CHECKED_ENV] = "1";
    console.log(`dist/ up to date (${seconds(performance.now() - building)})`);
  }
  const results: Result[] = [];
  for (const bench of selected) {
    console.log(`\n=== ${bench} ===`);
    const result = await run(bench);
    results.push(result);
    console.log(`=== ${bench}: ${result.outcome} in ${seconds(result.ms)} (${result.detail}) ===`);
  }
  const totalMs = performance.now() - started;

  const width = Math.max(...results.map((r) => r.bench.length));
  console.log(
    `\nSummary${quick ? " (quick)" : ""}: ${results.length} benchmarks in ${seconds(totalMs)}, ` +
      `Node ${process.version}, load average ${load()}`
  );
  for (const r of results)
    console.log(
      `  ${r.bench.padEnd(width)}  ${r.outcome.padEnd(8)}  ${seconds(r.ms).padStart(12)}  ${r.detail}`
    );
  for (const r of results.filter((r) => r.lines.length > 0)) {
    console.log(
      `\n${r.bench} ${r.outcome === "failed" ? "missed:" : `${r.detail}; its last lines:`}`
    );
    for (const line of r.lines) console.log(`  ${line.trim()}`);
  }
  const unjudged = results.filter((r) => r.outcome === "no goals");
  if (unjudged.length > 0)
    console.log(
      `\nNo goal judged (the benchmark prints none yet): ${unjudged.map((r) => r.bench).join(", ")}`
    );
  process.exitCode = results.every((r) => r.outcome === "passed" || r.outcome === "no goals")
    ? 0
    : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
