import { LIMITS, type BounceReportRow } from "../../admin/api-types";
import { addUtcDays, dayRange, limitQuery, type Query } from "./admin-input";
import type { AdminRoutes } from "./admin-scope";
import { QUERIES } from "./admin-schemas";
import { credits } from "./credits";
import type { BounceReport } from "./store";

// The bad-email reports the host sent (SECURITY.md), and what the service was seen to return of
// each: a claim is a report it answered without returning anything.

const DEFAULT_REPORT_DAYS = 90;

export const bounceReportRoutes: AdminRoutes = (app, { store, now }) => {
  app.get<{ Querystring: Query }>(
    "/bounce-reports",
    { schema: { querystring: QUERIES.bounceReports } },
    async (request): Promise<BounceReportRow[]> => {
      const { since, until } = dayRange(request.query, now(), (today) =>
        addUtcDays(today, -DEFAULT_REPORT_DAYS)
      );
      const limit = limitQuery(request.query, LIMITS.maxListedRows, LIMITS.maxListedRows);
      const reports = await store.bounceReports(since, until, limit);
      return reports.map(reportView);
    }
  );
};

function reportView(report: BounceReport): BounceReportRow {
  return {
    id: report.id,
    at: report.at,
    member: report.memberId,
    email: report.email,
    claimed: credits(report.claimedMilli),
    returned: report.returnedMilli === null ? null : credits(report.returnedMilli),
    refunded: credits(report.refundedMilli),
    outcome: report.outcome,
  };
}
