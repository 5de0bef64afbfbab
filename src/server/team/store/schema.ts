import type { Generated, Kysely } from "kysely";
import type { AdminAuditRow } from "../store-rows";

// The team store's tables as the store's queries see them (migrations/ makes them). SQLite gives
// times as ISO text and amounts as numbers; PostgreSQL gives timestamptz as Dates and bigint as
// text: a column read is typed with both, a value written is an ISO string or a number.

type Time = string | Date;
type Milli = number | string;

export interface TeamTable {
  id: number;
  name: string;
  monthly_budget_milli: Milli | null;
  freshness_days: number;
  sealed_service_key: string | null;
  sealing_salt: string | null;
}

export interface MembersTable {
  id: string;
  name: string;
  email: string;
  monthly_budget_milli: Milli | null;
  created_at: Time;
  removed_at: Time | null;
  entra_tid: string | null;
  entra_oid: string | null;
}

export interface TokensTable {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: Time;
  revoked_at: Time | null;
  last_used_at: Time | null;
}

export interface MonthSpendTable {
  /** 'member:<id>' (memberScope). */
  scope: string;
  month: string;
  spent_milli: Generated<Milli>;
  reserved_milli: Generated<Milli>;
}

export interface ReservationsTable {
  id: string;
  member_id: string;
  month: string;
  amount_milli: Milli;
  created_at: Time;
  expires_at: Time;
  state: Generated<"open" | "released" | "settled">;
  ended_at: Time | null;
  lookup_key: string | null;
  released_by: "error" | "expiry" | null;
}

export interface AuditTable {
  id: Generated<number | string>;
  at: Time;
  month: string;
  member_id: string;
  operation: string;
  credits_milli: Milli;
  status: number;
}

export interface SharedAnswersTable {
  key: string;
  status: number;
  body: string;
  stored_at: Time;
  quality: Generated<number>;
  domain: string | null;
}

export interface LookupClaimsTable {
  key: string;
  owner: string;
  expires_at: Time;
}

export interface AdminAuditTable extends AdminAuditRow {
  id: Generated<number | string>;
}

export interface PurchasesTable {
  id: Generated<number | string>;
  email: string;
  member_id: string;
  month: string;
  amount_milli: Milli;
  bought_at: Time;
  refunded_at: Time | null;
  returned_milli: Generated<Milli>;
}

export interface PendingWebhooksTable {
  id: string;
  member_id: string;
  month: string;
  charged_milli: Milli;
  operation: string;
  lookup_key: string | null;
  member_url: string;
  created_at: Time;
  delivered_at: Time | null;
  settled_milli: Milli | null;
  result_milli: Milli | null;
}

export interface BounceReportsTable {
  id: string;
  at: Time;
  member_id: string;
  email: string;
  claimed_milli: Milli;
  returned_milli: Milli | null;
  refunded_milli: Milli;
  outcome: string;
}

export interface ReportWindowTable {
  id: number;
  owner: string;
  expires_at: Time;
}

export interface LegacyChargesTable {
  key: string;
  charged_at: Time;
}

export interface TeamDatabase {
  team: TeamTable;
  members: MembersTable;
  tokens: TokensTable;
  month_spend: MonthSpendTable;
  reservations: ReservationsTable;
  audit: AuditTable;
  shared_answers: SharedAnswersTable;
  lookup_claims: LookupClaimsTable;
  admin_audit: AdminAuditTable;
  purchases: PurchasesTable;
  pending_webhooks: PendingWebhooksTable;
  bounce_reports: BounceReportsTable;
  report_window: ReportWindowTable;
  legacy_charges: LegacyChargesTable;
}

export type TeamDb = Kysely<TeamDatabase>;
