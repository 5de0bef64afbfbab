import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../test/helpers/sandbox";
import { startTestDatabase } from "../test/helpers/postgres";
import {
  countingUpstream,
  runTeamLoad,
  type TeamLoadPlan,
  type TeamLoadResult,
} from "../test/helpers/team-load";
import { flag } from "./browser-setup";
import { finishGoals, goal, quick } from "./goals";
import { startHostProcess, type HostProcess } from "./host-process";
import { DIST, ensureProductionBuild } from "./production-build";
import { post, printTable, startSandboxProcess } from "./sandbox-process";
import { countRoundTrips } from "./team-round-trips";
import {
  CORES,
  cpuOfPid,
  cpuOfPids,
  fire,
  machineCpu,
  postgresPids,
  startStandIn,
  type StandIn,
} from "./team-throughput";

// Team mode of the production host (issues 26 and 36), every host a process of its own.
//  1. What one lookup asks of the store on each path (fresh, shared answer, joined in flight),
//     counted on SQLite and PostgreSQL.
//  2. Lookups per second of one member through the host in front of a stand-in service (fast:
//     the host and its store are what is measured), fresh and shared: SQLite, PostgreSQL with one
//     instance, and two instances on one PostgreSQL. Rounds interleave the three (the machine
//     is shared: ratios within a run are compared, medians of the rounds); the CPU time each
//     part used per lookup says where the time went.
//  3. Money under load against the sandbox: 20 members, 30% of lookups a colleague's repeat, 4
//     members with a budget of 10 credits, through two instances on one PostgreSQL of which one
//     is killed midway; then SQLite with one instance (full size only).
// Flags: --lookups (per run of 2.), --rounds, --concurrency 64. --quick: small sizes.
// PostgreSQL is the tests' cluster with synchronous_commit off, as SQLite runs with
// synchronous = NORMAL in WAL mode: a crash of the machine may lose the last commits, a crash of
// the host none.

const ADMIN = "x3bfTjMiQbQSpa8r+mhhHM0BqGOYt6aNMJ7P6y52SHo=";
const LOOKUPS = Number(flag("lookups", quick ? "300" : "2000"));
const ROUNDS = Number(flag("rounds", quick ? "1" : "5"));
const CONCURRENCY = Number(flag("concurrency", "64"));
const LOAD_LOOKUPS = 2000;
const CREDITS = 1_000_000;
const LOOKUP = "/api/v5.1/find-email/person";

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const fixed = (value: number | null, digits = 2): string =>
  value === null ? "-" : value.toFixed(digits);

