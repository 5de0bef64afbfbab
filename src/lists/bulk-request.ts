import { MAX_COST_MILLI, OPERATIONS } from "../api/operations";
import type { BulkCell, BulkJsonRequest, DecisionMakerCategory } from "../api/types";
import { t } from "../i18n/i18n";
import {
  MAPPED_FIELDS,
  indexFieldOf,
  BULK_SEARCH_KINDS,
  isHeaderRow,
  type BulkSearchKind,
  type ColumnMapping,
} from "./mapping";

/** The rows a bulk search takes at most (its row's limits). */
export const MAX_BULK_ROWS = OPERATIONS["bulk/json"].limits!.rows;

/** What a valid result costs per row, in credits: the price of the cell's lookup of that kind. */
export const UNIT_PRICE = Object.fromEntries(
  BULK_SEARCH_KINDS.map((kind) => [kind, MAX_COST_MILLI[kind] / 1000])
) as Readonly<Record<BulkSearchKind, number>>;

export interface BulkPlanInput {
  values: BulkCell[][];
  hasHeader: boolean;
  mapping: ColumnMapping;
  categories: DecisionMakerCategory[];
  fileName: string;
  kind: BulkSearchKind;
}

export interface BulkPlan {
  requests: BulkJsonRequest[];
  rows: number;
  /** The most the results can cost: every row found valid and none a free repeat. */
  maxCredits: number;
}

const isBlankRow = (row: BulkCell[]): boolean =>
  row.every(
    (cell) => cell === null || cell === "" || (typeof cell === "string" && cell.trim() === "")
  );

/** The rows a search would send: blank rows dropped, and the first row when it is the header. */
const dataRows = (values: BulkCell[][], hasHeader: boolean): BulkCell[][] =>
  (hasHeader ? values.slice(1) : values).filter((row) => !isBlankRow(row));

/** Where the rows of a bulk search come from: the selected range, or a file (bulk/multipart). */
export type BulkSource = "selection" | "file";

/**
 * Why a source cannot be searched for want of data rows, or null: such a source is refused
 * before any request. `values` are every row of a selection, or a file's preview, which holds
 * two rows whenever the file has two (file-preview.ts), so that zero data rows is known.
 */
export function noDataRowsMessage(
  source: BulkSource,
  values: BulkCell[][],
  hasHeader: boolean
): string | null {
  if (dataRows(values, hasHeader).length > 0) return null;
  const header = hasHeader && values[0] !== undefined && !isBlankRow(values[0]);
  if (source === "file") return t(header ? "bulk.fileHeaderOnly" : "bulk.fileAllEmpty");
  return t(header ? "bulk.selectionHeaderOnly" : "bulk.selectionAllEmpty");
}

/**
 * A source as it is read, before the user says whether its first row is a header: refused
 * when no row holds a value, or when the only one that does reads as a header.
 */
export function noDataRowsAsRead(source: BulkSource, values: BulkCell[][]): string | null {
  const filled = values.filter((row) => !isBlankRow(row));
  if (filled.length > 1) return null;
  return noDataRowsMessage(source, filled, filled[0] !== undefined && isHeaderRow(filled[0]));
}

/**
 * The bulk/json requests for a table: blank rows dropped, cells turned into strings, and
 * more than 100,000 rows split into several searches, each with the header row. A table
 * without data rows makes no request (noDataRowsMessage says why).
 */
export function planBulk(input: BulkPlanInput): BulkPlan {
  const header = input.hasHeader ? (input.values[0] ?? []) : null;
  const body = dataRows(input.values, input.hasHeader);
  const indexes: Partial<BulkJsonRequest> = {};
  for (const field of MAPPED_FIELDS) {
    const column = input.mapping[field];
    if (column !== undefined) (indexes as Record<string, number>)[indexFieldOf(field)] = column;
  }
  const parts = Math.ceil(body.length / MAX_BULK_ROWS);
  const requests: BulkJsonRequest[] = [];
  for (let part = 0; part < parts; part++) {
    const rows = body
      .slice(part * MAX_BULK_ROWS, (part + 1) * MAX_BULK_ROWS)
      .map((row) => row.map(cellText));
    requests.push({
      data: header ? [header.map(cellText), ...rows] : rows,
      has_header: header !== null,
      file_name:
        parts > 1
          ? t("bulk.partOfSearch", { name: input.fileName, part: part + 1, parts })
          : input.fileName,
      ...indexes,
      ...(input.kind === "decision_maker" ? { decision_maker_category: input.categories } : {}),
    });
  }
  return {
    requests,
    rows: body.length,
    maxCredits: Math.round(body.length * UNIT_PRICE[input.kind] * 1000) / 1000,
  };
}

function cellText(cell: BulkCell): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? cell : String(cell);
}
