import type { Member, TokenInfo } from "./store";

// Member and token rows as both stores read them: SQLite gives times as ISO text and amounts
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

export const MEMBER_COLUMNS = "id, name, email, monthly_budget_milli, created_at";

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
