import type {
  DecisionMakerRequest,
  LinkedinUrlRequest,
  PersonRequest,
  VerifyEmailRequest,
} from "../../api/types";
import { ArgumentError, categories as categoryList, required } from "../../functions/arguments";
import {
  decisionMakerRequest,
  personRequest,
  profileRequest,
  verifyRequest,
} from "../../functions/requests";
import { lookupKey } from "../../client/lookup-key";
import { t } from "../../i18n/i18n";
import { MAX_COST_MILLI, fromMilli } from "../../client/spending";
import { suggestMapping, type ColumnMapping, type MappedField } from "../../lists/mapping";
import type { CellValue } from "../../lists/cell-values";
import {
  OUTPUT_FIELDS,
  isEmptyCell,
  leftOutForStatus,
  type EnrichOperation,
  type OutputField,
  type PresentOutput,
} from "../../lists/enrich-outputs";

import type { EnrichSource } from "../../workbook/enrich-source";
import type { OutputConflict } from "../../workbook/enrich-columns";

export type { EnrichOperation, OutputField } from "../../lists/enrich-outputs";

// Enrich in place, the plan: which rows of the user's list to look up, with the
// very request bodies the worksheet functions send for the same inputs (so that cells and
// rows share kept answers), which rows are done already, and which the user has typed into.

/** One lookup, typed by its operation (a person row without name or company goes by profile URL). */
export type EnrichLookup =
  | { operation: "person"; body: PersonRequest }
  | { operation: "linkedin_url"; body: LinkedinUrlRequest }
  | { operation: "verify"; body: VerifyEmailRequest }
  | { operation: "decision_maker"; body: DecisionMakerRequest };

export type RowToDo = EnrichLookup & {
  /** Data row (0 = the first row below the header). */
  row: number;
  /** lookupKey of the request: rows with equal keys are one lookup. */
  key: string;
  /** The row's input values, to find it again if rows move before its answer is written. */
  fingerprint: string;
};

export interface RowNotPossible {
  row: number;
  /** Short, written in the row's status cell: "skipped: no company". */
  reason: string;
  fingerprint: string;
}

export type DistinctLookup = EnrichLookup & { key: string; rows: number[] };

export interface EnrichPlan {
  /** Rows to look up, in row order; their count is the "rows to do". */
  toDo: RowToDo[];
  /** Rows the service would refuse: written with their reason, never sent. */
  notPossible: RowNotPossible[];
  /** Every output cell filled (but an email left out by "only valid emails"). */
  done: number[];
  /** No input at all: left alone. */
  blank: number[];
  /** Sent in a bulk search of this list whose answers are not written back yet: not sent again. */
  waiting: number[];
  /** A run is refused while there is any (a typed cell is never overwritten). */
  conflicts: OutputConflict[];
  /** The distinct requests of `toDo`, in the order of their first row. */
  lookups: DistinctLookup[];
  /** The most the lookups can cost: every one a valid answer, none kept. */
  maxCredits: number;
}

export interface EnrichPlanInput {
  /** The source's rows, the header first when `hasHeader`. */
  rows: CellValue[][];
  hasHeader: boolean;
  mapping: ColumnMapping;
  operation: EnrichOperation;
  /** Decision makers: categories, most important first ("hr, ceo" or one per entry). */
  categories: readonly string[];
  outputs: readonly OutputField[];
  /** existingOutputs[r][k]: output cell k of data row r; null or missing is empty. */
  existingOutputs: ReadonlyArray<ReadonlyArray<CellValue> | undefined>;
  /** Data rows waiting in a bulk search of this list (a run never pays for a row twice). */
  waiting?: ReadonlySet<number>;
  /**
   * The list is written with only valid emails: a row whose email alone is empty,
   * its status saying why, is done.
   */
  onlyValid?: boolean;
  /** Only these data rows (a run continued does the rows it started with); others are left out. */
  only?: ReadonlySet<number>;
}

/** The input columns each operation reads. */
export const INPUT_FIELDS: Record<EnrichOperation, readonly MappedField[]> = {
  person: ["first_name", "last_name", "full_name", "company_name", "domain", "linkedin_url"],
  verify: ["email"],
  decision_maker: ["company_name", "domain"],
};

