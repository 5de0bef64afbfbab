import type {
  AdminActionKind,
  AdminActor,
  AdminAuditEntry,
  BounceOutcome,
  BounceReport,
  FieldChange,
  Member,
  PendingWebhook,
  TokenInfo,
} from "./store";

// Member, token and admin audit rows as both stores read them: SQLite gives times as ISO text and amounts
// as numbers; PostgreSQL gives timestamps as Dates and BIGINT amounts as text.

type Time = string | Date;

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  monthly_budget_milli: number | string | null;
  created_at: Time;
}

export interface TokenRow {
  id: string;
  member_id: string;
  created_at: Time;
  revoked_at: Time | null;
  last_used_at: Time | null;
}

const iso = (value: Time): string => (typeof value === "string" ? value : value.toISOString());
const isoOrNull = (value: Time | null): string | null => (value === null ? null : iso(value));

export function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    monthlyBudgetMilli: row.monthly_budget_milli === null ? null : Number(row.monthly_budget_milli),
    createdAt: iso(row.created_at),
  };
}

export function toToken(row: TokenRow): TokenInfo {
  return {
    id: row.id,
    memberId: row.member_id,
    createdAt: iso(row.created_at),
    revokedAt: isoOrNull(row.revoked_at),
    lastUsedAt: isoOrNull(row.last_used_at),
  };
}

export interface AdminAuditRow {
  at: Time;
  actor_kind: string;
  actor_oid: string | null;
  actor_name: string | null;
  action: string;
  member_id: string | null;
  token_id: string | null;
  changes: string;
}

/** An entry as the admin_audit table keeps it (`at` as the store keeps times). */
export function adminAuditRow(entry: AdminAuditEntry, at: string): AdminAuditRow {
  return {
    at,
    actor_kind: entry.actor.kind,
    actor_oid: entry.actor.oid,
    actor_name: entry.actor.name,
    action: entry.action,
    member_id: entry.memberId,
    token_id: entry.tokenId,
    changes: JSON.stringify(entry.changes),
  };
}

export function toAdminAuditEntry(row: AdminAuditRow): AdminAuditEntry {
  return {
    at: iso(row.at),
    actor: {
      kind: row.actor_kind as AdminActor["kind"],
      oid: row.actor_oid,
      name: row.actor_name,
    },
    action: row.action as AdminActionKind,
    memberId: row.member_id,
    tokenId: row.token_id,
    changes: JSON.parse(row.changes) as Record<string, FieldChange>,
  };
}

/** A pending_webhooks row as both stores read it. */
export interface PendingWebhookRow {
  id: string;
  member_id: string;
  month: string;
  charged_milli: number | string;
  operation: string;
  lookup_key: string | null;
  member_url: string;
  created_at: string | Date;
  delivered_at: string | Date | null;
}

export function toPendingWebhook(row: PendingWebhookRow): PendingWebhook {
  return {
    id: row.id,
    memberId: row.member_id,
    month: row.month,
    chargedMilli: Number(row.charged_milli),
    operation: row.operation,
    lookupKey: row.lookup_key,
    memberUrl: row.member_url,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** What pending_webhooks keeps of a webhook lookup's money (migration 7). */
export interface WebhookMoneyRow {
  settled_milli: number | null;
  result_milli: number | null;
}

/** A purchase whose credit has not all come back. */
export interface UnreturnedRow {
  id: number | string;
  member_id: string;
  month: string;
  amount_milli: number;
  returned_milli: number;
}

/** A bounce_reports row as both stores read it. */
export interface BounceReportRow {
  id: string;
  at: string | Date;
  member_id: string;
  email: string;
  claimed_milli: number | string;
  returned_milli: number | string | null;
  refunded_milli: number | string;
  outcome: string;
}

export function toBounceReport(row: BounceReportRow): BounceReport {
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    memberId: row.member_id,
    email: row.email,
    claimedMilli: Number(row.claimed_milli),
    returnedMilli: row.returned_milli === null ? null : Number(row.returned_milli),
    refundedMilli: Number(row.refunded_milli),
    outcome: row.outcome as BounceOutcome,
  };
}
