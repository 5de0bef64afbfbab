import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { call } from "../test/helpers/sandbox";
import { startTestDatabase } from "../test/helpers/postgres";
import { flag } from "./browser-setup";
import { finishGoals, goal, quick } from "./goals";
import { startHostProcess, type HostProcess } from "./host-process";
import { DIST, ensureProductionBuild } from "./production-build";
import { printTable } from "./sandbox-process";
import { cpuOfPids, fire, startStandIn, type StandIn } from "./team-throughput";

// Team mode's lookups per second, this checkout's host beside a baseline's (another checkout of
// the repository, e.g. a `git worktree` of the last release), in one run: the same stand-in
// service, the same store kinds (SQLite; PostgreSQL, one instance), rounds interleaving the two,
// medians compared. A change to the host's money paths (issue 42) must not make it slower.
// `npx tsx bench/team-host-baseline.ts --baseline <checkout> [--lookups N] [--rounds N]
// [--sources]`; the baseline's own node_modules are used (a worktree's may be a link to this
// one's). Each checkout's host is compiled as its release compiles it and run with node alone,
// as operators run it; `--sources` runs the TypeScript sources under tsx instead (`npm run
// serve`), where loading them costs the host CPU a lookup of its own: measured, 10-17% more
// host CPU for code with more modules (the store on Kysely), none once compiled.

const LOOKUPS = Number(flag("lookups", quick ? "300" : "2000"));
const ROUNDS = Number(flag("rounds", quick ? "2" : "6"));
const CONCURRENCY = Number(flag("concurrency", "64"));
const BASELINE = flag("baseline", "");
const SOURCES = process.argv.includes("--sources");

/** The checkout's host compiled by its own scripts/release/compile-host.ts, into `into`. */
function compileHostOf(root: string, into: string): string {
  const script = `require(${JSON.stringify(join(root, "scripts/release/compile-host"))}).compileHost(${JSON.stringify(into)})`;
  execFileSync(process.execPath, ["--import", "tsx", "-e", script], {
    cwd: root,
    stdio: "inherit",
  });
  // Its packages from the checkout's node_modules, as the release installs them beside it.
  symlinkSync(join(root, "node_modules"), join(into, "node_modules"));
  return join(into, "server", "cli.js");
}
const LOOKUP = "/api/v5.1/find-email/person";

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

interface Setup {
  code: "this" | "baseline";
  store: "SQLite" | "PostgreSQL";
  host: HostProcess;
  token: string;
}

async function main(): Promise<void> {
  if (!BASELINE) throw new Error("--baseline <another checkout of the repository> is required");
  ensureProductionBuild();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-baseline-"));
  const admin = randomBytes(32).toString("base64url");
  writeFileSync(join(directory, "admin-token"), admin, { mode: 0o600 });
  writeFileSync(join(directory, "service-key"), "company-key-of-the-stand-in", { mode: 0o600 });
  const teamArgs = [
    "--quiet",
    "--team",
    "--service-key-file",
    join(directory, "service-key"),
    "--admin-token-file",
    join(directory, "admin-token"),
  ];
  const standIn: StandIn = await startStandIn();
  const databases = await Promise.all([startTestDatabase(), startTestDatabase()]);
  const started: HostProcess[] = [];
  try {
    const setups: Setup[] = [];
    for (const [code, root] of [
      ["this", undefined],
      ["baseline", resolve(BASELINE)],
    ] as const) {
      const compiled = SOURCES
        ? undefined
        : compileHostOf(root ?? resolve(__dirname, ".."), join(directory, `host-${code}`));
      for (const store of ["SQLite", "PostgreSQL"] as const) {
        const host = await startHostProcess({
          dist: DIST,
          upstream: standIn.url,
          ...(root ? { root } : {}),
          ...(compiled ? { compiled } : {}),
          args: [
            ...teamArgs,
            ...(store === "SQLite" ? ["--db", join(directory, `${code}.db`)] : []),
          ],
          ...(store === "PostgreSQL"
            ? { env: { DATABASE_URL: databases[code === "this" ? 0 : 1]!.url } }
            : {}),
        });
        started.push(host);
        const added = await call(
          host.url,
          "POST",
          "/admin/api/members",
          { name: "Bench", email: "bench@team.example", monthly_budget: null },
          { authorization: `Bearer ${admin}` }
        );
        setups.push({ code, store, host, token: added.body.token as string });
      }
    }
    let asked = 0;
    const people = (count: number) =>
      Array.from({ length: count }, () => ({
        first_name: `Person${asked++}`,
        last_name: "Baseline",
        domain: "throughput.example",
      }));
    const runs = new Map<string, number[]>();
    const cpu = new Map<string, number[]>();
    const note = (map: Map<string, number[]>, key: string, value: number) =>
      map.set(key, [...(map.get(key) ?? []), value]);
    const once = async (setup: Setup, label: string) => {
      const bodies = people(LOOKUPS);
      for (const shared of [false, true]) {
        const before = cpuOfPids([setup.host.child.pid!]);
        const fired = await fire([setup.host.url], LOOKUP, [setup.token], bodies, CONCURRENCY);
        note(runs, `${label}|${shared}`, bodies.length / (fired.wallMs / 1000));
        // The host's own CPU a lookup: steadier than lookups/s on a machine shared with others.
        note(
          cpu,
          `${label}|${shared}`,
          (cpuOfPids([setup.host.child.pid!]) - before) / bodies.length
        );
      }
    };
    for (const setup of setups) await once(setup, "warm-up");
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < setups.length; i++) {
        const setup = setups[(i + round) % setups.length]!;
        await once(setup, `${setup.code}|${setup.store}`);
      }
    const rate = (code: string, store: string, shared: boolean) =>
      median(runs.get(`${code}|${store}|${shared}`)!);
    const cpuMs = (code: string, store: string, shared: boolean) =>
      median(cpu.get(`${code}|${store}|${shared}`)!);
    const rows = (["SQLite", "PostgreSQL"] as const).flatMap((store) =>
      [false, true].map((shared) => {
        const now = rate("this", store, shared);
        const before = rate("baseline", store, shared);
        return {
          store,
          lookups: shared ? "shared answers" : "fresh (bought)",
          "this code /s": Math.round(now),
          "baseline /s": Math.round(before),
          "this / baseline": (now / before).toFixed(2),
          "host CPU ms/lookup (this)": cpuMs("this", store, shared).toFixed(3),
          "host CPU ms/lookup (baseline)": cpuMs("baseline", store, shared).toFixed(3),
          "rounds (this)": runs.get(`this|${store}|${shared}`)!.map(Math.round).join(" "),
          "rounds (baseline)": runs.get(`baseline|${store}|${shared}`)!.map(Math.round).join(" "),
        };
      })
    );
    printTable(
      `Team lookups per second, this checkout beside ${BASELINE} (${SOURCES ? "sources under tsx" : "hosts compiled as released"}): ${LOOKUPS} a run, ${CONCURRENCY} at a time, medians of ${ROUNDS} interleaved rounds`,
      rows
    );
    for (const store of ["SQLite", "PostgreSQL"] as const)
      for (const shared of [false, true])
        goal(
          `${store}, ${shared ? "shared answers" : "fresh lookups"}: this code / baseline`,
          rate("this", store, shared) / rate("baseline", store, shared),
          {
            atLeast: 0.85,
            unit: "x",
            why: "the host is not slower than the baseline (0.85: rounds of one code vary by about 10% on a shared machine)",
          }
        );
  } finally {
    await Promise.all(started.map((host) => host.stop()));
    await Promise.all(databases.map((database) => database.drop()));
    await standIn.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

void main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
