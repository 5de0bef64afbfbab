import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { Client } from "pg";
import { buildServer } from "../src/server/app";
import { PgTeamStore } from "../src/server/team/pg-store";
import { SqliteTeamStore } from "../src/server/team/sqlite-store";
import { call } from "../test/helpers/sandbox";
import { DIST } from "./production-build";

// What one lookup asks of the team store on each path (bench/team-host.ts), counted in this
// process: the host is built here over each store, in front of the stand-in service, and the
// lookups of a path sent one after another (those joining one in flight, at once). PostgreSQL:
// the statements sent, each waiting for the server's answer (a round trip). SQLite: the
// statements run (in the process: no round trip). Both: the calls of the store's interface.

export interface PathCount {
  path: string;
  /** Calls of the TeamStore interface per lookup. */
  storeCalls: number;
  /** PostgreSQL: statements sent per lookup (null for SQLite). */
  roundTrips: number | null;
  /** SQLite: statements run per lookup (null for PostgreSQL, whose functions run theirs). */
  statements: number | null;
}

// The interface's calls on the paths of a lookup (sign-in, settings, key, start, end).
const STORE_CALLS = [
  "team",
  "memberByTokenHash",
  "sealedServiceKey",
  "sharedAnswer",
  "putSharedAnswer",
  "claimLookup",
  "releaseLookup",
  "startLookup",
  "finishLookup",
  "reserve",
  "settle",
  "release",
  "settleOrphan",
  "recordPurchase",
];

const counted = { storeCalls: 0, roundTrips: 0, statements: 0 };
let instrumented = false;
/** SQLite's SELECTs run on the paths, each with the values it last ran with. */
const selectsRun = new Map<string, { statement: Database.Statement; values: unknown[] }>();

function wrap(target: object, name: string, count: (self: unknown, args: unknown[]) => void): void {
  const original = (target as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
  (target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
    count(this, args);
    return original.apply(this, args);
  };
}

/**
 * A SELECT's time a run, inside one read transaction (so that taking its lock is not counted):
 * the fastest of 20 batches, so that a batch the machine's other work interrupted does not count.
 */
function microsPerRun(db: Database.Database, statement: Database.Statement, values: unknown[]) {
  const batches = 20;
  const runs = 200;
  db.exec("BEGIN");
  try {
    for (let i = 0; i < runs; i++) statement.get(...values);
    let fastest = Infinity;
    for (let batch = 0; batch < batches; batch++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < runs; i++) statement.get(...values);
      fastest = Math.min(fastest, Number(process.hrtime.bigint() - start));
    }
    return fastest / runs / 1000;
  } finally {
    db.exec("ROLLBACK");
  }
}

export interface SelectCost {
  sql: string;
  micros: number;
  /** Its time over a primary-key read's (the team row's). */
  ratio: number;
}

/**
 * Each SELECT a lookup runs on SQLite, timed against a primary-key read. SQLite built with STAT4
 * (better-sqlite3's is) compiles a statement again on every run when its plan may depend on a
 * bound value (a LIKE pattern, a value compared in a join): 6-60 µs a run where the read itself
 * takes one. Such a statement stands out here by its ratio.
 */
function selectCosts(db: Database.Database): SelectCost[] {
  const floor = microsPerRun(db, db.prepare("SELECT name FROM team WHERE id = 1"), []);
  return [...selectsRun]
    .filter(([, run]) => run.statement.database === db)
    .map(([sql, run]) => {
      const micros = microsPerRun(db, run.statement, run.values);
      return { sql, micros, ratio: micros / floor };
    })
    .sort((a, b) => b.ratio - a.ratio);
}

/** Counts, from now on in this process, store calls, PostgreSQL queries and SQLite statements. */
function instrument(): void {
  if (instrumented) return;
  instrumented = true;
  for (const store of [SqliteTeamStore.prototype, PgTeamStore.prototype])
    for (const name of STORE_CALLS) wrap(store, name, () => counted.storeCalls++);
  wrap(Client.prototype, "query", () => counted.roundTrips++);
  const db = new Database(":memory:");
  const statement = Object.getPrototypeOf(db.prepare("SELECT 1")) as object;
  db.close();
  for (const name of ["run", "get", "all", "iterate"])
    wrap(statement, name, (self, args) => {
      counted.statements++;
      const run = self as Database.Statement;
      if (run.reader && /^\s*select/i.test(run.source))
        selectsRun.set(run.source, { statement: run, values: args });
    });
}

async function measure(
  n: number,
  work: () => Promise<unknown>
): Promise<{ storeCalls: number; roundTrips: number; statements: number }> {
  const before = { ...counted };
  await work();
  return {
    storeCalls: (counted.storeCalls - before.storeCalls) / n,
    roundTrips: (counted.roundTrips - before.roundTrips) / n,
    statements: (counted.statements - before.statements) / n,
  };
}

