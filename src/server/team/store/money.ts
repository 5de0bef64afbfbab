import { sql } from "kysely";
import type { BounceReport, NewBounceReport, Purchase } from "../store";
import { toBounceReport, type BounceReportRow, type UnreturnedRow } from "../store-rows";
import { bounceReportOf, memberScope, returnsOf } from "../store-rules";
import {
  changes,
  changesOf,
  clockIn,
  clockInValue,
  clockNow,
  clockNowValue,
  prepared,
  row,
  rows,
  type Flow,
  type Sql,
} from "./flow";

// The money path both databases say alike: a month's figures changed, credits given back with
// their audit, purchases and the bad-email reports that return them, and the report window.
// Reserving, settling and releasing are per database, where the locking is (sqlite-money.ts;
// PostgreSQL's functions, pg-functions.ts). In a PostgreSQL transaction, the rows a flow decides
// on are locked (FOR UPDATE); a SQLite write is one IMMEDIATE transaction, which excludes the
// other writers already.

export type AuditNote = { operation: string; status: number };

/** In a transaction: adds to a member's month figures (negative amounts subtract). */
export function* addToMonth(
  q: Sql,
  memberId: string,
  month: string,
  spentMilli: number,
  reservedMilli: number
): Flow<void> {
  const scope = memberScope(memberId);
  yield* changesOf(
    prepared(q, "mf_month_row", [scope, month], (scope, month) =>
      q.db
        .insertInto("month_spend")
        .values({ scope, month })
        .onConflict((conflict) => conflict.columns(["scope", "month"]).doNothing())
    )
  );
  const values = [spentMilli, reservedMilli, scope, month] as const;
  yield* changesOf(
    prepared(q, "mf_month_add", values, (spentMilli, reservedMilli, scope, month) =>
      q.db
        .updateTable("month_spend")
        .set((eb) => ({
          spent_milli: eb("spent_milli", "+", spentMilli),
          reserved_milli: eb("reserved_milli", "+", reservedMilli),
        }))
        .where("scope", "=", scope)
        .where("month", "=", month)
    )
  );
}

export function* auditRow(
  q: Sql,
  at: string,
  month: string,
  memberId: string,
  audit: AuditNote,
  creditsMilli: number
): Flow<void> {
  const values = [at, month, memberId, audit.operation, creditsMilli, audit.status] as const;
  yield* changesOf(
    prepared(q, "mf_audit_row", values, (at, month, memberId, operation, credits, status) =>
      q.db.insertInto("audit").values({
        at,
        month,
        member_id: memberId,
        operation,
        credits_milli: credits,
        status,
      })
    )
  );
}

/** In a transaction: up to `amountMilli` off a member's month (never below 0), audited negative. */
export function* giveBack(
  q: Sql,
  memberId: string,
  month: string,
  amountMilli: number,
  audit: AuditNote,
  at: string
): Flow<number> {
  const spent = yield* row(
    q.db
      .selectFrom("month_spend")
      .select("spent_milli")
      .where("scope", "=", memberScope(memberId))
      .where("month", "=", month)
      .$if(q.postgres, (locked) => locked.forUpdate())
  );
  const back = Math.min(amountMilli, Number(spent?.spent_milli ?? 0));
  if (back === 0) return 0;
  yield* addToMonth(q, memberId, month, -back, 0);
  yield* auditRow(q, at, month, memberId, audit, -back);
  return back;
}

export function* recordPurchase(q: Sql, purchase: Purchase, at: string): Flow<void> {
  yield* changes(
    q.db.insertInto("purchases").values({
      email: purchase.email,
      member_id: purchase.memberId,
      month: purchase.month,
      amount_milli: purchase.amountMilli,
      bought_at: at,
    })
  );
}

export function* unreturnedMilli(q: Sql, email: string): Flow<number> {
  const found = yield* row(
    q.db
      .selectFrom("purchases")
      .select(sql<string>`coalesce(sum(amount_milli - returned_milli), 0)`.as("left"))
      .where("email", "=", email)
      .where("refunded_at", "is", null)
  );
  return Number(found!.left);
}

