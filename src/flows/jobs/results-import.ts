import Papa from "papaparse";
import type { BulkLayout } from "../../api/types";
import type { EmailServiceClient } from "../../client/client";
import type { JobRecord } from "../../workbook/job-store";
import { demoSheetEnding, writeTableToNewSheet } from "../../workbook/sheet-writer";
import { t } from "../../i18n/i18n";

// A job's results into a new worksheet: the free preview or the paid download,
// with the interface's filters and layout, parsed and handed to the sheet writer.

export interface ImportOptions {
  preview: boolean;
  /** Row filters (docs/interface.md, Downloading results): valid, risky, not found. */
  fullyVerified: boolean;
  partiallyVerified: boolean;
  notFound: boolean;
  format?: BulkLayout;
  onProgress?: (rowsWritten: number, totalRows: number) => void;
}

export interface ImportedTable {
  header: string[];
  rows: (string | number | boolean | null)[][];
}

type Cell = string | number | boolean | null;

/** json_arr is an array of rows with the header first (docs/interface.md, Result files). */
export function tableFromRows(table: unknown[][]): ImportedTable {
  const [header = [], ...rows] = table;
  const cell = (value: unknown): Cell =>
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
      ? value
      : JSON.stringify(value);
  return { header: header.map((h) => String(h ?? "")), rows: rows.map((row) => row.map(cell)) };
}

export function tableFromCsv(text: string): ImportedTable {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  const [header = [], ...rows] = parsed.data;
  return { header, rows };
}

export async function downloadTable(
  client: EmailServiceClient,
  job: JobRecord,
  options: ImportOptions
): Promise<ImportedTable> {
  if (job.kind === "domain_file")
    return tableFromCsv((await client.domainEmailFile.download(job.id)).text());
  const query = {
    preview_only: options.preview,
    fully_verified: options.fullyVerified,
    partially_verified: options.partiallyVerified,
    not_found: options.notFound,
  };
  const rows =
    job.kind === "geo_lead"
      ? await client.geoLead.downloadTable(job.id, query)
      : await client.bulk.downloadTable(job.id, { ...query, format: options.format ?? "default" });
  return tableFromRows(rows);
}

/** Downloads and writes the results; returns the new sheet's name. */
export async function importResults(
  client: EmailServiceClient,
  job: JobRecord,
  options: ImportOptions
): Promise<string> {
  const table = await downloadTable(client, job, options);
  const written = await writeTableToNewSheet(table, {
    baseName: options.preview ? t("jobs.previewSheetName", { label: job.label }) : job.label,
    // A job of Try mode: its sheets say they hold demo data.
    ...(job.demo ? { nameEnding: demoSheetEnding() } : {}),
    onProgress: options.onProgress,
  });
  return written.sheetName;
}
