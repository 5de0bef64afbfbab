import { cellAddress, MAX_COLUMNS } from "./addresses";
import { toExcelInput } from "../lists/cell-values";
import { t } from "../i18n/i18n";
import { errorCode } from "../api/error-code";
import { CHECKED_ON, DATE_FORMAT } from "../functions/checked-on";
import {
  outputHeader,
  outputFieldOfHeader,
  type OutputField,
  type PresentOutput,
} from "../lists/enrich-outputs";
import { firstDataRow, type EnrichedListPlace, type EnrichSource } from "./enrich-source";
import { inContext } from "./in-context";

// Enrich in place, placing the output columns: those already there, checked to be where they
// were read, and new ones (table columns, or empty columns right of the list) for the others.

/** An output cell that holds a value on a row that is not done: typed by the user. */
export interface OutputConflict {
  row: number;
  outputIndex: number;
}

/** Where a run writes: the sheet row of data row 0 and the sheet column of each output. */
export interface EnrichTarget {
  sheetName: string;
  firstDataRow: number;
  columns: number[];
}

/** Columns probed for emptiness in one sync when looking for room right of a selection. */
const COLUMNS_PER_PROBE = 16;

/** Where answers go in a list read again at the place an enrichment wrote. */
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
    if (errorCode(error) === "ItemNotFound") throw changed();
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
