import { cellAddress } from "./addresses";
import { toExcelInput, type CellValue } from "../lists/cell-values";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "./sheet-writer";
import { ValueWriter } from "./value-writer";
import { t } from "../i18n/i18n";
import { errorCode } from "../api/error-code";
import type { EnrichTarget } from "./enrich-columns";
import { inContext } from "./in-context";

// Enrich in place, the guarded write: answers go into their rows only where the output cells
// still hold what the run expects (nothing, or the answer a Refresh replaces).

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
        const tooLarge = /ResponsePayloadSizeLimitExceeded/.test(String(errorCode(error)));
        if (tooLarge && span > 1) {
          cellsPerRead = Math.max(width, Math.floor((span * width) / 2));
          continue;
        }
        if (errorCode(error) === "ItemNotFound")
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
