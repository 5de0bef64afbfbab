import { cpus, loadavg } from "node:os";

// Goals of the benchmarks: each figure is printed beside the goal it is held to, and a figure
// that misses its goal says so, with why it matters, and makes the benchmark exit 1.
//
//     import { goal, quick, finishGoals } from "./goals";
//     const CELLS = quick ? 2_000 : 100_000;
//     goal("lookups per second", perSecond, { atLeast: 300, unit: "/s", why: "a fill-down of 10,000 cells in under a minute" });
//     finishGoals();
//
// Goals on times with little margin are given `notJudgedBecause: machineBusy()`: on a machine
// shared with other work they are judged only while it has the CPUs to spare.
//
// `--quick` (or BENCH_QUICK=1) runs a benchmark at small sizes, in a minute or two, so that
// `npm test` notices a benchmark the product has outgrown; goals that only hold at full size are
// given `fullOnly: true` and are printed, not judged, in a quick pass.

export const quick = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

/** Above this 1-minute load average per CPU, times are the machine's (see machineBusy). */
export const BUSY_LOAD_PER_CPU = 2;
// The machine's 1-minute load average while this benchmark runs, every 2 s.
const loadSamples = [loadavg()[0]!];
setInterval(() => loadSamples.push(loadavg()[0]!), 2_000).unref();

/**
 * Why a time measured in this run would be the machine's rather than the product's: the load
 * average during the run (the mean of the samples) above twice the CPUs, that is other work
 * waiting for them (the benchmark's own processes count about 2). Null when the machine was
 * free enough. Give it as `notJudgedBecause` to goals on times with little margin.
 */
export function machineBusy(): string | null {
  loadSamples.push(loadavg()[0]!);
  const mean = loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length;
  const cores = cpus().length;
  return mean > BUSY_LOAD_PER_CPU * cores
    ? `load average ${mean.toFixed(1)} on ${cores} CPUs during the run: a time measures the machine`
    : null;
}

export interface GoalOptions {
  /** The figure must be at least this. */
  atLeast?: number;
  /** The figure must be at most this. */
  atMost?: number;
  /** Printed after the figure and the goal, e.g. "ms", "MB", "x". */
  unit?: string;
  /** What the goal protects, said when it is missed. */
  why: string;
  /** Judged only at full size (a quick pass prints it as information). */
  fullOnly?: boolean;
  /**
   * Why this run cannot judge it (printed instead of a verdict), e.g. a time measured while the
   * machine was busy with other work: the figure would be the machine's, not the product's.
   */
  notJudgedBecause?: string | null;
}

export interface GoalResult {
  name: string;
  figure: number;
  met: boolean;
  judged: boolean;
  line: string;
}

const results: GoalResult[] = [];

function formatted(value: number, unit: string | undefined, precise = false): string {
  const digits = precise ? 6 : Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString("en-US", { maximumFractionDigits: digits });
  if (!unit) return number;
  return /^[a-z]/i.test(unit) && unit !== "x" ? `${number} ${unit}` : `${number}${unit}`;
}

/** Checks one figure against its goal, prints both, and remembers the outcome. */
export function goal(name: string, figure: number, options: GoalOptions): GoalResult {
  if (options.atLeast === undefined && options.atMost === undefined)
    throw new Error(`goal "${name}" has no bound`);
  const bounds: string[] = [];
  if (options.atLeast !== undefined && options.atLeast === options.atMost)
    bounds.push(`= ${formatted(options.atLeast, options.unit)}`);
  else {
    if (options.atLeast !== undefined)
      bounds.push(`>= ${formatted(options.atLeast, options.unit)}`);
    if (options.atMost !== undefined) bounds.push(`<= ${formatted(options.atMost, options.unit)}`);
  }
  const met =
    Number.isFinite(figure) &&
    (options.atLeast === undefined || figure >= options.atLeast) &&
    (options.atMost === undefined || figure <= options.atMost);
  const judged = !(quick && options.fullOnly) && !options.notJudgedBecause;
  const verdict =
    quick && options.fullOnly
      ? "(full size only)"
      : options.notJudgedBecause
        ? `(not judged: ${options.notJudgedBecause})`
        : met
          ? "ok"
          : `MISSED: ${options.why}`;
  // A figure that misses its goal is never printed as the bound itself (1.004 is not "1").
  const shown = formatted(figure, options.unit);
  const figureText =
    !met && bounds.some((b) => b.endsWith(` ${shown}`))
      ? formatted(figure, options.unit, true)
      : shown;
  const line = `  goal  ${name}: ${figureText} (goal ${bounds.join(" and ")}) ${verdict}`;
  console.log(line);
  const result = { name, figure, met, judged, line };
  results.push(result);
  return result;
}

/** The goals checked so far. */
export function goalResults(): readonly GoalResult[] {
  return results;
}

/** Prints the count of goals met and sets exit code 1 when one judged was missed. */
export function finishGoals(): void {
  const missed = results.filter((r) => r.judged && !r.met);
  if (results.length === 0) {
    console.log("  goals: none checked");
    process.exitCode = 1;
    return;
  }
  const judged = results.filter((r) => r.judged).length;
  const unjudged = results.length - judged;
  console.log(
    `  goals: ${judged - missed.length} of ${judged} met${quick ? ` (quick pass; ${unjudged} judged at full size only)` : unjudged ? ` (${unjudged} not judged in this run)` : ""}`
  );
  if (missed.length > 0) {
    for (const r of missed) console.log(`  ${r.line.trim()}`);
    process.exitCode = 1;
  }
}
