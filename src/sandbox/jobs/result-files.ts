import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { DownloadFormat } from "../../api/types";

// Result files of bulk and GeoLead searches (docs/interface.md, Result files and Downloading
// results `download_as`).

export type FileCell = string | number | boolean | null;

export interface ResultTable {
  /** The search's label, used for the attachment's name. */
  fileName: string;
  header: string[];
  rows: FileCell[][];
}

export interface RenderedFile {
  body: string | Buffer;
  contentType: string;
  extension: string;
}

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function renderTable(table: ResultTable, as: DownloadFormat): Promise<RenderedFile> {
  switch (as) {
    case "csv":
      return {
        body: Papa.unparse({ fields: table.header, data: table.rows }),
        contentType: "text/csv; charset=utf-8",
        extension: "csv",
      };
    case "json_arr":
      return {
        body: JSON.stringify([table.header, ...table.rows]),
        contentType: "application/json; charset=utf-8",
        extension: "json",
      };
    case "json_obj":
      return {
        body: JSON.stringify(
          table.rows.map((row) =>
            Object.fromEntries(table.header.map((name, i) => [name, row[i] ?? null]))
          )
        ),
        contentType: "application/json; charset=utf-8",
        extension: "json",
      };
    case "xlsx":
      return { body: await xlsxOf(table), contentType: XLSX_CONTENT_TYPE, extension: "xlsx" };
  }
}

/** Written with ExcelJS's streaming writer: a 100,000-row file stays within modest memory. */
async function xlsxOf(table: ResultTable): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Results");
  sheet.addRow(table.header).commit();
  for (const row of table.rows)
    sheet.addRow(row.map((cell) => (cell === null ? undefined : cell))).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function contentDisposition(fileName: string, extension: string): string {
  const base = fileName.trim() === "" ? "results" : fileName.trim();
  const full = `${base}.${extension}`;
  const ascii =
    full
      .normalize("NFKD")
      .replace(/[^\x20-\x7e]/g, "")
      .replace(/["\\/;:*?<>|]/g, "_") || `results.${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(full)}`;
}

/** Makes header names unique ("email", "email_2") so that `json_obj` loses no column. */
export function uniqueHeader(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  const taken = new Set(names);
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    if (count === 1) return name;
    let n = count;
    while (taken.has(`${name}_${n}`)) n++;
    const unique = `${name}_${n}`;
    taken.add(unique);
    return unique;
  });
}