/** An input without a value: empty, or only spaces. */
const isBlank = (value: CellValue | undefined): boolean =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** The plan, or what keeps the mapping, categories or outputs from making one. */
export function planEnrichment(input: EnrichPlanInput): EnrichPlan | { error: string } {
  const problem = mappingProblem(input.operation, input.mapping) ?? outputsProblem(input);
  if (problem) return { error: problem };
  let categories: string[] = [];
  if (input.operation === "decision_maker") {
    try {
      categories = categoryList([[...input.categories]]);
    } catch (error) {
      if (error instanceof ArgumentError) return { error: error.message };
      throw error;
    }
  }
  const plan: EnrichPlan = {
    toDo: [],
    notPossible: [],
    done: [],
    blank: [],
    waiting: [],
    conflicts: [],
    lookups: [],
    maxCredits: 0,
  };
  const fields = INPUT_FIELDS[input.operation].filter((f) => input.mapping[f] !== undefined);
  const byKey = new Map<string, DistinctLookup>();
  let maxMilli = 0;
  const data = input.hasHeader ? input.rows.slice(1) : input.rows;
  data.forEach((cells, row) => {
    if (input.only && !input.only.has(row)) return;
    const cell = (field: MappedField): CellValue => {
      const column = input.mapping[field];
      return column === undefined ? null : (cells[column] ?? null);
    };
    const existing = input.outputs.map((_, k) => input.existingOutputs[row]?.[k] ?? null);
    const filled = existing.filter((value) => !isEmptyCell(value)).length;
    if (
      filled === input.outputs.length ||
      (input.onlyValid === true && leftOutForStatus(input.outputs, existing))
    )
      return void plan.done.push(row);
    if (filled === 0 && input.waiting?.has(row)) return void plan.waiting.push(row);
    if (fields.every((field) => isBlank(cell(field)))) return void plan.blank.push(row);
    if (filled > 0) {
      existing.forEach((value, outputIndex) => {
        if (!isEmptyCell(value)) plan.conflicts.push({ row, outputIndex });
      });
      return;
    }
    const fingerprint = JSON.stringify(fields.map((field) => [field, cell(field)]));
    let lookup: EnrichLookup;
    try {
      lookup = rowLookup(input.operation, cell, categories);
    } catch (error) {
      if (!(error instanceof ArgumentError)) throw error;
      return void plan.notPossible.push({ row, reason: skipReason(error), fingerprint });
    }
    const key = lookupKey(lookup.operation, lookup.body);
    plan.toDo.push({ ...lookup, row, key, fingerprint });
    const known = byKey.get(key);
    if (known) return void known.rows.push(row);
    const distinct = { ...lookup, key, rows: [row] } as DistinctLookup;
    byKey.set(key, distinct);
    plan.lookups.push(distinct);
    maxMilli += MAX_COST_MILLI[lookup.operation];
  });
  plan.maxCredits = fromMilli(maxMilli);
  return plan;
}

/** A row's lookup as its worksheet function would make it; throws ArgumentError when refused. */
function rowLookup(
  operation: EnrichOperation,
  cell: (field: MappedField) => CellValue,
  categories: string[]
): EnrichLookup {
  const company = isBlank(cell("domain")) ? cell("company_name") : cell("domain");
  switch (operation) {
    case "verify":
      return { operation, body: verifyRequest(cell("email")) };
    case "decision_maker":
      return { operation, body: decisionMakerRequest(company, [categories]) };
    case "person":
      return personLookup(cell, company);
  }
}

/**
 * FINDEMAIL's inputs from a row: first and last name, else the full name (as FINDEMAIL takes a
 * name alone for a full name). Without a usable name or company, the profile URL alone
 * (LINKEDINEMAIL); a row with neither says what the person lookup lacks.
 */
