import type { MonthlyUsageRow, UsageRow } from "../../admin/api-types";
import { firstOfMonths, monthQuery, monthsQuery, type Query } from "./admin-input";
import type { AdminRoutes } from "./admin-scope";
import { QUERIES } from "./admin-schemas";
import { credits } from "./credits";

// Spend per member over a month (this one by default), and per member and month for the chart.

export const usageRoutes: AdminRoutes = (app, { store, now, thisMonth }) => {
  app.get<{ Querystring: Query }>(
    "/usage",
    { schema: { querystring: QUERIES.month } },
    async (request): Promise<UsageRow[]> => {
      const rows = await store.usage(monthQuery(request.query, thisMonth()));
      return rows.map((row) => ({
        member: row.memberId,
        name: row.name,
        email: row.email,
        credits: credits(row.creditsMilli),
        requests: row.requests,
      }));
    }
  );

  app.get<{ Querystring: Query }>(
    "/usage/monthly",
    { schema: { querystring: QUERIES.months } },
    async (request): Promise<MonthlyUsageRow[]> => {
      const rows = await store.monthlyUsage(firstOfMonths(now(), monthsQuery(request.query)));
      return rows.map((row) => ({
        month: row.month,
        member: row.memberId,
        credits: credits(row.creditsMilli),
      }));
    }
  );
};
