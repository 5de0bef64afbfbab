import { operationOfKey, type LookupOperation } from "./lookup-key";

/** A lookup's answer as kept: a result body, or a definitive "nothing" (404 no_result, 451). */
export type LookupOutcome<T = unknown> =
  | { status: "ok"; value: T }
  | { status: "not_found" | "blacklisted"; code: string; message: string };

/** An answer as a lookup gives it: with when it was bought (kept answers keep that time). */
export type CheckedOutcome<T = unknown> = LookupOutcome<T> & {
  /** When the service gave this answer (ms since the epoch): its age. */
  checkedAt: number;
};

export interface CachedOutcome {
  outcome: LookupOutcome;
  storedAt: number;
}

/** A kept answer as a lookup gives it: with the time it was bought. */
export const checkedOutcome = (kept: CachedOutcome): CheckedOutcome => ({
  ...kept.outcome,
  checkedAt: kept.storedAt,
});

/**
 * A kept answer as it is stored: an array, because a million of them are kept and field names
 * repeated in every record would be most of their size.
 *
 * - found: `[storedAt, mask, ...values, extras?]`: `mask` says which of the operation's
 *   known fields are present (bit i = FIELDS[operation][i]); their values follow in that
 *   order; the bit EXTRAS adds an object of fields this version does not know. The echoed
 *   `input` is dropped: the key holds the request.
 * - nothing: `[storedAt, NOT_FOUND | BLACKLISTED, code, message]`.
 */
export type AnswerRecord = unknown[];

// Response fields of the lookups (docs/interface.md, Lookups) and of the legacy employees search.
// Their order is the stored format (bit i of a record's mask): append new fields, never reorder,
// and keep these lists apart from the display lists of src/functions/answer-fields.ts.
const PERSON = [
  "email",
  "email_status",
  "valid_email",
  "person_full_name",
  "person_company_name",
  "person_job_title",
  "mx_host",
  "mx_domain",
  "credits_charged",
];
const FIELDS: Record<LookupOperation, string[]> = {
  person: PERSON,
  linkedin_url: PERSON,
  decision_maker: [
    "email",
    "email_status",
    "valid_email",
    "decision_maker_category",
    "person_first_name",
    "person_last_name",
    "person_full_name",
    "person_job_title",
    "person_linkedin_url",
    "mx_host",
    "mx_domain",
    "credits_charged",
  ],
  company: ["emails", "valid_emails", "email_status", "mx_host", "mx_domain", "credits_charged"],
  verify: ["email_status", "mx_host", "mx_domain", "credits_charged"],
  employees: ["success", "company_name_used", "employees"],
};
const EXTRAS = 1 << 20;
const NOT_FOUND = -1;
const BLACKLISTED = -2;
const DROPPED_FIELDS = ["input"];
const DROPPED = new Set(DROPPED_FIELDS);

const hasOwn = (object: object, field: string): boolean =>
  Object.prototype.hasOwnProperty.call(object, field);

/**
 * An answer as it is kept and shown: without the echo of the request (docs/interface.md, Input
 * echo), which the lookup key holds already. Cells see the same fields whether the answer is new or
 * kept.
 */
export function keptValue<T>(value: T): T {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  if (!DROPPED_FIELDS.some((field) => hasOwn(value, field))) return value;
  const kept: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(value)) if (!DROPPED.has(field)) kept[field] = v;
  return kept as T;
}

export function encodeAnswer(key: string, cached: CachedOutcome): AnswerRecord {
  const { outcome, storedAt } = cached;
  if (outcome.status !== "ok")
    return [
      storedAt,
      outcome.status === "not_found" ? NOT_FOUND : BLACKLISTED,
      outcome.code,
      outcome.message,
    ];
  const value = (outcome.value ?? {}) as Record<string, unknown>;
  const known = FIELDS[operationOfKey(key) ?? "person"];
  const record: unknown[] = [storedAt, 0];
  let mask = 0;
  known.forEach((field, i) => {
    if (!hasOwn(value, field)) return;
    mask |= 1 << i;
    record.push(value[field]);
  });
  const extras: Record<string, unknown> = {};
  let extraCount = 0;
  for (const field of Object.keys(value)) {
    if (known.includes(field) || DROPPED.has(field)) continue;
    extras[field] = value[field];
    extraCount++;
  }
  if (extraCount > 0) {
    mask |= EXTRAS;
    record.push(extras);
  }
  record[1] = mask;
  return record;
}

/** The answer of a record, or undefined for a record this version cannot read. */
export function decodeAnswer(key: string, record: unknown): CachedOutcome | undefined {
  if (!Array.isArray(record) || typeof record[0] !== "number" || typeof record[1] !== "number")
    return undefined;
  const [storedAt, mask] = record as [number, number];
  if (mask === NOT_FOUND || mask === BLACKLISTED) {
    if (typeof record[2] !== "string" || typeof record[3] !== "string") return undefined;
    const status = mask === NOT_FOUND ? "not_found" : "blacklisted";
    return { storedAt, outcome: { status, code: record[2], message: record[3] } };
  }
  if (mask < 0) return undefined;
  const known = FIELDS[operationOfKey(key) ?? "person"];
  const value: Record<string, unknown> = {};
  let at = 2;
  known.forEach((field, i) => {
    if (mask & (1 << i)) value[field] = record[at++];
  });
  if (mask & EXTRAS) {
    const extras = record[at++];
    if (!extras || typeof extras !== "object") return undefined;
    Object.assign(value, extras);
  }
  if (at !== record.length) return undefined;
  return { storedAt, outcome: { status: "ok", value } };
}

/** The answer's size as kept, in bytes (its key and record as UTF-8 JSON): what Settings shows. */
export function recordBytes(key: string, record: AnswerRecord): number {
  return utf8Length(key) + utf8Length(JSON.stringify(record));
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
