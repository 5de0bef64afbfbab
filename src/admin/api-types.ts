// The admin REST API's wire format, declared once for the host's routes
// (src/server/team/admin-api.ts) and the admin page. Amounts are whole credits (JSON numbers);
// times are ISO 8601 strings; months are "YYYY-MM" in UTC.

export interface AdminToken {
  id: string;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface AdminMember {
  id: string;
  name: string;
  email: string;
  /** Credits per month; null for no limit of the member's own. */
  monthly_budget: number | null;
  spent_this_month: number;
  tokens: AdminToken[];
}

/** POST /members: the new member's id and their first token, shown this once. */
export interface AddedMember {
  /** The member's id. */
  id: string;
  token: string;
}

/** POST /members/:id/tokens: a new member token, shown this once (only its hash is kept). */
export interface IssuedToken {
  /** The token's id (to revoke it). */
  id: string;
  token: string;
}

export interface NewMember {
  name: string;
  email: string;
  monthly_budget: number | null;
}

export interface MemberPatch {
  name?: string;
  monthly_budget?: number | null;
}

export interface AdminTeam {
  name: string;
  /** Credits per month for the whole team; null for no limit. */
  monthly_budget: number | null;
  /** How long a shared answer is given again, in days. */
  freshness_days: number;
  spent_this_month: number;
  /** Answers the team bought and keeps for its members. */
  shared_answers: number;
}

export interface TeamPatch {
  name?: string;
  monthly_budget?: number | null;
  freshness_days?: number;
}

export interface UsageRow {
  /** The member's id. */
  member: string;
  name: string;
  email: string;
  credits: number;
  requests: number;
}

export interface MonthlyUsageRow {
  month: string;
  /** The member's id. */
  member: string;
  credits: number;
}

export type AdminActionName =
  | "member_added"
  | "member_updated"
  | "member_removed"
  | "token_issued"
  | "token_revoked"
  | "team_updated"
  | "service_key_replaced"
  | "shared_answer_purged"
  | "domain_answers_purged";

/** A field as it was and as it became (budgets in credits, null for no limit). */
export interface AdminFieldChange {
  from: string | number | null;
  to: string | number | null;
}

/** GET /admin-audit: an admin action (never a token or a key, only a token's id). */
export interface AdminAuditRow {
  at: string;
  /** Who: the admin token, or an Entra ID admin (their object id and name). */
  actor: { kind: "admin_token" | "entra"; oid: string | null; name: string | null };
  action: AdminActionName;
  /** The member's id, when the action was on a member. */
  member: string | null;
  /** The token's id, when one was issued or revoked. */
  token: string | null;
  /** What changed, by field: name, email, monthly_budget, freshness_days. */
  changes: Record<string, AdminFieldChange>;
}

/** What became of a bad-email report (SECURITY.md: refunds need evidence). */
export type BounceOutcome =
  "returned" | "partly_returned" | "claimed" | "unmeasured" | "nothing_bought";

/** GET /bounce-reports: a report the host sent, and what came back of it. */
export interface BounceReportRow {
  id: string;
  at: string;
  /** The member who reported it (their id). */
  member: string;
  email: string;
  /** Credits the team's purchases of the address had not had back when it was reported. */
  claimed: number;
  /** Credits the account's balance showed the service returned; null when it could not be read. */
  returned: number | null;
  /** Credits given back to the buyers' months. */
  refunded: number;
  outcome: BounceOutcome;
}

/** GET /shared-answers?domain=: an answer the team keeps, and the lookup it answers. */
export interface SharedAnswerRow {
  /** The answer's key (DELETE /shared-answers?key= forgets it). */
  key: string;
  /** The lookup, e.g. "v5.1 person". */
  lookup: string;
  /** The lookup's fields as the host sent them. */
  fields: Record<string, string>;
  /** The answer's status (email_status, or legacy validation); null if it has none. */
  status: string | null;
  email: string | null;
  stored_at: string;
}

/** GET /shared-answers?domain=: the domain as the host files answers under it, and its answers. */
export interface DomainAnswers {
  /** "https://www.Acme.com/" asked is "acme.com". */
  domain: string;
  answers: SharedAnswerRow[];
}

/** DELETE /shared-answers: how many answers were forgotten (and of which domain, if one). */
export interface PurgeResult {
  purged: number;
  domain?: string;
}

export interface ServiceKeyChange {
  key: string;
}

/** Every error of the host: `{error, message}` (src/server/errors.ts). */
export interface ApiErrorBody {
  error: string;
  message: string;
}

/** The limits the API enforces, which the page states beside its fields. */
export const LIMITS = {
  nameLength: 200,
  emailLength: 254,
  /** Credits. */
  maxBudget: 1_000_000_000,
  minFreshnessDays: 1,
  maxFreshnessDays: 3650,
  maxChartMonths: 120,
  serviceKeyLength: 1000,
  /** Days an audit export or the admin actions' list may cover (the audit keeps 400). */
  maxRangeDays: 400,
  /** Admin actions answered at most by one GET /admin-audit. */
  maxAdminAuditEntries: 500,
  /** Reports answered at most by one GET /bounce-reports, answers by one GET /shared-answers. */
  maxListedRows: 500,
  domainLength: 253,
} as const;
