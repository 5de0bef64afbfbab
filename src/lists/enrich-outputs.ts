import {
  DECISION_MAKER_FIELDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
  VERIFY_FIELDS,
  type AnswerField,
} from "../functions/answer-fields";
import type { LookupOutcome } from "../client/answer-record";
import { BOUNCED_ON, bouncedOn } from "../client/bounces";
import { excelDay } from "../functions/checked-on";
import type { CellValue } from "./cell-values";
import { currentLocale, t } from "../i18n/i18n";
import { PSEUDO_LOCALE } from "../i18n/locales";
import { enrichHeadersEn } from "../i18n/catalogs/pane/en-US/enrich-headers";
import { enrichHeaders as deHeaders } from "../i18n/catalogs/pane/de-DE/enrich-headers";
import { enrichHeaders as frHeaders } from "../i18n/catalogs/pane/fr-FR/enrich-headers";
import { enrichHeaders as esHeaders } from "../i18n/catalogs/pane/es-ES/enrich-headers";
import { enrichHeaders as ptHeaders } from "../i18n/catalogs/pane/pt-BR/enrich-headers";
import { enrichHeaders as jaHeaders } from "../i18n/catalogs/pane/ja-JP/enrich-headers";

// The columns Enrich writes: which answer fields each operation offers, their
// headers (written in the user's language, found again in any), and the value of each cell. Every output cell of a row that was looked up gets a
// value, so a row whose output cells are all filled is done and one with none filled is to do.

export type EnrichOperation = "person" | "verify" | "decision_maker";

export type OutputField = AnswerField;

/** What an output cell holds: never empty once its row was looked up. */
export type OutputValue = string | number | boolean;

// A person row may be found by name or by profile URL: the fields of both answers.
const unique = <T>(lists: ReadonlyArray<readonly T[]>): T[] => [...new Set(lists.flat())];

export const OUTPUT_FIELDS: Record<EnrichOperation, readonly OutputField[]> = {
  person: unique<OutputField>([PERSON_FIELDS, PROFILE_FIELDS]),
  verify: VERIFY_FIELDS,
  decision_maker: DECISION_MAKER_FIELDS,
};

export const DEFAULT_OUTPUTS: Record<EnrichOperation, readonly OutputField[]> = {
  person: ["email", "email_status"],
  verify: ["email_status"],
  decision_maker: ["email", "email_status"],
};

type HeaderId = keyof typeof enrichHeadersEn;

const HEADER_IDS: Record<OutputField, HeaderId> = {
  email: "enrich.headerEmailFound",
  email_status: "enrich.headerEmailStatus",
  valid_email: "enrich.headerValidEmail",
  decision_maker_category: "enrich.headerDecisionMakerCategory",
  person_first_name: "enrich.headerPersonFirstName",
  person_last_name: "enrich.headerPersonLastName",
  person_full_name: "enrich.headerPersonFullName",
  person_company_name: "enrich.headerPersonCompany",
  person_job_title: "enrich.headerJobTitle",
  person_linkedin_url: "enrich.headerProfileUrl",
  mx_host: "enrich.headerMxHost",
  mx_domain: "enrich.headerMxDomain",
  credits_charged: "enrich.headerCreditsCharged",
  checked_on: "enrich.headerCheckedOn",
};

/** An output column's header in the user's language: what Enrich writes over a new column. */
export const outputHeader = (field: OutputField): string => t(HEADER_IDS[field]);

/** Every language's headers: a column is ours whatever the language it was written in. */
const HEADERS_BY_LANGUAGE: ReadonlyArray<Readonly<Record<HeaderId, string>>> = [
  enrichHeadersEn,
  deHeaders,
  frHeaders,
  esHeaders,
  ptHeaders,
  jaHeaders,
];

/** The English headers (as lists enriched before there were languages have them). */
export const OUTPUT_HEADERS: Readonly<Record<OutputField, string>> = Object.fromEntries(
  Object.entries(HEADER_IDS).map(([field, id]) => [field, enrichHeadersEn[id]])
) as Record<OutputField, string>;

const headerKey = (text: string): string => text.normalize("NFC").trim().toLowerCase();

// No output header, in any language, is an input header of the mapping (mapping.ts): a list's
// own "Email" column is never taken for an output, and an output column never suggested as an
// input (test/lists/enrich-headers.test.ts checks both, and that no two fields share a header).
const FIELD_BY_HEADER = new Map(
  HEADERS_BY_LANGUAGE.flatMap((headers) =>
    Object.entries(HEADER_IDS).map(([field, id]) => [headerKey(headers[id]), field as OutputField])
  )
);

