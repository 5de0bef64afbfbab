import { noDataRowsAsRead } from "../lists/bulk-request";
import { detectHeader } from "../lists/mapping";
import { MAX_COLUMNS, cellAddress } from "./addresses";
import { toExcelInput, type CellValue } from "../lists/cell-values";
import { readInBlocks, selectedDataArea, toCellValue } from "./selection";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "./sheet-writer";
import { ValueWriter } from "./value-writer";
import { t } from "../i18n/i18n";
import { CHECKED_ON, DATE_FORMAT } from "../functions/checked-on";
import {
  outputHeader,
  outputFieldOfHeader,
  type OutputField,
  type PresentOutput,
} from "../lists/enrich-outputs";

// Enrich in place (DESIGN 4b), the sheet: reading the user's list (the selection, or the
// table it is in), adding the output columns beside it, and writing answers into them
// without ever overwriting a cell that holds something.

/** An output cell that holds a value on a row that is not done: typed by the user. */
export interface OutputConflict {
  row: number;
  outputIndex: number;
}

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

/** Where a run writes: the sheet row of data row 0 and the sheet column of each output. */
export interface EnrichTarget {
  sheetName: string;
  firstDataRow: number;
  columns: number[];
}

export interface EnrichedRow {
  /** Data row (0 = the first row below the header). */
  row: number;
  /** One per output, in the order of the target's columns. */
  values: readonly CellValue[];
  /**
   * What the output cells hold now, when they are rewritten (a Refresh): the row is written only
   * if they still hold that. Absent: the cells must be empty.
   */
  expected?: readonly CellValue[];
}

/** A cell found holding something when its row was about to be written. */
export interface TypedCell {
  row: number;
  outputIndex: number;
  /** "D7" */
  address: string;
}

export interface WriteEnrichedResult {
  /** Rows written. */
  written: number;
  /** Rows left unwritten because at least one of their output cells was no longer empty. */
  skippedRows: number[];
  typedCells: TypedCell[];
  syncCount: number;
  /** Largest estimated JSON size of the values of one sync. */
  largestPayloadBytes: number;
}

export interface EnrichWriteOptions {
  /** Budget for the values of one sync, as JSON bytes (default 4 MB). */
  maxPayloadBytes?: number;
  /** Cells re-read in one sync before writing (default 20,000): answers are limited to 5 MB too. */
  cellsPerRead?: number;
  /** Work through this context instead of a new Excel.run. */
  context?: Excel.RequestContext;
}

const CELLS_PER_READ = 20_000;
/** Columns probed for emptiness in one sync when looking for room right of a selection. */
const COLUMNS_PER_PROBE = 16;

const inContext = <T>(
  context: Excel.RequestContext | undefined,
  work: (context: Excel.RequestContext) => Promise<T>
): Promise<T> => (context ? work(context) : Excel.run(work));

/** Sheet row of data row 0. */
export const firstDataRow = (source: EnrichSource): number =>
  source.rowIndex + (source.header ? 1 : 0);

/**
 * Reads the list to enrich: the whole table the selection is in, else the selection (clipped
 * to the used range; its first row is the header when it reads as one), and the output
 * columns already there.
 */
export async function readEnrichSource(): Promise<EnrichSource> {
  return Excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    const tables = selected.getTables(false).load("items/name, items/showHeaders");
    const { sheet, area } = await selectedDataArea(context, selected);
    if (tables.items.length > 1) throw new Error(t("enrich.severalTables"));
    const table = tables.items[0];
    return table ? readTable(context, sheet, table) : readRange(context, sheet, area);
  });
}

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

/**
 * Reads a list again where it was read before (an enrichment job's results are written back):
 * its table, or the same columns of its sheet from its first row down to the sheet's last
 * used row (rows may have been added, deleted or sorted meanwhile).
 */
