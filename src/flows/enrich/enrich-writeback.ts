import type { EmailServiceClient } from "../../client/client";
import { currentLocale, t } from "../../i18n/i18n";
import type { JobRecord } from "../../workbook/job-store";
import { downloadTable, type ImportedTable } from "../jobs/results-import";
import { rowInputKey } from "./enrich-bulk";
import type { EnrichJobInfo } from "../../workbook/enrich-record";
import { matchResults, parseResults } from "./enrich-match";
import { existingOutputsOf } from "./enrich-plan";
import { enrichedTargetAt } from "../../workbook/enrich-columns";
import { firstDataRow, readEnrichSource } from "../../workbook/enrich-source";
import {
  writeEnrichedRows,
  type EnrichWriteOptions,
  type TypedCell,
} from "../../workbook/enrich-write";

// An enrichment's bulk search, completed: its paid download written back into the list,
// row by row where the inputs still match, never over a cell that holds something.

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
  const source = await readEnrichSource(info);
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
  if (job.kind !== "enrich" || !job.enrich) throw new Error(t("enrich.notEnrichJob"));
  const table = await downloadTable(client, job, {
    preview: false,
    fullyVerified: true,
    partiallyVerified: true,
    notFound: true,
  });
  return writeBackResults(table, job.enrich);
}

/** Up to ten items, then how many more. */
const list = (items: ReadonlyArray<number | string>): string =>
  items.length <= 10
    ? items.join(", ")
    : t("enrich.listMore", { list: items.slice(0, 10).join(", "), more: items.length - 10 });

/** Sentences one after the other, as the language writes them. */
const sentences = (parts: readonly string[]): string =>
  parts.join(currentLocale() === "ja-JP" ? "" : " ");

/** What the Jobs row says once the results are written back. */
export function writeBackMessage(summary: WriteBackSummary, info: EnrichJobInfo): string {
  const parts = [
    t("enrich.writtenBack", {
      count: summary.written,
      kind: info.tableName ? "table" : "sheet",
      name: info.tableName ?? info.sheetName,
    }),
  ];
  if (summary.moved > 0) parts.push(t("enrich.writtenMoved", { count: summary.moved }));
  if (summary.notFound.length > 0)
    parts.push(t("enrich.writtenNotFound", { rows: list(summary.notFound) }));
  if (summary.filled.length > 0)
    parts.push(t("enrich.writtenFilled", { rows: list(summary.filled) }));
  if (summary.typedCells.length > 0)
    parts.push(
      t("enrich.writtenTyped", { cells: list(summary.typedCells.map((cell) => cell.address)) })
    );
  if (summary.failed > 0) parts.push(t("enrich.writtenFailed", { count: summary.failed }));
  if (summary.unusable > 0) parts.push(t("enrich.writtenUnusable", { count: summary.unusable }));
  return sentences(parts);
}
