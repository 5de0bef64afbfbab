import type { AdminAuditRow, AdminMember } from "./api-types";
import { formatBudget } from "./format";

// How the page words an admin action of the audit (English, as the rest of the admin page).

const ACTIONS: Record<AdminAuditRow["action"], string> = {
  member_added: "Member added",
  member_updated: "Member changed",
  member_removed: "Member removed",
  token_issued: "Token issued",
  token_revoked: "Token revoked",
  team_updated: "Team settings changed",
  service_key_replaced: "Service key replaced",
  shared_answer_purged: "Shared answer purged",
  domain_answers_purged: "Domain's shared answers purged",
};

const FIELDS: Record<string, string> = {
  name: "name",
  email: "email",
  monthly_budget: "monthly budget",
  freshness_days: "freshness",
  answer: "answer",
  domain: "domain",
  answers: "answers",
};

export function actorText(row: AdminAuditRow): string {
  return row.actor.kind === "admin_token"
    ? "Admin token"
    : `${row.actor.name ?? row.actor.oid ?? "An admin"} (Microsoft 365)`;
}

export function actionText(row: AdminAuditRow): string {
  return ACTIONS[row.action] ?? row.action;
}

/**
 * Members' names by id: as the actions named them (a removed member's is found nowhere else),
 * then as the current members are named.
 */
export function memberNames(actions: AdminAuditRow[], members: AdminMember[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const row of [...actions].reverse()) {
    const name = row.changes.name?.to ?? row.changes.name?.from;
    if (row.member && typeof name === "string") names.set(row.member, name);
  }
  for (const member of members) names.set(member.id, member.name);
  return names;
}

function valueText(field: string, value: string | number | null): string {
  if (field === "monthly_budget") return formatBudget(value as number | null);
  if (field === "freshness_days") return `${value} days`;
  return value === null ? "none" : String(value);
}

/** What changed, e.g. "monthly budget: 10 credits → 25 credits"; the token's id, if any. */
export function detailsText(row: AdminAuditRow): string {
  const changes = Object.entries(row.changes).map(([field, { from, to }]) => {
    const label = FIELDS[field] ?? field;
    if (row.action === "member_added") return `${label}: ${valueText(field, to)}`;
    if (row.action === "member_removed" || row.action.endsWith("_purged"))
      return `${label}: ${valueText(field, from)}`;
    return `${label}: ${valueText(field, from)} → ${valueText(field, to)}`;
  });
  if (row.token) changes.push(`token ${row.token}`);
  return changes.join("; ");
}
