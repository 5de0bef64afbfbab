import { LIMITS } from "../../admin/api-types";
import { HostError } from "../errors";
import { MILLI_PER_CREDIT } from "./credits";
import { monthOf } from "./store";

// The admin API's input: each field checked before anything changes, with a
// message naming it and what is allowed.

export function badRequest(message: string): HostError {
  return new HostError(400, "bad_request", message);
}

export function notFound(message: string): HostError {
  return new HostError(404, "not_found", message);
}

/** A JSON object body; fields other than those a route reads are ignored. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** A budget in credits (at most three decimals, the store's unit) or null, as thousandths. */
export function budgetMilli(value: unknown, field: string): number | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > LIMITS.maxBudget)
    throw badRequest(
      `${field} must be a number of credits from 0 to ${LIMITS.maxBudget}, or null for no limit.`
    );
  const milli = Math.round(value * MILLI_PER_CREDIT);
  if (Math.abs(milli - value * MILLI_PER_CREDIT) > 1e-6)
    throw badRequest(`${field} may have at most 3 decimals (credits count in thousandths).`);
  return milli;
}

// Letters, digits, spaces and punctuation: no control characters (they would reach CSV files).
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export function nameText(value: unknown, field: string): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name || name.length > LIMITS.nameLength || CONTROL_CHARACTERS.test(name))
    throw badRequest(
      `${field} must be a non-empty text of at most ${LIMITS.nameLength} characters, on one line.`
    );
  return name;
}

// One "@", no spaces, a dot in the domain: the address Entra ID sign-in matches.
export const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function emailText(value: unknown): string {
  const email = typeof value === "string" ? value.trim() : "";
  if (email.length > LIMITS.emailLength || !EMAIL.test(email))
    throw badRequest(
      `email must be an email address such as name@example.com (at most ${LIMITS.emailLength} characters).`
    );
  return email;
}

export function freshnessDays(value: unknown): number {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < LIMITS.minFreshnessDays ||
    value > LIMITS.maxFreshnessDays
  )
    throw badRequest(
      `freshness_days must be a whole number of days from ${LIMITS.minFreshnessDays} to ${LIMITS.maxFreshnessDays}.`
    );
  return value;
}

export function serviceKey(value: unknown): string {
  if (typeof value !== "string" || !/^\S+$/.test(value) || value.length > LIMITS.serviceKeyLength)
    throw badRequest(
      `key must be the service's API key: non-empty, without spaces, at most ${LIMITS.serviceKeyLength} characters.`
    );
  return value;
}

export type Query = Record<string, unknown>;

/** A query parameter given once, or undefined. */
export function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badRequest(`${name} may be given once.`);
  return value;
}

export const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

export function monthQuery(query: Query, current: string): string {
  const month = queryText(query, "month") ?? current;
  if (!MONTH.test(month)) throw badRequest("month must be a month as YYYY-MM, e.g. 2026-01.");
  return month;
}

/** A day "YYYY-MM-DD" as the UTC midnight that starts it. */
export function dayQuery(query: Query, name: string, fallback: Date): Date {
  const text = queryText(query, name);
  if (text === undefined) return fallback;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw badRequest(`${name} must be a day as YYYY-MM-DD, e.g. 2026-01-31.`);
  return day;
}

export function monthsQuery(query: Query): number {
  const text = queryText(query, "months") ?? "12";
  const months = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(months >= 1 && months <= LIMITS.maxChartMonths))
    throw badRequest(`months must be a whole number from 1 to ${LIMITS.maxChartMonths}.`);
  return months;
}

export function addUtcDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/** The first month of the `months` months that end with the one of `now`. */
export function firstOfMonths(now: Date, months: number): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)));
}

/** The days of `from` and `to` (both included), at most LIMITS.maxRangeDays apart. */
export function dayRange(
  query: Query,
  fallback: { from: Date; to: Date }
): { from: Date; to: Date } {
  const from = dayQuery(query, "from", fallback.from);
  const to = dayQuery(query, "to", fallback.to);
  if (to < from) throw badRequest("to must be the same day as from or a later one.");
  if (to.getTime() - from.getTime() > LIMITS.maxRangeDays * 86_400_000)
    throw badRequest(
      `from and to may be at most ${LIMITS.maxRangeDays} days apart (the audit keeps ${LIMITS.maxRangeDays} days): ask for a shorter range.`
    );
  return { from, to };
}

/** A count of entries from 1 to `max` (`fallback` when absent). */
export function limitQuery(query: Query, fallback: number, max: number): number {
  const text = queryText(query, "limit") ?? String(fallback);
  const limit = /^\d{1,6}$/.test(text) ? Number(text) : NaN;
  if (!(limit >= 1 && limit <= max))
    throw badRequest(`limit must be a whole number from 1 to ${max}.`);
  return limit;
}