async function main(): Promise<void> {
  ensureProductionBuild();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-team-"));
  writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
  writeFileSync(join(directory, "service-key"), "company-key-of-the-stand-in", { mode: 0o600 });
  const teamArgs = [
    "--quiet",
    "--team",
    "--service-key-file",
    join(directory, "service-key"),
    "--admin-token-file",
    join(directory, "admin-token"),
  ];
  const standIn = await startStandIn();
  try {
    await roundTrips(standIn);
    await throughput(standIn, directory, teamArgs);
    // Covered at small size by test/server/team/team-scale.serial.test.ts.
    if (quick) console.log("\n  (money under load against the sandbox: full size only)");
    else await moneyUnderLoad(directory, teamArgs);
  } finally {
    await standIn.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function roundTrips(standIn: StandIn): Promise<void> {
  const database = await startTestDatabase();
  try {
    const { counts: sqlite, selects } = await countRoundTrips(standIn.url, null);
    const { counts: postgres } = await countRoundTrips(standIn.url, database.url);
    printTable(
      "What one lookup asks of the team store, by path (sign-in remembered 1 s on PostgreSQL: counted when it runs out)",
      [
        ...sqlite.map((c) => ({ store: "SQLite", ...c })),
        ...postgres.map((c) => ({ store: "PostgreSQL", ...c })),
      ].map((c) => ({
        store: c.store,
        path: c.path,
        "store calls": fixed(c.storeCalls),
        "round trips": c.roundTrips === null ? "- (in process)" : fixed(c.roundTrips),
        "SQL statements": fixed(c.statements),
      }))
    );
    printTable(
      "SQLite: each SELECT of a lookup's paths, µs a run inside a transaction, over a primary-key read's",
      selects.map((c) => ({
        statement: c.sql.replace(/\s+/g, " ").slice(0, 90),
        "µs a run": c.micros.toFixed(2),
        "/ primary-key read": c.ratio.toFixed(1),
      }))
    );
    goal("SQLite: the costliest SELECT of a lookup / a primary-key read", selects[0]?.ratio ?? 0, {
      atMost: 6,
      unit: "x",
      why: "no statement SQLite compiles again on every run (STAT4 does that when a plan may depend on a bound value: 14-72x measured; reads compiled once 1-3.3x, also on a loaded machine)",
    });
    const trips = (path: string) => postgres.find((c) => c.path.startsWith(path))!.roundTrips!;
    goal("PostgreSQL round trips per fresh lookup", trips("fresh"), {
      atMost: 3,
      why: "a lookup's start (answer, claim, reservation) and its end (settle, audit, answer kept, claim released) are one round trip each (was 9)",
    });
    goal("PostgreSQL round trips per shared answer", trips("shared"), {
      atMost: 1.5,
      why: "a kept answer is given in one round trip, the sign-in remembered (was 2)",
    });
    goal(
      "PostgreSQL round trips per lookup joining one in flight",
      trips("joined in flight (same"),
      {
        atMost: 0.5,
        why: "a request joining a lookup of its own instance waits for it without asking the store (was 1)",
      }
    );
  } finally {
    await database.drop();
  }
}

interface Setup {
  label: string;
  hosts: HostProcess[];
  token: string;
  /** PostgreSQL's database, when the hosts share one. */
  databaseUrl: string | null;
}

interface Run {
  perSecond: number;
  medianMs: number;
  hostMs: number;
  postgresMs: number;
  benchMs: number;
  busy: number;
}

/** CPU time (ms) of PostgreSQL's processes for the setup's database, by process. */
async function postgresCpu(setup: Setup): Promise<Map<number, number>> {
  const pids = setup.databaseUrl ? await postgresPids(setup.databaseUrl) : [];
  return new Map(pids.map((pid) => [pid, cpuOfPid(pid)]));
}

/**
 * One run of `bodies` through a setup, with the CPU each part used per lookup. A few kept
 * answers asked first fill the pools again (an idle connection is closed after 10 s), so that
 * the server processes at work are the ones counted.
 */
async function run(setup: Setup, bodies: object[], shared: boolean, kept: object[]): Promise<Run> {
  const urls = setup.hosts.map((host) => host.url);
  if (kept.length > 0) await fire(urls, LOOKUP, [setup.token], kept, CONCURRENCY);
  const pids = setup.hosts.map((host) => host.child.pid!);
  const before = {
    host: cpuOfPids(pids),
    postgres: await postgresCpu(setup),
    bench: process.cpuUsage(),
    machine: machineCpu(),
  };
  const fired = await fire(urls, LOOKUP, [setup.token], bodies, CONCURRENCY);
  if ((fired.shared === bodies.length) !== shared)
    throw new Error(`${setup.label}: ${fired.shared} of ${bodies.length} shared`);
  const bench = process.cpuUsage(before.bench);
  const machine = machineCpu();
  // A connection opened during the run counts from nothing; one closed during it, not at all.
  let postgresMs = 0;
  for (const [pid, after] of await postgresCpu(setup))
    postgresMs += after - (before.postgres.get(pid) ?? 0);
  const per = (ms: number) => ms / bodies.length;
  return {
    perSecond: bodies.length / (fired.wallMs / 1000),
    medianMs: fired.medianMs,
    hostMs: per(cpuOfPids(pids) - before.host),
    postgresMs: per(postgresMs),
    benchMs: per((bench.user + bench.system) / 1000),
    busy:
      (machine.busyMs - before.machine.busyMs) / (machine.totalMs - before.machine.totalMs || 1),
  };
}

async function throughput(standIn: StandIn, directory: string, teamArgs: string[]): Promise<void> {
  const database = await startTestDatabase();
  const started: HostProcess[] = [];
  const host = async (args: string[], env?: Record<string, string>) => {
    const child = await startHostProcess({
      dist: DIST,
      upstream: standIn.url,
      args: [...teamArgs, ...args],
      ...(env ? { env } : {}),
    });
    started.push(child);
    return child;
  };
  try {
    const env = { DATABASE_URL: database.url };
    const [sqlite, ...pg] = await Promise.all([
      host(["--db", join(directory, "throughput.db")]),
      host([], env),
      host([], env),
    ]);
    const member = async (url: string): Promise<string> => {
      const added = await call(
        url,
        "POST",
        "/admin/api/members",
        { name: "Bench", email: "bench@team.example", monthly_budget: null },
        { authorization: `Bearer ${ADMIN}` }
      );
      return added.body.token as string;
    };
    const pgToken = await member(pg[0]!.url);
    const setups: Setup[] = [
      { label: "SQLite", hosts: [sqlite!], token: await member(sqlite!.url), databaseUrl: null },
      {
        label: "PostgreSQL, 1 instance",
        hosts: [pg[0]!],
        token: pgToken,
        databaseUrl: database.url,
      },
      { label: "PostgreSQL, 2 instances", hosts: pg, token: pgToken, databaseUrl: database.url },
    ];
    let asked = 0;
    const people = (count: number) =>
      Array.from({ length: count }, () => ({
        first_name: `Person${asked++}`,
        last_name: "Bench",
        domain: "throughput.example",
      }));
    // Warmed: compiled code, connections, prepared statements.
    const warm = new Map<Setup, object[]>();
    for (const setup of setups) {
      const bodies = people(Math.min(LOOKUPS, quick ? 100 : 300));
      await run(setup, bodies, false, []);
      await run(setup, bodies, true, []);
      warm.set(setup, bodies.slice(0, CONCURRENCY * 2));
    }
    const runs = new Map<string, Run[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (let i = 0; i < setups.length; i++) {
        const setup = setups[(i + round) % setups.length]!;
        const bodies = people(LOOKUPS);
        for (const shared of [false, true]) {
          const key = `${setup.label}|${shared}`;
          const measured = await run(setup, bodies, shared, warm.get(setup)!);
          runs.set(key, [...(runs.get(key) ?? []), measured]);
        }
      }
    const medians = (label: string, shared: boolean) => {
      const of = runs.get(`${label}|${shared}`)!;
      const pick = (field: keyof Run) => median(of.map((r) => r[field]));
      return {
        all: of.map((r) => Math.round(r.perSecond)),
        perSecond: pick("perSecond"),
        medianMs: pick("medianMs"),
        hostMs: pick("hostMs"),
        postgresMs: pick("postgresMs"),
        benchMs: pick("benchMs"),
        busy: pick("busy"),
      };
    };
    const rows = setups.flatMap((setup) =>
      [false, true].map((shared) => {
        const m = medians(setup.label, shared);
        const cpu = m.hostMs + (setup.label === "SQLite" ? 0 : m.postgresMs) + m.benchMs;
        return {
          store: setup.label,
          lookups: shared ? "shared answers" : "fresh (bought)",
          "lookups/s": Math.round(m.perSecond),
          rounds: m.all.join(" "),
          "median ms": fixed(m.medianMs, 1),
          "host CPU ms/lookup": fixed(m.hostMs),
          "PostgreSQL CPU ms/lookup": setup.label === "SQLite" ? "-" : fixed(m.postgresMs),
          "bench CPU ms/lookup": fixed(m.benchMs),
          // What the CPU used per lookup allows on this machine's cores, were nothing else running.
          "CPU-bound at /s": Math.round((CORES * 1000) / cpu),
          "machine busy": `${Math.round(m.busy * 100)}%`,
        };
      })
    );
    printTable(
      `One member's lookups through the host, ${LOOKUPS} a run, ${CONCURRENCY} at a time, medians of ${ROUNDS} round(s) on ${CORES} cores (bench: the client and the stand-in service)`,
      rows
    );
    const rate = (label: string, shared: boolean) => medians(label, shared).perSecond;
    const sqliteFresh = rate("SQLite", false);
    const one = rate("PostgreSQL, 1 instance", false);
    const two = rate("PostgreSQL, 2 instances", false);
    console.log(
      `  PostgreSQL / SQLite: fresh ${(one / sqliteFresh).toFixed(2)}, shared ${(rate("PostgreSQL, 1 instance", true) / rate("SQLite", true)).toFixed(2)}; two instances / one: fresh ${(two / one).toFixed(2)}, shared ${(rate("PostgreSQL, 2 instances", true) / rate("PostgreSQL, 1 instance", true)).toFixed(2)}`
    );
    // Where the time goes. On a machine kept busy, lookups/s is the CPU it gives divided by the
    // CPU a lookup takes: a second instance adds lookups only with cores of its own.
    const cpuOf = (label: string) => {
      const m = medians(label, false);
      return { ...m, total: m.hostMs + m.postgresMs + m.benchMs };
    };
    const single = cpuOf("PostgreSQL, 1 instance");
    const pair = cpuOf("PostgreSQL, 2 instances");
    const hostCeiling = 1000 / single.hostMs;
    const coresForGoal = (1.6 * hostCeiling * pair.total) / 1000;
    console.log(
      [
        `  Where the time goes, fresh lookups: one instance ${fixed(single.total)} ms of CPU a lookup (host ${fixed(single.hostMs)}, PostgreSQL ${fixed(single.postgresMs)}, bench ${fixed(single.benchMs)}),`,
        `two instances ${fixed(pair.total)} ms (hosts ${fixed(pair.hostMs)}, PostgreSQL ${fixed(pair.postgresMs)}, bench ${fixed(pair.benchMs)}); the machine was ${Math.round(pair.busy * 100)}% busy.`,
        `With the CPU it gives fixed, two instances give ${fixed(single.total / pair.total)}x one (measured ${fixed(two / one)}x).`,
        `One host process gives at most ${Math.round(hostCeiling)}/s (its CPU a lookup, on a core of its own); 1.6x that takes ${fixed(coresForGoal, 1)} cores, this machine has ${CORES}.`,
      ].join("\n  ")
    );
    goal("PostgreSQL (1 instance) / SQLite, fresh lookups per second", one / sqliteFresh, {
      atLeast: 1 / 1.3,
      unit: "x",
      why: "team mode on PostgreSQL within 1.3x of SQLite per instance",
      fullOnly: true,
    });
    goal("PostgreSQL, 2 instances / 1 instance, fresh lookups per second", two / one, {
      atLeast: 1.6,
      unit: "x",
      why: "a second instance on one PostgreSQL serves more members (given the cores: see the CPU a lookup above)",
      fullOnly: true,
      // One instance already keeps a small machine's cores busy (host, PostgreSQL and the
      // bench share them): there a second can only share the same CPU, and the ratio measures
      // the machine. Judged where the cores that 1.6x takes are there.
      notJudgedBecause:
        CORES < coresForGoal
          ? `1.6x one instance takes ${fixed(coresForGoal, 1)} cores at the CPU a lookup measured above, this machine has ${CORES}`
          : null,
    });
  } finally {
    await Promise.all(started.map((child) => child.stop()));
    await database.drop();
  }
}

/** The service's ledger, the team's usage and the budgets, under load with an instance killed. */
async function moneyUnderLoad(directory: string, teamArgs: string[]): Promise<void> {
  const sandbox = await startSandboxProcess(["--db", ":memory:"]);
  const keyFile = join(directory, "service-key");
  /** A fresh company account (its key in the key file) and what reaches the sandbox, counted. */
  const company = async (): Promise<{ spent(): Promise<number> }> => {
    const account = (await post(sandbox.baseUrl, "/sandbox/accounts", { credits: CREDITS })) as {
      api_key: string;
    };
    writeFileSync(keyFile, account.api_key, { mode: 0o600 });
    return {
      spent: async () => {
        const answer = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
          authorization: `Bearer ${account.api_key}`,
        });
        return CREDITS - Number(answer.body.credits_left);
      },
    };
  };
  const plan: TeamLoadPlan = {
    members: 20,
    budgeted: 4,
    budget: 10,
    lookups: LOAD_LOOKUPS,
    repeatShare: 0.3,
    concurrency: CONCURRENCY,
  };
  const rows: Array<Record<string, string | number>> = [];
  const loadRow = async (
    label: string,
    start: (upstream: string) => Promise<HostProcess[]>,
    killOne: boolean
  ): Promise<void> => {
    const account = await company();
    const upstream = await countingUpstream(sandbox.baseUrl);
    const hosts = await start(upstream.url);
    try {
      let killed = false;
      const result: TeamLoadResult = await runTeamLoad(
        plan,
        hosts.map((host) => host.url),
        { url: hosts[0]!.url, token: ADMIN },
        {
          kill: (done) => {
            if (!killOne || killed || done < plan.lookups / 2) return null;
            killed = true;
            hosts[1]!.child.kill("SIGKILL");
            return 1;
          },
        }
      );
      const month = new Date().toISOString().slice(0, 7);
      const usage = await call(hosts[0]!.url, "GET", `/admin/api/usage?month=${month}`, undefined, {
        authorization: `Bearer ${ADMIN}`,
      });
      const byMember = new Map(
        (usage.body as Array<{ member: string; credits: number }>).map((r) => [r.member, r.credits])
      );
      const budgeted = result.memberIds.slice(0, plan.budgeted).map((id) => byMember.get(id) ?? 0);
      const teamUsage = [...byMember.values()].reduce((sum, credits) => sum + credits, 0);
      const ledger = await account.spent();
      rows.push({
        run: label,
        lookups: result.answers.length,
        distinct: result.distinct,
        "sent upstream": [...upstream.counts.values()].reduce((a, b) => a + b, 0),
        "keys sent twice": [...upstream.counts.values()].filter((n) => n > 1).length,
        shared: result.answers.filter((a) => a.shared).length,
        "402 budget": result.answers.filter((a) => a.status === 402).length,
        resent: result.answers.filter((a) => a.resent).length,
        "budgeted members' credits": budgeted.join("/"),
        "ledger credits": ledger,
        "team usage": teamUsage,
        "lookups/s": Math.round(result.answers.length / (result.wallMs / 1000)),
      });
      goal(`${label}: the service's ledger change less the team's usage`, ledger - teamUsage, {
        atLeast: 0,
        atMost: 0,
        unit: "credits",
        why: "every credit the service charged is counted once in the team's usage, an instance killed or not",
      });
      goal(`${label}: most credits of a budgeted member`, Math.max(...budgeted), {
        atMost: plan.budget,
        unit: "credits",
        why: "no member passes their budget, whatever arrives at once",
      });
    } finally {
      await Promise.all(hosts.map((host) => host.stop()));
      await upstream.close();
    }
  };
  try {
    const database = await startTestDatabase();
    try {
      await loadRow(
        "PostgreSQL, 2 instances, one killed midway",
        async (upstream) => {
          const hosts: HostProcess[] = [];
          for (let i = 0; i < 2; i++)
            hosts.push(
              await startHostProcess({
                dist: DIST,
                upstream,
                args: teamArgs,
                env: { DATABASE_URL: database.url },
              })
            );
          return hosts;
        },
        true
      );
    } finally {
      await database.drop();
    }
    await loadRow(
      "SQLite, 1 instance",
      async (upstream) => [
        await startHostProcess({
          dist: DIST,
          upstream,
          args: [...teamArgs, "--db", join(directory, "load.db")],
        }),
      ],
      false
    );
    printTable(
      `Team mode under load against the sandbox: ${plan.members} members, ${plan.lookups} lookups (30% a colleague's repeat), ${plan.concurrency} at a time`,
      rows
    );
  } finally {
    await sandbox.stop();
  }
}

void main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
