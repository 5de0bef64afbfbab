import { dayRange, monthQuery, type Query } from "./admin-input";
import type { AdminRoutes } from "./admin-scope";
import { QUERIES } from "./admin-schemas";
import { credits } from "./credits";
import { mapRows, sendCsv } from "./csv";
import { monthOf } from "./store";

// The admin API's CSV exports: a month's usage per member, and the audit of paid
// requests over days (at most LIMITS.maxRangeDays apart), each streamed as the store reads it.

export const exportRoutes: AdminRoutes = (app, { store, now }) => {
  app.get<{ Querystring: Query }>(
    "/usage.csv",
    { schema: { querystring: QUERIES.month } },
    async (request, reply) => {
      const month = monthQuery(request.query, monthOf(now()));
      const rows = mapRows(store.eachUsage(month), (row) => [
        row.memberId,
        row.name,
        row.email,
        credits(row.creditsMilli),
        row.requests,
      ]);
      return sendCsv(
        reply,
        `usage-${month}.csv`,
        ["member_id", "name", "email", "credits", "requests"],
        rows
      );
    }
  );

  // Days from `from` to `to`, both included; by default this month up to today.
  app.get<{ Querystring: Query }>(
    "/audit.csv",
    { schema: { querystring: QUERIES.days } },
    async (request, reply) => {
      const { from, to, since, until } = dayRange(
        request.query,
        now(),
        (today) => new Date(`${monthOf(today)}-01T00:00:00.000Z`)
      );
      // Removed members' entries stay, with their id only.
      const byId = new Map((await store.members()).map((member) => [member.id, member]));
      const entries = store.eachAudit(since, until);
      const rows = mapRows(entries, (entry) => [
        entry.at,
        entry.memberId,
        byId.get(entry.memberId)?.name ?? "",
        byId.get(entry.memberId)?.email ?? "",
        entry.operation,
        credits(entry.creditsMilli),
        entry.status,
      ]);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      return sendCsv(
        reply,
        `audit-${day(from)}-to-${day(to)}.csv`,
        ["at", "member_id", "name", "email", "operation", "credits", "status"],
        rows
      );
    }
  );
};
