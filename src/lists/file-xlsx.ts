import { t } from "../i18n/i18n";
import { damaged, listEntries, readPart, type Archive } from "./xlsx-archive";
import { attribute, contents, decodeXml, ElementScanner, texts } from "./xml-elements";

// An XLSX file's first worksheet, its first rows that hold a value: the workbook's first
// sheet found through its relationships, then its rows and the shared strings they use, each
// part inflated only as far as needed.

/** Column A is 0; a reference past XFD (16,384 columns) is -1. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]{1,3}(?=\d)/.exec(reference)?.[0];
  if (!letters) return -1;
  const index = [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return index <= 16_383 ? index : -1;
}

/** A cell as the sheet holds it: text, or an index into the shared strings. */
type RawCell = string | { shared: number };
/** The first `limit` rows of the first worksheet that hold a value (`maxInflated`: the cap). */
export function xlsxRows(bytes: Uint8Array, limit: number, maxInflated?: number): string[][] {
  const archive: Archive = { bytes, entries: listEntries(bytes), inflated: 0, maxInflated };
  const sheetPath = firstSheetPath(archive);
  if (!archive.entries.has(sheetPath)) throw new Error(t("bulk.xlsxNoWorksheet"));
  const rows = firstRows(archive, sheetPath, limit);
  const needed = new Set<number>();
  for (const cell of rows.flat()) if (typeof cell !== "string") needed.add(cell.shared);
  const shared = needed.size > 0 ? sharedStrings(archive, needed) : new Map<number, string>();
  return rows.map((row) =>
    row.map((cell) => (typeof cell === "string" ? cell : (shared.get(cell.shared) ?? "")))
  );
}

/** The first worksheet's part: the workbook's first <sheet>, through the workbook's rels. */
function firstSheetPath(archive: Archive): string {
  const fallback = "xl/worksheets/sheet1.xml";
  if (!archive.entries.has("xl/workbook.xml")) return fallback;
  let relationId: string | undefined;
  const sheets = new ElementScanner("sheet");
  readPart(archive, "xl/workbook.xml", (text) =>
    sheets.push(text, () => {
      relationId = attribute(sheets.attributes(), "[\\w.-]+:id");
      return true;
    })
  );
  const relsPath = "xl/_rels/workbook.xml.rels";
  if (relationId === undefined || !archive.entries.has(relsPath)) return fallback;
  let target: string | undefined;
  const relationships = new ElementScanner("Relationship");
  readPart(archive, relsPath, (text) =>
    relationships.push(text, () => {
      const attributes = relationships.attributes();
      if (attribute(attributes, "Id") !== relationId) return false;
      target = attribute(attributes, "Target");
      return true;
    })
  );
  if (target === undefined) return fallback;
  const path = resolvePath(target);
  return archive.entries.has(path) ? path : fallback;
}

/** A relationship's target as a part name: relative to xl/, or absolute from the root. */
function resolvePath(target: string): string {
  const parts: string[] = [];
  for (const part of (target.startsWith("/") ? target : `xl/${target}`).split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return parts.join("/");
}

/** The first `limit` rows of a worksheet that hold a value; inflation stops there. */
function firstRows(archive: Archive, path: string, limit: number): RawCell[][] {
  const rows: RawCell[][] = [];
  // A value (<v>) or an inline text (<t>): rows without one (formatting only) are not read.
  const scanner = new ElementScanner("row", /<(?:[\w.-]+:)?[vt][\s>]/g);
  let isWorksheet = false;
  let tail = "";
  readPart(archive, path, (text, end) => {
    const enough = scanner.push(text, () => {
      if (!scanner.hasMarker()) return false;
      const cells = rowCells(scanner.content());
      if (cells.some((cell) => cell !== "")) rows.push(cells);
      return rows.length >= limit;
    });
    if (enough) return true;
    // The rows end with </sheetData> (or <sheetData/>): what follows is not read.
    const near = text.includes("sheetData") || (tail + text.slice(0, 16)).includes("sheetData");
    const around = near ? tail + text : "";
    tail = text.slice(-64);
    isWorksheet ||= near && /<(?:[\w.-]+:)?sheetData[\s/>]/.test(around);
    if (!isWorksheet && end) throw damaged(t("bulk.damageNotWorksheet", { part: path }));
    return near && /<\/(?:[\w.-]+:)?sheetData\s*>|<(?:[\w.-]+:)?sheetData\s*\/>/.test(around);
  });
  return rows;
}

function rowCells(row: string): RawCell[] {
  const cells: RawCell[] = [];
  const scanner = new ElementScanner("c");
  scanner.push(row, () => {
    const attributes = scanner.attributes();
    const body = scanner.content();
    const type = attribute(attributes, "t");
    const raw = body === "" ? undefined : contents(body, "v")[0];
    const index = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
    const value: RawCell =
      type === "s"
        ? Number.isInteger(index) && index >= 0
          ? { shared: index }
          : ""
        : type === "inlineStr"
          ? texts(contents(body, "is")[0] ?? "")
          : raw !== undefined
            ? decodeXml(raw)
            : "";
    const reference = attribute(attributes, "r");
    const column = reference === undefined ? cells.length : columnIndex(reference);
    if (column < 0) return;
    while (cells.length < column) cells.push("");
    cells[column] = value;
  });
  return cells;
}

/** The shared strings of these indexes (the others are counted, not read); inflation stops at the last. */
function sharedStrings(archive: Archive, needed: Set<number>): Map<number, string> {
  const path = "xl/sharedStrings.xml";
  const strings = new Map<number, string>();
  if (!archive.entries.has(path)) return strings;
  const last = [...needed].reduce((most, index) => Math.max(most, index), 0);
  const scanner = new ElementScanner("si");
  let index = 0;
  readPart(archive, path, (text) =>
    scanner.push(text, () => {
      if (needed.has(index)) strings.set(index, texts(scanner.content()));
      return ++index > last;
    })
  );
  return strings;
}
