import { checkBounceRows } from "../lists/bounce-list";
import { cellText, neutralizeFormula, type CellValue } from "../lists/cell-values";
import { t } from "../i18n/i18n";
import { columnLetter } from "./addresses";
import { readInBlocks, selectedDataArea } from "./selection";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "./sheet-writer";
import { ValueWriter } from "./value-writer";

// A bounce list read from the selection, and each address's outcome written in the column
// beside it, never over what the user wrote there.

/** Where the selected list lies: its sheet and its first cell, as indexes. */
export interface BouncePlace {
  sheetName: string;
  rowIndex: number;
  columnIndex: number;
  rowCount: number;
  columnCount: number;
}

export interface BounceSelection extends BouncePlace {
  /** "A1:B500", without the sheet. */
  address: string;
  values: CellValue[][];
}

/** The selected cells that hold data: one column of addresses, or addresses and messages. */
export async function readBounceSelection(): Promise<BounceSelection> {
  return Excel.run(async (context) => {
    const { sheet, area } = await selectedDataArea(context);
    if (area.columnCount > 2) throw new Error(t("report.selectionTooWide"));
    // Refused before the rows are read: a header and at most MAX_BOUNCE_ROWS addresses.
    checkBounceRows(area.rowCount - 1);
    const values = await readInBlocks(context, sheet, area);
    return {
      sheetName: sheet.name,
      rowIndex: area.rowIndex,
      columnIndex: area.columnIndex,
      rowCount: area.rowCount,
      columnCount: area.columnCount,
      address: area.address.slice(area.address.lastIndexOf("!") + 1),
      values,
    };
  });
}

export interface OutcomeWrite {
  written: boolean;
  /** The column the outcomes go to ("C"). */
  column: string;
}

/**
 * Writes one outcome per row (null: leave the cell alone) in the column right of the list, in
 * syncs under the payload limit; writes nothing when any cell of that column beside the list
 * holds something other than what an earlier report of the list wrote there (`ours`), so that
 * the user's data is never written over.
 */
export async function writeBounceOutcomes(
  place: BouncePlace,
  outcomes: Array<string | null>,
  options: {
    maxPayloadBytes?: number;
    /** What an earlier report of the same list wrote there: that may be written over. */
    ours?: ReadonlyArray<string | null> | null;
  } = {}
): Promise<OutcomeWrite> {
  const maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const ours = options.ours ?? [];
  const column = place.columnIndex + place.columnCount;
  const letter = columnLetter(column);
  return Excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(place.sheetName);
    const existing = await readInBlocks(context, sheet, {
      rowIndex: place.rowIndex,
      columnIndex: column,
      rowCount: outcomes.length,
      columnCount: 1,
    });
    const mine = (r: number): string | null => {
      const text = ours[r];
      return text === null || text === undefined ? null : cellText(text);
    };
    if (existing.some((row, r) => row[0] !== null && row[0] !== mine(r)))
      return { written: false, column: letter };
    const writer = new ValueWriter(context, sheet, maxPayloadBytes);
    // Runs of rows that get a value, each written as one block.
    for (let start = 0; start < outcomes.length;) {
      if (outcomes[start] === null) {
        start++;
        continue;
      }
      let end = start;
      while (end < outcomes.length && outcomes[end] !== null) end++;
      const block = outcomes.slice(start, end).map((text) => [neutralizeFormula(cellText(text!))]);
      await writer.write(place.rowIndex + start, column, block);
      start = end;
    }
    await writer.flush();
    return { written: true, column: letter };
  });
}
