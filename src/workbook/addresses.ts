import { t } from "../i18n/i18n";

// A1-style address math for a worksheet's grid (Excel's limits: 1,048,576 rows, 16,384 columns).

export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** 0 -> "A", 25 -> "Z", 26 -> "AA", 16383 -> "XFD". */
export function columnLetter(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_COLUMNS) {
    throw new RangeError(t("bulk.columnOutsideSheet", { index }));
  }
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** The address of a block given as getRangeByIndexes takes it: zero-based start, then counts ("A1:L1001"). */
export function rangeAddress(
  rowIndex: number,
  columnIndex: number,
  rowCount: number,
  columnCount: number
): string {
  if (
    !Number.isInteger(rowIndex) ||
    !Number.isInteger(rowCount) ||
    rowIndex < 0 ||
    rowCount < 1 ||
    rowIndex + rowCount > MAX_ROWS
  ) {
    throw new RangeError(
      t("bulk.rowsOutsideSheet", {
        first: rowIndex + 1,
        last: rowIndex + rowCount,
        max: MAX_ROWS,
      })
    );
  }
  if (!Number.isInteger(columnCount) || columnCount < 1)
    throw new RangeError(t("bulk.blockWithoutColumns", { count: columnCount }));
  const first = columnLetter(columnIndex);
  const last = columnLetter(columnIndex + columnCount - 1);
  return `${first}${rowIndex + 1}:${last}${rowIndex + rowCount}`;
}

/** The address of one cell from zero-based indexes: (4, 3) -> "D5". */
export function cellAddress(rowIndex: number, columnIndex: number): string {
  return rangeAddress(rowIndex, columnIndex, 1, 1).split(":")[0]!;
}
