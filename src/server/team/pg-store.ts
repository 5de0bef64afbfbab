import { Kysely, PostgresDialect } from "kysely";
import { randomUUID } from "node:crypto";
import { Pool, type PoolClient, type QueryResult, type QueryResultRow } from "pg";
import { errorCode } from "../../api/error-code";
import { answerDomain, answerQuality } from "./answer-facts";
import { SignInCache } from "./sign-in-cache";
import type {
  LookupEnd,
  LookupStart,
  LookupStarted,
  Member,
  Reservation,
  ReserveResult,
  TeamStore,
} from "./store";
import { runAsync, type Answer, type Flow, type Step } from "./store/flow";
import { KyselyTeamStore, type AuditNote } from "./store/kysely-store";
import { MEMBER_COLUMNS } from "./store/members";
import type { TeamDatabase } from "./store/schema";
import { toMember, type MemberRow } from "./store-rows";
import {
  checkLookupEnd,
  checkLookupStart,
  ENDED_RESERVATION_KEPT_MS,
  TOKEN_USE_RESOLUTION_MS,
} from "./store-rules";

// The team store shared by several host instances: PostgreSQL, at READ COMMITTED.
//
// Budgets hold across instances because reserving, settling and releasing lock the rows they
// decide on, always in one order, and decide under those locks; each is one call of a function
// of the schema (store/pg-functions.ts), in a transaction of its own: locks held across round
// trips to a busy instance would serialize every paid request. A lookup costs two round trips
// (its start and its end), a shared answer one, a request joining one in flight on this instance
// none; the statements of every request are prepared once per connection (named), and sign-ins
// are remembered briefly (sign-in-cache.ts). The rest of the store is the flows both databases
// share (store/kysely-store.ts), run over the pool or in one transaction. Expiries (reservations,
// lookup claims) are the database's clock, one for every instance; the times recorded
// (creation, audit) are the instance's.

const SERIALIZATION_FAILURE = "40001";

const now = (): string => new Date().toISOString();

interface StartedRow {
  outcome: "shared" | "held" | "reserved" | "refused" | "paused";
  answer_status: number | null;
  answer_body: string | null;
  answer_stored_at: Date | null;
  refused_budget: "member" | "team" | null;
  limit_milli: string | null;
  used_milli: string | null;
}

