import type { BulkJsonRequest, BulkSearch, DecisionMakerCategory } from "../../api/types";
import { planBulk } from "../../lists/bulk-request";
import { jobOfSearch } from "../jobs/job-records";
import type { BulkSearchKind, ColumnMapping, MappedField } from "../../lists/mapping";
import type { CellValue } from "../../lists/cell-values";
import type { JobRecord } from "../../workbook/job-store";
import { ROW_COLUMN, cellText, inputHeader, inputKey } from "./enrich-job";
import { encodeRows, inputHash, type EnrichJobInfo } from "../../workbook/enrich-record";
import type { EnrichOperation, OutputField } from "../../lists/enrich-outputs";
import { INPUT_FIELDS, type RowToDo } from "./enrich-plan";
import { firstDataRow, locationOf, type EnrichSource } from "../../workbook/enrich-source";

// Enrich above a size: the rows to do as bulk searches (bulk/json, split past
// 100,000 rows by planBulk), each row's inputs and its sheet row number sent along, which
// the results echo back; and the job records that say where the results go.

/** Default of "Use a bulk search above N rows to do". */
export const DEFAULT_BULK_THRESHOLD = 1_000;

export interface EnrichBulkInput {
  source: EnrichSource;
  toDo: readonly RowToDo[];
  mapping: ColumnMapping;
  operation: EnrichOperation;
  categories: DecisionMakerCategory[];
  outputs: readonly OutputField[];
  label: string;
}

export interface EnrichBulkPart {
  request: BulkJsonRequest;
  info: EnrichJobInfo;
}

const KIND: Record<EnrichOperation, BulkSearchKind> = {
  person: "person",
  verify: "verify",
  decision_maker: "decision_maker",
};

/** The inputs a search of this operation reads, as mapped: [field, column of the list]. */
export const inputsOf = (
  operation: EnrichOperation,
  mapping: ColumnMapping
): Array<[MappedField, number]> =>
  INPUT_FIELDS[operation].flatMap((field): Array<[MappedField, number]> => {
    const column = mapping[field];
    return column === undefined ? [] : [[field, column]];
  });

/** The texts of a row's inputs, in the order of `inputs`: what is sent and what is matched. */
export const rowInputKey = (
  cells: readonly CellValue[],
  inputs: ReadonlyArray<readonly [MappedField, number]>
): string => inputKey(inputs.map(([, column]) => cellText(cells[column] ?? null)));

/** The request fields a row's lookup may hold, each sent in a column of its own. */
const BODY_FIELDS: Record<EnrichOperation, readonly MappedField[]> = {
  person: ["first_name", "last_name", "full_name", "company_name", "domain", "linkedin_url"],
  verify: ["email"],
  decision_maker: ["company_name", "domain"],
};

const bodyText = (row: RowToDo, field: MappedField): string => {
  const value = (row.body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : "";
};

/**
 * The bulk searches of the rows to do, with the record info of each. Each row sends its list
 * cells as they are (to be matched on return), then what its lookup would send (the same
 * request builders as the cells: a company cell that is a domain goes as the domain), then
 * its sheet row number; the search reads the lookup's columns only.
 */
export function enrichBulkParts(input: EnrichBulkInput): EnrichBulkPart[] {
  const { source } = input;
  const inputs = inputsOf(input.operation, input.mapping);
  const body = BODY_FIELDS[input.operation].filter((field) =>
    input.toDo.some((row) => bodyText(row, field) !== "")
  );
  const first = firstDataRow(source);
  const header = [
    ...inputs.map(([field]) => inputHeader(field)),
    // i18n-exempt: the upload's own headers, the same in every language (see enrich-job.ts)
    ...body.map((field) => `search ${field}`),
    ROW_COLUMN,
  ];
  const sheetRows = input.toDo.map((row) => first + row.row + 1);
  const values = input.toDo.map((row, i) => {
    const cells = source.rows[row.row] ?? [];
    return [
      ...inputs.map(([, column]) => cellText(cells[column] ?? null)),
      ...body.map((field) => bodyText(row, field)),
      String(sheetRows[i]),
    ];
  });
  const mapping: ColumnMapping = Object.fromEntries(
    body.map((field, i) => [field, inputs.length + i])
  );
  const plan = planBulk({
    values: [header, ...values],
    hasHeader: true,
    mapping,
    categories: input.categories,
    fileName: input.label,
    kind: KIND[input.operation],
  });
  let offset = 0;
  return plan.requests.map((request) => {
    const count = request.data.length - 1;
    const rows = sheetRows.slice(offset, offset + count);
    const hashes = values
      .slice(offset, offset + count)
      .map((cells) => inputHash(inputKey(cells.slice(0, inputs.length))))
      .join("");
    offset += count;
    return {
      request,
      info: {
        ...locationOf(source),
        operation: input.operation,
        outputs: [...input.outputs],
        inputs,
        rows: encodeRows(rows),
        hashes,
      },
    };
  });
}

/** The record of an enrichment's search, as the job store keeps it. */
export function jobOfEnrichment(search: BulkSearch, info: EnrichJobInfo): JobRecord {
  return { ...jobOfSearch("bulk", search), kind: "enrich", enrich: info };
}
