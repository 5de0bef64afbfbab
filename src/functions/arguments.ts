import {
  COMPANY_EMAIL_TYPES,
  DECISION_MAKER_CATEGORIES,
  type CompanyEmailType,
  type DecisionMakerCategory,
} from "../api/types";
import {
  isValidEmail,
  isValidLinkedinUrl,
  looksLikeDomain,
  normalizeDomain,
} from "../api/normalize";
import { t } from "../i18n/i18n";

// Turning cell arguments into request fields. Anything the service would reject becomes an
// ArgumentError (a #VALUE! naming the argument) before any request is made.

/**
 * A cell argument the function cannot use; becomes #VALUE! with this message, written in the
 * user's language when the error is made (`argument` is the parameter's name, never translated).
 */
export class ArgumentError extends Error {
  constructor(
    readonly argument: string,
    message: string
  ) {
    super(message);
    this.name = "ArgumentError";
  }
}

/** What Excel passes for one cell: a value, null for an omitted argument, or an error value. */
export type CellValue = string | number | boolean | null | undefined | Error | unknown[][];

const LIMITS = { name: 200, company: 500, url: 2048, email: 320, title: 200, list: 1000 } as const;

/**
 * A text argument: strings are trimmed, finite numbers become text (a name or domain typed as a
 * number), empty or omitted is null. Booleans, errors, ranges and oversize text are rejected.
 */
export function text(value: CellValue, argument: string, maxLength: number): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Error)
    throw new ArgumentError(argument, t("cells.argumentErrorValue", { argument }));
  if (Array.isArray(value)) {
    if (value.length === 1 && Array.isArray(value[0]) && value[0].length === 1)
      return text(value[0][0] as CellValue, argument, maxLength);
    throw new ArgumentError(argument, t("cells.argumentRange", { argument }));
  }
  if (typeof value === "boolean")
    throw new ArgumentError(argument, t("cells.argumentBoolean", { argument }));
  if (typeof value === "number") {
    if (!Number.isFinite(value))
      throw new ArgumentError(argument, t("cells.argumentText", { argument }));
    return String(value);
  }
  if (typeof value !== "string")
    throw new ArgumentError(argument, t("cells.argumentText", { argument }));
  // Control characters other than spaces never belong in these fields.
  const trimmed = value.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  if (trimmed.length > maxLength)
    throw new ArgumentError(argument, t("cells.argumentTooLong", { argument, max: maxLength }));
  if (/[\ud800-\udfff]/.test(trimmed.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""))) {
    throw new ArgumentError(argument, t("cells.argumentInvalidCharacters", { argument }));
  }
  return trimmed === "" ? null : trimmed;
}

export function required(value: CellValue, argument: string, maxLength: number): string {
  const result = text(value, argument, maxLength);
  if (result === null) throw new ArgumentError(argument, t("cells.argumentRequired", { argument }));
  return result;
}

/** `company` is a domain, a URL (reduced to its domain) or a company name. */
export function company(
  value: CellValue,
  argument = "company"
): { domain: string } | { company_name: string } {
  const given = required(value, argument, LIMITS.company);
  if (looksLikeDomain(given)) return { domain: normalizeDomain(given) };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given))
    throw new ArgumentError(argument, t("cells.argumentWebsite", { argument }));
  return { company_name: given };
}

/** FINDEMAIL's name rules: `last_name` empty means `name` is the full name. */
export function personName(
  name: CellValue,
  lastName: CellValue
): { first_name: string; last_name: string } | { full_name: string } {
  const first = required(name, "name", LIMITS.name);
  const last = text(lastName, "last_name", LIMITS.name);
  return last === null ? { full_name: first } : { first_name: first, last_name: last };
}

export function linkedinUrl(value: CellValue, argument = "linkedin_url"): string | null {
  const url = text(value, argument, LIMITS.url);
  if (url !== null && !isValidLinkedinUrl(url)) {
    throw new ArgumentError(argument, t("cells.argumentProfileUrl", { argument }));
  }
  return url;
}

export function email(value: CellValue, argument = "email"): string {
  const given = required(value, argument, LIMITS.email);
  if (!isValidEmail(given))
    throw new ArgumentError(argument, t("cells.argumentEmail", { argument }));
  return given;
}

/**
 * One category, a comma list, or a range of them, in order of importance (docs/interface.md,
 * Decision-maker categories).
 */
export function categories(value: CellValue, argument = "categories"): DecisionMakerCategory[] {
  const cells = Array.isArray(value) ? (value as unknown[][]).flat() : [value];
  const names: string[] = [];
  for (const cell of cells) {
    const entry = text(cell as CellValue, argument, LIMITS.list);
    if (entry !== null) names.push(...listed(entry, /[,;]/));
  }
  if (names.length === 0)
    throw new ArgumentError(
      argument,
      t("cells.argumentCategoriesRequired", {
        argument,
        categories: DECISION_MAKER_CATEGORIES.join(", "),
      })
    );
  refuseUnknown(names, DECISION_MAKER_CATEGORIES, argument, (value) =>
    t("cells.argumentUnknownCategory", {
      argument,
      value,
      categories: DECISION_MAKER_CATEGORIES.join(", "),
    })
  );
  return [...new Set(names)] as DecisionMakerCategory[];
}

export function emailType(value: CellValue, argument = "email_type"): CompanyEmailType {
  const given = text(value, argument, 20)?.toLowerCase() ?? "any";
  if (!(COMPANY_EMAIL_TYPES as readonly string[]).includes(given)) {
    throw new ArgumentError(
      argument,
      t("cells.argumentOneOf", { argument, values: COMPANY_EMAIL_TYPES.join(", ") })
    );
  }
  return given as CompanyEmailType;
}

export function countryCode(value: CellValue, argument = "country_code"): string | null {
  const code = text(value, argument, 10);
  if (code !== null && !/^[A-Za-z]{2}$/.test(code))
    throw new ArgumentError(argument, t("cells.argumentCountryCode", { argument }));
  return code?.toUpperCase() ?? null;
}

/** The answer fields asked for, as a comma list; null when the argument is not given. */
export function fields(
  value: CellValue,
  allowed: readonly string[],
  argument = "fields"
): string[] | null {
  const given = text(value, argument, LIMITS.list);
  if (given === null) return null;
  const names = listed(given, ",");
  if (names.length === 0) return null;
  refuseUnknown(names, allowed, argument, (value) =>
    t("cells.argumentUnknownField", { argument, value, fields: allowed.join(", ") })
  );
  return names;
}

/** The names of a list, trimmed and in lower case, without empty ones. */
function listed(text: string, separator: string | RegExp): string[] {
  return text
    .split(separator)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
}

/** Refuses the first name not `allowed`, quoting it (at most 40 characters) in `refusal`. */
function refuseUnknown(
  names: readonly string[],
  allowed: readonly string[],
  argument: string,
  refusal: (value: string) => string
): void {
  const unknown = names.find((n) => !allowed.includes(n));
  if (unknown) throw new ArgumentError(argument, refusal(unknown.slice(0, 40)));
}

export { LIMITS };
