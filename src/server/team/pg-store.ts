import { randomUUID } from "node:crypto";
import { Pool, type PoolClient, type QueryResult, type QueryResultRow } from "pg";
import { answerDomain, answerQuality } from "./answer-facts";
import { Kysely, PostgresDialect } from "kysely";
import { migrateSchema } from "./store/migrate";
import {
  ADMIN_AUDIT_COLUMNS,
  adminAuditValues,
  MEMBER_COLUMNS,
  toAdminAuditEntry,
  toBounceReport,
  toMember,
  toPendingWebhook,
  toToken,
  type AdminAuditRow,
  type BounceReportRow,
  type UnreturnedRow,
  type WebhookMoneyRow,
  type PendingWebhookRow,
  type MemberRow,
  type TokenRow,
} from "./store-rows";
import { SignInCache } from "./sign-in-cache";
import type {
  AdminAuditEntry,
  AuditEntry,
  BounceReport,
  LookupEnd,
  LookupStart,
  LookupStarted,
  Member,
  MonthFigures,
  MonthlyUsage,
  NewBounceReport,
  PendingWebhook,
  Purchase,
  Reservation,
  ReserveResult,
  SharedAnswer,
  TeamSettings,
  TeamStore,
  TokenInfo,
  UsageRow,
} from "./store";
import {
  bounceReportOf,
  checkBudget,
  checkLookupEnd,
  checkLookupStart,
  checkMilli,
  checkMonth,
  checkPageSize,
  checkTeamPatch,
  checkTtl,
  ENDED_RESERVATION_KEPT_MS,
  EXPORT_PAGE_ROWS,
  inPages,
  isoTime,
  memberScope,
  returnsOf,
  TOKEN_USE_RESOLUTION_MS,
} from "./store-rules";

// The team store shared by several host instances: PostgreSQL, at READ COMMITTED.
//
// Budgets hold across instances because reserving, settling and releasing lock the rows they
// decide on, always in one order (a lookup's claim, its shared answer, the team's settings row,
// a reservation's row, month rows by month and member), and decide under those locks; two
// transactions therefore never wait on each other in a circle. Each is one call of a function of
// the schema (migrations.ts, versions 2 and 6), in a transaction of its own: locks held across
// round trips to a busy instance would serialize every paid request. A lookup costs two round
// trips (its start and its end), a shared answer one, a request joining one in flight on this
// instance none; the statements of every request are prepared once per connection (named), and
// sign-ins are remembered briefly (sign-in-cache.ts). The team's month figures are the sum of
// its members'. Expiries (reservations, lookup claims) are the database's clock, one for every
// instance; the times recorded (creation, audit) are the instance's.

const SERIALIZATION_FAILURE = "40001";
const UNIQUE_VIOLATION = "23505";

interface AuditRow {
  id: string;
  at: Date;
  member_id: string;
  operation: string;
  credits_milli: string;
  status: number;
}

interface UsageDbRow {
  seq: string;
  id: string;
  name: string;
  email: string;
  credits_milli: string;
  requests: string;
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  at: row.at.toISOString(),
  memberId: row.member_id,
  operation: row.operation,
  creditsMilli: Number(row.credits_milli),
  status: row.status,
});

const toUsageRow = (row: UsageDbRow): UsageRow => ({
  memberId: row.id,
  name: row.name,
  email: row.email,
  creditsMilli: Number(row.credits_milli),
  requests: Number(row.requests),
});

const milli = (value: string | number | null): number | null =>
  value === null ? null : Number(value);
const now = (): string => new Date().toISOString();

/**
 * In a transaction: up to `amountMilli` off a member's month (never below 0), audited negative.
 * The team's month is the sum of its members' (migration 2): the member's row is enough.
 */