export class PgTeamStore extends KyselyTeamStore implements TeamStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly signIns: SignInCache;

  /**
   * Over a connection string (the store opens and ends its pool) or a pool of the caller's
   * (which the caller ends).
   */
  constructor(source: string | Pool) {
    const pool =
      typeof source === "string"
        ? new Pool({ connectionString: source, connectionTimeoutMillis: 10_000 })
        : source;
    // Kysely is handed the pool; the store ends it (close), never Kysely.
    super({
      db: new Kysely<TeamDatabase>({ dialect: new PostgresDialect({ pool }) }),
      postgres: true,
    });
    this.pool = pool;
    this.ownsPool = typeof source === "string";
    // An idle connection that breaks (the server restarted) is dropped by the pool and the next
    // query opens another, which reports a lasting failure; unheard, the event would end the
    // process.
    if (this.ownsPool) this.pool.on("error", () => undefined);
    this.signIns = new SignInCache();
  }

  /** Resolves once the database answers; rejects with the driver's error otherwise. */
  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }

  read<T>(flow: Flow<T>): Promise<T> {
    return runAsync(flow, (step) => execute(this.pool, step));
  }

  write<T>(flow: Flow<T>): Promise<T> {
    return this.transaction((client) => runAsync(flow, (step) => execute(client, step)));
  }

  /** Answers kept before version 7 get their quality and domain, a thousand a statement. */
  protected override async noteAnswerFacts(): Promise<void> {
    for (;;) {
      const unnoted = await this.read(this.unnotedAnswers());
      if (unnoted.length === 0) return;
      await this.pool.query(
        `UPDATE shared_answers s SET quality = f.quality, domain = f.domain
         FROM unnest($1::text[], $2::int[], $3::text[]) AS f (key, quality, domain)
         WHERE s.key = f.key`,
        [
          unnoted.map((row) => row.key),
          unnoted.map((row) => answerQuality(row.body)),
          unnoted.map((row) => answerDomain(row.key, row.body)),
        ]
      );
    }
  }

  /**
   * A statement prepared under `name` on each connection the first time it runs there: the
   * server parses and plans it once, and each request sends its values only.
   */
  private prepared<R extends QueryResultRow>(
    name: string,
    text: string,
    values: unknown[]
  ): Promise<QueryResult<R>> {
    return this.pool.query<R>({ name, text, values });
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      // A connection whose rollback failed is in an unknown state: the pool discards it.
      client.release(broken);
    }
  }

  /**
   * A change to who may sign in, after which this instance forgets the sign-ins it remembers:
   * a look begun before it ends is not kept, and one begun after finds the change committed.
   */
  protected override async signInsChanged<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.signIns.forget();
    }
  }

  /** Runs `work` again when it failed on a concurrent change (mf_reserve: a budget set). */
  private async retriedOnConflict<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (errorCode(error) !== SERIALIZATION_FAILURE || attempt >= 3) throw error;
      }
    }
  }

  memberByTokenHash(tokenHash: string): Promise<Member | null> {
    return this.signIns.member(tokenHash, () => this.tokenMember(tokenHash));
  }

  private async tokenMember(tokenHash: string): Promise<Member | null> {
    const { rows } = await this.prepared<MemberRow>(
      "mf_token_member",
      `WITH hit AS (
         SELECT t.id AS token_id, t.last_used_at, m.id, m.name, m.email, m.monthly_budget_milli,
                m.created_at
         FROM tokens t JOIN members m ON m.id = t.member_id
         WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND m.removed_at IS NULL
       ), noted AS (
         UPDATE tokens SET last_used_at = $2::timestamptz FROM hit
         WHERE tokens.id = hit.token_id
           AND (hit.last_used_at IS NULL
                OR hit.last_used_at <= $2::timestamptz - $3 * interval '1 millisecond')
       )
       SELECT ${MEMBER_COLUMNS.join(", ")} FROM hit`,
      [tokenHash, now(), TOKEN_USE_RESOLUTION_MS]
    );
    return rows[0] ? toMember(rows[0]) : null;
  }
  protected async reserveChecked(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null
  ): Promise<ReserveResult> {
    const reservation: Reservation = { id: randomUUID(), memberId, month, amountMilli };
    const refused = await this.retriedOnConflict(async () => {
      const { rows } = await this.prepared<{
        refused_budget: "member" | "team" | "paused" | null;
        limit_milli: string;
        used_milli: string;
      }>(
        "mf_reserve",
        `SELECT refused_budget, limit_milli, used_milli
         FROM mf_reserve($1, $2, $3, $4, $5, $6, $7)`,
        [reservation.id, memberId, month, amountMilli, ttlMs, now(), lookupKey]
      );
      return rows[0]!;
    });
    if (refused.refused_budget === null) return { ok: true, reservation };
    if (refused.refused_budget === "paused") return { ok: false, paused: true };
    return {
      ok: false,
      budget: refused.refused_budget,
      limitMilli: Number(refused.limit_milli),
      usedMilli: Number(refused.used_milli),
    };
  }

  protected async settleChecked(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<void> {
    await this.read(this.settleCounted(reservation, chargedMilli, audit));
  }

  protected async settleOrphanChecked(
    lookupKey: string,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<boolean> {
    const { rows } = await this.pool.query<{ settled: boolean }>(
      "SELECT mf_settle_orphan($1, $2, $3, $4, $5) AS settled",
      [lookupKey, chargedMilli, now(), audit.operation, audit.status]
    );
    return rows[0]!.settled;
  }

  async release(reservation: Reservation): Promise<void> {
    await this.prepared("mf_release", "SELECT mf_release($1, $2)", [reservation.id, now()]);
  }

  async startLookup(start: LookupStart): Promise<LookupStarted> {
    const checked = checkLookupStart(start);
    const id = randomUUID();
    const row = await this.retriedOnConflict(async () => {
      const { rows } = await this.prepared<StartedRow>(
        "mf_start_lookup",
        `SELECT outcome, answer_status, answer_body, answer_stored_at, refused_budget,
                limit_milli, used_milli
         FROM mf_start_lookup($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          checked.key,
          checked.freshSince,
          checked.owner,
          checked.claimTtlMs,
          id,
          checked.memberId,
          checked.month,
          checked.amountMilli,
          checked.reservationTtlMs,
          now(),
        ]
      );
      return rows[0]!;
    });
    switch (row.outcome) {
      case "shared":
        return {
          kind: "shared",
          answer: {
            key: checked.key,
            status: row.answer_status!,
            body: row.answer_body!,
            storedAt: row.answer_stored_at!.toISOString(),
          },
        };
      case "held":
        return { kind: "held" };
      case "paused":
        return { kind: "paused" };
      case "reserved": {
        const { memberId, month, amountMilli } = checked;
        return { kind: "reserved", reservation: { id, memberId, month, amountMilli } };
      }
      case "refused":
        return {
          kind: "refused",
          budget: row.refused_budget!,
          limitMilli: Number(row.limit_milli),
          usedMilli: Number(row.used_milli),
        };
    }
  }

  async finishLookup(end: LookupEnd): Promise<void> {
    const { reservation, chargedMilli, audit, claim, answer, purchase, legacyKey } =
      checkLookupEnd(end);
    await this.prepared(
      "mf_finish_lookup_7",
      `SELECT mf_finish_lookup($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
                               $16, $17, $18)`,
      [
        ...settleArguments(reservation, chargedMilli, audit),
        claim?.key ?? null,
        claim?.owner ?? null,
        answer?.key ?? null,
        answer?.status ?? null,
        answer?.body ?? null,
        answer?.storedAt ?? null,
        answer ? answerQuality(answer.body) : null,
        answer ? answerDomain(answer.key, answer.body) : null,
        purchase?.email ?? null,
        purchase?.at ?? null,
        legacyKey ?? null,
      ]
    );
  }

  async releaseExpired(): Promise<number> {
    const { rows } = await this.pool.query<{ released: number }>(
      "SELECT mf_release_expired($1, $2) AS released",
      [now(), ENDED_RESERVATION_KEPT_MS]
    );
    return rows[0]!.released;
  }

  protected *settleCounted(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Flow<boolean> {
    const { rows } = yield {
      name: "mf_settle_counted",
      sql: "SELECT mf_settle_counted($1, $2, $3, $4, $5, $6, $7) AS counted",
      parameters: settleArguments(reservation, chargedMilli, audit),
    };
    return (rows[0] as { counted: boolean }).counted;
  }
}

/** mf_settle_counted's arguments, the first seven of mf_finish_lookup's. */
function settleArguments(reservation: Reservation, chargedMilli: number, audit: AuditNote) {
  const { id, memberId, month } = reservation;
  return [id, memberId, month, chargedMilli, now(), audit.operation, audit.status];
}

async function execute(
  client: Pool | PoolClient,
  { sql, parameters, name }: Step
): Promise<Answer> {
  const { rows, rowCount } = await client.query({
    name,
    text: sql,
    values: parameters as unknown[],
  });
  return { rows, changes: rowCount ?? 0 };
}
