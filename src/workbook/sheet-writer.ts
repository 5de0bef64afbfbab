import { MAX_COLUMNS, MAX_ROWS, columnLetter, rangeAddress } from "./addresses";
import { toExcelInput, type CellValue, type ExcelInput } from "../lists/cell-values";
import { uniqueSheetName, uniqueTableName } from "./names";
import { jsonBytes } from "./json-bytes";
import { t } from "../i18n/i18n";

export { columnLetter, rangeAddress } from "./addresses";
export { neutralizeFormula, type CellValue } from "../lists/cell-values";
export { DEMO_SHEET_SUFFIX, demoSheetEnding, uniqueSheetName, validSheetName } from "./names";

// Results into a new worksheet: values in chunks under Excel on the web's
// 5 MB request limit, then formatting, then an Excel table with a frozen header row.

export interface SheetTable {
  header: string[];
  rows: CellValue[][];
}

export interface WriteTableOptions {
  baseName: string;
  /** Kept whole at the end of the sheet's name (demoSheetEnding() for a sheet written in Try mode). */
  nameEnding?: string;
  /** After each chunk of values: data rows written so far, of all data rows. */
  onProgress?: (rowsWritten: number, totalRows: number) => void;
  /** Budget for the values of one sync, as JSON bytes (default 4 MB). */
  maxPayloadBytes?: number;
  /** Write through this context instead of a new Excel.run. */
  context?: Excel.RequestContext;
}

export interface WriteTableResult {
  sheetName: string;
  tableName: string;
  /** Data rows, without the header. */
  rowCount: number;
  syncCount: number;
  /** Largest JSON size of the values or formats of one sync. */
  largestPayloadBytes: number;
}

export const DEFAULT_MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
export const MAX_CELLS_PER_SYNC = 200_000;
/** Autofit measures the header and this many rows: enough for the widths, cheap on 100,000 rows. */
const AUTOFIT_SAMPLE_ROWS = 1_000;
export const MAX_COLUMN_WIDTH_POINTS = 300;

export async function writeTableToNewSheet(
  table: SheetTable,
  options: WriteTableOptions
): Promise<WriteTableResult> {
  checkShape(table);
  const write = (context: Excel.RequestContext): Promise<WriteTableResult> =>
    new SheetWrite(context, table, options).run();
  return options.context ? write(options.context) : Excel.run(write);
}

function checkShape(table: SheetTable): void {
  const width = table.header.length;
  if (width === 0) throw new Error(t("jobs.tableWithoutColumns"));
  if (width > MAX_COLUMNS)
    throw new Error(t("jobs.tableTooWide", { count: width, max: MAX_COLUMNS }));
  if (table.rows.length + 1 > MAX_ROWS)
    throw new Error(t("jobs.tableTooLong", { count: table.rows.length, max: MAX_ROWS - 1 }));
  const wide = table.rows.findIndex((row) => row.length > width);
  if (wide >= 0)
    throw new Error(
      t("jobs.rowTooWide", { row: wide + 1, cells: table.rows[wide]!.length, columns: width })
    );
}