const ADMIN = "NvalPBzHQkVF2uIIc8WXrMsZRrPZMx9YyAHhYYQWcdk=";
const LOOKUP = "/api/v5.1/find-email/person";
const JOINING = 8;

/**
 * Counts each path of a lookup through a host over SQLite (no `databaseUrl`) or PostgreSQL (two
 * hosts on it: a lookup joined across instances too).
 */
export async function countRoundTrips(
  service: string,
  databaseUrl: string | null
): Promise<{ counts: PathCount[]; selects: SelectCost[] }> {
  instrument();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-round-trips-"));
  writeFileSync(join(directory, "service-key"), "company-key", { mode: 0o600 });
  writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
  const hosts: FastifyInstance[] = [];
  try {
    const urls: string[] = [];
    for (let i = 0; i < (databaseUrl ? 2 : 1); i++) {
      const host = await buildServer({
        dist: DIST,
        upstream: service,
        team: {
          serviceKeyFile: join(directory, "service-key"),
          adminTokenFile: join(directory, "admin-token"),
          db: join(directory, "team.db"),
          entra: null,
          ...(databaseUrl ? { databaseUrl } : {}),
        },
      });
      hosts.push(host);
      urls.push(await host.listen({ port: 0, host: "127.0.0.1" }));
    }
    const tokens: string[] = [];
    for (let m = 0; m < 3; m++) {
      const added = await call(
        urls[0]!,
        "POST",
        "/admin/api/members",
        { name: `Member ${m}`, email: `member${m}@count.example`, monthly_budget: null },
        { authorization: `Bearer ${ADMIN}` }
      );
      tokens.push(added.body.token as string);
    }
    const lookup = (url: string, token: string, first: string) =>
      call(
        url,
        "POST",
        LOOKUP,
        { first_name: first, last_name: "Lee", domain: "count.example" },
        {
          authorization: `Bearer ${token}`,
        }
      ).then((answer) => {
        if (answer.status !== 200) throw new Error(`lookup: ${answer.status} ${answer.text}`);
      });
    // Every member signed in on every host, the settings and the key read: what every path
    // finds in a running host.
    for (const url of urls) for (const token of tokens) await lookup(url, token, "warm");
    selectsRun.clear();
    const n = 20;
    const one = tokens[0]!;
    const counts: PathCount[] = [];
    const row = (path: string, measured: Awaited<ReturnType<typeof measure>>) =>
      counts.push({
        path,
        storeCalls: measured.storeCalls,
        roundTrips: databaseUrl ? measured.roundTrips : null,
        statements: databaseUrl ? null : measured.statements,
      });
    const fresh = await measure(n, async () => {
      for (let i = 0; i < n; i++) await lookup(urls[0]!, one, `fresh-${i}`);
    });
    row("fresh (bought)", fresh);
    row(
      "shared answer (kept)",
      await measure(n, async () => {
        for (let i = 0; i < n; i++) await lookup(urls[0]!, one, `fresh-${i}`);
      })
    );
    // JOINING requests ask one lookup at once: one buys it, the others join it; a fresh
    // lookup's cost taken off leaves theirs. (One member's: colleagues' would each add a sign-in
    // a second, which the paths above count already.)
    await lookup(urls[0]!, one, "warm");
    const together = await measure(1, () =>
      Promise.all(Array.from({ length: JOINING }, () => lookup(urls[0]!, one, "slow-joined")))
    );
    const joined = (total: number, first: number) => (total - first) / (JOINING - 1);
    row("joined in flight (same instance)", {
      storeCalls: joined(together.storeCalls, fresh.storeCalls),
      roundTrips: joined(together.roundTrips, fresh.roundTrips),
      statements: joined(together.statements, fresh.statements),
    });
    if (urls.length === 2) {
      // The second instance's request waits for the first's, polling the store.
      await lookup(urls[0]!, tokens[1]!, "warm");
      await lookup(urls[1]!, tokens[2]!, "warm");
      const across = await measure(1, () =>
        Promise.all([
          lookup(urls[0]!, tokens[1]!, "slow-across"),
          new Promise((wait) => setTimeout(wait, 20)).then(() =>
            lookup(urls[1]!, tokens[2]!, "slow-across")
          ),
        ])
      );
      row("joined in flight (another instance, 300 ms out)", {
        storeCalls: across.storeCalls - fresh.storeCalls,
        roundTrips: across.roundTrips - fresh.roundTrips,
        statements: across.statements - fresh.statements,
      });
    }
    const sqlite = databaseUrl ? null : ([...selectsRun.values()][0]?.statement.database ?? null);
    return { counts, selects: sqlite ? selectCosts(sqlite) : [] };
  } finally {
    for (const host of hosts) await host.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
