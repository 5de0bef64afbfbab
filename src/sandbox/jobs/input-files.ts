import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { BulkCell } from "../../api/types";
import { badRequest } from "../errors";

// Uploaded bulk files, Excel or CSV (docs/interface.md, Creating a bulk search), turned into rows
// of cells.
// The format is decided by content first (an XLSX file is a ZIP: "PK\x03\x04"), then by name
// and media type, so a mislabelled upload still parses.

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]); // legacy .xls
const XLSX_MEDIA = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function parseUploadedFile(
  buffer: Buffer,
  filename: string,
  mimetype: string
): Promise<BulkCell[][]> {
  if (buffer.length === 0) throw badRequest("file is empty", "file");
  const head = buffer.subarray(0, 4);
  if (head.equals(ZIP_MAGIC)) return parseXlsx(buffer);
  if (head.equals(OLE_MAGIC) || /\.xls$/i.test(filename)) {
    throw badRequest("file is a legacy .xls workbook: save it as .xlsx or .csv", "file");
  }
  if (/\.xls[xm]$/i.test(filename) || mimetype === XLSX_MEDIA)
    throw badRequest("file is not a readable XLSX workbook", "file");
  return parseCsv(buffer);
}

function parseCsv(buffer: Buffer): BulkCell[][] {
  if (buffer.subarray(0, 8192).includes(0))
    throw badRequest("file is neither CSV nor XLSX", "file");
  const text = buffer.toString("utf8").replace(/^\uFEFF/, "");
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: "greedy" });
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken)
    throw badRequest(`file is not valid CSV: ${broken.message} (row ${broken.row ?? "?"})`, "file");
  return parsed.data;
}

async function parseXlsx(buffer: Buffer): Promise<BulkCell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw badRequest("file is not a readable XLSX workbook", "file");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest("file has no worksheet", "file");
  const rows: BulkCell[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    // row.values is 1-based and sparse.
    const values = row.values as unknown[];
    const cells: BulkCell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
    while (cells.length > 0 && (cells[cells.length - 1] === null || cells[cells.length - 1] === ""))
      cells.pop();
    if (cells.length > 0) rows.push(cells);
  });
  return rows;
}

/** An ExcelJS cell value as a plain cell: rich text and hyperlinks as their text, formulas as their result. */
function cellValue(value: unknown): BulkCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const v = value as {
      richText?: Array<{ text: string }>;
      text?: unknown;
      result?: unknown;
      error?: unknown;
    };
    if (Array.isArray(v.richText)) return v.richText.map((r) => r.text).join("");
    if ("result" in v) return cellValue(v.result);
    if (typeof v.text === "string") return v.text;
    if (v.text && typeof v.text === "object") return cellValue(v.text);
  }
  return null;
}
