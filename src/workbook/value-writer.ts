import type { ExcelInput } from "../lists/cell-values";
import { jsonBytes } from "./json-bytes";
import { MAX_CELLS_PER_SYNC } from "./sheet-writer";

// Values into cells in syncs that stay under Excel on the web's 5 MB request limit.

/** What one write costs in a request besides its values: the range's path and the action. */
export const ACTION_BYTES = 500;

/** Values written in syncs under the payload budget: rows together, a row too large in slices. */
export class ValueWriter {
  private pendingBytes = 0;
  private pendingCells = 0;
  /** Syncs that carried values, and the largest of their payloads (estimated JSON bytes). */
  syncCount = 0;
  largestPayloadBytes = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    private readonly sheet: Excel.Worksheet,
    private readonly budget: number
  ) {}

  async write(row: number, column: number, values: ExcelInput[][]): Promise<void> {
    const width = values[0]?.length ?? 0;
    let start = 0;
    let bytes = ACTION_BYTES + 2;
    const put = async (end: number): Promise<void> => {
      if (end > start) await this.queue(row + start, column, values.slice(start, end), bytes);
      start = end;
      bytes = ACTION_BYTES + 2;
    };
    for (let r = 0; r < values.length; r++) {
      const rowBytes = jsonBytes(values[r]) + 1;
      if (ACTION_BYTES + 2 + rowBytes > this.budget) {
        await put(r);
        await this.writeWideRow(row + r, column, values[r]!);
        start = r + 1;
        continue;
      }
      if (
        r > start &&
        (bytes + rowBytes > this.budget || (r - start + 1) * width > MAX_CELLS_PER_SYNC)
      )
        await put(r);
      bytes += rowBytes;
    }
    await put(values.length);
  }

  private async writeWideRow(row: number, column: number, cells: ExcelInput[]): Promise<void> {
    let start = 0;
    let bytes = ACTION_BYTES + 4;
    for (let c = 0; c <= cells.length; c++) {
      const cellBytes = c < cells.length ? jsonBytes(cells[c]) + 1 : 0;
      if (c === cells.length || (c > start && bytes + cellBytes > this.budget)) {
        await this.queue(row, column + start, [cells.slice(start, c)], bytes);
        start = c;
        bytes = ACTION_BYTES + 4;
      }
      bytes += cellBytes;
    }
  }

  private async queue(
    row: number,
    column: number,
    values: ExcelInput[][],
    bytes: number
  ): Promise<void> {
    const cells = values.length * values[0]!.length;
    if (this.pendingBytes + bytes > this.budget || this.pendingCells + cells > MAX_CELLS_PER_SYNC)
      await this.flush();
    this.sheet.getRangeByIndexes(row, column, values.length, values[0]!.length).values = values;
    this.pendingBytes += bytes;
    this.pendingCells += cells;
  }

  async flush(): Promise<void> {
    if (this.pendingCells === 0) return;
    this.largestPayloadBytes = Math.max(this.largestPayloadBytes, this.pendingBytes);
    this.pendingBytes = 0;
    this.pendingCells = 0;
    this.syncCount++;
    await this.context.sync();
  }
}
