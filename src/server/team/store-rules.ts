import { randomUUID } from "node:crypto";
import type {
  BounceOutcome,
  BounceReport,
  BudgetRefusal,
  LookupEnd,
  LookupStart,
  NewBounceReport,
  TeamSettings,
} from "./store";

// What the SQLite and the PostgreSQL stores check and decide alike: the shape of their inputs,
// whether a reservation passes the budgets, and what a bounce report gives back.

/** The month_spend scope of a member. */
export function memberScope(memberId: string): string {
  return `member:${memberId}`;
}

/** A token's last use is noted at most this often (a write per request would be waste). */
export const TOKEN_USE_RESOLUTION_MS = 60_000;

/**
 * How long PostgreSQL's instances answer a token found valid from memory (the sign-in of every
 * request would otherwise be a round trip of its own): the bound on how late another instance
 * sees a token revoked or a member removed (the instance revoking it forgets at once). Money is
 * not at stake: a reservation is refused to a removed member whatever the cache says.
 */
export const SIGN_IN_CACHE_MS = 1_000;

/**
 * How long an ended reservation is remembered after its expiry: a settle that comes later than
 * that (it cannot, requests time out long before) would be counted as a first one.
 */
export const ENDED_RESERVATION_KEPT_MS = 24 * 60 * 60 * 1000;

export function checkMonth(month: string): string {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  return month;
}

/** An amount of credits in milli: a whole number, not negative. */
export function checkMilli(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${what} must be a whole number of milli-credits, not negative: ${value}`);
  return value;
}

export function checkBudget(value: number | null, what: string): number | null {
  return value === null ? null : checkMilli(value, what);
}

export function checkTtl(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0)
    throw new RangeError(`A time to live must be positive: ${ms}`);
  return ms;
}

/**
 * A time as the stores keep it: ISO 8601 in UTC with milliseconds, so that SQLite compares
 * times as text correctly whatever form the caller gave.
 */
export function isoTime(value: string, what: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw new RangeError(`${what} is not a time: ${value}`);
  return time.toISOString();
}

/** A lookup's start, checked as reserve() and claimLookup() check theirs (times made ISO). */
export function checkLookupStart(start: LookupStart): LookupStart {
  checkMonth(start.month);
  checkMilli(start.amountMilli, "A reservation");
  checkTtl(start.claimTtlMs);
  checkTtl(start.reservationTtlMs);
  return { ...start, freshSince: isoTime(start.freshSince, "freshSince") };
}

/** A lookup's end, checked as settle() checks its (times made ISO). */
export function checkLookupEnd(end: LookupEnd): LookupEnd {
  checkMilli(end.chargedMilli, "A charge");
  checkMonth(end.reservation.month);
  return {
    ...end,
    answer: end.answer && { ...end.answer, storedAt: isoTime(end.answer.storedAt, "storedAt") },
    purchase: end.purchase && { ...end.purchase, at: isoTime(end.purchase.at, "at") },
  };
}

/** The settings of a patch that are given, checked. */
export function checkTeamPatch(patch: Partial<TeamSettings>): Partial<TeamSettings> {
  const checked: Partial<TeamSettings> = {};
  if (patch.name !== undefined) checked.name = patch.name;
  if (patch.monthlyBudgetMilli !== undefined)
    checked.monthlyBudgetMilli = checkBudget(patch.monthlyBudgetMilli, "The team's budget");
  if (patch.freshnessDays !== undefined) {
    if (!Number.isSafeInteger(patch.freshnessDays) || patch.freshnessDays < 1)
      throw new RangeError(
        `Freshness must be a whole number of days, at least 1: ${patch.freshnessDays}`
      );
    checked.freshnessDays = patch.freshnessDays;
  }
  return checked;
}

export interface BudgetState {
  /** The budget, or null for none. */
  limitMilli: number | null;
  /** Spent and reserved this month. */
  usedMilli: number;
}

/**
 * The budget that `amountMilli` more would pass, or null if it fits both. The member's own
 * budget is named first: it is the one the member can do something about. PostgreSQL decides
 * alike inside the database (mf_reserve, migrations.ts).
 */
export function refusalOf(
  amountMilli: number,
  member: BudgetState,
  team: BudgetState
): BudgetRefusal | null {
  for (const [budget, state] of [
    ["member", member],
    ["team", team],
  ] as const) {
    if (state.limitMilli !== null && state.usedMilli + amountMilli > state.limitMilli)
      return { budget, limitMilli: state.limitMilli, usedMilli: state.usedMilli };
  }
  return null;
}

/**
 * A report's outcome from what the team's purchases of its address claimed and what the service
 * was seen to return (null: not seen). Both stores give back min(claimed, returned).
 */
export function bounceOutcome(claimedMilli: number, returnedMilli: number | null): BounceOutcome {
  if (claimedMilli === 0) return "nothing_bought";
  if (returnedMilli === null) return "unmeasured";
  if (returnedMilli <= 0) return "claimed";
  return returnedMilli >= claimedMilli ? "returned" : "partly_returned";
}

/** A purchase whose credit may come back (store-rows.ts UnreturnedRow, amounts as numbers). */
export interface Returnable {
  amount_milli: number;
  returned_milli: number;
}

/**
 * What a bounce report gives back, both stores alike: the purchases' credits not back yet
 * (claimed), and what each purchase gets of `returnedMilli` (null: nothing seen), oldest first,
 * never above what is left of it.
 */
export function returnsOf<P extends Returnable>(
  purchases: P[],
  returnedMilli: number | null
): { claimedMilli: number; backs: Array<{ purchase: P; backMilli: number }> } {
  const claimedMilli = purchases.reduce(
    (sum, purchase) => sum + purchase.amount_milli - purchase.returned_milli,
    0
  );
  let left = Math.min(claimedMilli, returnedMilli ?? 0);
  const backs: Array<{ purchase: P; backMilli: number }> = [];
  for (const purchase of purchases) {
    if (left === 0) break;
    const backMilli = Math.min(left, purchase.amount_milli - purchase.returned_milli);
    left -= backMilli;
    backs.push({ purchase, backMilli });
  }
  return { claimedMilli, backs };
}

/** A report as both stores record it, once they know what it claimed and gave back. */
export function bounceReportOf(
  report: NewBounceReport,
  at: string,
  claimedMilli: number,
  refundedMilli: number
): BounceReport {
  return {
    id: randomUUID(),
    at,
    memberId: report.memberId,
    email: report.email,
    claimedMilli,
    returnedMilli: report.returnedMilli,
    refundedMilli,
    outcome: bounceOutcome(claimedMilli, report.returnedMilli),
  };
}

/** Rows of an export read at a time (eachAudit, eachUsage). */
export const EXPORT_PAGE_ROWS = 500;

export function checkPageSize(size: number): number {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`A page size must be a whole number, at least 1: ${size}`);
  return size;
}

/**
 * Rows read a page at a time, each page starting after the last row of the one before (keyset
 * paging): `page` is one query, so that nothing is held open while the reader awaits. (An open
 * better-sqlite3 iterator would keep every write of the connection out meanwhile.)
 */
export async function* inPages<Row, Out>(
  size: number,
  page: (after: Row | null, size: number) => Promise<Row[]> | Row[],
  out: (row: Row) => Out
): AsyncGenerator<Out> {
  let after: Row | null = null;
  for (;;) {
    const rows = await page(after, size);
    for (const row of rows) yield out(row);
    if (rows.length < size) return;
    after = rows[rows.length - 1]!;
  }
}
