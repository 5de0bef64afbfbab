import type { BulkFieldIndex } from "../api/types";
import { isValidEmail, isValidLinkedinUrl, looksLikeDomain } from "../api/normalize";

// From a table of cells to the column mapping of a bulk search (spec 4.6): which column is
// the first name, the domain, and so on. Header names are matched; without a header, the
// columns' contents are.

export const MAPPED_FIELDS = [
  "first_name",
  "last_name",
  "full_name",
  "company_name",
  "domain",
  "email",
  "linkedin_url",
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export type ColumnMapping = Partial<Record<MappedField, number>>;

export const FIELD_LABELS: Record<MappedField, string> = {
  first_name: "First name",
  last_name: "Last name",
  full_name: "Full name",
  company_name: "Company",
  domain: "Domain / website",
  email: "Email (to verify)",
  linkedin_url: "Profile URL",
};

export const indexFieldOf = (field: MappedField): BulkFieldIndex =>
  `${field}_field_index` as BulkFieldIndex;

const HEADER_WORDS: Record<MappedField, RegExp> = {
  first_name: /^(first|first ?name|given ?name|firstname|prénom|prenom|vorname|nombre)$/,
  last_name: /^(last|last ?name|surname|family ?name|lastname|nom|nachname|apellido)$/,
  full_name: /^(name|full ?name|fullname|contact|contact ?name|person|nom complet)$/,
  company_name:
    /^(company|company ?name|organi[sz]ation|organi[sz]ation ?name|employer|account|entreprise|société|firma)$/,
  domain: /^(domain|company ?domain|website|web ?site|url|site|company ?website|homepage)$/,
  email: /^(e ?mail|e ?mail ?address|mail|courriel)$/,
  linkedin_url: /^(linkedin|linkedin ?url|linkedin ?profile|profile|profile ?url)$/,
};

const normalizeHeader = (cell: unknown): string =>
  String(cell ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The field a header cell names, if any. */
export function fieldOfHeader(cell: unknown): MappedField | null {
  const header = normalizeHeader(cell);
  return MAPPED_FIELDS.find((field) => HEADER_WORDS[field].test(header)) ?? null;
}

type Cell = string | number | boolean | null;

function looksLike(cell: Cell): MappedField | null {
  if (typeof cell !== "string" || cell.trim() === "") return null;
  const value = cell.trim();
  if (isValidEmail(value)) return "email";
  if (isValidLinkedinUrl(value)) return "linkedin_url";
  if (looksLikeDomain(value)) return "domain";
  return null;
}

/** A row reads as a header when it names at least one field and holds no data-like value. */
export const isHeaderRow = (row: Cell[]): boolean =>
  row.some((cell) => fieldOfHeader(cell) !== null) && row.every((cell) => looksLike(cell) === null);

/** A first row is a header when it reads as one and rows follow it. */
export function detectHeader(values: Cell[][]): boolean {
  const first = values[0];
  return first !== undefined && values.length >= 2 && isHeaderRow(first);
}

export interface SuggestOptions {
  /** Columns never mapped: Enrich's own output columns (DESIGN 4b), "Email" among them. */
  ignoreColumns?: readonly number[];
}

/** Suggests a mapping: from header names, else from what the cells look like. */
export function suggestMapping(
  values: Cell[][],
  hasHeader: boolean,
  options: SuggestOptions = {}
): ColumnMapping {
  const mapping: ColumnMapping = {};
  const ignored = new Set(options.ignoreColumns ?? []);
  const width = Math.max(0, ...values.slice(0, 50).map((row) => row.length));
  if (hasHeader) {
    (values[0] ?? []).forEach((cell, index) => {
      const field = fieldOfHeader(cell);
      if (field && mapping[field] === undefined && !ignored.has(index)) mapping[field] = index;
    });
    return mapping;
  }
  for (let column = 0; column < width; column++) {
    if (ignored.has(column)) continue;
    const kinds = values
      .slice(0, 50)
      .map((row) => looksLike(row[column] ?? null))
      .filter(Boolean);
    const kind = kinds[0];
    if (
      kind &&
      kinds.length >= Math.ceil(Math.min(values.length, 50) / 2) &&
      mapping[kind] === undefined
    )
      mapping[kind] = column;
  }
  return mapping;
}

/** The kind of search a mapping makes (the sandbox and, we assume, the service decide alike). */
export type BulkSearchKind = "verify" | "person" | "linkedin_url" | "decision_maker" | "company";

/** Returns the kind, or a message saying what is missing. */
export function searchKind(
  mapping: ColumnMapping,
  hasCategories: boolean
): BulkSearchKind | { error: string } {
  const has = (field: MappedField): boolean => mapping[field] !== undefined;
  const company = has("domain") || has("company_name");
  const name = has("full_name") || (has("first_name") && has("last_name"));
  if (has("email"))
    return hasCategories || name
      ? {
          error:
            "An email column verifies emails: remove the name columns and categories, or the email column.",
        }
      : "verify";
  if (hasCategories) {
    if (!company) return { error: "Decision-maker categories need a company or domain column." };
    return name
      ? {
          error:
            "Decision makers are searched by company: remove the name columns or the categories.",
        }
      : "decision_maker";
  }
  if (name && company) return "person";
  if (has("linkedin_url")) return "linkedin_url";
  if (name) return { error: "A name needs a company or domain column." };
  if (has("first_name") || has("last_name"))
    return { error: "Map both first and last name, or a full name column." };
  if (company) return "company";
  return {
    error:
      "Map at least the columns of one search: names and company, emails, profile URLs, or companies.",
  };
}
