import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type {
  LookupEnd,
  LookupStart,
  LookupStarted,
  Member,
  Reservation,
  ReserveResult,
  TeamStore,
} from "./store";
import { sharedAnswer } from "./store/answers";
import { runSync, type Answer, type Flow, type Step } from "./store/flow";
import { KyselyTeamStore, type AuditNote } from "./store/kysely-store";
import type { TeamDatabase } from "./store/schema";
import * as sqliteMoney from "./store/sqlite-money";
import { checkLookupEnd, checkLookupStart } from "./store-rules";

// The team store of a single host: one SQLite file (or ":memory:"). better-sqlite3 is
// synchronous, so each flow of queries runs to its end before another starts in this process; a
// write that must be atomic is one IMMEDIATE transaction, which also keeps another process on the
// same file out (it waits, up to busy_timeout).

export class SqliteTeamStore extends KyselyTeamStore implements TeamStore {
  private readonly db: Database.Database;
  private readonly statements: Map<string, Database.Statement>;

  /** Opens (creating it and its directory if needed) the file; ":memory:" for a throwaway one. */
  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    super({
      db: new Kysely<TeamDatabase>({ dialect: new SqliteDialect({ database: db }) }),
      postgres: false,
    });
    this.db = db;
    this.statements = new Map();
  }

  async read<T>(flow: Flow<T>): Promise<T> {
    return runSync(flow, (step) => this.execute(step));
  }

  async write<T>(flow: Flow<T>): Promise<T> {
    return this.db.transaction(() => runSync(flow, (step) => this.execute(step))).immediate();
  }

  // Statements are prepared on first use and kept: the SQL Kysely compiles is the same each time.
  private execute({ sql, parameters, first }: Step): Answer {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const values = parameters as unknown[];
    if (statement.reader && first) {
      const found: unknown = statement.get(...values);
      return { rows: found === undefined ? [] : [found], changes: 0 };
    }
    if (statement.reader) return { rows: statement.all(...values), changes: 0 };
    return { rows: [], changes: statement.run(...values).changes };
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }

  async memberByTokenHash(tokenHash: string): Promise<Member | null> {
    return this.read(sqliteMoney.memberByTokenHash(this.q, tokenHash));
  }

  protected reserveChecked(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null
  ): Promise<ReserveResult> {
    return this.write(sqliteMoney.reserve(this.q, memberId, month, amountMilli, ttlMs, lookupKey));
  }

  protected settleCounted(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Flow<boolean> {
    return sqliteMoney.settleCounted(this.q, reservation, chargedMilli, audit);
  }

  protected async settleChecked(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<void> {
    await this.write(this.settleCounted(reservation, chargedMilli, audit));
  }

  protected settleOrphanChecked(
    lookupKey: string,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<boolean> {
    return this.write(sqliteMoney.settleOrphan(this.q, lookupKey, chargedMilli, audit));
  }

  async release(reservation: Reservation): Promise<void> {
    return this.write(sqliteMoney.release(this.q, reservation));
  }

  async releaseExpired(): Promise<number> {
    return this.write(sqliteMoney.releaseExpired(this.q));
  }

  async startLookup(start: LookupStart): Promise<LookupStarted> {
    const checked = checkLookupStart(start);
    const kept = await this.read(sharedAnswer(this.q, checked.key, checked.freshSince));
    if (kept) return { kind: "shared", answer: kept };
    return this.write(sqliteMoney.startLookup(this.q, checked));
  }

  async finishLookup(end: LookupEnd): Promise<void> {
    return this.write(sqliteMoney.finishLookup(this.q, checkLookupEnd(end)));
  }
}