/** One write: a new sheet, its values in chunks, then its formats and table. */
class SheetWrite {
  private readonly budget: number;
  private readonly width: number;
  private syncCount = 0;
  private largestPayloadBytes = 0;
  private pendingBytes = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    private readonly table: SheetTable,
    private readonly options: WriteTableOptions
  ) {
    this.budget = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    this.width = table.header.length;
  }

  async run(): Promise<WriteTableResult> {
    const workbook = this.context.workbook;
    const sheets = workbook.worksheets.load("items/name");
    const tables = workbook.tables.load("items/name");
    const names = workbook.names.load("items/name");
    await this.sync();
    const sheetName = uniqueSheetName(
      this.options.baseName,
      sheets.items.map((s) => s.name),
      this.options.nameEnding
    );
    const tableName = uniqueTableName(sheetName, [
      ...tables.items.map((t) => t.name),
      ...names.items.map((n) => n.name),
    ]);
    const sheet = workbook.worksheets.add(sheetName);
    try {
      await this.writeValues(sheet);
      await this.format(sheet, tableName);
    } catch (error) {
      // A half-written sheet would pass for the results: remove it, the caller can try again.
      try {
        sheet.delete();
        await this.context.sync();
      } catch {
        // The first error is the one to report.
      }
      throw new Error(
        t("jobs.writeFailed", {
          sheet: sheetName,
          error: error instanceof Error ? error.message : String(error),
        }),
        { cause: error }
      );
    }
    return {
      sheetName,
      tableName,
      rowCount: this.table.rows.length,
      syncCount: this.syncCount,
      largestPayloadBytes: this.largestPayloadBytes,
    };
  }

  private async sync(): Promise<void> {
    await this.context.sync();
    this.syncCount++;
    this.largestPayloadBytes = Math.max(this.largestPayloadBytes, this.pendingBytes);
    this.pendingBytes = 0;
  }

  private sheetRow(index: number): ExcelInput[] {
    const source = index === 0 ? this.table.header : this.table.rows[index - 1]!;
    const row = new Array<ExcelInput>(this.width);
    for (let c = 0; c < this.width; c++) row[c] = toExcelInput(source[c] ?? null);
    return row;
  }

  /** The header and the rows, in blocks of whole rows that fit the budget; a row wider than the budget goes in column slices. */
  private async writeValues(sheet: Excel.Worksheet): Promise<void> {
    const totalRows = this.table.rows.length;
    const sheetRows = totalRows + 1;
    let first = 0;
    let block: ExcelInput[][] = [];
    let bytes = 2;
    const flush = async (): Promise<void> => {
      if (block.length === 0) return;
      sheet.getRange(rangeAddress(first, 0, block.length, this.width)).values = block;
      this.pendingBytes += bytes;
      await this.sync();
      first += block.length;
      block = [];
      bytes = 2;
      this.options.onProgress?.(first - 1, totalRows);
    };
    const rowsPerSync = Math.max(1, Math.floor(MAX_CELLS_PER_SYNC / this.width));
    for (let r = 0; r < sheetRows; r++) {
      const row = this.sheetRow(r);
      const rowBytes = jsonBytes(row) + 1;
      if (rowBytes + 2 > this.budget) {
        await flush();
        await this.writeWideRow(sheet, r, row);
        first = r + 1;
        this.options.onProgress?.(r, totalRows);
        continue;
      }
      if (block.length > 0 && (bytes + rowBytes > this.budget || block.length >= rowsPerSync))
        await flush();
      block.push(row);
      bytes += rowBytes;
    }
    await flush();
  }

  private async writeWideRow(
    sheet: Excel.Worksheet,
    rowIndex: number,
    row: ExcelInput[]
  ): Promise<void> {
    let start = 0;
    let bytes = 4;
    for (let c = 0; c <= row.length; c++) {
      const cellBytes = c < row.length ? jsonBytes(row[c]) + 1 : 0;
      if (c === row.length || (c > start && bytes + cellBytes > this.budget)) {
        sheet.getRange(rangeAddress(rowIndex, start, 1, c - start)).values = [row.slice(start, c)];
        this.pendingBytes += bytes;
        await this.sync();
        start = c;
        bytes = 4;
      }
      bytes += cellBytes;
    }
  }

  /** After all values: text format on text columns, the table, column widths, frozen header, and the sheet shown. */
  private async format(sheet: Excel.Worksheet, tableName: string): Promise<void> {
    const rows = this.table.rows.length;
    if (rows > 0) {
      for (const [start, end] of textColumnRuns(this.table)) {
        // Office.js "single input copy": one value given for a whole range applies to every cell.
        (
          sheet.getRange(rangeAddress(1, start, rows, end - start)) as unknown as {
            numberFormat: string;
          }
        ).numberFormat = "@";
        this.pendingBytes += 3;
      }
    }
    const table = sheet.tables.add(rangeAddress(0, 0, rows + 1, this.width), true);
    table.name = tableName;
    sheet
      .getRange(rangeAddress(0, 0, Math.min(rows, AUTOFIT_SAMPLE_ROWS) + 1, this.width))
      .format.autofitColumns();
    const widths = Array.from({ length: this.width }, (_, c) =>
      sheet.getRange(`${columnLetter(c)}1`).format.load("columnWidth")
    );
    await this.sync();
    widths.forEach((format) => {
      if (format.columnWidth > MAX_COLUMN_WIDTH_POINTS)
        format.columnWidth = MAX_COLUMN_WIDTH_POINTS;
    });
    sheet.freezePanes.freezeRows(1);
    sheet.activate();
    await this.sync();
  }
}

/** Runs [start, end) of columns whose cells are all text or empty, with at least one text. */
function textColumnRuns(table: SheetTable): Array<[number, number]> {
  const width = table.header.length;
  const text = new Array<boolean>(width).fill(false);
  const other = new Array<boolean>(width).fill(false);
  for (const row of table.rows) {
    for (let c = 0; c < width; c++) {
      const value = row[c] ?? null;
      if (typeof value === "string") text[c] = true;
      else if (value !== null) other[c] = true;
    }
  }
  const runs: Array<[number, number]> = [];
  for (let c = 0; c < width; c++) {
    if (!text[c] || other[c]) continue;
    const last = runs[runs.length - 1];
    if (last && last[1] === c) last[1] = c + 1;
    else runs.push([c, c + 1]);
  }
  return runs;
}
