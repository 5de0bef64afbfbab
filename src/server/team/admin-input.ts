import { LIMITS } from "../../admin/api-types";
import { HostError } from "../errors";
import { MILLI_PER_CREDIT } from "./credits";
import { monthOf } from "./store";

// What the admin API's JSON schemas (admin-schemas.ts) cannot say of its query parameters, in the
// same words as their refusals: a real calendar day, a range in order, a number's bounds.

export function badRequest(message: string): HostError {
  return new HostError(400, "bad_request", message);
}

export function notFound(message: string): HostError {
  return new HostError(404, "not_found", message);
}

/** A budget in credits (checked by the body's schema, admin-schemas.ts) or null, in thousandths. */
export function budgetMilli(credits: number | null): number | null {
  return credits === null ? null : Math.round(credits * MILLI_PER_CREDIT);
}

/**
 * What each query parameter's refusal says, whether its schema (admin-schemas.ts) or a route
 * refuses it: one wording for both.
 */
export const QUERY_REFUSALS = {
  month: "month must be a month as YYYY-MM, e.g. 2026-01.",
  day: (name: "from" | "to") => `${name} must be a day as YYYY-MM-DD, e.g. 2026-01-31.`,
  months: `months must be a whole number from 1 to ${LIMITS.maxChartMonths}.`,
  limit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
  domain: "domain must be a domain name such as example.com.",
  key: "key must be an answer's key.",
} as const;

/** Query parameters as their schema lets them through: each a text given once, of its form. */
export type Query = Record<string, string | undefined>;

export function monthQuery(query: Query, current: string): string {
  return query.month ?? current;
}

/** A day "YYYY-MM-DD" (its form checked by the schema) as the UTC midnight that starts it. */
export function dayQuery(query: Query, name: "from" | "to", fallback: Date): Date {
  const text = query[name];
  if (text === undefined) return fallback;
  const day = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw badRequest(QUERY_REFUSALS.day(name));
  return day;
}

export function monthsQuery(query: Query): number {
  const months = Number(query.months ?? "12");
  if (!(months >= 1 && months <= LIMITS.maxChartMonths)) throw badRequest(QUERY_REFUSALS.months);
  return months;
}

export function addUtcDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/** The first month of the `months` months that end with the one of `now`. */
export function firstOfMonths(now: Date, months: number): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)));
}

/** Days asked for, both included, and the instants they cover. */
export interface DayRange {
  from: Date;
  to: Date;
  /** The first day's start (ISO). */
  since: string;
  /** The start of the day after the last (ISO): the range's end, not included. */
  until: string;
}

/**
 * The days of `from` and `to` (both included), at most LIMITS.maxRangeDays apart: `to` by default
 * today (UTC, of `now`), `from` by default `defaultFrom(today)`.
 */
export function dayRange(query: Query, now: Date, defaultFrom: (today: Date) => Date): DayRange {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const from = dayQuery(query, "from", defaultFrom(today));
  const to = dayQuery(query, "to", today);
  if (to < from) throw badRequest("to must be the same day as from or a later one.");
  if (to.getTime() - from.getTime() > LIMITS.maxRangeDays * 86_400_000)
    throw badRequest(
      `from and to may be at most ${LIMITS.maxRangeDays} days apart (the audit keeps ${LIMITS.maxRangeDays} days): ask for a shorter range.`
    );
  return { from, to, since: from.toISOString(), until: addUtcDays(to, 1).toISOString() };
}

/** A count of entries from 1 to `max` (`fallback` when absent; its form checked by the schema). */
export function limitQuery(query: Query, fallback: number, max: number): number {
  const limit = Number(query.limit ?? fallback);
  if (!(limit >= 1 && limit <= max)) throw badRequest(QUERY_REFUSALS.limit(max));
  return limit;
}
