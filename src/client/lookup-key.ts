import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from "../api/normalize";

/** The cell-callable lookups that the scheduler batches and the cache keeps. */
export type LookupOperation =
  "person" | "company" | "decision_maker" | "linkedin_url" | "verify" | "employees";

const text = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined;
  const folded = value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return folded === "" ? undefined : folded;
};

const FIELD_NORMALIZERS: Record<string, (value: unknown) => unknown> = {
  domain: (v) => (typeof v === "string" && v.trim() ? normalizeDomain(v) : undefined),
  email: (v) => (typeof v === "string" && v.trim() ? normalizeEmail(v) : undefined),
  linkedin_url: (v) => (typeof v === "string" && v.trim() ? normalizeLinkedinUrl(v) : undefined),
  // Categories are in order of importance (spec 2.7): the order is part of the query.
  decision_maker_category: (v) =>
    Array.isArray(v) ? v.map((c) => String(c).trim().toLowerCase()) : undefined,
};

/**
 * The cache and de-duplication key of a lookup: its operation and its fields, normalized the
 * way the service compares them (trimmed, case-folded, URLs reduced to domains), in a fixed
 * order. Equal keys are the same search; the service charges them once (spec 1).
 */
export function lookupKey(operation: LookupOperation, body: object): string {
  const fields = Object.keys(body).sort();
  const parts: string[] = [];
  for (const field of fields) {
    const raw = (body as Record<string, unknown>)[field];
    const value = (FIELD_NORMALIZERS[field] ?? text)(raw);
    if (value !== undefined) parts.push(`${field}=${JSON.stringify(value)}`);
  }
  return `${operation}|${parts.join("&")}`;
}