function personLookup(cell: (field: MappedField) => CellValue, company: CellValue): EnrichLookup {
  const [first, last, full] = [cell("first_name"), cell("last_name"), cell("full_name")];
  const [name, lastName] =
    !isBlank(first) && !isBlank(last)
      ? [first, last]
      : !isBlank(full)
        ? [full, null]
        : [first, last];
  const url = cell("linkedin_url");
  try {
    return { operation: "person", body: personRequest(name, lastName, company, url) };
  } catch (personError) {
    if (!(personError instanceof ArgumentError) || isBlank(url)) throw personError;
    try {
      return { operation: "linkedin_url", body: profileRequest(url) };
    } catch (profileError) {
      throw [first, last, full, company].every(isBlank) ? profileError : personError;
    }
  }
}

/** Whether the refusal says the argument is missing (in whatever language it is written). */
function isMissing(error: ArgumentError): boolean {
  try {
    required(null, error.argument, 1);
  } catch (missing) {
    return missing instanceof ArgumentError && missing.message === error.message;
  }
  return false;
}

/**
 * Written in the status cell of a row the service would refuse: "company is required." ->
 * "skipped: no company"; other refusals keep their words, the argument's name said as a word.
 */
export function skipReason(error: ArgumentError): string {
  if (isMissing(error)) return t("enrich.skippedMissing", { input: error.argument });
  const message = error.message.replace(/\.$/, "");
  const reason = message.startsWith(error.argument)
    ? t("enrich.inputWord", { input: error.argument }) + message.slice(error.argument.length)
    : message;
  return t("enrich.skipped", { reason });
}

function mappingProblem(operation: EnrichOperation, mapping: ColumnMapping): string | null {
  const has = (field: MappedField): boolean => mapping[field] !== undefined;
  const company = has("domain") || has("company_name");
  switch (operation) {
    case "verify":
      return has("email") ? null : t("enrich.mapEmail");
    case "decision_maker":
      return company ? null : t("enrich.mapCompany");
    case "person": {
      const name = has("full_name") || (has("first_name") && has("last_name"));
      if ((name && company) || has("linkedin_url")) return null;
      if (has("first_name") !== has("last_name") && !has("full_name"))
        return t("enrich.mapBothNames");
      return t("enrich.mapPerson");
    }
  }
}

function outputsProblem(input: EnrichPlanInput): string | null {
  const allowed = OUTPUT_FIELDS[input.operation];
  if (input.outputs.length === 0) return t("enrich.noOutputs");
  const unknown = input.outputs.find((field) => !allowed.includes(field));
  if (unknown) return t("enrich.unknownOutput", { field: unknown });
  if (new Set(input.outputs).size !== input.outputs.length) return t("enrich.outputTwice");
  return null;
}

/**
 * The mapping suggested for a source, as in the bulk tab, never mapping one of the
 * operation's own output columns (a list enriched before has an "Email" column of ours).
 */
export function suggestEnrichMapping(
  rows: CellValue[][],
  hasHeader: boolean,
  operation: EnrichOperation,
  present: readonly PresentOutput[]
): ColumnMapping {
  const ignoreColumns = present
    .filter((output) => OUTPUT_FIELDS[operation].includes(output.field))
    .map((output) => output.column);
  return suggestMapping(rows, hasHeader, { ignoreColumns });
}

/** What the user chose for a run: everything of a plan's input but the list itself. */
export type EnrichChoices = Omit<EnrichPlanInput, "rows" | "hasHeader" | "existingOutputs">;

/** The plan of a list as read: its header, its rows and the output columns already there. */
export function planOfSource(
  source: Pick<EnrichSource, "header" | "rows" | "outputs">,
  choices: EnrichChoices
): EnrichPlan | { error: string } {
  return planEnrichment({
    ...choices,
    rows: source.header ? [source.header, ...source.rows] : source.rows,
    hasHeader: source.header !== null,
    existingOutputs: existingOutputsOf(source.rows.length, source.outputs, choices.outputs),
  });
}

/** existingOutputs for planEnrichment: the present columns' cells, null where a column is new. */
export function existingOutputsOf(
  rowCount: number,
  present: readonly PresentOutput[],
  outputs: readonly OutputField[]
): CellValue[][] {
  const columns = outputs.map((field) => present.find((output) => output.field === field));
  return Array.from({ length: rowCount }, (_, row) =>
    columns.map((column) => column?.values[row] ?? null)
  );
}
