import { t } from "../i18n/i18n";
import { noDataRowsAsRead } from "./bulk-request";
import { csvHead, csvRows } from "./file-csv";
import { xlsxRows } from "./file-xlsx";

// The first rows of a CSV or XLSX file chosen for a bulk search, to map its columns before
// it is uploaded as it is (bulk/multipart), or every row of a bounce list. Only the rows
// needed are read: a CSV preview in chunks (file-csv.ts), an XLSX by inflating just the parts
// that lead to its first worksheet's rows (file-xlsx.ts), under caps, since the file is
// untrusted and may be damaged or a zip bomb.

export interface FilePreview {
  kind: "csv" | "xlsx";
  /**
   * The first rows that hold a value, PREVIEW_ROWS at most, and fewer only when the file has
   * no more: one row means the file has one, so a header alone is known (no data rows).
   */
  rows: string[][];
}

export const PREVIEW_ROWS = 6;
export async function previewFile(file: Blob, fileName: string): Promise<FilePreview> {
  const kind = await kindOf(file, fileName);
  const rows =
    kind === "xlsx"
      ? xlsxRows(new Uint8Array(await file.arrayBuffer()), PREVIEW_ROWS)
      : await csvHead(file, PREVIEW_ROWS);
  if (kind === "xlsx" && rows.length === 0) throw new Error(t("bulk.firstSheetEmpty"));
  // A header alone (or nothing) is refused before the mapping is shown, and before any request.
  const noDataRows = noDataRowsAsRead("file", rows);
  if (noDataRows) throw new Error(noDataRows);
  return { kind, rows };
}

/** Inflated bytes a whole sheet may take when every row is read (a bounce list). */
const MAX_INFLATED_ALL = 64 * 1024 * 1024;

/**
 * Every row of the file that holds a value, up to `limit` (one more is read, so that the
 * caller knows there are more): the same hardened readers as the preview, read to the end.
 */
export async function readFileRows(
  file: Blob,
  fileName: string,
  limit: number
): Promise<string[][]> {
  if ((await kindOf(file, fileName)) === "csv") return csvRows(file, limit + 1);
  const rows = xlsxRows(new Uint8Array(await file.arrayBuffer()), limit + 1, MAX_INFLATED_ALL);
  if (rows.length === 0) throw new Error(t("bulk.firstSheetEmpty"));
  return rows;
}

/** A zip is read as a workbook, whatever its name; refused: an .xlsx that is not one, .xls, nothing. */
async function kindOf(file: Blob, fileName: string): Promise<FilePreview["kind"]> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(fileName)) {
    if (!isZip) throw new Error(t("bulk.xlsxNotWorkbook"));
    return "xlsx";
  }
  if (/\.xls$/i.test(fileName)) throw new Error(t("bulk.xlsNotSupported"));
  if (file.size === 0) throw new Error(t("bulk.fileEmpty"));
  return "csv";
}