export async function readEnrichSourceAt(location: EnrichLocation): Promise<EnrichSource> {
  return Excel.run(async (context) => {
    const gone = t("enrich.listGone", {
      kind: location.tableName ? "table" : "sheet",
      name: location.tableName ?? location.sheetName,
    });
    const found = async (): Promise<void> => {
      try {
        await context.sync();
      } catch (error) {
        if ((error as { code?: unknown }).code === "ItemNotFound")
          throw new Error(gone, { cause: error });
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

/** Where an enrichment wrote: its list, its outputs, and their columns as it prepared them. */
export interface EnrichedListPlace extends EnrichLocation {
  outputs: OutputField[];
  columns?: number[];
}

/**
 * A list read again where an enrichment wrote into it, with its output columns: found by their
 * header, or, in a list without a header row, where the enrichment recorded them.
 */
export async function readEnrichedListAt(place: EnrichedListPlace): Promise<EnrichSource> {
  const source = await readEnrichSourceAt(place);
  return source.header || !place.columns
    ? source
    : withOutputsAt(source, place.outputs, place.columns);
}

/** Where answers go in a list read by readEnrichedListAt. */
export async function enrichedTargetAt(
  source: EnrichSource,
  place: EnrichedListPlace
): Promise<EnrichTarget> {
  if (source.header || !place.columns) return prepareEnrichTarget(source, place.outputs);
  return {
    sheetName: source.sheetName,
    firstDataRow: firstDataRow(source),
    columns: place.columns,
  };
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

/** The addresses of conflicting cells ("D7"), for the message that refuses a run. */
export function conflictAddresses(
  source: EnrichSource,
  outputs: readonly OutputField[],
  conflicts: readonly OutputConflict[]
): string[] {
  return conflicts.map(({ row, outputIndex }) => {
    const present = source.outputs.find((output) => output.field === outputs[outputIndex]);
    if (!present) throw new Error(t("enrich.noOutputColumn", { field: outputs[outputIndex] }));
    return cellAddress(firstDataRow(source) + row, source.columnIndex + present.column);
  });
}

/**
 * The output columns of a run: those already there (checked to be where they were read),
 * and for the others new table columns, or the first columns right of the selection that are
 * empty over the header and data rows, with their header written as text.
 */
export async function prepareEnrichTarget(
  source: EnrichSource,
  outputs: readonly OutputField[],
  options: { context?: Excel.RequestContext } = {}
): Promise<EnrichTarget> {
  return inContext(options.context, async (context) => {
    const sheet = context.workbook.worksheets.getItem(source.sheetName);
    const present = outputs.map((field) => source.outputs.find((o) => o.field === field));
    await checkUnchanged(context, sheet, source, present);
    const missing = outputs.filter((_, k) => !present[k]);
    const added = source.tableName
      ? await addTableColumns(context, source, missing)
      : await addRangeColumns(context, sheet, source, present, missing);
    // A new Checked on column shows dates (its cells are Excel's day numbers).
    const datedAt = missing.indexOf(CHECKED_ON);
    if (datedAt >= 0 && source.rows.length > 0) {
      sheet.getRangeByIndexes(
        firstDataRow(source),
        added[datedAt]!,
        source.rows.length,
        1
      ).numberFormat = DATE_FORMAT as unknown as string[][];
      await context.sync();
    }
    let next = 0;
    return {
      sheetName: source.sheetName,
      firstDataRow: firstDataRow(source),
      columns: present.map((output) =>
        output ? source.columnIndex + output.column : added[next++]!
      ),
    };
  });
}

const changed = (): Error => new Error(t("enrich.listChanged"));

/** The table still where it was read, and each output column still under its header. */
async function checkUnchanged(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  source: EnrichSource,
  present: ReadonlyArray<PresentOutput | undefined>
): Promise<void> {
  const body = source.tableName
    ? context.workbook.tables
        .getItem(source.tableName)
        .getDataBodyRange()
        .load("rowIndex, columnIndex, rowCount, columnCount")
    : null;
  const headers = present.map((output) =>
    output
      ? sheet
          .getRangeByIndexes(source.rowIndex, source.columnIndex + output.column, 1, 1)
          .load("values")
      : null
  );
  try {
    await context.sync();
  } catch (error) {
    if ((error as { code?: unknown }).code === "ItemNotFound") throw changed();
    throw error;
  }
  if (
    body &&
    (body.rowIndex !== firstDataRow(source) ||
      body.columnIndex !== source.columnIndex ||
      body.rowCount !== source.rows.length ||
      body.columnCount !== source.columnCount)
  )
    throw changed();
  headers.forEach((range, k) => {
    if (range && outputFieldOfHeader(range.values[0]?.[0]) !== present[k]!.field) throw changed();
  });
}

/** Appended to the table: Excel makes room by moving cells right of it, never over them. */
async function addTableColumns(
  context: Excel.RequestContext,
  source: EnrichSource,
  fields: readonly OutputField[]
): Promise<number[]> {
  if (fields.length === 0) return [];
  const table = context.workbook.tables.getItem(source.tableName!);
  for (const field of fields) table.columns.add(undefined, undefined, outputHeader(field));
  const range = table.getRange().load("columnIndex, columnCount");
  await context.sync();
  const first = range.columnIndex + range.columnCount - fields.length;
  return fields.map((_, i) => first + i);
}

/** The first columns right of the selection with nothing over the header and data rows. */
async function addRangeColumns(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  source: EnrichSource,
  present: ReadonlyArray<PresentOutput | undefined>,
  fields: readonly OutputField[]
): Promise<number[]> {
  if (fields.length === 0) return [];
  const taken = new Set(present.map((output) => output && source.columnIndex + output.column));
  const height = (source.header ? 1 : 0) + source.rows.length;
  const columns: number[] = [];
  let column = source.columnIndex + source.columnCount;
  while (columns.length < fields.length) {
    const probes: Array<{ column: number; used: Excel.Range }> = [];
    for (; probes.length < COLUMNS_PER_PROBE && column < MAX_COLUMNS; column++) {
      if (taken.has(column)) continue;
      const used = sheet
        .getRangeByIndexes(source.rowIndex, column, height, 1)
        .getUsedRangeOrNullObject(true);
      probes.push({ column, used });
    }
    if (probes.length === 0) throw new Error(t("enrich.noEmptyColumn"));
    // A few columns per sync: most sheets have room right next to the list.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    for (const probe of probes)
      if (probe.used.isNullObject && columns.length < fields.length) columns.push(probe.column);
  }
  if (source.header) {
    fields.forEach((field, i) => {
      sheet.getRangeByIndexes(source.rowIndex, columns[i]!, 1, 1).values = [
        [toExcelInput(outputHeader(field))],
      ];
    });
    await context.sync();
  }
  return columns;
}

/** Runs of neighbouring target columns: [sheet column, output indexes in column order]. */
function columnRuns(columns: readonly number[]): Array<{ column: number; outputs: number[] }> {
  const order = columns.map((_, k) => k).sort((a, b) => columns[a]! - columns[b]!);
  const runs: Array<{ column: number; outputs: number[] }> = [];
  for (const k of order) {
    const last = runs[runs.length - 1];
    if (last && last.column + last.outputs.length === columns[k]) last.outputs.push(k);
    else runs.push({ column: columns[k]!, outputs: [k] });
  }
  return runs;
}

/**
 * Writes answers into their rows: values only, text kept as text, neighbouring rows as one
 * range, in syncs under Excel on the web's 5 MB limit. Each batch's target cells are read
 * again just before it is written: a row with a cell that is no longer empty (typed into, or
 * given a formula, meanwhile) is not written at all, and its cells are reported.
 */
export async function writeEnrichedRows(
  target: EnrichTarget,
  rows: readonly EnrichedRow[],
  options: EnrichWriteOptions = {}
): Promise<WriteEnrichedResult> {
  const width = target.columns.length;
  const sorted = [...rows].sort((a, b) => a.row - b.row);
  sorted.forEach((row, i) => {
    if (row.values.length !== width)
      throw new Error(t("enrich.rowWidth", { row: row.row, count: row.values.length, width }));
    if (i > 0 && sorted[i - 1]!.row === row.row)
      throw new Error(t("enrich.rowTwice", { row: row.row }));
  });
  return inContext(options.context, async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const writer = new ValueWriter(
      context,
      sheet,
      options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES
    );
    const runs = columnRuns(target.columns);
    const result: WriteEnrichedResult = {
      written: 0,
      skippedRows: [],
      typedCells: [],
      syncCount: 0,
      largestPayloadBytes: 0,
    };
    let cellsPerRead = options.cellsPerRead ?? CELLS_PER_READ;
    for (let start = 0; start < sorted.length;) {
      const first = sorted[start]!.row;
      let end = start + 1;
      while (end < sorted.length && (sorted[end]!.row - first + 1) * width <= cellsPerRead) end++;
      const span = sorted[end - 1]!.row - first + 1;
      const reads = runs.map((run) =>
        sheet
          .getRangeByIndexes(target.firstDataRow + first, run.column, span, run.outputs.length)
          .load("formulas")
      );
      try {
        // One batch per sync on purpose: the re-read must come right before its write.
        // eslint-disable-next-line office-addins/no-context-sync-in-loop
        await context.sync();
        result.syncCount++;
      } catch (error) {
        const tooLarge = /ResponsePayloadSizeLimitExceeded/.test(
          String((error as { code?: unknown }).code)
        );
        if (tooLarge && span > 1) {
          cellsPerRead = Math.max(width, Math.floor((span * width) / 2));
          continue;
        }
        if ((error as { code?: unknown }).code === "ItemNotFound")
          throw new Error(
            t("enrich.sheetGone", { name: target.sheetName, count: sorted.length - start }),
            { cause: error }
          );
        throw error;
      }
      const writable: EnrichedRow[] = [];
      for (const row of sorted.slice(start, end)) {
        const typed = typedCellsOf(row, row.row - first, runs, reads, target);
        if (typed.length === 0) writable.push(row);
        else {
          result.skippedRows.push(row.row);
          result.typedCells.push(...typed);
        }
      }
      for (const block of contiguous(writable))
        for (const run of runs)
          await writer.write(
            target.firstDataRow + block[0]!.row,
            run.column,
            block.map((row) => run.outputs.map((k) => toExcelInput(row.values[k] ?? null)))
          );
      await writer.flush();
      result.written += writable.length;
      start = end;
    }
    result.syncCount += writer.syncCount;
    result.largestPayloadBytes = writer.largestPayloadBytes;
    return result;
  });
}

/** The row's output cells that hold something else than it expects (empty, or `expected`). */
function typedCellsOf(
  { row, expected }: EnrichedRow,
  offset: number,
  runs: ReadonlyArray<{ column: number; outputs: number[] }>,
  reads: readonly Excel.Range[],
  target: EnrichTarget
): TypedCell[] {
  const typed: TypedCell[] = [];
  runs.forEach((run, r) =>
    run.outputs.forEach((outputIndex, i) => {
      // `formulas` gives a formula, else the value: a formula showing "" is not empty.
      const content: unknown = reads[r]!.formulas[offset]?.[i];
      const empty = content === "" || content === null || content === undefined;
      const wanted = expected?.[outputIndex] ?? null;
      const as = wanted === null ? empty : content === wanted;
      if (!as)
        typed.push({
          row,
          outputIndex,
          address: cellAddress(target.firstDataRow + row, run.column + i),
        });
    })
  );
  return typed;
}

/** Rows in runs of consecutive row numbers. */
function contiguous(rows: readonly EnrichedRow[]): EnrichedRow[][] {
  const blocks: EnrichedRow[][] = [];
  for (const row of rows) {
    const last = blocks[blocks.length - 1];
    if (last && last[last.length - 1]!.row + 1 === row.row) last.push(row);
    else blocks.push([row]);
  }
  return blocks;
}
