import type { BulkCell } from "../../api/types";
import { PAID_COLUMNS, RESULT_COLUMNS, type BulkParams, type Outcome } from "./bulk-rows";
import { GEO_PAID_COLUMNS, geoResultColumns, type GeoLeadParams } from "./geo-lead-rows";
import { uniqueHeader, type FileCell, type ResultTable } from "./result-files";
import type { SearchRow, StoredResult } from "./search-records";

// A search's result file (docs/interface.md, Downloading results): its input columns,
// its result columns, the rows of the outcomes asked for; a preview leaves paid columns blank.

export interface DownloadRequest {
  preview: boolean;
  /** Rows included by outcome (`fully_verified`, `partially_verified`, `not_found`). */
  valid: boolean;
  risky: boolean;
  notFound: boolean;
  oneEmailPerLine: boolean;
  fileNameColumn: string | null;
}

/** The table of a search's stored rows (`rows`: input and result, in row order). */
export function resultTable(
  row: SearchRow,
  rows: Iterable<{ input: string; result: string | null }>,
  request: DownloadRequest
): ResultTable {
  const params = JSON.parse(row.params) as BulkParams | GeoLeadParams;
  const inputColumns = JSON.parse(row.header) as string[];
  const width = inputColumns.length;
  let resultColumns: string[];
  let paid: ReadonlySet<string>;
  if (params.kind === "bulk") {
    resultColumns = [...RESULT_COLUMNS[params.type]];
    paid = PAID_COLUMNS[params.type];
  } else {
    resultColumns = geoResultColumns(params);
    paid = GEO_PAID_COLUMNS;
  }
  const perLine = request.oneEmailPerLine && params.kind === "bulk" && params.type === "company";
  if (perLine) resultColumns[resultColumns.indexOf("emails")] = "email";
  const header = uniqueHeader([
    ...inputColumns,
    ...resultColumns,
    ...(request.fileNameColumn !== null ? [request.fileNameColumn] : []),
  ]);
  const include: Record<Outcome, boolean> = {
    valid: request.valid,
    risky: request.risky,
    not_found: request.notFound,
    failed: request.notFound,
  };
  const table: FileCell[][] = [];
  for (const stored of rows) {
    if (stored.result === null) continue; // not processed yet (a preview of a running search)
    const result = JSON.parse(stored.result) as StoredResult;
    if (!include[result.o]) continue;
    const cells = JSON.parse(stored.input) as BulkCell[];
    const inputCells: FileCell[] = Array.from({ length: width }, (_, i) => cells[i] ?? null);
    const tail: FileCell[] = request.fileNameColumn !== null ? [row.file_name] : [];
    const valueOf = (column: string): FileCell => {
      if (request.preview && paid.has(column)) return null;
      const value = result.v[column] ?? null;
      return Array.isArray(value) ? value.join(", ") : value;
    };
    if (perLine) {
      const emails = request.preview ? [] : ((result.v.emails as string[] | null) ?? []);
      for (const email of emails.length > 0 ? emails : [null]) {
        table.push([
          ...inputCells,
          ...resultColumns.map((c) => (c === "email" ? email : valueOf(c))),
          ...tail,
        ]);
      }
    } else {
      table.push([...inputCells, ...resultColumns.map(valueOf), ...tail]);
    }
  }
  return { fileName: row.file_name, header, rows: table };
}
