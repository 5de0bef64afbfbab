import { randomUUID } from "node:crypto";
import { Pool, type PoolClient } from "pg";
import { migratePostgres } from "./migrations";
import type {
  AuditEntry,
  Member,
  MonthFigures,
  MonthlyUsage,
  Reservation,
  ReserveResult,
  SharedAnswer,
  TeamSettings,
  TeamStore,
  TokenInfo,
  UsageRow,
} from "./store";
import {
  checkBudget,
  checkMilli,
  checkMonth,
  checkTeamPatch,
  checkTtl,
  ENDED_RESERVATION_KEPT_MS,
  isoTime,
  memberScope,
  refusalOf,
  TEAM_SCOPE,
  TOKEN_USE_RESOLUTION_MS,
} from "./store-rules";

// The team store shared by several host instances: PostgreSQL, at READ COMMITTED.
//
// Budgets hold across instances because every change of a month's figures locks its rows
// first, always in one order (by month, the team's row before the members', members by scope),
// and decides under those locks; two transactions therefore never wait on each other in a
// circle. A transaction that also ends a reservation locks that reservation's row before any
// month row. Expiries (reservations, lookup claims) are the database's clock, one for every
// instance; the times recorded (creation, audit) are the instance's.

interface MemberRow {
  id: string;
  name: string;
  email: string;
  monthly_budget_milli: string | null;
  created_at: Date;
}

interface TokenRow {
  id: string;
  member_id: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

interface ReservationRow {
  member_id: string;
  month: string;
  amount_milli: string;
}

const MEMBER_COLUMNS = "id, name, email, monthly_budget_milli, created_at";

const milli = (value: string | number | null): number | null =>
  value === null ? null : Number(value);
const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());
const now = (): string => new Date().toISOString();

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    monthlyBudgetMilli: milli(row.monthly_budget_milli),
    createdAt: row.created_at.toISOString(),
  };
}

function toToken(row: TokenRow): TokenInfo {
  return {
    id: row.id,
    memberId: row.member_id,
    createdAt: row.created_at.toISOString(),
    revokedAt: iso(row.revoked_at),
    lastUsedAt: iso(row.last_used_at),
  };
}

/** A change of one month's figures for one scope. */
interface MonthChange {
  scope: string;
  month: string;
  spentMilli: number;
  reservedMilli: number;
}

/** The changes of a member's month, applied to the member's and the team's figures alike. */
function memberAndTeam(
  memberId: string,
  month: string,
  spentMilli: number,
  reservedMilli: number
): MonthChange[] {
  return [TEAM_SCOPE, memberScope(memberId)].map((scope) => ({
    scope,
    month,
    spentMilli,
    reservedMilli,
  }));
}

// The one order in which month rows are created and locked (see the top of the file).
const MONTH_ROW_ORDER = "month, scope <> 'team', scope";

/**
 * Creates the month rows that are missing, then locks them all in MONTH_ROW_ORDER; answers
 * their figures by "scope month".
 */
async function lockMonthRows(
  client: PoolClient,
  keys: { scope: string; month: string }[]
): Promise<Map<string, MonthFigures>> {
  const scopes = keys.map((key) => key.scope);
  const months = keys.map((key) => key.month);
  await client.query(
    `INSERT INTO month_spend (scope, month)
     SELECT scope, month FROM unnest($1::text[], $2::text[]) AS k(scope, month)
     ORDER BY ${MONTH_ROW_ORDER}
     ON CONFLICT (scope, month) DO NOTHING`,
    [scopes, months]
  );
  const { rows } = await client.query<{
    scope: string;
    month: string;
    spent_milli: string;
    reserved_milli: string;
  }>(
    `SELECT scope, month, spent_milli, reserved_milli FROM month_spend
     WHERE (scope, month) IN (SELECT * FROM unnest($1::text[], $2::text[]))
     ORDER BY ${MONTH_ROW_ORDER}
     FOR UPDATE`,
    [scopes, months]
  );
  return new Map(
    rows.map((row) => [
      `${row.scope} ${row.month}`,
      { spentMilli: Number(row.spent_milli), reservedMilli: Number(row.reserved_milli) },
    ])
  );
}

/** Applies changes to month rows already locked by lockMonthRows. */
async function applyMonthChanges(client: PoolClient, changes: MonthChange[]): Promise<void> {
  const sums = new Map<string, MonthChange>();
  for (const change of changes) {
    const key = `${change.scope} ${change.month}`;
    const sum = sums.get(key);
    if (sum) {
      sum.spentMilli += change.spentMilli;
      sum.reservedMilli += change.reservedMilli;
    } else sums.set(key, { ...change });
  }
  const all = [...sums.values()];
  await client.query(
    `UPDATE month_spend s SET
       spent_milli = s.spent_milli + d.spent,
       reserved_milli = s.reserved_milli + d.reserved
     FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[]) AS d(scope, month, spent, reserved)
     WHERE s.scope = d.scope AND s.month = d.month`,
    [
      all.map((change) => change.scope),
      all.map((change) => change.month),
      all.map((change) => change.spentMilli),
      all.map((change) => change.reservedMilli),
    ]
  );
}

