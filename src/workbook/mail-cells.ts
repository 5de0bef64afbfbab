import { t } from "../i18n/i18n";
import { callsMailFunction } from "./freeze";
import { selectedDataArea } from "./selection";

// The MAIL formulas of the selection, for Refresh: where they are, how many, and
// calculating them again (Range.calculate, ExcelApi 1.6), so that each asks for its answer.

/** The part of the selection that holds data, and how many MAIL formulas are in it. */
export interface MailArea {
  sheetName: string;
  /** "D2:D201", without the sheet. */
  address: string;
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
  formulas: number;
}

/** Cells read per sync (Excel on the web limits a response to 5 MB; formulas are short). */
const CELLS_PER_READ = 50_000;

/** The selection's MAIL formulas; throws with a message for the user when it has none. */
export async function selectedMailArea(): Promise<MailArea> {
  return Excel.run(async (context) => {
    const { sheet, area } = await selectedDataArea(context);
    let formulas = 0;
    const rowsPerRead = Math.max(1, Math.floor(CELLS_PER_READ / area.columnCount));
    for (let r = 0; r < area.rowCount; r += rowsPerRead) {
      const rows = Math.min(rowsPerRead, area.rowCount - r);
      const block = sheet
        .getRangeByIndexes(area.rowIndex + r, area.columnIndex, rows, area.columnCount)
        .load("formulas");
      // One block per sync on purpose: a whole selection in one answer can exceed Excel's limit.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      for (const row of block.formulas as unknown[][])
        for (const formula of row)
          if (typeof formula === "string" && callsMailFunction(formula)) formulas++;
    }
    if (formulas === 0) throw new Error(t("refresh.noFormulas"));
    return {
      sheetName: sheet.name,
      address: area.address.slice(area.address.lastIndexOf("!") + 1),
      rowIndex: area.rowIndex,
      columnIndex: area.columnIndex,
      rowCount: area.rowCount,
      columnCount: area.columnCount,
      formulas,
    };
  });
}

/** Calculates the area's formulas again: each MAIL formula asks the scheduler for its answer. */
export async function calculateMailArea(area: MailArea): Promise<void> {
  await Excel.run(async (context) => {
    context.workbook.worksheets
      .getItem(area.sheetName)
      .getRangeByIndexes(area.rowIndex, area.columnIndex, area.rowCount, area.columnCount)
      .calculate();
    await context.sync();
  });
}
