import type { CellLookup } from "../api/operations";
import type { BulkFieldIndex } from "../api/types";
import { isValidEmail, isValidLinkedinUrl, looksLikeDomain } from "../api/normalize";
import { t, type MessageId } from "../i18n/i18n";

// From a table of cells to the column mapping of a bulk search (docs/interface.md, Creating a bulk
// search): which column is the first name, the domain, and so on. Header names are matched; without
// a header, the columns' contents are.

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

const FIELD_LABEL_IDS: Record<MappedField, MessageId> = {
  first_name: "bulk.fieldFirstName",
  last_name: "bulk.fieldLastName",
  full_name: "bulk.fieldFullName",
  company_name: "bulk.fieldCompany",
  domain: "bulk.fieldDomain",
  email: "bulk.fieldEmail",
  linkedin_url: "bulk.fieldProfileUrl",
};

/** A mapped field's name, as the mapping's selects show it. */
export const fieldLabel = (field: MappedField): string => t(FIELD_LABEL_IDS[field]);

export const indexFieldOf = (field: MappedField): BulkFieldIndex =>
  `${field}_field_index` as BulkFieldIndex;

// Header names recognised, English first; compared after normalizeHeader (lower case, no
// accents, "_-." as spaces). The other languages' usual headers are in TRANSLATED_HEADERS.
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

/**
 * The usual header names of the add-in's other languages (de, fr, es, pt, ja): a German
 * "Vorname" or a Japanese "会社名" column is guessed like an English "First name" one. These
 * recognise a user's own headers (input), they are not text the add-in shows.
 */
const TRANSLATED_HEADERS: Record<MappedField, readonly string[]> = {
  first_name: ["vorname", "prénom", "nombre", "nome", "primeiro nome", "名"],
  last_name: ["nachname", "familienname", "apellido", "apellidos", "sobrenome", "姓", "名字"],
  full_name: [
    "vollständiger name",
    "nombre completo",
    "nome completo",
    "氏名",
    "名前",
    "フルネーム",
  ],
  company_name: [
    "unternehmen",
    "firmenname",
    "société",
    "empresa",
    "compañía",
    "会社",
    "会社名",
    "企業名",
  ],
  domain: [
    "webseite",
    "domäne",
    "site web",
    "dominio",
    "sitio web",
    "domínio",
    "ドメイン",
    "ウェブサイト",
  ],
  email: [
    "e mail adresse",
    "adresse e mail",
    "correo",
    "correo electrónico",
    "メール",
    "メールアドレス",
  ],
  linkedin_url: ["profil", "profil url", "perfil", "プロフィール", "プロフィールurl"],
};
/** Headers of three words, apart: each is marked as recognised input, not text shown. */
const THREE_WORD_HEADERS: ReadonlyArray<[MappedField, string]> = [
  ["last_name", "nom de famille"], // i18n-exempt: a user's header (input)
  ["company_name", "nome da empresa"], // i18n-exempt: a user's header (input)
  ["linkedin_url", "url du profil"], // i18n-exempt: a user's header (input)
  ["linkedin_url", "url del perfil"], // i18n-exempt: a user's header (input)
  ["linkedin_url", "url do perfil"], // i18n-exempt: a user's header (input)
];

const TRANSLATED: ReadonlyMap<string, MappedField> = new Map(
  [
    ...MAPPED_FIELDS.flatMap((field) =>
      TRANSLATED_HEADERS[field].map((name): [MappedField, string] => [field, name])
    ),
    ...THREE_WORD_HEADERS,
  ].map(([field, name]) => [normalizeHeader(name), field])
);

/** The field a header cell names, if any. */
export function fieldOfHeader(cell: unknown): MappedField | null {
  const header = normalizeHeader(cell);
  return (
    MAPPED_FIELDS.find((field) => HEADER_WORDS[field].test(header)) ??
    TRANSLATED.get(header) ??
    null
  );
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
  /** Columns never mapped: Enrich's own output columns, "Email" among them. */
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
export const BULK_SEARCH_KINDS = [
  "verify",
  "person",
  "linkedin_url",
  "decision_maker",
  "company",
] as const satisfies readonly CellLookup[];
export type BulkSearchKind = (typeof BULK_SEARCH_KINDS)[number];

/** Returns the kind, or a message saying what is missing. */
export function searchKind(
  mapping: ColumnMapping,
  hasCategories: boolean
): BulkSearchKind | { error: string } {
  const has = (field: MappedField): boolean => mapping[field] !== undefined;
  const company = has("domain") || has("company_name");
  const name = has("full_name") || (has("first_name") && has("last_name"));
  if (has("email")) return hasCategories || name ? { error: t("bulk.kindEmailAlone") } : "verify";
  if (hasCategories) {
    if (!company) return { error: t("bulk.kindCategoriesNeedCompany") };
    return name ? { error: t("bulk.kindDecisionMakersByCompany") } : "decision_maker";
  }
  if (name && company) return "person";
  if (has("linkedin_url")) return "linkedin_url";
  if (name) return { error: t("bulk.kindNameNeedsCompany") };
  if (has("first_name") || has("last_name")) return { error: t("bulk.kindBothNames") };
  if (company) return "company";
  return { error: t("bulk.kindNothingMapped") };
}
