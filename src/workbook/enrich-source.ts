import { noDataRowsAsRead } from "../lists/bulk-request";
import { detectHeader } from "../lists/mapping";
import { MAX_COLUMNS } from "./addresses";
import type { CellValue } from "../lists/cell-values";
import { readInBlocks, selectedDataArea, toCellValue } from "./selection";
import { t } from "../i18n/i18n";
import { errorCode } from "../api/error-code";
import { outputFieldOfHeader, type OutputField, type PresentOutput } from "../lists/enrich-outputs";

// Enrich in place, reading the list: the selection or the table it is in, or a list read
// before where a job recorded it, with the output columns already there (found by their
// header; see docs/architecture.md on Enrich in place).

export interface EnrichSource {
  sheetName: string;
  /** The table the selection is in, or null for a plain range. */
  tableName: string | null;
  /** Sheet row and column of the source's first cell: its header, or its first data row. */
  rowIndex: number;
  columnIndex: number;
  columnCount: number;
  header: CellValue[] | null;
  /** Data rows, empty cells null. */
  rows: CellValue[][];
  /** Output columns already there, with our header: in the table, in or right of the selection. */
  outputs: PresentOutput[];
}

/** Sheet row of data row 0. */
export const firstDataRow = (source: EnrichSource): number =>
  source.rowIndex + (source.header ? 1 : 0);

/** Where a list was read: what an enrichment job keeps to read it again. */
export interface EnrichLocation {
  sheetName: string;
  /** The table the list is, or null for a plain range. */
  tableName: string | null;
  /** Sheet row and column of the list's first cell (its header, or its first data row). */
  rowIndex: number;
  columnIndex: number;
  columnCount: number;
  hasHeader: boolean;
}

/** Where a source was read, as a job keeps it. */
export const locationOf = (source: EnrichSource): EnrichLocation => ({
  sheetName: source.sheetName,
  tableName: source.tableName,
  rowIndex: source.rowIndex,
  columnIndex: source.columnIndex,
  columnCount: source.columnCount,
  hasHeader: source.header !== null,
});

/** Where an enrichment wrote: its list, its outputs, and their columns as it prepared them. */
export interface EnrichedListPlace extends EnrichLocation {
  outputs: OutputField[];
  columns?: number[];
}

/**
 * Reads the list to enrich, the one entry point:
 * - without `at`, the whole table the selection is in, else the selection (clipped to the used
 *   range; its first row is the header when it reads as one);
 * - at a location, the list again where it was read before (an enrichment job's results are
 *   written back): its table, or the same columns of its sheet from its first row down to the
 *   sheet's last used row (rows may have been added, deleted or sorted meanwhile);
 * - at a place an enrichment wrote, also its output columns: found by their header, or, in a
 *   list without a header row, where the enrichment recorded them.
 */
export async function readEnrichSource(
  at?: EnrichLocation | EnrichedListPlace
): Promise<EnrichSource> {
  if (!at) return readSelected();
  const source = await readAt(at);
  return "outputs" in at && at.columns && !source.header
    ? withOutputsAt(source, at.outputs, at.columns)
    : source;
}

async function readSelected(): Promise<EnrichSource> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    const tables = selected.getTables(false).load("items/name, items/showHeaders");
    const { sheet, area } = await selectedDataArea(context, selected);
    if (tables.items.length > 1) throw new Error(t("enrich.severalTables"));
    const table = tables.items[0];
    return table ? readTable(context, sheet, table) : readRange(context, sheet, area);
  });
}

async function readAt(location: EnrichLocation): Promise<EnrichSource> {
  return Excel.run(async (context) => {
    const gone = t("enrich.listGone", {
      kind: location.tableName ? "table" : "sheet",
      name: location.tableName ?? location.sheetName,
    });
    const found = async (): Promise<void> => {
      try {
        await context.sync();
      } catch (error) {
        if (errorCode(error) === "ItemNotFound") throw new Error(gone, { cause: error });
        throw error;
      }
    };
    if (location.tableName) {
      const table = context.workbook.tables.getItem(location.tableName).load("name, showHeaders");
      await found();
      const tableSheet = table.worksheet.load("name");
      await context.sync();
      return readTable(context, tableSheet, table);
    }
    const sheet = context.workbook.worksheets.getItem(location.sheetName).load("name");
    const used = sheet.getUsedRangeOrNullObject(true).load("rowIndex, rowCount");
    await found();
    const last = used.isNullObject ? location.rowIndex : used.rowIndex + used.rowCount - 1;
    const area = sheet
      .getRangeByIndexes(
        location.rowIndex,
        location.columnIndex,
        Math.max(1, last - location.rowIndex + 1),
        location.columnCount
      )
      .load("rowIndex, columnIndex, rowCount, columnCount");
    await context.sync();
    return readRange(context, sheet, area, location.hasHeader);
  });
}

