import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { answerDomain, answerQuality } from "./answer-facts";
import { Kysely, SqliteDialect } from "kysely";
import { migrateSchema } from "./store/migrate";
import {
  ADMIN_AUDIT_COLUMNS,
  adminAuditValues,
  MEMBER_COLUMNS,
  toAdminAuditEntry,
  toPendingWebhook,
  type PendingWebhookRow,
  toBounceReport,
  toMember,
  toToken,
  type AdminAuditRow,
  type BounceReportRow,
  type UnreturnedRow,
  type WebhookMoneyRow,
  type MemberRow,
  type TokenRow,
} from "./store-rows";
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
  refusalOf,
  returnsOf,
  TOKEN_USE_RESOLUTION_MS,
} from "./store-rules";

// The team store of a single host: one SQLite file (or ":memory:"). better-sqlite3 is
// synchronous, so each method runs to its end before another starts in this process; a write
// that must be atomic is one IMMEDIATE transaction, which also keeps another process on the
// same file out (it waits, up to busy_timeout).

interface FiguresRow {
  spent_milli: number;
  reserved_milli: number;
}

interface AuditRow {
  id: number;
  at: string;
  member_id: string;
  operation: string;
  credits_milli: number;
  status: number;
}

interface UsageDbRow {
  seq: number;
  created_at: string;
  id: string;
  name: string;
  email: string;
  credits_milli: number;
  requests: number;
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  at: row.at,
  memberId: row.member_id,
  operation: row.operation,
  creditsMilli: row.credits_milli,
  status: row.status,
});

const toUsageRow = (row: UsageDbRow): UsageRow => ({
  memberId: row.id,
  name: row.name,
  email: row.email,
  creditsMilli: row.credits_milli,
  requests: row.requests,
});

interface EndedReservationRow {
  member_id: string;
  month: string;
  amount_milli: number;
}

const now = (): string => new Date().toISOString();
const later = (ms: number): string => new Date(Date.now() + ms).toISOString();

