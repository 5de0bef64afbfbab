import type { BulkCell, BulkSearch, DecisionMakerCategory } from "../../api/types";
import { badRequest } from "../errors";
import {
  MAX_BULK_COLUMNS,
  MAX_BULK_ROWS,
  bulkTypeOf,
  type BulkIndexes,
  type BulkParams,
} from "./bulk-rows";
import { searchHead, startedRunningAt, type SearchRow } from "./search-records";

// Bulk searches (docs/interface.md, Bulk searches): what a creation asks for, checked, and the
// search object the service answers with.

/** What a bulk creation asks for, once the route has parsed JSON or multipart. */
export interface BulkInput {
  data: BulkCell[][];
  hasHeader: boolean;
  fileName: string | null;
  indexes: BulkIndexes;
  categories: DecisionMakerCategory[] | null;
  webhookUrl: string | null;
}

/** A bulk creation checked: its parameters, its input columns' names, and its data rows. */
export interface NewBulkSearch {
  params: BulkParams;
  header: string[];
  rows: BulkCell[][];
}

const MAX_CELL_LENGTH = 10_000;

/** Checks what JSON schema cannot (row count, cells, index ranges, the search type). */
export function newBulkSearch(input: BulkInput): NewBulkSearch {
  const headerRow = input.hasHeader ? (input.data[0] ?? []) : null;
  const rows = input.hasHeader ? input.data.slice(1) : input.data;
  if (rows.length === 0)
    throw badRequest(
      `data has no rows to search${input.hasHeader ? " (the first row is the header: set has_header to false if it is data)" : ""}`,
      "data"
    );
  if (rows.length > MAX_BULK_ROWS)
    throw badRequest(
      `data has ${rows.length} rows; a bulk search takes up to ${MAX_BULK_ROWS}`,
      "data"
    );
  let columns = headerRow?.length ?? 0;
  for (const row of rows) if (row.length > columns) columns = row.length;
  checkCells(input.data);
  if (columns > MAX_BULK_COLUMNS)
    throw badRequest(`data has ${columns} columns; up to ${MAX_BULK_COLUMNS} are accepted`, "data");
  const categories = input.categories ? [...new Set(input.categories)] : null;
  const type = bulkTypeOf(input.indexes, categories, columns);
  const header = Array.from({ length: columns }, (_, i) => {
    const name = headerRow ? cellString(headerRow[i] ?? null).trim() : "";
    return name === "" ? `column_${i + 1}` : name;
  });
  return {
    params: { kind: "bulk", type, hasHeader: input.hasHeader, indexes: input.indexes, categories },
    header,
    rows,
  };
}

export function bulkSearchOf(row: SearchRow, creditsNeededMilli: number): BulkSearch {
  const params = JSON.parse(row.params) as BulkParams;
  return {
    ...searchHead(row, creditsNeededMilli),
    decision_maker_category:
      params.categories && params.categories.length > 0 ? params.categories.join(",") : null,
    file_name: row.file_name,
    paid: row.paid === 1,
    started_running_at: startedRunningAt(row),
  };
}

function checkCells(data: readonly (readonly unknown[])[]): void {
  for (let r = 0; r < data.length; r++) {
    const row = data[r]!;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      const kind = typeof cell;
      if (cell === null || kind === "number" || kind === "boolean") continue;
      if (kind !== "string")
        throw badRequest(`data[${r}][${c}] must be a string, number, boolean or null`, "data");
      if ((cell as string).length > MAX_CELL_LENGTH)
        throw badRequest(`data[${r}][${c}] is longer than ${MAX_CELL_LENGTH} characters`, "data");
    }
  }
}

function cellString(cell: BulkCell): string {
  return cell === null ? "" : String(cell);
}