async function changeMonths(client: PoolClient, changes: MonthChange[]): Promise<void> {
  if (changes.length === 0) return;
  await lockMonthRows(client, changes);
  await applyMonthChanges(client, changes);
}

export class PgTeamStore implements TeamStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /**
   * Over a connection string (the store opens and ends its pool) or a pool of the caller's
   * (which the caller ends).
   */
  constructor(source: string | Pool) {
    if (typeof source === "string") {
      // A lookup holds a connection for a few short statements at a time; many are out at once.
      this.pool = new Pool({ connectionString: source, connectionTimeoutMillis: 10_000, max: 32 });
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
    await this.transaction(migratePostgres);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
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

  async team(): Promise<TeamSettings> {
    const { rows } = await this.pool.query<{
      name: string;
      monthly_budget_milli: string | null;
      freshness_days: number;
    }>("SELECT name, monthly_budget_milli, freshness_days FROM team WHERE id = 1");
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
    const { rows } = await this.pool.query<MemberRow>(
      `UPDATE members SET ${assignments.join(", ")} WHERE id = $1 AND removed_at IS NULL
       RETURNING ${MEMBER_COLUMNS}`,
      values
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  async removeMember(id: string): Promise<boolean> {
    return this.transaction(async (client) => {
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
    });
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
    const revoked = await this.pool.query(
      "UPDATE tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL",
      [tokenId, now()]
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

  async memberByTokenHash(tokenHash: string): Promise<Member | null> {
    const { rows } = await this.pool.query<MemberRow>(
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
    ttlMs: number
  ): Promise<ReserveResult> {
    checkMonth(month);
    checkMilli(amountMilli, "A reservation");
    checkTtl(ttlMs);
    return this.transaction(async (client): Promise<ReserveResult> => {
      const { rows } = await client.query<{
        member_limit: string | null;
        team_limit: string | null;
      }>(
        `SELECT m.monthly_budget_milli AS member_limit, t.monthly_budget_milli AS team_limit
         FROM members m CROSS JOIN team t WHERE m.id = $1 AND m.removed_at IS NULL AND t.id = 1`,
        [memberId]
      );
      const limits = rows[0];
      if (!limits) throw new Error(`There is no current member ${memberId} to reserve for.`);
      const changes = memberAndTeam(memberId, month, 0, amountMilli);
      const figures = await lockMonthRows(client, changes);
      const used = (scope: string) => {
        const found = figures.get(`${scope} ${month}`)!;
        return found.spentMilli + found.reservedMilli;
      };
      const refusal = refusalOf(
        amountMilli,
        { limitMilli: milli(limits.member_limit), usedMilli: used(memberScope(memberId)) },
        { limitMilli: milli(limits.team_limit), usedMilli: used(TEAM_SCOPE) }
      );
      if (refusal) return { ok: false, ...refusal };
      await applyMonthChanges(client, changes);
      const reservation: Reservation = { id: randomUUID(), memberId, month, amountMilli };
      await client.query(
        `INSERT INTO reservations (id, member_id, month, amount_milli, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')`,
        [reservation.id, memberId, month, amountMilli, now(), ttlMs]
      );
      return { ok: true, reservation };
    });
  }

  async settle(
    reservation: Reservation,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<void> {
    checkMilli(chargedMilli, "A charge");
    checkMonth(reservation.month);
    await this.transaction(async (client) => {
      const at = now();
      const { rows } = await client.query<ReservationRow & { state: string }>(
        "SELECT member_id, month, amount_milli, state FROM reservations WHERE id = $1 FOR UPDATE",
        [reservation.id]
      );
      const row = rows[0];
      if (row?.state === "settled") return;
      if (row) {
        await client.query(
          "UPDATE reservations SET state = 'settled', ended_at = $2 WHERE id = $1",
          [reservation.id, at]
        );
      } else {
        // Forgotten (or never made here): the charge is real all the same; recorded as settled
        // so that a repeat does not count it twice.
        const recorded = await client.query(
          `INSERT INTO reservations (id, member_id, month, amount_milli, created_at, expires_at,
                                     state, ended_at)
           VALUES ($1, $2, $3, 0, $4, $4, 'settled', $4)
           ON CONFLICT (id) DO NOTHING`,
          [reservation.id, reservation.memberId, reservation.month, at]
        );
        if (recorded.rowCount === 0) return;
      }
      const memberId = row?.member_id ?? reservation.memberId;
      const month = row?.month ?? reservation.month;
      const held = row?.state === "open" ? Number(row.amount_milli) : 0;
      await changeMonths(client, memberAndTeam(memberId, month, chargedMilli, -held));
      await client.query(
        `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [at, month, memberId, audit.operation, chargedMilli, audit.status]
      );
    });
  }

  async release(reservation: Reservation): Promise<void> {
    await this.transaction(async (client) => {
      const { rows } = await client.query<ReservationRow>(
        `UPDATE reservations SET state = 'released', ended_at = $2 WHERE id = $1 AND state = 'open'
         RETURNING member_id, month, amount_milli`,
        [reservation.id, now()]
      );
      const row = rows[0];
      if (row)
        await changeMonths(
          client,
          memberAndTeam(row.member_id, row.month, 0, -Number(row.amount_milli))
        );
    });
  }

  async releaseExpired(): Promise<number> {
    return this.transaction(async (client) => {
      // Rows another transaction holds (being settled, or swept by another instance) are
      // skipped: this one never waits on a reservation while holding month rows, or the reverse.
      const { rows } = await client.query<ReservationRow>(
        `UPDATE reservations SET state = 'released', ended_at = $1
         WHERE id IN (SELECT id FROM reservations WHERE state = 'open' AND expires_at < now()
                      FOR UPDATE SKIP LOCKED)
         RETURNING member_id, month, amount_milli`,
        [now()]
      );
      await client.query(
        `DELETE FROM reservations
         WHERE id IN (SELECT id FROM reservations
                      WHERE state <> 'open' AND expires_at < now() - $1 * interval '1 millisecond'
                      FOR UPDATE SKIP LOCKED)`,
        [ENDED_RESERVATION_KEPT_MS]
      );
      // Claims of instances that stopped without releasing them.
      await client.query("DELETE FROM lookup_claims WHERE expires_at < now()");
      await changeMonths(
        client,
        rows.flatMap((row) => memberAndTeam(row.member_id, row.month, 0, -Number(row.amount_milli)))
      );
      return rows.length;
    });
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
    return this.figures(TEAM_SCOPE, month);
  }

  async usage(month: string): Promise<UsageRow[]> {
    const { rows } = await this.pool.query<{
      id: string;
      name: string;
      email: string;
      credits_milli: string;
      requests: string;
    }>(
      `SELECT m.id, m.name, m.email, coalesce(s.spent_milli, 0) AS credits_milli,
              (SELECT count(*) FROM audit a WHERE a.month = $1 AND a.member_id = m.id)
                AS requests
       FROM members m
       LEFT JOIN month_spend s ON s.scope = 'member:' || m.id AND s.month = $1
       WHERE m.removed_at IS NULL
       ORDER BY m.seq`,
      [checkMonth(month)]
    );
    return rows.map((row) => ({
      memberId: row.id,
      name: row.name,
      email: row.email,
      creditsMilli: Number(row.credits_milli),
      requests: Number(row.requests),
    }));
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
    const { rows } = await this.pool.query<{
      at: Date;
      member_id: string;
      operation: string;
      credits_milli: string;
      status: number;
    }>(
      `SELECT at, member_id, operation, credits_milli, status FROM audit
       WHERE at >= $1 AND at < $2 ORDER BY at, id`,
      [isoTime(from, "from"), isoTime(to, "to")]
    );
    return rows.map((row) => ({
      at: row.at.toISOString(),
      memberId: row.member_id,
      operation: row.operation,
      creditsMilli: Number(row.credits_milli),
      status: row.status,
    }));
  }

  async pruneAudit(before: string): Promise<number> {
    const pruned = await this.pool.query("DELETE FROM audit WHERE at < $1", [
      isoTime(before, "before"),
    ]);
    return pruned.rowCount ?? 0;
  }

  async sharedAnswer(key: string, notBefore: string): Promise<SharedAnswer | null> {
    const { rows } = await this.pool.query<{
      key: string;
      status: number;
      body: string;
      stored_at: Date;
    }>(
      "SELECT key, status, body, stored_at FROM shared_answers WHERE key = $1 AND stored_at >= $2",
      [key, isoTime(notBefore, "notBefore")]
    );
    const row = rows[0];
    return row
      ? { key: row.key, status: row.status, body: row.body, storedAt: row.stored_at.toISOString() }
      : null;
  }

  async putSharedAnswer(answer: SharedAnswer): Promise<void> {
    await this.pool.query(
      `INSERT INTO shared_answers (key, status, body, stored_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET
         status = EXCLUDED.status, body = EXCLUDED.body, stored_at = EXCLUDED.stored_at`,
      [answer.key, answer.status, answer.body, isoTime(answer.storedAt, "storedAt")]
    );
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
    const claimed = await this.pool.query(
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
    await this.pool.query("DELETE FROM lookup_claims WHERE key = $1 AND owner = $2", [key, owner]);
  }

  async sealedServiceKey(): Promise<string | null> {
    const { rows } = await this.pool.query<{ sealed_service_key: string | null }>(
      "SELECT sealed_service_key FROM team WHERE id = 1"
    );
    return rows[0]?.sealed_service_key ?? null;
  }

  async setSealedServiceKey(sealed: string): Promise<void> {
    await this.pool.query("UPDATE team SET sealed_service_key = $1 WHERE id = 1", [sealed]);
  }
}