export class SqliteTeamStore implements TeamStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly kysely: Kysely<unknown>;

  /** Opens (creating it and its directory if needed) the file; ":memory:" for a throwaway one. */
  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = NORMAL");
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    this.kysely = new Kysely({ dialect: new SqliteDialect({ database: this.db }) });
  }

  async migrate(): Promise<void> {
    await migrateSchema(this.kysely);
    this.noteAnswerFacts();
  }

  /** Answers kept before version 7 get their quality and domain (answer-facts.ts). */
  private noteAnswerFacts(): void {
    const unnoted = this.sql(
      "SELECT key, body FROM shared_answers WHERE domain IS NULL LIMIT 1000"
    );
    const note = this.sql("UPDATE shared_answers SET quality = ?, domain = ? WHERE key = ?");
    for (;;) {
      const rows = unnoted.all() as Array<{ key: string; body: string }>;
      if (rows.length === 0) return;
      this.write(() => {
        for (const row of rows)
          note.run(answerQuality(row.body), answerDomain(row.key, row.body), row.key);
      });
    }
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }

  // Statements are prepared on first use: before migrate() their tables may not exist.
  private sql(source: string): Database.Statement {
    let statement = this.statements.get(source);
    if (!statement) {
      statement = this.db.prepare(source);
      this.statements.set(source, statement);
    }
    return statement;
  }

  private write<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  async team(): Promise<TeamSettings> {
    const row = this.sql(
      "SELECT name, monthly_budget_milli, freshness_days FROM team WHERE id = 1"
    ).get() as { name: string; monthly_budget_milli: number | null; freshness_days: number };
    return {
      name: row.name,
      monthlyBudgetMilli: row.monthly_budget_milli,
      freshnessDays: row.freshness_days,
    };
  }

  async updateTeam(patch: Partial<TeamSettings>): Promise<TeamSettings> {
    const checked = checkTeamPatch(patch);
    this.write(() => {
      if (checked.name !== undefined)
        this.sql("UPDATE team SET name = ? WHERE id = 1").run(checked.name);
      if (checked.monthlyBudgetMilli !== undefined)
        this.sql("UPDATE team SET monthly_budget_milli = ? WHERE id = 1").run(
          checked.monthlyBudgetMilli
        );
      if (checked.freshnessDays !== undefined)
        this.sql("UPDATE team SET freshness_days = ? WHERE id = 1").run(checked.freshnessDays);
    });
    return this.team();
  }

  async addMember(input: {
    name: string;
    email: string;
    monthlyBudgetMilli: number | null;
  }): Promise<Member> {
    const member: Member = {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      monthlyBudgetMilli: checkBudget(input.monthlyBudgetMilli, "A member's budget"),
      createdAt: now(),
    };
    this.sql(
      `INSERT INTO members (${MEMBER_COLUMNS}) VALUES (@id, @name, @email, @monthlyBudgetMilli, @createdAt)`
    ).run(member);
    return member;
  }

  async members(): Promise<Member[]> {
    const rows = this.sql(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE removed_at IS NULL ORDER BY created_at, rowid`
    ).all() as MemberRow[];
    return rows.map(toMember);
  }

  async member(id: string): Promise<Member | null> {
    const row = this.sql(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE id = ? AND removed_at IS NULL`
    ).get(id) as MemberRow | undefined;
    return row ? toMember(row) : null;
  }

  async memberByEmail(email: string): Promise<Member | null> {
    const row = this.sql(
      `SELECT ${MEMBER_COLUMNS} FROM members WHERE lower(email) = lower(?) AND removed_at IS NULL
       ORDER BY created_at, rowid LIMIT 1`
    ).get(email) as MemberRow | undefined;
    return row ? toMember(row) : null;
  }

  async memberByEntraId(tenantId: string, objectId: string): Promise<Member | null> {
    const row = this.sql(
      `SELECT ${MEMBER_COLUMNS} FROM members
       WHERE entra_tid = ? AND entra_oid = ? AND removed_at IS NULL`
    ).get(tenantId, objectId) as MemberRow | undefined;
    return row ? toMember(row) : null;
  }

  async bindEntraId(memberId: string, tenantId: string, objectId: string): Promise<boolean> {
    const bound = this.sql(
      `UPDATE members SET entra_tid = @tenantId, entra_oid = @objectId
       WHERE id = @memberId AND removed_at IS NULL AND entra_oid IS NULL
         AND NOT EXISTS (SELECT 1 FROM members WHERE entra_tid = @tenantId
                         AND entra_oid = @objectId AND removed_at IS NULL)`
    ).run({ memberId, tenantId, objectId });
    return bound.changes > 0;
  }

  async updateMember(
    id: string,
    patch: { name?: string; monthlyBudgetMilli?: number | null }
  ): Promise<Member | null> {
    const budget =
      patch.monthlyBudgetMilli === undefined
        ? undefined
        : checkBudget(patch.monthlyBudgetMilli, "A member's budget");
    return this.write(() => {
      const current = "id = ? AND removed_at IS NULL";
      if (patch.name !== undefined)
        this.sql(`UPDATE members SET name = ? WHERE ${current}`).run(patch.name, id);
      if (budget !== undefined)
        this.sql(`UPDATE members SET monthly_budget_milli = ? WHERE ${current}`).run(budget, id);
      const row = this.sql(`SELECT ${MEMBER_COLUMNS} FROM members WHERE ${current}`).get(id) as
        MemberRow | undefined;
      return row ? toMember(row) : null;
    });
  }

  async removeMember(id: string): Promise<boolean> {
    return this.write(() => {
      const at = now();
      const removed = this.sql(
        "UPDATE members SET removed_at = ? WHERE id = ? AND removed_at IS NULL"
      ).run(at, id);
      if (removed.changes === 0) return false;
      this.sql("UPDATE tokens SET revoked_at = ? WHERE member_id = ? AND revoked_at IS NULL").run(
        at,
        id
      );
      return true;
    });
  }

  async issueToken(memberId: string, tokenHash: string): Promise<TokenInfo> {
    return this.write(() => {
      if (!this.sql("SELECT 1 FROM members WHERE id = ? AND removed_at IS NULL").get(memberId))
        throw new Error(`There is no current member ${memberId} to issue a token to.`);
      const token: TokenInfo = {
        id: randomUUID(),
        memberId,
        createdAt: now(),
        revokedAt: null,
        lastUsedAt: null,
      };
      this.sql(
        "INSERT INTO tokens (id, member_id, token_hash, created_at) VALUES (?, ?, ?, ?)"
      ).run(token.id, memberId, tokenHash, token.createdAt);
      return token;
    });
  }

  async revokeToken(tokenId: string): Promise<boolean> {
    const revoked = this.sql(
      "UPDATE tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL"
    ).run(now(), tokenId);
    return revoked.changes > 0;
  }

  async tokens(memberId: string): Promise<TokenInfo[]> {
    const rows = this.sql(
      `SELECT id, member_id, created_at, revoked_at, last_used_at FROM tokens
       WHERE member_id = ? ORDER BY created_at, rowid`
    ).all(memberId) as TokenRow[];
    return rows.map(toToken);
  }

  async memberByTokenHash(tokenHash: string): Promise<Member | null> {
    const row = this.sql(
      `SELECT t.id AS token_id, t.last_used_at, m.id, m.name, m.email, m.monthly_budget_milli,
              m.created_at
       FROM tokens t JOIN members m ON m.id = t.member_id
       WHERE t.token_hash = ? AND t.revoked_at IS NULL AND m.removed_at IS NULL`
    ).get(tokenHash) as (MemberRow & { token_id: string; last_used_at: string | null }) | undefined;
    if (!row) return null;
    const at = new Date();
    if (
      row.last_used_at === null ||
      at.getTime() - Date.parse(row.last_used_at) >= TOKEN_USE_RESOLUTION_MS
    )
      this.sql("UPDATE tokens SET last_used_at = ? WHERE id = ?").run(
        at.toISOString(),
        row.token_id
      );
    return toMember(row);
  }

  private figures(scope: string, month: string): MonthFigures {
    const row = this.sql(
      "SELECT spent_milli, reserved_milli FROM month_spend WHERE scope = ? AND month = ?"
    ).get(scope, month) as FiguresRow | undefined;
    return { spentMilli: row?.spent_milli ?? 0, reservedMilli: row?.reserved_milli ?? 0 };
  }

  /** The team's figures: the sum of its members' rows (removed members' included). */
  private teamFigures(month: string): MonthFigures {
    const row = this.sql(
      `SELECT coalesce(sum(spent_milli), 0) AS spent_milli,
              coalesce(sum(reserved_milli), 0) AS reserved_milli
       FROM month_spend WHERE month = ? AND scope LIKE 'member:%'`
    ).get(month) as FiguresRow;
    return { spentMilli: row.spent_milli, reservedMilli: row.reserved_milli };
  }

  /** Adds to a member's month figures (negative amounts subtract). */
  private addToMonth(memberId: string, month: string, spentMilli: number, reservedMilli: number) {
    const scope = memberScope(memberId);
    this.sql(
      "INSERT INTO month_spend (scope, month) VALUES (?, ?) ON CONFLICT (scope, month) DO NOTHING"
    ).run(scope, month);
    this.sql(
      `UPDATE month_spend SET spent_milli = spent_milli + ?, reserved_milli = reserved_milli + ?
       WHERE scope = ? AND month = ?`
    ).run(spentMilli, reservedMilli, scope, month);
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
    return this.write(() => this.reserveIn(memberId, month, amountMilli, ttlMs, lookupKey));
  }

  /** Inside a write: reserve(). */
  private reserveIn(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null
  ): ReserveResult {
    if (this.sql("SELECT 1 FROM report_window WHERE expires_at > ?").get(now()))
      return { ok: false, paused: true };
    const limits = this.sql(
      `SELECT m.monthly_budget_milli AS member_limit, t.monthly_budget_milli AS team_limit
       FROM members m, team t WHERE m.id = ? AND m.removed_at IS NULL AND t.id = 1`
    ).get(memberId) as { member_limit: number | null; team_limit: number | null } | undefined;
    if (!limits) throw new Error(`There is no current member ${memberId} to reserve for.`);
    const used = ({ spentMilli, reservedMilli }: MonthFigures) => spentMilli + reservedMilli;
    const refusal = refusalOf(
      amountMilli,
      {
        limitMilli: limits.member_limit,
        usedMilli: used(this.figures(memberScope(memberId), month)),
      },
      { limitMilli: limits.team_limit, usedMilli: used(this.teamFigures(month)) }
    );
    if (refusal) return { ok: false, ...refusal };
    const reservation: Reservation = { id: randomUUID(), memberId, month, amountMilli };
    this.addToMonth(memberId, month, 0, amountMilli);
    this.sql(
      `INSERT INTO reservations (id, member_id, month, amount_milli, created_at, expires_at,
                                 lookup_key)
       VALUES (?, ?, ?, ?, ?, ?, ?)`
    ).run(reservation.id, memberId, month, amountMilli, now(), later(ttlMs), lookupKey);
    return { ok: true, reservation };
  }

  async settle(
    reservation: Reservation,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<void> {
    checkMilli(chargedMilli, "A charge");
    checkMonth(reservation.month);
    this.write(() => this.settleIn(reservation, chargedMilli, audit));
  }

  /** Inside a write: settle(); whether this settle counted the charge (false: settled before). */
  private settleIn(
    reservation: Reservation,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): boolean {
    const at = now();
    const row = this.sql(
      "SELECT member_id, month, amount_milli, state FROM reservations WHERE id = ?"
    ).get(reservation.id) as (EndedReservationRow & { state: string }) | undefined;
    if (row?.state === "settled") return false;
    if (row) {
      this.sql("UPDATE reservations SET state = 'settled', ended_at = ? WHERE id = ?").run(
        at,
        reservation.id
      );
    } else {
      // Forgotten (or never made here): the charge is real all the same; recorded as settled
      // so that a repeat does not count it twice.
      this.sql(
        `INSERT INTO reservations (id, member_id, month, amount_milli, created_at, expires_at,
                                   state, ended_at)
         VALUES (?, ?, ?, ?, ?, ?, 'settled', ?)`
      ).run(reservation.id, reservation.memberId, reservation.month, 0, at, at, at);
    }
    const memberId = row?.member_id ?? reservation.memberId;
    const month = row?.month ?? reservation.month;
    const held = row?.state === "open" ? row.amount_milli : 0;
    this.addToMonth(memberId, month, chargedMilli, -held);
    this.sql(
      `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
       VALUES (?, ?, ?, ?, ?, ?)`
    ).run(at, month, memberId, audit.operation, chargedMilli, audit.status);
    return true;
  }

  async startLookup(start: LookupStart): Promise<LookupStarted> {
    const { key, freshSince, owner, claimTtlMs, memberId, month, amountMilli } =
      checkLookupStart(start);
    const kept = this.keptAnswer(key, freshSince);
    if (kept) return { kind: "shared", answer: kept };
    return this.write((): LookupStarted => {
      if (!this.claim(key, owner, claimTtlMs)) return { kind: "held" };
      const unclaim = () =>
        this.sql("DELETE FROM lookup_claims WHERE key = ? AND owner = ?").run(key, owner);
      // Stored by another process's holder between the look and the claim: not bought twice.
      const keptMeanwhile = this.keptAnswer(key, freshSince);
      if (keptMeanwhile) {
        unclaim();
        return { kind: "shared", answer: keptMeanwhile };
      }
      const reserved = this.reserveIn(memberId, month, amountMilli, start.reservationTtlMs, key);
      if (reserved.ok) return { kind: "reserved", reservation: reserved.reservation };
      unclaim();
      if (reserved.paused) return { kind: "paused" };
      const { budget, limitMilli, usedMilli } = reserved;
      return { kind: "refused", budget, limitMilli, usedMilli };
    });
  }

  async finishLookup(end: LookupEnd): Promise<void> {
    const { reservation, chargedMilli, audit, claim, answer, purchase, legacyKey } =
      checkLookupEnd(end);
    this.write(() => {
      if (claim)
        this.sql("DELETE FROM lookup_claims WHERE key = ? AND owner = ?").run(
          claim.key,
          claim.owner
        );
      if (answer) this.keep(answer);
      if (!this.settleIn(reservation, chargedMilli, audit) || chargedMilli === 0) return;
      if (purchase)
        this.sql(
          `INSERT INTO purchases (email, member_id, month, amount_milli, bought_at)
           SELECT ?, member_id, month, ?, ? FROM reservations WHERE id = ?`
        ).run(purchase.email, chargedMilli, purchase.at, reservation.id);
      if (legacyKey)
        this.sql(
          "INSERT INTO legacy_charges (key, charged_at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"
        ).run(legacyKey, now());
    });
  }

  async settleOrphan(
    lookupKey: string,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<boolean> {
    checkMilli(chargedMilli, "A charge");
    return this.write(() => {
      const at = now();
      const row = this.sql(
        `SELECT id, member_id, month, amount_milli, state FROM reservations
         WHERE lookup_key = ?
           AND (state = 'open' OR (state = 'released' AND released_by = 'expiry'))
         ORDER BY created_at DESC LIMIT 1`
      ).get(lookupKey) as (EndedReservationRow & { id: string; state: string }) | undefined;
      if (!row) return false;
      this.sql("UPDATE reservations SET state = 'settled', ended_at = ? WHERE id = ?").run(
        at,
        row.id
      );
      this.addToMonth(
        row.member_id,
        row.month,
        chargedMilli,
        row.state === "open" ? -row.amount_milli : 0
      );
      this.sql(
        `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
         VALUES (?, ?, ?, ?, ?, ?)`
      ).run(at, row.month, row.member_id, audit.operation, chargedMilli, audit.status);
      return true;
    });
  }

  async release(reservation: Reservation): Promise<void> {
    this.write(() => {
      const row = this.sql(
        `UPDATE reservations SET state = 'released', released_by = 'error', ended_at = ?
         WHERE id = ? AND state = 'open'
         RETURNING member_id, month, amount_milli`
      ).get(now(), reservation.id) as EndedReservationRow | undefined;
      if (row) this.addToMonth(row.member_id, row.month, 0, -row.amount_milli);
    });
  }

  async releaseExpired(): Promise<number> {
    return this.write(() => {
      const at = now();
      const rows = this.sql(
        `UPDATE reservations SET state = 'released', released_by = 'expiry', ended_at = ?
         WHERE state = 'open' AND expires_at < ? RETURNING member_id, month, amount_milli`
      ).all(at, at) as EndedReservationRow[];
      for (const row of rows) this.addToMonth(row.member_id, row.month, 0, -row.amount_milli);
      this.sql("DELETE FROM reservations WHERE state <> 'open' AND expires_at < ?").run(
        new Date(Date.now() - ENDED_RESERVATION_KEPT_MS).toISOString()
      );
      // Claims of instances that stopped without releasing them.
      this.sql("DELETE FROM lookup_claims WHERE expires_at < ?").run(at);
      return rows.length;
    });
  }

  async memberMonth(memberId: string, month: string): Promise<MonthFigures> {
    return this.figures(memberScope(memberId), checkMonth(month));
  }

  async teamMonth(month: string): Promise<MonthFigures> {
    return this.teamFigures(checkMonth(month));
  }

  async usage(month: string): Promise<UsageRow[]> {
    return this.usagePage(checkMonth(month), null, -1).map(toUsageRow);
  }

  eachUsage(month: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<UsageRow> {
    checkMonth(month);
    return inPages(
      checkPageSize(pageSize),
      (after: UsageDbRow | null, size) => this.usagePage(month, after, size),
      toUsageRow
    );
  }

  /** Current members after `after` in creation order, at most `size` (-1: all). */
  private usagePage(month: string, after: UsageDbRow | null, size: number): UsageDbRow[] {
    return this.sql(
      `SELECT m.rowid AS seq, m.created_at, m.id, m.name, m.email,
              coalesce(s.spent_milli, 0) AS credits_milli,
              (SELECT count(*) FROM audit a WHERE a.month = @month AND a.member_id = m.id)
                AS requests
       FROM members m
       LEFT JOIN month_spend s ON s.scope = 'member:' || m.id AND s.month = @month
       WHERE m.removed_at IS NULL AND (m.created_at, m.rowid) > (@afterAt, @afterSeq)
       ORDER BY m.created_at, m.rowid
       LIMIT @size`
    ).all({
      month,
      afterAt: after?.created_at ?? "",
      afterSeq: after?.seq ?? 0,
      size,
    }) as UsageDbRow[];
  }

  async monthlyUsage(fromMonth: string): Promise<MonthlyUsage[]> {
    checkMonth(fromMonth);
    const rows = this.sql(
      `SELECT month, substr(scope, length('member:') + 1) AS member_id, spent_milli
       FROM month_spend
       WHERE scope LIKE 'member:%' AND month >= ? AND spent_milli > 0
       ORDER BY month, member_id`
    ).all(fromMonth) as { month: string; member_id: string; spent_milli: number }[];
    return rows.map((row) => ({
      month: row.month,
      memberId: row.member_id,
      creditsMilli: row.spent_milli,
    }));
  }

  async audit(from: string, to: string): Promise<AuditEntry[]> {
    return this.auditPage(isoTime(from, "from"), isoTime(to, "to"), null, -1).map(toAuditEntry);
  }

  eachAudit(from: string, to: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<AuditEntry> {
    const range = [isoTime(from, "from"), isoTime(to, "to")] as const;
    return inPages(
      checkPageSize(pageSize),
      (after: AuditRow | null, size) => this.auditPage(...range, after, size),
      toAuditEntry
    );
  }

  /** Entries in [from, to) after `after` in (at, id) order, at most `size` (-1: all). */
  private auditPage(from: string, to: string, after: AuditRow | null, size: number): AuditRow[] {
    return this.sql(
      `SELECT id, at, member_id, operation, credits_milli, status FROM audit
       WHERE at >= ? AND at < ? AND (at, id) > (?, ?) ORDER BY at, id LIMIT ?`
    ).all(from, to, after?.at ?? "", after?.id ?? 0, size) as AuditRow[];
  }

  async pruneAudit(before: string): Promise<number> {
    const time = isoTime(before, "before");
    this.sql("DELETE FROM purchases WHERE bought_at < ?").run(time);
    this.sql("DELETE FROM pending_webhooks WHERE created_at < ?").run(time);
    this.sql("DELETE FROM bounce_reports WHERE at < ?").run(time);
    return this.sql("DELETE FROM audit WHERE at < ?").run(time).changes;
  }

  /** Inside a write: up to `amountMilli` off a member's month (never below 0), audited negative. */
  private giveBack(
    memberId: string,
    month: string,
    amountMilli: number,
    audit: { operation: string; status: number },
    at: string
  ): number {
    const back = Math.min(amountMilli, this.figures(memberScope(memberId), month).spentMilli);
    if (back === 0) return 0;
    this.addToMonth(memberId, month, -back, 0);
    this.auditRow(at, month, memberId, audit, -back);
    return back;
  }

  private auditRow(
    at: string,
    month: string,
    memberId: string,
    audit: { operation: string; status: number },
    creditsMilli: number
  ): void {
    this.sql(
      `INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
       VALUES (?, ?, ?, ?, ?, ?)`
    ).run(at, month, memberId, audit.operation, creditsMilli, audit.status);
  }

  async addPendingWebhook(pending: PendingWebhook): Promise<void> {
    checkMonth(pending.month);
    checkMilli(pending.chargedMilli, "A charge");
    this.sql(
      `INSERT INTO pending_webhooks (id, member_id, month, charged_milli, operation, lookup_key,
                                     member_url, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(
      pending.id,
      pending.memberId,
      pending.month,
      pending.chargedMilli,
      pending.operation,
      pending.lookupKey,
      pending.memberUrl,
      isoTime(pending.createdAt, "createdAt")
    );
  }

  async deliverPendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    return this.write(() => {
      const row = this.pendingRow(id);
      if (!row) return null;
      if (row.delivered_at !== null) return "delivered";
      this.sql("UPDATE pending_webhooks SET delivered_at = ? WHERE id = ?").run(now(), id);
      return toPendingWebhook(row);
    });
  }

  async pendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    const row = this.pendingRow(id);
    if (!row) return null;
    return row.delivered_at !== null ? "delivered" : toPendingWebhook(row);
  }

  private pendingRow(id: string): (PendingWebhookRow & WebhookMoneyRow) | undefined {
    return this.sql("SELECT * FROM pending_webhooks WHERE id = ?").get(id) as
      (PendingWebhookRow & WebhookMoneyRow) | undefined;
  }

  async settleWebhookLookup(
    reservation: Reservation,
    pendingId: string,
    audit: { operation: string; status: number }
  ): Promise<number> {
    checkMonth(reservation.month);
    return this.write(() => {
      const row = this.pendingRow(pendingId);
      const charged = row?.result_milli ?? reservation.amountMilli;
      if (this.settleIn(reservation, charged, audit))
        this.sql("UPDATE pending_webhooks SET settled_milli = ? WHERE id = ?").run(
          charged,
          pendingId
        );
      return charged;
    });
  }

  async deliverWebhookResult(
    id: string,
    resultMilli: number,
    audit: { operation: string; status: number }
  ): Promise<PendingWebhook | "delivered" | null> {
    checkMilli(resultMilli, "A charge");
    return this.write(() => {
      const row = this.pendingRow(id);
      if (!row) return null;
      if (row.delivered_at !== null) return "delivered";
      const at = now();
      this.sql("UPDATE pending_webhooks SET delivered_at = ?, result_milli = ? WHERE id = ?").run(
        at,
        resultMilli,
        id
      );
      if (row.settled_milli !== null) {
        const difference = resultMilli - row.settled_milli;
        if (difference > 0) {
          this.addToMonth(row.member_id, row.month, difference, 0);
          this.auditRow(at, row.month, row.member_id, audit, difference);
        } else if (difference < 0) this.giveBack(row.member_id, row.month, -difference, audit, at);
      }
      return toPendingWebhook(row);
    });
  }

  async legacyCharged(key: string): Promise<boolean> {
    return this.sql("SELECT 1 FROM legacy_charges WHERE key = ?").get(key) !== undefined;
  }

  async recordPurchase(purchase: Purchase): Promise<void> {
    checkMonth(purchase.month);
    if (checkMilli(purchase.amountMilli, "A purchase") === 0) return;
    this.sql(
      `INSERT INTO purchases (email, member_id, month, amount_milli, bought_at)
       VALUES (?, ?, ?, ?, ?)`
    ).run(
      purchase.email,
      purchase.memberId,
      purchase.month,
      purchase.amountMilli,
      isoTime(purchase.at, "at")
    );
  }

  async unreturnedMilli(email: string): Promise<number> {
    return returnsOf(this.unreturned(email), null).claimedMilli;
  }

  private unreturned(email: string): UnreturnedRow[] {
    return this.sql(
      `SELECT id, member_id, month, amount_milli, returned_milli FROM purchases
       WHERE email = ? AND refunded_at IS NULL ORDER BY bought_at, id`
    ).all(email) as UnreturnedRow[];
  }

  async recordBounceReport(report: NewBounceReport): Promise<BounceReport> {
    const at = isoTime(report.at, "at");
    if (report.returnedMilli !== null) checkMilli(report.returnedMilli, "A return");
    return this.write(() => {
      const { claimedMilli, backs } = returnsOf(
        this.unreturned(report.email),
        report.returnedMilli
      );
      let refunded = 0;
      for (const { purchase, backMilli } of backs) {
        refunded += this.giveBack(purchase.member_id, purchase.month, backMilli, report.audit, at);
        this.sql(
          `UPDATE purchases SET returned_milli = returned_milli + ?,
             refunded_at = CASE WHEN returned_milli + ? >= amount_milli THEN ? END
           WHERE id = ?`
        ).run(backMilli, backMilli, at, purchase.id);
      }
      const saved = bounceReportOf(report, at, claimedMilli, refunded);
      this.sql(
        `INSERT INTO bounce_reports (id, at, member_id, email, claimed_milli, returned_milli,
                                     refunded_milli, outcome)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      ).run(
        saved.id,
        at,
        saved.memberId,
        saved.email,
        claimedMilli,
        saved.returnedMilli,
        refunded,
        saved.outcome
      );
      return saved;
    });
  }

  async bounceReports(from: string, to: string, limit: number): Promise<BounceReport[]> {
    const rows = this.sql(
      `SELECT * FROM bounce_reports WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?`
    ).all(isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit)) as BounceReportRow[];
    return rows.map(toBounceReport);
  }

  async openReportWindow(owner: string, ttlMs: number): Promise<boolean> {
    checkTtl(ttlMs);
    return this.write(
      () =>
        this.sql(
          `INSERT INTO report_window (id, owner, expires_at) VALUES (1, ?, ?)
           ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
           WHERE report_window.expires_at <= ? OR report_window.owner = excluded.owner
           RETURNING owner`
        ).get(owner, later(ttlMs), now()) !== undefined
    );
  }

  async closeReportWindow(owner: string): Promise<void> {
    this.sql("DELETE FROM report_window WHERE owner = ?").run(owner);
  }

  async paidInFlight(webhookSince: string): Promise<number> {
    const at = now();
    const open = this.sql(
      "SELECT count(*) FROM reservations WHERE state = 'open' AND expires_at > ?"
    )
      .pluck()
      .get(at) as number;
    const webhooks = this.sql(
      "SELECT count(*) FROM pending_webhooks WHERE delivered_at IS NULL AND created_at >= ?"
    )
      .pluck()
      .get(isoTime(webhookSince, "webhookSince")) as number;
    return open + webhooks;
  }

  async recordAdminAction(entry: AdminAuditEntry): Promise<void> {
    this.sql(
      `INSERT INTO admin_audit (${ADMIN_AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(...adminAuditValues(entry, isoTime(entry.at, "at")));
  }

  async adminAudit(from: string, to: string, limit: number): Promise<AdminAuditEntry[]> {
    const rows = this.sql(
      `SELECT ${ADMIN_AUDIT_COLUMNS} FROM admin_audit
       WHERE at >= ? AND at < ? ORDER BY at DESC, id DESC LIMIT ?`
    ).all(isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit)) as AdminAuditRow[];
    return rows.map(toAdminAuditEntry);
  }

  async pruneAdminAudit(before: string): Promise<number> {
    return this.sql("DELETE FROM admin_audit WHERE at < ?").run(isoTime(before, "before")).changes;
  }

  async sharedAnswer(key: string, notBefore: string): Promise<SharedAnswer | null> {
    return this.keptAnswer(key, isoTime(notBefore, "notBefore"));
  }

  private keptAnswer(key: string, notBefore: string): SharedAnswer | null {
    const row = this.sql(
      "SELECT key, status, body, stored_at FROM shared_answers WHERE key = ? AND stored_at >= ?"
    ).get(key, notBefore) as
      { key: string; status: number; body: string; stored_at: string } | undefined;
    return row
      ? { key: row.key, status: row.status, body: row.body, storedAt: row.stored_at }
      : null;
  }

  async putSharedAnswer(answer: SharedAnswer): Promise<void> {
    this.keep({ ...answer, storedAt: isoTime(answer.storedAt, "storedAt") });
  }

  private keep(answer: SharedAnswer, unlessBetter = false): boolean {
    const kept = this.sql(
      `INSERT INTO shared_answers (key, status, body, stored_at, quality, domain)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET
         status = excluded.status, body = excluded.body, stored_at = excluded.stored_at,
         quality = excluded.quality, domain = excluded.domain
       WHERE ? = 0 OR (excluded.quality >= shared_answers.quality
                       AND excluded.stored_at >= shared_answers.stored_at)
       RETURNING key`
    ).get(
      answer.key,
      answer.status,
      answer.body,
      answer.storedAt,
      answerQuality(answer.body),
      answerDomain(answer.key, answer.body),
      unlessBetter ? 1 : 0
    );
    return kept !== undefined;
  }

  async offerSharedAnswer(answer: SharedAnswer): Promise<boolean> {
    return this.keep({ ...answer, storedAt: isoTime(answer.storedAt, "storedAt") }, true);
  }

  async sharedAnswerCount(): Promise<number> {
    return this.sql("SELECT count(*) FROM shared_answers").pluck().get() as number;
  }

  async sharedAnswersOfDomain(domain: string, limit: number): Promise<SharedAnswer[]> {
    const rows = this.sql(
      `SELECT key, status, body, stored_at FROM shared_answers WHERE domain = ?
       ORDER BY stored_at DESC, key LIMIT ?`
    ).all(domain, checkPageSize(limit)) as Array<{
      key: string;
      status: number;
      body: string;
      stored_at: string;
    }>;
    return rows.map((row) => ({
      key: row.key,
      status: row.status,
      body: row.body,
      storedAt: row.stored_at,
    }));
  }

  async purgeSharedAnswer(key: string): Promise<boolean> {
    return this.sql("DELETE FROM shared_answers WHERE key = ?").run(key).changes > 0;
  }

  async purgeDomainAnswers(domain: string): Promise<number> {
    if (domain === "") return 0;
    return this.sql("DELETE FROM shared_answers WHERE domain = ?").run(domain).changes;
  }

  async claimLookup(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.claim(key, owner, checkTtl(ttlMs));
  }

  private claim(key: string, owner: string, ttlMs: number): boolean {
    // One statement: a claim is taken when there is none, when it expired, or when it is the
    // owner's own (renewed).
    const claimed = this.sql(
      `INSERT INTO lookup_claims (key, owner, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
       WHERE lookup_claims.expires_at <= ? OR lookup_claims.owner = excluded.owner
       RETURNING owner`
    ).get(key, owner, later(ttlMs), now());
    return claimed !== undefined;
  }

  async releaseLookup(key: string, owner: string): Promise<void> {
    this.sql("DELETE FROM lookup_claims WHERE key = ? AND owner = ?").run(key, owner);
  }

  async sealedServiceKey(): Promise<string | null> {
    return this.sql("SELECT sealed_service_key FROM team WHERE id = 1").pluck().get() as
      string | null;
  }

  async setSealedServiceKey(sealed: string): Promise<void> {
    this.sql("UPDATE team SET sealed_service_key = ? WHERE id = 1").run(sealed);
  }

  async sealingSalt(fresh: string): Promise<string> {
    return this.sql(
      "UPDATE team SET sealing_salt = coalesce(sealing_salt, ?) WHERE id = 1 RETURNING sealing_salt"
    )
      .pluck()
      .get(fresh) as string;
  }
}