/**
 * The output field whose header a cell holds, in any of the add-in's languages (case and
 * surrounding spaces aside), or null.
 */
export function outputFieldOfHeader(cell: unknown): OutputField | null {
  if (typeof cell !== "string") return null;
  const key = headerKey(cell);
  const known = FIELD_BY_HEADER.get(key);
  if (known || currentLocale() !== PSEUDO_LOCALE) return known ?? null;
  // The pseudo-locale's headers (development only) are found as the pane writes them.
  const fields = Object.keys(HEADER_IDS) as OutputField[];
  return fields.find((field) => headerKey(outputHeader(field)) === key) ?? null;
}

/** An output column found in the sheet: its field, its column and its data cells. */
export interface PresentOutput {
  field: OutputField;
  /** Relative to the source's first column; may lie right of a selection. */
  column: number;
  /** One per data row; null is an empty cell. */
  values: CellValue[];
}

/** The status cell of a row whose address was reported bounced (a status word, as the service's). */
export const BOUNCED_STATUS = "bounced";

/** Written for a field the answer does not have, so that the cell is not left empty. */
export const NO_VALUE = "\u2014";

function outputValue(value: unknown): OutputValue {
  if (value === null || value === undefined || value === "") return NO_VALUE;
  if (typeof value === "number") return Number.isFinite(value) ? value : NO_VALUE;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : NO_VALUE;
  return String(value);
}

/** How a run writes its answers. */
export interface AnswerCellOptions {
  /**
   * Only valid emails (lists that go straight to sending): the email cell of an answer
   * whose status is not `valid` is left empty; its status is written.
   */
  onlyValid?: boolean;
}

/** The email cell left empty by "only valid emails" (written as an empty cell). */
export const LEFT_EMPTY = "";

/**
 * The cells of a looked-up row: each field of the answer as it is typed (text, number,
 * boolean); a missing or null field is NO_VALUE; `email_status` always holds the status
 * (`not_found` or `blacklisted` when the service had nothing to answer with); `checked_on`
 * the day the answer was bought.
 */
export function answerCells(
  outputs: readonly OutputField[],
  outcome: LookupOutcome<object> & { checkedAt?: number },
  options: AnswerCellOptions = {}
): OutputValue[] {
  const answer: Record<string, unknown> = outcome.status === "ok" ? { ...outcome.value } : {};
  // A kept answer whose address was reported bounced says so at the list's next run.
  const status =
    bouncedOn(outcome) !== undefined
      ? BOUNCED_STATUS
      : outcome.status === "ok"
        ? answer.email_status
        : outcome.status;
  delete answer[BOUNCED_ON];
  // The day it was bought, as Excel's date number (its column is formatted as a date).
  if (outcome.checkedAt !== undefined) answer.checked_on = excelDay(outcome.checkedAt);
  return outputs.map((field) => {
    if (field === "email_status") return outputValue(status);
    if (field === "email" && options.onlyValid && status !== "valid") return LEFT_EMPTY;
    return outputValue(answer[field]);
  });
}

/**
 * A row written with only valid emails: every output filled but the email, whose status (one
 * the service gives, not `valid`) says why it was left out. Such a row is done.
 */
export function leftOutForStatus(
  outputs: readonly OutputField[],
  cells: ReadonlyArray<CellValue | undefined>
): boolean {
  const email = outputs.indexOf("email");
  const status = outputs.indexOf("email_status");
  if (email < 0 || status < 0) return false;
  const statusCell = cells[status];
  return (
    isEmptyCell(cells[email]) &&
    typeof statusCell === "string" &&
    LEFT_OUT_STATUSES.has(statusCell.trim()) &&
    cells.every((value, k) => k === email || !isEmptyCell(value))
  );
}

/** An output cell holds something when anything at all is in it, a space included. */
export const isEmptyCell = (value: CellValue | undefined): boolean =>
  value === null || value === undefined || value === "";

/** The statuses an email is left out for (the service's words, as the status cell has them). */
const LEFT_OUT_STATUSES: ReadonlySet<string> = new Set([
  "risky",
  "invalid",
  "not_found",
  "blacklisted",
  BOUNCED_STATUS,
]);

/** Where a row's reason goes when it cannot be looked up: the status cell, else the first. */
export const reasonIndex = (outputs: readonly OutputField[]): number =>
  Math.max(0, outputs.indexOf("email_status"));

/** The cells of a row that cannot be looked up: the reason, and NO_VALUE everywhere else. */
export function notPossibleCells(outputs: readonly OutputField[], reason: string): OutputValue[] {
  const at = reasonIndex(outputs);
  return outputs.map((_, k) => (k === at ? reason : NO_VALUE));
}
