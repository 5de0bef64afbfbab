import {
  DECISION_MAKER_FIELDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
  VERIFY_FIELDS,
  type AnswerField,
} from "../functions/answer-fields";
import type { LookupOutcome } from "../client/answer-record";
import type { CellValue } from "./cell-values";

// The columns Enrich writes (DESIGN 4b): which answer fields each operation offers, their
// headers, and the value of each cell. Every output cell of a row that was looked up gets a
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

// No output header is an input header of the mapping (mapping.ts): a list's own "Email"
// column is never taken for an output, and an output column never suggested as an input.
export const OUTPUT_HEADERS: Record<OutputField, string> = {
  email: "Email found",
  email_status: "Email status",
  valid_email: "Valid email",
  decision_maker_category: "Decision-maker category",
  person_first_name: "Person first name",
  person_last_name: "Person last name",
  person_full_name: "Person full name",
  person_company_name: "Person company",
  person_job_title: "Job title",
  person_linkedin_url: "Person profile URL",
  mx_host: "MX host",
  mx_domain: "MX domain",
  credits_charged: "Credits charged",
};

const FIELD_BY_HEADER = new Map(
  Object.entries(OUTPUT_HEADERS).map(([field, header]) => [
    header.toLowerCase(),
    field as OutputField,
  ])
);

/** The output field whose header a cell holds (case and surrounding spaces aside), or null. */
export function outputFieldOfHeader(cell: unknown): OutputField | null {
  return typeof cell === "string" ? (FIELD_BY_HEADER.get(cell.trim().toLowerCase()) ?? null) : null;
}

/** An output column found in the sheet: its field, its column and its data cells. */
export interface PresentOutput {
  field: OutputField;
  /** Relative to the source's first column; may lie right of a selection. */
  column: number;
  /** One per data row; null is an empty cell. */
  values: CellValue[];
}

/** Written for a field the answer does not have, so that the cell is not left empty. */
export const NO_VALUE = "\u2014";

function outputValue(value: unknown): OutputValue {
  if (value === null || value === undefined || value === "") return NO_VALUE;
  if (typeof value === "number") return Number.isFinite(value) ? value : NO_VALUE;
  if (typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : NO_VALUE;
  return String(value);
}

/**
 * The cells of a looked-up row: each field of the answer as it is typed (text, number,
 * boolean); a missing or null field is NO_VALUE; `email_status` always holds the status
 * (`not_found` or `blacklisted` when the service had nothing to answer with).
 */
export function answerCells(
  outputs: readonly OutputField[],
  outcome: LookupOutcome<object>
): OutputValue[] {
  const answer: Record<string, unknown> = outcome.status === "ok" ? { ...outcome.value } : {};
  const status = outcome.status === "ok" ? answer.email_status : outcome.status;
  return outputs.map((field) => outputValue(field === "email_status" ? status : answer[field]));
}

/** Where a row's reason goes when it cannot be looked up: the status cell, else the first. */
export const reasonIndex = (outputs: readonly OutputField[]): number =>
  Math.max(0, outputs.indexOf("email_status"));

/** The cells of a row that cannot be looked up: the reason, and NO_VALUE everywhere else. */
export function notPossibleCells(outputs: readonly OutputField[], reason: string): OutputValue[] {
  const at = reasonIndex(outputs);
  return outputs.map((_, k) => (k === at ? reason : NO_VALUE));
}
