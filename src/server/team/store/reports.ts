import { sql } from "kysely";
import type { AdminAuditEntry, AuditEntry, MonthFigures, MonthlyUsage, UsageRow } from "../store";
import { adminAuditRow, toAdminAuditEntry, type AdminAuditRow } from "../store-rows";
import { memberScope } from "../store-rules";
import { changes, prepared, rowOf, rows, type Flow, type Sql } from "./flow";

// What the team spent, read back: month figures, usage per member, the audit of paid requests
// and of admin actions, and their pruning. The same SQL on both databases; the team's month is
// the sum of its members' rows (removed members' included) on both (migration 008).

export interface AuditRow {
  id: number | string;
  at: string | Date;
  member_id: string;
  operation: string;
  credits_milli: number | string;
  status: number;
}

/** A current member with their month's spend, and where they come in creation order. */
export interface UsageDbRow {
  seq: number | string;
  created_at: string | Date;
  id: string;
  name: string;
  email: string;
  credits_milli: number | string;
  requests: number | string;
}

export const toAuditEntry = (found: AuditRow): AuditEntry => ({
  at: new Date(found.at).toISOString(),
  memberId: found.member_id,
  operation: found.operation,
  creditsMilli: Number(found.credits_milli),
  status: found.status,
});

export const toUsageRow = (found: UsageDbRow): UsageRow => ({
  memberId: found.id,
  name: found.name,
  email: found.email,
  creditsMilli: Number(found.credits_milli),
  requests: Number(found.requests),
});

const figures = (found: { spent_milli: unknown; reserved_milli: unknown } | undefined) => ({
  spentMilli: Number(found?.spent_milli ?? 0),
  reservedMilli: Number(found?.reserved_milli ?? 0),
});

export function* memberMonth(q: Sql, memberId: string, month: string): Flow<MonthFigures> {
  return figures(
    yield* rowOf(
      prepared(q, "mf_member_month", [memberScope(memberId), month], (scope, month) =>
        q.db
          .selectFrom("month_spend")
          .select(["spent_milli", "reserved_milli"])
          .where("scope", "=", scope)
          .where("month", "=", month)
      )
    )
  );
}

export function* teamMonth(q: Sql, month: string): Flow<MonthFigures> {
  return figures(
    yield* rowOf(
      prepared(q, "mf_team_month", [month], (month) =>
        q.db
          .selectFrom("month_spend")
          .select([
            sql<string>`coalesce(sum(spent_milli), 0)`.as("spent_milli"),
            sql<string>`coalesce(sum(reserved_milli), 0)`.as("reserved_milli"),
          ])
          .where("month", "=", month)
          .where("scope", "like", sql.lit("member:%"))
      )
    )
  );
}

/** Current members after `after` in creation order, at most `size` (null: all). */
export function* usagePage(
  q: Sql,
  month: string,
  after: UsageDbRow | null,
  size: number | null
): Flow<UsageDbRow[]> {
  // Creation order as members() has it: PostgreSQL's seq; SQLite's time, then rowid.
  const seq = q.postgres ? sql<number>`m.seq` : sql<number>`m.rowid`;
  const query = q.db
    .selectFrom("members as m")
    .leftJoin("month_spend as s", (join) =>
      join.on("s.scope", "=", sql<string>`'member:' || m.id`).on("s.month", "=", month)
    )
    .select([
      seq.as("seq"),
      "m.created_at",
      "m.id",
      "m.name",
      "m.email",
      sql<string>`coalesce(s.spent_milli, 0)`.as("credits_milli"),
      (eb) =>
        eb
          .selectFrom("audit as a")
          .select(eb.fn.countAll().as("count"))
          .where("a.month", "=", month)
          .whereRef("a.member_id", "=", "m.id")
          .as("requests"),
    ])
    .where("m.removed_at", "is", null)
    .$if(after !== null && q.postgres, (page) => page.where(seq, ">", Number(after!.seq)))
    .$if(after !== null && !q.postgres, (page) =>
      page.where(
        sql`(m.created_at, m.rowid)`,
        ">",
        sql`(${new Date(after!.created_at).toISOString()}, ${after!.seq})`
      )
    )
    .$if(!q.postgres, (page) => page.orderBy("m.created_at"))
    .orderBy(seq)
    .$if(size !== null, (page) => page.limit(size!));
  return (yield* rows(query)) as UsageDbRow[];
}

export function* monthlyUsage(q: Sql, fromMonth: string): Flow<MonthlyUsage[]> {
  const found = yield* rows(
    q.db
      .selectFrom("month_spend")
      .select([
        "month",
        sql<string>`substr(scope, length('member:') + 1)`.as("member_id"),
        "spent_milli",
      ])
      .where("scope", "like", sql.lit("member:%"))
      .where("month", ">=", fromMonth)
      .where("spent_milli", ">", 0)
      .orderBy("month")
      .orderBy("member_id")
  );
  return found.map((usage) => ({
    month: usage.month,
    memberId: usage.member_id,
    creditsMilli: Number(usage.spent_milli),
  }));
}

/** Entries in [from, to) after `after` in (at, id) order, at most `size` (null: all). */
export function* auditPage(
  q: Sql,
  from: string,
  to: string,
  after: AuditRow | null,
  size: number | null
): Flow<AuditRow[]> {
  // `at` is written by the host in milliseconds: its ISO form carries it back exactly.
  return yield* rows(
    q.db
      .selectFrom("audit")
      .select(["id", "at", "member_id", "operation", "credits_milli", "status"])
      .where("at", ">=", from)
      .where("at", "<", to)
      .$if(after !== null, (page) =>
        page.where(sql`(at, id)`, ">", sql`(${new Date(after!.at).toISOString()}, ${after!.id})`)
      )
      .orderBy("at")
      .orderBy("id")
      .$if(size !== null, (page) => page.limit(size!))
  );
}

/** Audit entries older than `before`, and the purchases, webhooks and reports of that time. */
export function* pruneAudit(q: Sql, before: string): Flow<number> {
  yield* changes(q.db.deleteFrom("purchases").where("bought_at", "<", before));
  yield* changes(q.db.deleteFrom("pending_webhooks").where("created_at", "<", before));
  yield* changes(q.db.deleteFrom("bounce_reports").where("at", "<", before));
  return yield* changes(q.db.deleteFrom("audit").where("at", "<", before));
}

export function* recordAdminAction(q: Sql, entry: AdminAuditEntry, at: string): Flow<void> {
  yield* changes(q.db.insertInto("admin_audit").values(adminAuditRow(entry, at)));
}

export function* adminAudit(
  q: Sql,
  from: string,
  to: string,
  limit: number
): Flow<AdminAuditEntry[]> {
  const found = yield* rows(
    q.db
      .selectFrom("admin_audit")
      .select([
        "at",
        "actor_kind",
        "actor_oid",
        "actor_name",
        "action",
        "member_id",
        "token_id",
        "changes",
      ])
      .where("at", ">=", from)
      .where("at", "<", to)
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
  );
  return found.map((entry) => toAdminAuditEntry(entry as AdminAuditRow));
}

export function* pruneAdminAudit(q: Sql, before: string): Flow<number> {
  return yield* changes(q.db.deleteFrom("admin_audit").where("at", "<", before));
}
