import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { BENCHMARKS, FULL_ONLY } from "./benchmarks";
import { flag } from "./browser-setup";
import { printTable } from "./sandbox-process";

// Every benchmark of this checkout beside the same benchmark of another checkout (a baseline:
// `git worktree add ../base <commit>`), in one run: each benchmark is run in both, taking turns
// (the order swapped each round), each in its own process in its own checkout, with its own
// built add-in and node_modules. Every goal line a benchmark prints is a figure; the table puts
// each figure of this code beside the baseline's (medians of the rounds) and says which way it
// moved, judged by the goal's direction (at least: higher is better; at most: lower).
// `npx tsx bench/compare.ts --baseline <checkout> [--quick] [--rounds 1] [benchmark ...]`.
// A benchmark the baseline lacks is run here only and listed as new.

const BASELINE = flag("baseline", "");
const ROUNDS = Number(flag("rounds", "1"));
const quick = process.argv.includes("--quick");
/** A change smaller than this is the machine's noise (runs of one code differ by up to 15%). */
const NOISE = 0.15;

const named = (arg: string): string | undefined =>
  BENCHMARKS.find((b) => b === arg || b === `${arg}.ts`);
const chosen = process.argv
  .slice(2)
  .map(named)
  .filter((b): b is string => b !== undefined);
const selected =
  chosen.length > 0 ? chosen : BENCHMARKS.filter((bench) => !(quick && FULL_ONLY.includes(bench)));

interface Figure {
  value: number;
  /** Which way is better: the goal's bound. */
  better: "higher" | "lower" | "either";
  unit: string;
}

/** `  goal  <name>: <figure><unit> (goal >= <bound>) ...` as bench/goals.ts prints it. */
function parseGoalLine(line: string): ({ name: string } & Figure) | null {
  const found = /^\s*goal\s+(.+?): (-?[\d,]*\.?\d+(?:e[-+]?\d+)?)\s?(\S*) \(goal (>=|<=|=)/.exec(
    line
  );
  if (!found) return null;
  const [, name, number, unit, bound] = found;
  const both = line.includes(" and <= ");
  return {
    name: name!,
    value: Number(number!.replace(/,/g, "")),
    unit: unit!,
    better: both || bound === "=" ? "either" : bound === ">=" ? "higher" : "lower",
  };
}

async function run(checkout: string, bench: string): Promise<Map<string, Figure>> {
  const figures = new Map<string, Figure>();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join("bench", bench), ...(quick ? ["--quick"] : [])],
    { cwd: checkout, stdio: ["ignore", "pipe", "pipe"], detached: true }
  );
  let partial = "";
  const read = (chunk: Buffer): void => {
    const text = partial + chunk.toString();
    const lines = text.split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      const figure = parseGoalLine(line);
      if (figure) figures.set(figure.name, figure);
    }
  };
  child.stdout.on("data", read);
  child.stderr.on("data", () => undefined);
  const code = await new Promise<number | null>((done) => child.once("close", done));
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // Ended with everything it started.
  }
  console.log(`  ${bench} in ${checkout}: exit ${code}, ${figures.size} figures`);
  return figures;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function verdict(now: number, before: number, better: Figure["better"]): string {
  if (before === now) return "same";
  if (better === "either") return "(bounded both ways)";
  const change = before === 0 ? Infinity : Math.abs(now - before) / Math.abs(before);
  if (change <= NOISE) return "within noise";
  return (better === "higher") === now > before ? "better" : "WORSE";
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error("--baseline <another checkout of the repository> is required");
  const baseline = resolve(BASELINE);
  const here = resolve(__dirname, "..");
  console.log(
    `Benchmarks${quick ? " (quick)" : ""} of ${here} beside ${baseline}, ${ROUNDS} round(s), ` +
      `${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)}`
  );
  const rows: Record<string, string>[] = [];
  let worse = 0;
  for (const bench of selected) {
    const inBaseline = existsSync(join(baseline, "bench", bench));
    const runs = { this: [] as Map<string, Figure>[], baseline: [] as Map<string, Figure>[] };
    for (let round = 0; round < ROUNDS; round++) {
      const order =
        round % 2 === 0 ? (["baseline", "this"] as const) : (["this", "baseline"] as const);
      for (const code of order) {
        if (code === "baseline" && !inBaseline) continue;
        runs[code].push(await run(code === "this" ? here : baseline, bench));
      }
    }
    const names = new Set(runs.this.flatMap((figures) => [...figures.keys()]));
    for (const name of names) {
      const values = (code: "this" | "baseline") =>
        runs[code].map((figures) => figures.get(name)?.value).filter((v) => v !== undefined);
      const now = values("this");
      const before = values("baseline");
      const { better, unit } = runs.this.find((figures) => figures.has(name))!.get(name)!;
      const shown = (list: number[]) =>
        list.length ? `${+median(list).toPrecision(4)}${unit}` : "-";
      const moved = before.length ? verdict(median(now), median(before), better) : "new";
      if (moved === "WORSE") worse++;
      rows.push({
        benchmark: bench,
        figure: name,
        this: shown(now),
        baseline: shown(before),
        better,
        "this vs baseline": moved,
      });
    }
  }
  printTable(`Each benchmark's figures, this checkout beside ${baseline} (medians)`, rows);
  console.log(
    `\n${rows.length} figures: ${worse} worse beyond ${NOISE * 100}% (the machine's noise), ` +
      `${rows.filter((r) => r["this vs baseline"] === "better").length} better`
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
