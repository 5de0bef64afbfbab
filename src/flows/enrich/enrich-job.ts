import type { CellValue } from "../../lists/cell-values";
import type { MappedField } from "../../lists/mapping";
import { decodeRows } from "../../workbook/enrich-record";
import type { JobRecord } from "../../workbook/job-store";

// An enrichment run as a bulk search: the columns of its upload, what identifies a
// row's inputs, and which rows of a list other enrichments still hold (the record itself is
// workbook/enrich-record.ts).

// The upload's own headers stay the same in every language: the results are matched by them
// when they are written back, maybe after the user's language changed.
/** Header of the row number column sent along with the inputs; echoed in the results. */
// i18n-exempt: the results' row column is found by this header, whatever the language
export const ROW_COLUMN = "Row in your list";
/** Header of an input column in the upload (and so in the results). */
// i18n-exempt: the results' input columns are found by these headers, whatever the language
export const inputHeader = (field: MappedField): string => `${field} (your list)`;

/** A cell as the upload sends it: text (planBulk's form). */
export const cellText = (cell: CellValue | undefined): string =>
  cell === null || cell === undefined ? "" : typeof cell === "string" ? cell : String(cell);

/** What identifies a row's inputs: their texts, in the order of the job's inputs. */
export const inputKey = (texts: readonly string[]): string => JSON.stringify(texts);

/** Where a list is, as far as telling its jobs apart goes. */
export interface ListPlace {
  sheetName: string;
  tableName: string | null;
  rowIndex: number;
  columnIndex: number;
  /** Sheet row (0-based) of data row 0. */
  firstDataRow: number;
}

const ENDED = new Set(["failed", "deleted"]);

/** An enrichment that will still write into its list: its rows are not for another run. */
function stillWriting(job: JobRecord): boolean {
  if (job.kind === "enrich_lookups") return job.lastStatus === "running";
  if (job.kind !== "enrich" || ENDED.has(job.lastStatus ?? "")) return false;
  return !job.resultSheets.includes(job.enrich?.sheetName ?? "");
}

/**
 * Data rows of the list sent in an enrichment's bulk search whose answers are not written back
 * yet, or taken by a run of the list that is not over (running, or to be continued): a new run
 * leaves them to it, so that no row is paid for, or written, twice.
 */
export function rowsWaitingInJobs(jobs: readonly JobRecord[], list: ListPlace): Set<number> {
  const waiting = new Set<number>();
  for (const job of jobs) {
    const info = job.enrich;
    if (!info || !stillWriting(job)) continue;
    const sameList =
      info.sheetName === list.sheetName &&
      info.tableName === list.tableName &&
      (info.tableName !== null ||
        (info.rowIndex === list.rowIndex && info.columnIndex === list.columnIndex));
    if (!sameList) continue;
    // Sheet rows are 1-based, as Excel numbers them.
    for (const sheetRow of decodeRows(info.rows) ?? [])
      waiting.add(sheetRow - 1 - list.firstDataRow);
  }
  return waiting;
}