/**
 * The source with its output columns at known sheet columns (where a run without a header row
 * wrote: such columns cannot be found by their header).
 */
async function withOutputsAt(
  source: EnrichSource,
  fields: readonly OutputField[],
  sheetColumns: readonly number[]
): Promise<EnrichSource> {
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(source.sheetName);
    const outputs: PresentOutput[] = [];
    for (const [k, field] of fields.entries()) {
      const cells = await readInBlocks(context, sheet, {
        rowIndex: firstDataRow(source),
        columnIndex: sheetColumns[k]!,
        rowCount: source.rows.length,
        columnCount: 1,
      });
      outputs.push({
        field,
        column: sheetColumns[k]! - source.columnIndex,
        values: cells.map((row) => row[0] ?? null),
      });
    }
    return { ...source, outputs };
  });
}

async function readTable(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  table: Excel.Table
): Promise<EnrichSource> {
  const headerRange = table.showHeaders ? table.getHeaderRowRange().load("values") : null;
  const body = table.getDataBodyRange().load("rowIndex, columnIndex, rowCount, columnCount");
  await context.sync();
  const rows = await readInBlocks(context, sheet, body);
  const header = headerRange ? (headerRange.values[0] ?? []).map(toCellValue) : null;
  const outputs = chooseOutputs(header ?? [], body.columnCount, []).map(({ field, column }) => ({
    field,
    column,
    values: rows.map((row) => row[column] ?? null),
  }));
  return {
    sheetName: sheet.name,
    tableName: table.name,
    rowIndex: body.rowIndex - (header ? 1 : 0),
    columnIndex: body.columnIndex,
    columnCount: body.columnCount,
    header,
    rows,
    outputs,
  };
}

async function readRange(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: Excel.Range,
  hasHeader?: boolean
): Promise<EnrichSource> {
  const values = await readInBlocks(context, sheet, area);
  const noDataRows = hasHeader === undefined ? noDataRowsAsRead("selection", values) : null;
  if (noDataRows) throw new Error(noDataRows);
  const header = (hasHeader ?? detectHeader(values)) ? (values[0] ?? []) : null;
  const rows = header ? values.slice(1) : values;
  const source: EnrichSource = {
    sheetName: sheet.name,
    tableName: null,
    rowIndex: area.rowIndex,
    columnIndex: area.columnIndex,
    columnCount: area.columnCount,
    header,
    rows,
    outputs: [],
  };
  if (!header) return source;
  const right = await headerRightOf(context, sheet, source);
  for (const { field, column } of chooseOutputs(header, area.columnCount, right)) {
    let values: CellValue[];
    if (column < area.columnCount) values = rows.map((row) => row[column] ?? null);
    else {
      const cells = await readInBlocks(context, sheet, {
        rowIndex: firstDataRow(source),
        columnIndex: area.columnIndex + column,
        rowCount: rows.length,
        columnCount: 1,
      });
      values = cells.map((row) => row[0] ?? null);
    }
    source.outputs.push({ field, column, values });
  }
  return source;
}

/** The header row's cells right of a selection, up to the last one that is not empty. */
async function headerRightOf(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  source: EnrichSource
): Promise<CellValue[]> {
  const start = source.columnIndex + source.columnCount;
  if (start >= MAX_COLUMNS) return [];
  const used = sheet
    .getRangeByIndexes(source.rowIndex, start, 1, MAX_COLUMNS - start)
    .getUsedRangeOrNullObject(true)
    .load("columnIndex, values");
  await context.sync();
  if (used.isNullObject) return [];
  const cells: CellValue[] = new Array<CellValue>(used.columnIndex - start).fill(null);
  return cells.concat((used.values[0] ?? []).map(toCellValue));
}

/**
 * One column per output field found by its header: the nearest right of the source (where
 * outputs are added), else the rightmost in it, so that a list's own "Email" column to the
 * left of ours is not taken for ours.
 */
function chooseOutputs(
  header: CellValue[],
  width: number,
  rightOfSource: CellValue[]
): Array<{ field: OutputField; column: number }> {
  const chosen = new Map<OutputField, number>();
  header.slice(0, width).forEach((cell, column) => {
    const field = outputFieldOfHeader(cell);
    if (field) chosen.set(field, column);
  });
  const outside = new Set<OutputField>();
  rightOfSource.forEach((cell, offset) => {
    const field = outputFieldOfHeader(cell);
    if (field && !outside.has(field)) {
      outside.add(field);
      chosen.set(field, width + offset);
    }
  });
  return [...chosen].map(([field, column]) => ({ field, column }));
}
