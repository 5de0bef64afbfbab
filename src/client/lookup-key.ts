import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from "../api/normalize";
import { CELL_OPERATIONS, type CellLookup } from "../api/operations";

/** The cell-callable lookups that the scheduler batches and the cache keeps. */
export type LookupOperation = CellLookup;

const text = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined;
  const folded = value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return folded === "" ? undefined : folded;
};

type NormalizedValue = string | string[];

const FIELD_NORMALIZERS: Record<string, (value: unknown) => NormalizedValue | undefined> = {
  domain: (v) => (typeof v === "string" && v.trim() ? normalizeDomain(v) : undefined),
  email: (v) => (typeof v === "string" && v.trim() ? normalizeEmail(v) : undefined),
  linkedin_url: (v) => (typeof v === "string" && v.trim() ? normalizeLinkedinUrl(v) : undefined),
  // Categories are in order of importance (docs/interface.md, Decision-maker categories): the order
  // is part of the query.
  decision_maker_category: (v) =>
    Array.isArray(v) ? v.map((c) => String(c).trim().toLowerCase()) : undefined,
};

// A key is kept with every answer (a million of them), so it is short: one letter for the operation
// (its row's `cell.keyCode` in src/api/operations.ts) and one for each field, values as they are,
// fields in a fixed order.
const OPERATION_CODES = Object.fromEntries(
  Object.entries(CELL_OPERATIONS).map(([lookup, row]) => [lookup, row.cell!.keyCode])
) as Record<LookupOperation, string>;

const FIELD_CODES: Record<string, string> = {
  company_name: "c",
  country_code: "o",
  decision_maker_category: "k",
  domain: "d",
  email: "e",
  email_type: "t",
  first_name: "f",
  full_name: "n",
  last_name: "l",
  linkedin_url: "u",
  preferred_title: "p",
};

/** Separates the fields of a key; a value that contains it is written as JSON instead. */
const SEPARATOR = "\u001f";

const OPERATIONS_BY_CODE = new Map(
  Object.entries(OPERATION_CODES).map(([operation, code]) => [code, operation as LookupOperation])
);

const FIELDS_BY_CODE = new Map(Object.entries(FIELD_CODES).map(([field, code]) => [code, field]));

const asText = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(",") : String(value);

/** The fields of a key (as keyOfNormalized wrote them), lists joined by commas. */
export function fieldsOfKey(key: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of key.split(SEPARATOR).slice(1)) {
    const code = part.charAt(0);
    const plain = FIELDS_BY_CODE.get(code);
    if (plain !== undefined) {
      fields[plain] = part.slice(1);
      continue;
    }
    try {
      const json = FIELDS_BY_CODE.get(code.toLowerCase());
      if (json !== undefined) fields[json] = asText(JSON.parse(part.slice(1)));
      else {
        const [field, value] = JSON.parse(part) as [string, unknown];
        fields[field] = asText(value);
      }
    } catch {
      // Not a field this version can read.
    }
  }
  return fields;
}

/** The operation a key was made for. */
export function operationOfKey(key: string): LookupOperation | undefined {
  return OPERATIONS_BY_CODE.get(key.charAt(0));
}

const plainList = (values: string[]): boolean =>
  values.every((v) => v !== "" && !/[,\u001f"[]/.test(v));

// Injective: a known code followed by a plain value, its capital followed by JSON, or (a
// field this version does not know) a JSON pair; no plain value contains the separator.
function encodeField(field: string, value: NormalizedValue): string {
  const code = FIELD_CODES[field];
  if (code === undefined) return JSON.stringify([field, value]);
  if (typeof value === "string" && !value.includes(SEPARATOR)) return code + value;
  if (Array.isArray(value) && plainList(value)) return code + value.join(",");
  return code.toUpperCase() + JSON.stringify(value);
}

/** The key of a lookup from fields that are normalized already (also used to carry old keys over). */
export function keyOfNormalized(
  operation: LookupOperation,
  fields: Array<[string, NormalizedValue]>
): string {
  const sorted = [...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [OPERATION_CODES[operation], ...sorted.map(([f, v]) => encodeField(f, v))].join(SEPARATOR);
}

/**
 * The cache and de-duplication key of a lookup: its operation and its fields, normalized the way
 * the service compares them (trimmed, case-folded, URLs reduced to domains), in a fixed order.
 * Equal keys are the same search; the service charges them once (docs/interface.md, Credits).
 */
export function lookupKey(operation: LookupOperation, body: object): string {
  const fields: Array<[string, NormalizedValue]> = [];
  for (const [field, raw] of Object.entries(body)) {
    const value = (FIELD_NORMALIZERS[field] ?? text)(raw);
    if (value !== undefined) fields.push([field, value]);
  }
  return keyOfNormalized(operation, fields);
}
