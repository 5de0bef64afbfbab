import type { EmailServiceClient } from "../../client/client";
import type { JobRecord } from "../../workbook/job-store";
import { downloadTable, type ImportedTable } from "../jobs/results-import";
import { rowInputKey } from "./enrich-bulk";
import type { EnrichJobInfo } from "../../workbook/enrich-record";
import { matchResults, parseResults } from "./enrich-match";
import { existingOutputsOf } from "./enrich-plan";
import {
  enrichedTargetAt,
  firstDataRow,
  readEnrichedListAt,
  writeEnrichedRows,
  type EnrichWriteOptions,
  type TypedCell,
} from "../../workbook/enrich-sheet";

// An enrichment's bulk search, completed: its paid download written back into the list
// (DESIGN 4b), row by row where the inputs still match, never over a cell that holds something.

export interface WriteBackSummary {
  /** Result rows downloaded. */
  results: number;
  written: number;
  /** Written to the row their inputs moved to (the list was sorted meanwhile). */
  moved: number;
  /** Sheet rows sent (1-based) whose inputs are nowhere now with empty outputs. */
  notFound: number[];
  /** Sheet rows sent whose output cells hold something now: left as they are. */
  filled: number[];
  /** Rows the service could not search: left empty. */
  failed: number;
  /** Result rows not matching what was sent for their row number. */
  unusable: number;
  /** Matched, but a cell of the row was no longer empty when it was written. */
  typedCells: TypedCell[];
  syncCount: number;
  largestPayloadBytes: number;
}

/** Writes a downloaded result table back into the list the job came from. */
export async function writeBackResults(
  table: ImportedTable,
  info: EnrichJobInfo,
  options: EnrichWriteOptions = {}
): Promise<WriteBackSummary> {
  const parsed = parseResults(table, info);
  const source = await readEnrichedListAt(info);
  const existing = existingOutputsOf(source.rows.length, source.outputs, info.outputs);
  const match = matchResults(parsed.rows, {
    firstDataRow: firstDataRow(source),
    keys: source.rows.map((cells) => rowInputKey(cells, info.inputs)),
    empty: existing.map((cells) => cells.every((cell) => cell === null || cell === "")),
  });
  const target = await enrichedTargetAt(source, info);
  const written = await writeEnrichedRows(target, match.rows, options);
  return {
    results: table.rows.length,
    written: written.written,
    moved: match.moved,
    notFound: match.notFound,
    filled: match.filled,
    failed: match.failed.length,
    unusable: parsed.unusable,
    typedCells: written.typedCells,
    syncCount: written.syncCount,
    largestPayloadBytes: written.largestPayloadBytes,
  };
}

/** The paid download of an enrichment's search (every row), written back into its list. */
export async function writeBackEnrichJob(
  client: EmailServiceClient,
  job: JobRecord
): Promise<WriteBackSummary> {
  if (job.kind !== "enrich" || !job.enrich) throw new Error("Not an enrichment job.");
  const table = await downloadTable(client, job, {
    preview: false,
    fullyVerified: true,
    partiallyVerified: true,
    notFound: true,
  });
  return writeBackResults(table, job.enrich);
}

const list = (rows: ReadonlyArray<number | string>): string =>
  rows.length <= 10
    ? rows.join(", ")
    : `${rows.slice(0, 10).join(", ")} and ${rows.length - 10} more`;

/** What the Jobs row says once the results are written back. */
export function writeBackMessage(summary: WriteBackSummary, info: EnrichJobInfo): string {
  const where = info.tableName ? `table ${info.tableName}` : `sheet "${info.sheetName}"`;
  const parts = [`${summary.written} rows written in ${where}`];
  if (summary.moved > 0) parts.push(`${summary.moved} of them found where they had moved`);
  if (summary.notFound.length > 0)
    parts.push(`not written (deleted or changed since): rows ${list(summary.notFound)}`);
  if (summary.filled.length > 0)
    parts.push(`not written, their cells hold something: rows ${list(summary.filled)}`);
  if (summary.typedCells.length > 0) {
    const cells = summary.typedCells.map((cell) => cell.address);
    parts.push(`not written over cells that hold something: ${list(cells)}`);
  }
  if (summary.failed > 0) parts.push(`${summary.failed} rows could not be searched (left empty)`);
  if (summary.unusable > 0) parts.push(`${summary.unusable} results did not match what was sent`);
  return `${parts.join("; ")}.`;
}