/** In a transaction: a report recorded and what came back given back (TeamStore.recordBounceReport). */
export function* recordBounceReport(
  q: Sql,
  report: NewBounceReport,
  at: string
): Flow<BounceReport> {
  // The address's purchases locked: two reports of one address return each credit once.
  const found = yield* rows(
    q.db
      .selectFrom("purchases")
      .select(["id", "member_id", "month", "amount_milli", "returned_milli"])
      .where("email", "=", report.email)
      .where("refunded_at", "is", null)
      .orderBy("bought_at")
      .orderBy("id")
      .$if(q.postgres, (locked) => locked.forUpdate())
  );
  const purchases: UnreturnedRow[] = found.map((purchase) => ({
    ...purchase,
    amount_milli: Number(purchase.amount_milli),
    returned_milli: Number(purchase.returned_milli),
  }));
  const { claimedMilli, backs } = returnsOf(purchases, report.returnedMilli);
  let refunded = 0;
  for (const { purchase, backMilli } of backs) {
    refunded += yield* giveBack(q, purchase.member_id, purchase.month, backMilli, report.audit, at);
    yield* changes(
      q.db
        .updateTable("purchases")
        .set((eb) => ({
          returned_milli: eb("returned_milli", "+", backMilli),
          refunded_at: sql`CASE WHEN returned_milli + ${backMilli} >= amount_milli THEN ${
            q.postgres ? sql`${at}::timestamptz` : at
          } END`,
        }))
        .where("id", "=", purchase.id)
    );
  }
  const saved = bounceReportOf(report, at, claimedMilli, refunded);
  yield* changes(
    q.db.insertInto("bounce_reports").values({
      id: saved.id,
      at,
      member_id: saved.memberId,
      email: saved.email,
      claimed_milli: claimedMilli,
      returned_milli: saved.returnedMilli,
      refunded_milli: refunded,
      outcome: saved.outcome,
    })
  );
  return saved;
}

export function* bounceReports(
  q: Sql,
  from: string,
  to: string,
  limit: number
): Flow<BounceReport[]> {
  const found = yield* rows(
    q.db
      .selectFrom("bounce_reports")
      .selectAll()
      .where("at", ">=", from)
      .where("at", "<", to)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
  );
  return found.map((report) => toBounceReport(report as BounceReportRow));
}

/**
 * In a transaction: the report window opened or renewed for `owner`, unless another holds it.
 * PostgreSQL holds the team row exclusively: a reservation deciding under its share lock finishes
 * first (and is open when this returns), a later one waits and then sees the window.
 */
export function* openReportWindow(q: Sql, owner: string, ttlMs: number): Flow<boolean> {
  if (q.postgres) yield* rows(q.db.selectFrom("team").select("id").where("id", "=", 1).forUpdate());
  const opened = yield* row(
    q.db
      .insertInto("report_window")
      .values({ id: 1, owner, expires_at: clockIn(q, clockInValue(q, ttlMs)) })
      .onConflict((conflict) =>
        conflict
          .column("id")
          .doUpdateSet((eb) => ({
            owner: eb.ref("excluded.owner"),
            expires_at: eb.ref("excluded.expires_at"),
          }))
          .where((eb) =>
            eb.or([
              eb("report_window.expires_at", "<=", clockNow(q, clockNowValue(q))),
              eb("report_window.owner", "=", eb.ref("excluded.owner")),
            ])
          )
      )
      .returning("owner")
  );
  return opened !== undefined;
}

export function* closeReportWindow(q: Sql, owner: string): Flow<void> {
  yield* changes(q.db.deleteFrom("report_window").where("owner", "=", owner));
}

/** Open reservations not expired, and webhook lookups since `webhookSince` still waiting. */
export function* paidInFlight(q: Sql, webhookSince: string): Flow<number> {
  const found = yield* row(
    q.db.selectNoFrom((eb) => [
      eb
        .selectFrom("reservations")
        .select(eb.fn.countAll().as("count"))
        .where("state", "=", "open")
        .where("expires_at", ">", clockNow(q, clockNowValue(q)))
        .as("open"),
      eb
        .selectFrom("pending_webhooks")
        .select(eb.fn.countAll().as("count"))
        .where("delivered_at", "is", null)
        .where("created_at", ">=", webhookSince)
        .as("webhooks"),
    ])
  );
  return Number(found!.open) + Number(found!.webhooks);
}