async function giveBack(
  client: PoolClient,
  memberId: string,
  month: string,
  amountMilli: number,
  audit: { operation: string; status: number },
  at: string
): Promise<number> {
  const { rows } = await client.query<{ spent_milli: string }>(
    "SELECT spent_milli FROM month_spend WHERE scope = $1 AND month = $2 FOR UPDATE",
    [memberScope(memberId), month]
  );
  const back = Math.min(amountMilli, Number(rows[0]?.spent_milli ?? 0));
  if (back === 0) return 0;
  await client.query(
    "UPDATE month_spend SET spent_milli = spent_milli - $1 WHERE scope = $2 AND month = $3",
    [back, memberScope(memberId), month]
  );
  await client.query(
    `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [at, month, memberId, audit.operation, -back, audit.status]
  );
  return back;
}

/** A pending webhook's row, locked for the rest of the transaction. */
async function lockedPending(
  client: PoolClient,
  id: string
): Promise<(PendingWebhookRow & WebhookMoneyRow) | undefined> {
  const { rows } = await client.query<PendingWebhookRow & WebhookMoneyRow>(
    "SELECT * FROM pending_webhooks WHERE id = $1 FOR UPDATE",
    [id]
  );
  return rows[0];
}

interface StartedRow {
  outcome: "shared" | "held" | "reserved" | "refused" | "paused";
  answer_status: number | null;
  answer_body: string | null;
  answer_stored_at: Date | null;
  refused_budget: "member" | "team" | null;
  limit_milli: string | null;
  used_milli: string | null;
}

export class PgTeamStore implements TeamStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly signIns = new SignInCache();

  /**
   * Over a connection string (the store opens and ends its pool) or a pool of the caller's
   * (which the caller ends).
   */
  constructor(source: string | Pool) {
    if (typeof source === "string") {
      this.pool = new Pool({ connectionString: source, connectionTimeoutMillis: 10_000 });
      // An idle connection that breaks (the server restarted) is dropped by the pool and the next
      // query opens another, which reports a lasting failure; unheard, the event would end the
      // process.
      this.pool.on("error", () => undefined);
      this.ownsPool = true;
    } else {
      this.pool = source;
      this.ownsPool = false;
    }
  }

  /** Resolves once the database answers; rejects with the driver's error otherwise. */
  async ping(): Promise<void> {
    await this.pool.query("SELECT 1");
  }

  async migrate(): Promise<void> {
    await migrateSchema(new Kysely({ dialect: new PostgresDialect({ pool: this.pool }) }));
    await this.noteAnswerFacts();
  }

  /** Answers kept before version 7 get their quality and domain (answer-facts.ts). */
  private async noteAnswerFacts(): Promise<void> {
    for (;;) {
      const { rows } = await this.pool.query<{ key: string; body: string }>(
        "SELECT key, body FROM shared_answers WHERE domain IS NULL LIMIT 1000"
      );
      if (rows.length === 0) return;
      await this.pool.query(
        `UPDATE shared_answers s SET quality = f.quality, domain = f.domain
         FROM unnest($1::text[], $2::int[], $3::text[]) AS f (key, quality, domain)
         WHERE s.key = f.key`,
        [
          rows.map((row) => row.key),
          rows.map((row) => answerQuality(row.body)),
          rows.map((row) => answerDomain(row.key, row.body)),
        ]
      );
    }
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
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
  private async forgetting<T>(change: () => Promise<T>): Promise<T> {
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
        if ((error as { code?: unknown }).code !== SERIALIZATION_FAILURE || attempt >= 3)
          throw error;
      }
    }
  }

  async team(): Promise<TeamSettings> {
    const { rows } = await this.prepared<{
      name: string;
      monthly_budget_milli: string | null;
      freshness_days: number;
    }>("mf_team", "SELECT name, monthly_budget_milli, freshness_days FROM team WHERE id = 1", []);
    const row = rows[0]!;
    return {
      name: row.name,
      monthlyBudgetMilli: milli(row.monthly_budget_milli),
      freshnessDays: row.freshness_days,
    };
  }

  async updateTeam(patch: Partial<TeamSettings>): Promise<TeamSettings> {
    const checked = checkTeamPatch(patch);
    const assignments: string[] = [];
    const values: unknown[] = [];
    const assign = (column: string, value: unknown) => {
      values.push(value);
      assignments.push(`${column} = $${values.length}`);
    };
    if (checked.name !== undefined) assign("name", checked.name);
    if (checked.monthlyBudgetMilli !== undefined)
      assign("monthly_budget_milli", checked.monthlyBudgetMilli);
    if (checked.freshnessDays !== undefined) assign("freshness_days", checked.freshnessDays);
    if (assignments.length > 0)
      await this.pool.query(`UPDATE team SET ${assignments.join(", ")} WHERE id = 1`, values);
    return this.team();
  }

  async addMember(input: {
    name: string;
    email: string;
    monthlyBudgetMilli: number | null;
  }): Promise<Member> {
    const { rows } = await this.pool.query<MemberRow>(
      `INSERT INTO members (id, name, email, monthly_budget_milli, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${MEMBER_COLUMNS}`,
      [
        randomUUID(),
        input.name,
        input.email,
        checkBudget(input.monthlyBudgetMilli, "A member's budget"),
        now(),
      ]
    );
    return toMember(rows[0]!);
  }

  async members(): Promise<Member[]> {
    const { rows } = await this.pool.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE removed_at IS NULL ORDER BY seq`
    );
    return rows.map(toMember);
  }

  async member(id: string): Promise<Member | null> {
    const { rows } = await this.pool.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = $1 AND removed_at IS NULL`,
      [id]
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async memberByEmail(email: string): Promise<Member | null> {
    const { rows } = await this.pool.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members
       WHERE lower(email) = lower($1) AND removed_at IS NULL ORDER BY seq LIMIT 1`,
      [email]
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async memberByEntraId(tenantId: string, objectId: string): Promise<Member | null> {
    const { rows } = await this.pool.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM members
       WHERE entra_tid = $1 AND entra_oid = $2 AND removed_at IS NULL`,
      [tenantId, objectId]
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async bindEntraId(memberId: string, tenantId: string, objectId: string): Promise<boolean> {
    try {
      const bound = await this.pool.query(
        `UPDATE members SET entra_tid = $2, entra_oid = $3
         WHERE id = $1 AND removed_at IS NULL AND entra_oid IS NULL
           AND NOT EXISTS (SELECT 1 FROM members WHERE entra_tid = $2 AND entra_oid = $3
                           AND removed_at IS NULL)`,
        [memberId, tenantId, objectId]
      );
      return bound.rowCount === 1;
    } catch (error) {
      // The account bound to another member at the same moment (members_current_by_entra_id).
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }

  async updateMember(
    id: string,
    patch: { name?: string; monthlyBudgetMilli?: number | null }
  ): Promise<Member | null> {
    const values: unknown[] = [id];
    const assignments: string[] = [];
    const assign = (column: string, value: unknown) => {
      values.push(value);
      assignments.push(`${column} = $${values.length}`);
    };
    if (patch.name !== undefined) assign("name", patch.name);
    if (patch.monthlyBudgetMilli !== undefined)
      assign("monthly_budget_milli", checkBudget(patch.monthlyBudgetMilli, "A member's budget"));
    if (assignments.length === 0) return this.member(id);
    const { rows } = await this.forgetting(() =>
      this.pool.query<MemberRow>(
        `UPDATE members SET ${assignments.join(", ")} WHERE id = $1 AND removed_at IS NULL
         RETURNING ${MEMBER_COLUMNS}`,
        values
      )
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async removeMember(id: string): Promise<boolean> {
    return this.forgetting(() =>
      this.transaction(async (client) => {
        const at = now();
        const removed = await client.query(
          "UPDATE members SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL",
          [id, at]
        );
        if (removed.rowCount === 0) return false;
        await client.query(
          "UPDATE tokens SET revoked_at = $2 WHERE member_id = $1 AND revoked_at IS NULL",
          [id, at]
        );
        return true;
      })
    );
  }

  async issueToken(memberId: string, tokenHash: string): Promise<TokenInfo> {
    // The member's row is locked against a removal that would miss this token.
    const { rows } = await this.pool.query<TokenRow>(
      `WITH member AS (
         SELECT id FROM members WHERE id = $2 AND removed_at IS NULL FOR SHARE
       )
       INSERT INTO tokens (id, member_id, token_hash, created_at)
       SELECT $1, id, $3, $4 FROM member
       RETURNING id, member_id, created_at, revoked_at, last_used_at`,
      [randomUUID(), memberId, tokenHash, now()]
    );
    if (!rows[0]) throw new Error(`There is no current member ${memberId} to issue a token to.`);
    return toToken(rows[0]);
  }

  async revokeToken(tokenId: string): Promise<boolean> {
    const revoked = await this.forgetting(() =>
      this.pool.query("UPDATE tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", [
        tokenId,
        now(),
      ])
    );
    return revoked.rowCount !== 0;
  }

  async tokens(memberId: string): Promise<TokenInfo[]> {
    const { rows } = await this.pool.query<TokenRow>(
      `SELECT id, member_id, created_at, revoked_at, last_used_at FROM tokens
       WHERE member_id = $1 ORDER BY seq`,
      [memberId]
    );
    return rows.map(toToken);
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
       SELECT ${MEMBER_COLUMNS} FROM hit`,
      [tokenHash, now(), TOKEN_USE_RESOLUTION_MS]
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async reserve(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null = null
  ): Promise<ReserveResult> {
    checkMonth(month);
    checkMilli(amountMilli, "A reservation");
    checkTtl(ttlMs);
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

  async settle(
    reservation: Reservation,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<void> {
    checkMilli(chargedMilli, "A charge");
    checkMonth(reservation.month);
    await this.prepared("mf_settle", "SELECT mf_settle($1, $2, $3, $4, $5, $6, $7)", [
      reservation.id,
      reservation.memberId,
      reservation.month,
      chargedMilli,
      now(),
      audit.operation,
      audit.status,
    ]);
  }

  async settleOrphan(
    lookupKey: string,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<boolean> {
    checkMilli(chargedMilli, "A charge");
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
        reservation.id,
        reservation.memberId,
        reservation.month,
        chargedMilli,
        now(),
        audit.operation,
        audit.status,
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

  private async figures(scope: string, month: string): Promise<MonthFigures> {
    const { rows } = await this.pool.query<{ spent_milli: string; reserved_milli: string }>(
      "SELECT spent_milli, reserved_milli FROM month_spend WHERE scope = $1 AND month = $2",
      [scope, checkMonth(month)]
    );
    return {
      spentMilli: Number(rows[0]?.spent_milli ?? 0),
      reservedMilli: Number(rows[0]?.reserved_milli ?? 0),
    };
  }

  async memberMonth(memberId: string, month: string): Promise<MonthFigures> {
    return this.figures(memberScope(memberId), month);
  }

  async teamMonth(month: string): Promise<MonthFigures> {
    // The sum of the members' rows (removed members' included): see migration 2.
    const { rows } = await this.pool.query<{ spent_milli: string; reserved_milli: string }>(
      `SELECT coalesce(sum(spent_milli), 0) AS spent_milli,
              coalesce(sum(reserved_milli), 0) AS reserved_milli
       FROM month_spend WHERE month = $1 AND scope LIKE 'member:%'`,
      [checkMonth(month)]
    );
    return {
      spentMilli: Number(rows[0]!.spent_milli),
      reservedMilli: Number(rows[0]!.reserved_milli),
    };
  }

  async usage(month: string): Promise<UsageRow[]> {
    return (await this.usagePage(checkMonth(month), null, null)).map(toUsageRow);
  }

  eachUsage(month: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<UsageRow> {
    checkMonth(month);
    return inPages(
      checkPageSize(pageSize),
      (after: UsageDbRow | null, size) => this.usagePage(month, after, size),
      toUsageRow
    );
  }

  /** Current members after `after` in creation order, at most `size` (null: all). */
  private async usagePage(
    month: string,
    after: UsageDbRow | null,
    size: number | null
  ): Promise<UsageDbRow[]> {
    const { rows } = await this.pool.query<UsageDbRow>(
      `SELECT m.seq, m.id, m.name, m.email, coalesce(s.spent_milli, 0) AS credits_milli,
              (SELECT count(*) FROM audit a WHERE a.month = $1 AND a.member_id = m.id)
                AS requests
       FROM members m
       LEFT JOIN month_spend s ON s.scope = 'member:' || m.id AND s.month = $1
       WHERE m.removed_at IS NULL AND m.seq > $2
       ORDER BY m.seq
       LIMIT $3`,
      [month, after?.seq ?? 0, size]
    );
    return rows;
  }

  async monthlyUsage(fromMonth: string): Promise<MonthlyUsage[]> {
    const { rows } = await this.pool.query<{
      month: string;
      member_id: string;
      spent_milli: string;
    }>(
      `SELECT month, substr(scope, length('member:') + 1) AS member_id, spent_milli
       FROM month_spend
       WHERE scope LIKE 'member:%' AND month >= $1 AND spent_milli > 0
       ORDER BY month, member_id`,
      [checkMonth(fromMonth)]
    );
    return rows.map((row) => ({
      month: row.month,
      memberId: row.member_id,
      creditsMilli: Number(row.spent_milli),
    }));
  }

  async audit(from: string, to: string): Promise<AuditEntry[]> {
    const page = await this.auditPage(isoTime(from, "from"), isoTime(to, "to"), null, null);
    return page.map(toAuditEntry);
  }

  eachAudit(from: string, to: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<AuditEntry> {
    const range = [isoTime(from, "from"), isoTime(to, "to")] as const;
    return inPages(
      checkPageSize(pageSize),
      (after: AuditRow | null, size) => this.auditPage(...range, after, size),
      toAuditEntry
    );
  }

  /** Entries in [from, to) after `after` in (at, id) order, at most `size` (null: all). */
  private async auditPage(
    from: string,
    to: string,
    after: AuditRow | null,
    size: number | null
  ): Promise<AuditRow[]> {
    // `at` is written by the host in milliseconds: a Date carries it back exactly.
    const { rows } = await this.pool.query<AuditRow>(
      `SELECT id, at, member_id, operation, credits_milli, status FROM audit
       WHERE at >= $1 AND at < $2 AND ($3::timestamptz IS NULL OR (at, id) > ($3, $4))
       ORDER BY at, id
       LIMIT $5`,
      [from, to, after?.at ?? null, after?.id ?? 0, size]
    );
    return rows;
  }

  async pruneAudit(before: string): Promise<number> {
    const time = isoTime(before, "before");
    await this.pool.query("DELETE FROM purchases WHERE bought_at < $1", [time]);
    await this.pool.query("DELETE FROM pending_webhooks WHERE created_at < $1", [time]);
    await this.pool.query("DELETE FROM bounce_reports WHERE at < $1", [time]);
    const pruned = await this.pool.query("DELETE FROM audit WHERE at < $1", [time]);
    return pruned.rowCount ?? 0;
  }

  async addPendingWebhook(pending: PendingWebhook): Promise<void> {
    checkMonth(pending.month);
    checkMilli(pending.chargedMilli, "A charge");
    await this.pool.query(
      `INSERT INTO pending_webhooks (id, member_id, month, charged_milli, operation, lookup_key,
                                     member_url, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        pending.id,
        pending.memberId,
        pending.month,
        pending.chargedMilli,
        pending.operation,
        pending.lookupKey,
        pending.memberUrl,
        isoTime(pending.createdAt, "createdAt"),
      ]
    );
  }

  async deliverPendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    return this.transaction(async (client) => {
      const row = await lockedPending(client, id);
      if (!row) return null;
      if (row.delivered_at !== null) return "delivered";
      await client.query("UPDATE pending_webhooks SET delivered_at = $1 WHERE id = $2", [
        now(),
        id,
      ]);
      return toPendingWebhook(row);
    });
  }

  async pendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    const { rows } = await this.pool.query<PendingWebhookRow>(
      "SELECT * FROM pending_webhooks WHERE id = $1",
      [id]
    );
    const row = rows[0];
    if (!row) return null;
    return row.delivered_at !== null ? "delivered" : toPendingWebhook(row);
  }

  async settleWebhookLookup(
    reservation: Reservation,
    pendingId: string,
    audit: { operation: string; status: number }
  ): Promise<number> {
    checkMonth(reservation.month);
    return this.transaction(async (client) => {
      // The pending row first: a result arriving meanwhile waits, then sees what was settled.
      const row = await lockedPending(client, pendingId);
      const charged =
        row?.result_milli == null ? reservation.amountMilli : Number(row.result_milli);
      const { rows } = await client.query<{ counted: boolean }>(
        "SELECT mf_settle_counted($1, $2, $3, $4, $5, $6, $7) AS counted",
        [
          reservation.id,
          reservation.memberId,
          reservation.month,
          charged,
          now(),
          audit.operation,
          audit.status,
        ]
      );
      if (rows[0]!.counted)
        await client.query("UPDATE pending_webhooks SET settled_milli = $1 WHERE id = $2", [
          charged,
          pendingId,
        ]);
      return charged;
    });
  }

  async deliverWebhookResult(
    id: string,
    resultMilli: number,
    audit: { operation: string; status: number }
  ): Promise<PendingWebhook | "delivered" | null> {
    checkMilli(resultMilli, "A charge");
    return this.transaction(async (client) => {
      const row = await lockedPending(client, id);
      if (!row) return null;
      if (row.delivered_at !== null) return "delivered";
      const at = now();
      await client.query(
        "UPDATE pending_webhooks SET delivered_at = $1, result_milli = $2 WHERE id = $3",
        [at, resultMilli, id]
      );
      if (row.settled_milli !== null) {
        const difference = resultMilli - Number(row.settled_milli);
        if (difference > 0) {
          await client.query("SELECT mf_change_month($1, $2, $3, 0)", [
            memberScope(row.member_id),
            row.month,
            difference,
          ]);
          await client.query(
            `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [at, row.month, row.member_id, audit.operation, difference, audit.status]
          );
        } else if (difference < 0)
          await giveBack(client, row.member_id, row.month, -difference, audit, at);
      }
      return toPendingWebhook(row);
    });
  }

  async legacyCharged(key: string): Promise<boolean> {
    const { rowCount } = await this.prepared(
      "mf_legacy_charged",
      "SELECT 1 FROM legacy_charges WHERE key = $1",
      [key]
    );
    return rowCount === 1;
  }

  async recordPurchase(purchase: Purchase): Promise<void> {
    checkMonth(purchase.month);
    if (checkMilli(purchase.amountMilli, "A purchase") === 0) return;
    await this.pool.query(
      `INSERT INTO purchases (email, member_id, month, amount_milli, bought_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [
        purchase.email,
        purchase.memberId,
        purchase.month,
        purchase.amountMilli,
        isoTime(purchase.at, "at"),
      ]
    );
  }

  async unreturnedMilli(email: string): Promise<number> {
    const { rows } = await this.pool.query<{ left: string }>(
      `SELECT coalesce(sum(amount_milli - returned_milli), 0) AS left FROM purchases
       WHERE email = $1 AND refunded_at IS NULL`,
      [email]
    );
    return Number(rows[0]!.left);
  }

  async recordBounceReport(report: NewBounceReport): Promise<BounceReport> {
    const at = isoTime(report.at, "at");
    if (report.returnedMilli !== null) checkMilli(report.returnedMilli, "A return");
    return this.transaction(async (client) => {
      // The address's purchases locked: two reports of one address return each credit once.
      const { rows } = await client.query<UnreturnedRow>(
        `SELECT id, member_id, month, amount_milli, returned_milli FROM purchases
         WHERE email = $1 AND refunded_at IS NULL ORDER BY bought_at, id FOR UPDATE`,
        [report.email]
      );
      const purchases = rows.map((row) => ({
        ...row,
        amount_milli: Number(row.amount_milli),
        returned_milli: Number(row.returned_milli),
      }));
      const { claimedMilli, backs } = returnsOf(purchases, report.returnedMilli);
      let refunded = 0;
      for (const { purchase, backMilli } of backs) {
        refunded += await giveBack(
          client,
          purchase.member_id,
          purchase.month,
          backMilli,
          report.audit,
          at
        );
        await client.query(
          `UPDATE purchases SET returned_milli = returned_milli + $1,
             refunded_at = CASE WHEN returned_milli + $1 >= amount_milli THEN $2::timestamptz END
           WHERE id = $3`,
          [backMilli, at, purchase.id]
        );
      }
      const saved = bounceReportOf(report, at, claimedMilli, refunded);
      await client.query(
        `INSERT INTO bounce_reports (id, at, member_id, email, claimed_milli, returned_milli,
                                     refunded_milli, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          saved.id,
          at,
          saved.memberId,
          saved.email,
          claimedMilli,
          saved.returnedMilli,
          refunded,
          saved.outcome,
        ]
      );
      return saved;
    });
  }

  async bounceReports(from: string, to: string, limit: number): Promise<BounceReport[]> {
    const { rows } = await this.pool.query<BounceReportRow>(
      `SELECT * FROM bounce_reports WHERE at >= $1 AND at < $2 ORDER BY at DESC, id DESC LIMIT $3`,
      [isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit)]
    );
    return rows.map(toBounceReport);
  }

  async openReportWindow(owner: string, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    return this.transaction(async (client) => {
      // The team row held exclusively: a reservation deciding under its share lock finishes
      // first (and is open when this returns), a later one waits and then sees the window.
      await client.query("SELECT 1 FROM team WHERE id = 1 FOR UPDATE");
      const opened = await client.query(
        `INSERT INTO report_window AS w (id, owner, expires_at)
         VALUES (1, $1, now() + $2 * interval '1 millisecond')
         ON CONFLICT (id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
         WHERE w.expires_at <= now() OR w.owner = EXCLUDED.owner
         RETURNING owner`,
        [owner, ttlMs]
      );
      return opened.rowCount === 1;
    });
  }

  async closeReportWindow(owner: string): Promise<void> {
    await this.pool.query("DELETE FROM report_window WHERE owner = $1", [owner]);
  }

  async paidInFlight(webhookSince: string): Promise<number> {
    const { rows } = await this.pool.query<{ open: string; webhooks: string }>(
      `SELECT
         (SELECT count(*) FROM reservations WHERE state = 'open' AND expires_at > now()) AS open,
         (SELECT count(*) FROM pending_webhooks
          WHERE delivered_at IS NULL AND created_at >= $1) AS webhooks`,
      [isoTime(webhookSince, "webhookSince")]
    );
    return Number(rows[0]!.open) + Number(rows[0]!.webhooks);
  }

  async recordAdminAction(entry: AdminAuditEntry): Promise<void> {
    await this.pool.query(
      `INSERT INTO admin_audit (${ADMIN_AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      adminAuditValues(entry, isoTime(entry.at, "at"))
    );
  }

  async adminAudit(from: string, to: string, limit: number): Promise<AdminAuditEntry[]> {
    const { rows } = await this.pool.query<AdminAuditRow>(
      `SELECT ${ADMIN_AUDIT_COLUMNS} FROM admin_audit
       WHERE at >= $1 AND at < $2 ORDER BY at DESC, id DESC LIMIT $3`,
      [isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit)]
    );
    return rows.map(toAdminAuditEntry);
  }

  async pruneAdminAudit(before: string): Promise<number> {
    const pruned = await this.pool.query("DELETE FROM admin_audit WHERE at < $1", [
      isoTime(before, "before"),
    ]);
    return pruned.rowCount ?? 0;
  }

  async sharedAnswer(key: string, notBefore: string): Promise<SharedAnswer | null> {
    const { rows } = await this.prepared<{
      key: string;
      status: number;
      body: string;
      stored_at: Date;
    }>(
      "mf_shared_answer",
      "SELECT key, status, body, stored_at FROM shared_answers WHERE key = $1 AND stored_at >= $2",
      [key, isoTime(notBefore, "notBefore")]
    );
    const row = rows[0];
    return row
      ? { key: row.key, status: row.status, body: row.body, storedAt: row.stored_at.toISOString() }
      : null;
  }

  async putSharedAnswer(answer: SharedAnswer): Promise<void> {
    await this.keep(answer, false);
  }

  async offerSharedAnswer(answer: SharedAnswer): Promise<boolean> {
    return this.keep(answer, true);
  }

  private async keep(answer: SharedAnswer, unlessBetter: boolean): Promise<boolean> {
    const kept = await this.pool.query(
      `INSERT INTO shared_answers AS s (key, status, body, stored_at, quality, domain)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET
         status = EXCLUDED.status, body = EXCLUDED.body, stored_at = EXCLUDED.stored_at,
         quality = EXCLUDED.quality, domain = EXCLUDED.domain
       WHERE NOT $7 OR (EXCLUDED.quality >= s.quality AND EXCLUDED.stored_at >= s.stored_at)
       RETURNING key`,
      [
        answer.key,
        answer.status,
        answer.body,
        isoTime(answer.storedAt, "storedAt"),
        answerQuality(answer.body),
        answerDomain(answer.key, answer.body),
        unlessBetter,
      ]
    );
    return kept.rowCount === 1;
  }

  async sharedAnswersOfDomain(domain: string, limit: number): Promise<SharedAnswer[]> {
    const { rows } = await this.pool.query<{
      key: string;
      status: number;
      body: string;
      stored_at: Date;
    }>(
      `SELECT key, status, body, stored_at FROM shared_answers WHERE domain = $1
       ORDER BY stored_at DESC, key LIMIT $2`,
      [domain, checkPageSize(limit)]
    );
    return rows.map((row) => ({
      key: row.key,
      status: row.status,
      body: row.body,
      storedAt: row.stored_at.toISOString(),
    }));
  }

  async purgeSharedAnswer(key: string): Promise<boolean> {
    const purged = await this.pool.query("DELETE FROM shared_answers WHERE key = $1", [key]);
    return purged.rowCount === 1;
  }

  async purgeDomainAnswers(domain: string): Promise<number> {
    if (domain === "") return 0;
    const purged = await this.pool.query("DELETE FROM shared_answers WHERE domain = $1", [domain]);
    return purged.rowCount ?? 0;
  }

  async sharedAnswerCount(): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      "SELECT count(*) FROM shared_answers"
    );
    return Number(rows[0]!.count);
  }

  async claimLookup(key: string, owner: string, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    // One statement: a claim is taken when there is none, when it expired, or when it is the
    // owner's own (renewed). A concurrent claimer waits on the row and sees the winner's claim.
    const claimed = await this.prepared(
      "mf_claim_lookup",
      `INSERT INTO lookup_claims (key, owner, expires_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
       WHERE lookup_claims.expires_at <= now() OR lookup_claims.owner = EXCLUDED.owner
       RETURNING owner`,
      [key, owner, ttlMs]
    );
    return claimed.rowCount === 1;
  }

  async releaseLookup(key: string, owner: string): Promise<void> {
    await this.prepared(
      "mf_release_lookup",
      "DELETE FROM lookup_claims WHERE key = $1 AND owner = $2",
      [key, owner]
    );
  }

  async sealedServiceKey(): Promise<string | null> {
    const { rows } = await this.prepared<{ sealed_service_key: string | null }>(
      "mf_sealed_service_key",
      "SELECT sealed_service_key FROM team WHERE id = 1",
      []
    );
    return rows[0]?.sealed_service_key ?? null;
  }

  async setSealedServiceKey(sealed: string): Promise<void> {
    await this.pool.query("UPDATE team SET sealed_service_key = $1 WHERE id = 1", [sealed]);
  }

  async sealingSalt(fresh: string): Promise<string> {
    // Two instances at once: the second waits on the row and keeps the first one's salt.
    const { rows } = await this.pool.query<{ sealing_salt: string }>(
      `UPDATE team SET sealing_salt = coalesce(sealing_salt, $1) WHERE id = 1
       RETURNING sealing_salt`,
      [fresh]
    );
    return rows[0]!.sealing_salt;
  }
}
