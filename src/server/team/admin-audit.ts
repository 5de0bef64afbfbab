import { LIMITS, type AdminAuditRow } from "../../admin/api-types";
import { addUtcDays, dayRange, limitQuery, type Query } from "./admin-input";
import type { AdminRoutes } from "./admin-scope";
import { QUERIES } from "./admin-schemas";
import type { AdminAuditEntry, FieldChange } from "./store";

// The audit of admin actions: who (the admin token, or an Entra ID admin), what
// (a member added, changed or removed, a token issued or revoked by its id, the team's settings
// changed, the service key replaced) and when; never a token or a key. GET /admin-audit answers
// the newest actions over days (at most LIMITS.maxRangeDays apart).

const DEFAULT_ENTRIES = 100;

export const adminAuditRoutes: AdminRoutes = (app, { store, now }) => {
  app.get<{ Querystring: Query }>(
    "/admin-audit",
    { schema: { querystring: QUERIES.adminAudit } },
    async (request): Promise<AdminAuditRow[]> => {
      const { since, until } = dayRange(request.query, now(), (today) =>
        addUtcDays(today, -LIMITS.maxRangeDays)
      );
      const limit = limitQuery(request.query, DEFAULT_ENTRIES, LIMITS.maxAdminAuditEntries);
      const entries = await store.adminAudit(since, until, limit);
      return entries.map(adminAuditView);
    }
  );
};

export function adminAuditView(entry: AdminAuditEntry): AdminAuditRow {
  return {
    at: entry.at,
    actor: entry.actor,
    action: entry.action,
    member: entry.memberId,
    token: entry.tokenId,
    changes: entry.changes,
  };
}

/** Fields as they are, for what was added (from nothing) or removed (to nothing). */
export function fieldsAs(
  fields: Record<string, FieldChange["to"]>,
  way: "added" | "removed"
): Record<string, FieldChange> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [
      field,
      way === "added" ? { from: null, to: value } : { from: value, to: null },
    ])
  );
}

/** The fields of `after` that differ from `before` (both in the admin API's words). */
export function changesOf(
  before: Record<string, FieldChange["from"]>,
  after: Record<string, FieldChange["to"]>
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of Object.keys(after))
    if (before[field] !== after[field])
      changes[field] = { from: before[field] ?? null, to: after[field] ?? null };
  return changes;
}
