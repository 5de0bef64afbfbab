import type { CellValue } from "../lists/cell-values";
import { noDataRowsAsRead } from "../lists/bulk-request";
import { t } from "../i18n/i18n";
import { errorCode } from "../api/error-code";

// Reading what the user selected: the input of a bulk search, or the email of a bad-email report.

export interface SelectionValues {
  sheetName: string;
  /** The part of the selection that holds data, without the sheet ("A1:C250"). */
  address: string;
  /** Empty cells are null. */
  values: CellValue[][];
}

/** Cells read per sync: Excel on the web also limits a response to 5 MB. */
const CELLS_PER_READ = 50_000;

/**
 * The selected cells that hold data: the selection clipped to the sheet's used range, so a
 * selection of whole columns or rows never reads a million empty rows.
 */
export async function readSelection(): Promise<SelectionValues> {
  return Excel.run(async (context) => {
    const { sheet, area } = await selectedDataArea(context);
    const values = await readInBlocks(context, sheet, area);
    if (values.every((row) => row.every((cell) => cell === null))) throw emptySelection();
    // A header alone is refused here, before the mapping is shown and before any request.
    const noDataRows = noDataRowsAsRead("selection", values);
    if (noDataRows) throw new Error(noDataRows);
    return {
      sheetName: sheet.name,
      address: area.address.slice(area.address.lastIndexOf("!") + 1),
      values,
    };
  });
}

/** The selection's sheet (name loaded) and the part of it inside the used range (position loaded). */
export interface SelectedArea {
  sheet: Excel.Worksheet;
  area: Excel.Range;
}

/**
 * The selection clipped to its sheet's used range. Loads queued on `selected` beforehand are
 * answered by the same first sync. Refuses a selection of several areas, and an empty one.
 */
export async function selectedDataArea(
  context: Excel.RequestContext,
  selected: Excel.Range = context.workbook.getSelectedRange()
): Promise<SelectedArea> {
  // A navigation property: a proxy to the sheet, usable without a load.
  // eslint-disable-next-line office-addins/call-sync-before-read
  const sheet = selected.worksheet;
  const used = sheet.getUsedRangeOrNullObject(true);
  sheet.load("name");
  used.load("address");
  try {
    await context.sync();
  } catch (error) {
    if (errorCode(error) === "InvalidSelection")
      throw new Error(t("bulk.selectionSeveralAreas"), { cause: error });
    throw error;
  }
  if (used.isNullObject) throw emptySelection();
  const area = selected.getIntersectionOrNullObject(used);
  area.load("address, rowIndex, columnIndex, rowCount, columnCount");
  await context.sync();
  if (area.isNullObject) throw emptySelection();
  return { sheet, area };
}

/** The active cell's value as text, or null when it is empty. */
export async function readActiveCellText(): Promise<string | null> {
  return Excel.run(async (context) => {
    const cell = context.workbook.getActiveCell();
    cell.load("values");
    await context.sync();
    const value = toCellValue(cell.values[0]?.[0]);
    if (value === null) return null;
    const text = String(value).trim();
    return text === "" ? null : text;
  });
}

function emptySelection(): Error {
  return new Error(t("bulk.selectionEmpty"));
}

/** The values of `area` (position loaded), read in blocks of whole rows that fit a response. */
export async function readInBlocks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  area: Pick<Excel.Range, "rowIndex" | "columnIndex" | "rowCount" | "columnCount">
): Promise<CellValue[][]> {
  const values: CellValue[][] = [];
  let rowsPerRead = Math.max(1, Math.floor(CELLS_PER_READ / area.columnCount));
  for (let r = 0; r < area.rowCount;) {
    const rows = Math.min(rowsPerRead, area.rowCount - r);
    const block = sheet
      .getRangeByIndexes(area.rowIndex + r, area.columnIndex, rows, area.columnCount)
      .load("values");
    try {
      // One block per sync on purpose: a whole selection in one answer can exceed Excel's limit.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
    } catch (error) {
      // Long texts can still overflow the response: read the same rows in halves.
      if (rows > 1 && /PayloadSizeLimitExceeded/.test(String(errorCode(error)))) {
        rowsPerRead = Math.ceil(rows / 2);
        continue;
      }
      throw error;
    }
    for (const row of block.values) values.push(row.map(toCellValue));
    r += rows;
  }
  return values;
}

/** A value as Range.values gives it: "" is an empty cell (null). */
export function toCellValue(value: unknown): CellValue {
  if (value === "" || value === null || value === undefined) return null;
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}
