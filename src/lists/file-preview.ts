import Papa from "papaparse";
import { Unzip, UnzipInflate, unzipSync, type FlateError } from "fflate";
import { t } from "../i18n/i18n";
import { noDataRowsAsRead } from "./bulk-request";

// The first rows of a CSV or XLSX file chosen for a bulk search, to map its columns before
// it is uploaded as it is (bulk/multipart). Only the first rows are read: a CSV in chunks,
// an XLSX by inflating (fflate) just the parts that lead to its first worksheet's first rows,
// under a cap, since the file is untrusted and may be damaged or a zip bomb.

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
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  let preview: FilePreview;
  if (isZip || /\.xlsx$/i.test(fileName)) {
    if (!isZip) throw new Error(t("bulk.xlsxNotWorkbook"));
    const rows = previewXlsx(new Uint8Array(await file.arrayBuffer()));
    if (rows.length === 0) throw new Error(t("bulk.firstSheetEmpty"));
    preview = { kind: "xlsx", rows };
  } else {
    if (/\.xls$/i.test(fileName)) throw new Error(t("bulk.xlsNotSupported"));
    if (file.size === 0) throw new Error(t("bulk.fileEmpty"));
    preview = { kind: "csv", rows: await previewCsv(file) };
  }
  // A header alone (or nothing) is refused before the mapping is shown, and before any request.
  const noDataRows = noDataRowsAsRead("file", preview.rows);
  if (noDataRows) throw new Error(noDataRows);
  return preview;
}

/** Inflated bytes a whole sheet may take when every row is read (a bounce list, DESIGN 3). */
const MAX_INFLATED_ALL = 64 * 1024 * 1024;
/** A CSV read whole is refused past this size. */
const MAX_CSV_BYTES = 64 * 1024 * 1024;

/**
 * Every row of the file that holds a value, up to `limit` (one more is read, so that the
 * caller knows there are more): the same hardened readers as the preview, read to the end.
 */
export async function readFileRows(
  file: Blob,
  fileName: string,
  limit: number
): Promise<string[][]> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  let rows: string[][];
  if (isZip || /\.xlsx$/i.test(fileName)) {
    if (!isZip) throw new Error(t("bulk.xlsxNotWorkbook"));
    rows = previewXlsx(new Uint8Array(await file.arrayBuffer()), limit + 1, MAX_INFLATED_ALL);
    if (rows.length === 0) throw new Error(t("bulk.firstSheetEmpty"));
  } else {
    if (/\.xls$/i.test(fileName)) throw new Error(t("bulk.xlsNotSupported"));
    if (file.size === 0) throw new Error(t("bulk.fileEmpty"));
    if (file.size > MAX_CSV_BYTES)
      throw new Error(t("report.fileTooLarge", { megabytes: MAX_CSV_BYTES / 1024 / 1024 }));
    const text = await file.text();
    if (text.includes("\u0000")) throw new Error(t("bulk.notCsvOrXlsx"));
    rows = [];
    Papa.parse<string[]>(text.replace(/^\ufeff/, ""), {
      skipEmptyLines: "greedy",
      step: (result, parser) => {
        rows.push(result.data);
        if (rows.length > limit) parser.abort();
      },
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

const CSV_CHUNK = 256 * 1024;
type Newline = "\r\n" | "\n" | "\r";
/** A row still unfinished past this many characters is shown as it is and the reading stops. */
const CSV_MAX_ROW = 1024 * 1024;

/**
 * Reads chunk by chunk until PREVIEW_ROWS rows that hold a value are complete or the file
 * ends: blank rows (",,,") are skipped however many there are, without keeping them.
 */
async function previewCsv(file: Blob): Promise<string[][]> {
  const decoder = new TextDecoder(); // drops a UTF-8 BOM
  const rows: string[][] = [];
  let delimiter = "";
  let newline: Newline | undefined;
  let carry = ""; // the text after the last complete row: blank lines, or a row not yet ended
  for (let offset = 0; rows.length < PREVIEW_ROWS;) {
    const end = Math.min(file.size, offset + CSV_CHUNK);
    const last = end >= file.size;
    const chunk = decoder.decode(new Uint8Array(await file.slice(offset, end).arrayBuffer()), {
      stream: !last,
    });
    if (offset === 0 && chunk.includes("\u0000")) throw new Error(t("bulk.notCsvOrXlsx"));
    offset = end;
    const text = carry + chunk;
    const found: { row: string[]; end: number }[] = [];
    Papa.parse<string[]>(text, {
      delimiter,
      newline,
      skipEmptyLines: "greedy",
      step: (result, parser) => {
        // As the first chunk shows them, for every chunk.
        delimiter ||= result.meta.delimiter;
        newline ??= result.meta.linebreak as Newline;
        found.push({ row: result.data, end: result.meta.cursor });
        // One row past the preview proves the ones before it complete.
        if (rows.length + found.length > PREVIEW_ROWS) parser.abort();
      },
    });
    // A row that runs to the end of the text may go on in the next chunk.
    const open = !last && found.at(-1)?.end === text.length ? found.pop() : undefined;
    rows.push(...found.slice(0, PREVIEW_ROWS - rows.length).map((f) => f.row));
    if (last) break;
    const from = found.at(-1)?.end ?? 0;
    if (open) {
      if (text.length - from > CSV_MAX_ROW) {
        rows.push(open.row);
        break;
      }
      carry = text.slice(from);
    } else {
      // Only blank lines follow the last row: keep the last line, which may be a row begun.
      carry = text.slice(Math.max(from, text.lastIndexOf("\n") + 1, text.lastIndexOf("\r") + 1));
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------

/** Inflated bytes one preview may read: the first rows need far less, a zip bomb far more. */
const MAX_INFLATED = 16 * 1024 * 1024;
/** A part needed for the preview may not declare more (100,000 rows, a bulk search's most, are far less). */
const MAX_DECLARED = 1024 * 1024 * 1024;
/** Parts of the archive; a workbook has a few dozen. */
const MAX_ENTRIES = 20_000;
/**
 * Compressed bytes handed to the unzipper at a time: deflate expands at most about 1,032
 * times, so the caps are checked at least every 4 MB inflated.
 */
const STEP = 4 * 1024;
/** An element (a row, a shared string, a sheet's entry) that is longer is not read. */
const MAX_ELEMENT = 4 * 1024 * 1024;

/** A workbook this preview will not read, with the message for the user. */
class UnreadableWorkbook extends Error {}

const damaged = (detail: string): Error =>
  new UnreadableWorkbook(t("bulk.xlsxDamaged", { detail }));

const tooLarge = (cap?: number): Error =>
  new UnreadableWorkbook(
    cap === undefined
      ? t("bulk.xlsxTooLarge", { megabytes: MAX_INFLATED / 1024 / 1024 })
      : t("report.fileTooLarge", { megabytes: cap / 1024 / 1024 })
  );

/** The parts of the archive and the size each declares, from its central directory. */
function listEntries(bytes: Uint8Array): Map<string, number> {
  const entries = new Map<string, number>();
  // Each record of the directory takes at least 46 bytes: a larger count is a lie.
  const most = Math.min(MAX_ENTRIES, Math.floor(bytes.length / 46));
  let count = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        if (++count > most) throw damaged(t("bulk.damageTooManyParts"));
        if (!entries.has(entry.name)) entries.set(entry.name, entry.originalSize);
        return false; // nothing is inflated here
      },
    });
  } catch (error) {
    throw flateError(error);
  }
  return entries;
}

/** An error of fflate (or already ours) as the message for the user. */
function flateError(error: unknown, part?: string): Error {
  if (error instanceof UnreadableWorkbook) return error;
  const code = (error as Partial<FlateError>).code;
  if (code === 14) return new UnreadableWorkbook(t("bulk.xlsxCompression"));
  const detail =
    code === 13
      ? t("bulk.damageZipStructure")
      : error instanceof Error
        ? error.message
        : String(error);
  return damaged(part ? `${part}: ${detail}` : detail);
}

interface Archive {
  bytes: Uint8Array;
  entries: Map<string, number>;
  /** Bytes inflated so far, for MAX_INFLATED (or `maxInflated`, when the whole sheet is read). */
  inflated: number;
  maxInflated?: number;
}

/**
 * Inflates one part as text, handing it to `take` piece by piece until `take` returns true
 * (it has what it needs) or the part ends. Throws with a message when the part is missing,
 * damaged, larger than it declares, or when the preview's cap is reached.
 */
function readPart(
  archive: Archive,
  name: string,
  take: (text: string, end: boolean) => boolean
): void {
  const declared = archive.entries.get(name);
  if (declared === undefined) throw damaged(t("bulk.damagePartMissing", { part: name }));
  if (declared > MAX_DECLARED)
    throw damaged(
      t("bulk.damagePartDeclares", { part: name, megabytes: Math.round(declared / 1024 / 1024) })
    );
  const decoder = new TextDecoder();
  let found = false;
  let done = false;
  let read = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((entry) => {
    if (found || entry.name !== name) return; // other parts are skipped, never inflated
    found = true;
    entry.ondata = (error, data, final) => {
      if (done || failure) return;
      read += data?.length ?? 0;
      archive.inflated += data?.length ?? 0;
      try {
        if (error) throw flateError(error, name);
        // A bomb declares a small size: it is stopped at the first bytes past it.
        if (read > declared)
          throw damaged(t("bulk.damagePartExpands", { part: name, bytes: declared }));
        if (archive.inflated > (archive.maxInflated ?? MAX_INFLATED))
          throw tooLarge(archive.maxInflated);
        done = take(decoder.decode(data, { stream: !final }), final) || final;
      } catch (problem) {
        failure = problem as Error;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < archive.bytes.length && !done && !failure; at += STEP)
      unzip.push(archive.bytes.subarray(at, at + STEP), at + STEP >= archive.bytes.length);
  } catch (error) {
    failure ??= flateError(error, name);
  }
  if (failure) throw failure;
  if (!found) throw damaged(t("bulk.damagePartNotStored", { part: name }));
  if (!done) throw damaged(t("bulk.damagePartCutShort", { part: name }));
}

/**
 * The elements named `name` (in any namespace prefix) of XML text that arrives in pieces,
 * handed one by one, once complete, to a callback that reads what it needs of them (nothing
 * is copied of the ones it passes over). What lies between them is dropped as it goes, and
 * no text is searched twice, so the time is linear in the text whatever it holds.
 */
class ElementScanner {
  /** From the start of the element being read, or a tail that may begin one. */
  private text = "";
  /** Length of the element's "<name" (0: no element begun), and where its start tag ends. */
  private openLength = 0;
  private tagEnd = -1;
  /** Where the search for the start tag's end, or for the element's end, resumes. */
  private from = 0;
  private readonly start: RegExp;
  private readonly end: RegExp;
  /** The element handed to the callback: its attributes and content, as positions. */
  private readonly current = { text: "", attributes: 0, tagEnd: 0, content: 0, contentEnd: 0 };
  /** The next position of `marker` in the current text (-1: not searched yet). */
  private nextMarker = -1;

  constructor(
    private readonly name: string,
    /** What hasMarker() looks for (a global pattern). */
    private readonly marker = /$^/g
  ) {
    this.start = new RegExp(`<(?:[\\w.-]+:)?${name}(?=[\\s/>])`, "g");
    this.end = new RegExp(`</(?:[\\w.-]+:)?${name}\\s*>`, "g");
  }

  /** The attributes of the element handed to the callback. */
  attributes(): string {
    return this.current.text.slice(this.current.attributes, this.current.tagEnd);
  }

  /** Its content ("" when self-closing). */
  content(): string {
    return this.current.text.slice(this.current.content, this.current.contentEnd);
  }

  /** Whether its content holds the marker. */
  hasMarker(): boolean {
    const { text, content, contentEnd } = this.current;
    if (this.nextMarker < content) {
      this.marker.lastIndex = content;
      this.nextMarker = this.marker.exec(text)?.index ?? Infinity;
    }
    return this.nextMarker < contentEnd;
  }

  /** Adds text and hands each element it completes to `each`; true once `each` returns true. */
  push(piece: string, each: () => boolean | void): boolean {
    const text = this.text + piece;
    const margin = this.name.length + 40; // an end or start tag split between pieces
    this.nextMarker = -1;
    let at = 0; // the start of the element being read, or where the next one is searched
    for (;;) {
      if (this.openLength === 0) {
        this.start.lastIndex = at;
        const open = this.start.exec(text);
        if (!open) {
          at = Math.max(at, text.length - margin);
          break;
        }
        at = open.index;
        this.openLength = open[0].length;
        this.from = at + this.openLength;
      }
      if (this.tagEnd < 0) {
        this.tagEnd = text.indexOf(">", this.from);
        if (this.tagEnd < 0) {
          this.from = text.length;
          break;
        }
        this.from = this.tagEnd + 1;
      }
      const selfClosing = text.charCodeAt(this.tagEnd - 1) === 0x2f; // "/>"
      let next = this.tagEnd + 1;
      let contentEnd = next;
      if (!selfClosing) {
        this.end.lastIndex = this.from;
        const close = this.end.exec(text);
        if (!close) {
          this.from = Math.max(this.from, text.length - margin);
          break;
        }
        contentEnd = close.index;
        next = close.index + close[0].length;
      }
      const current = this.current;
      current.text = text;
      current.attributes = at + this.openLength;
      current.tagEnd = selfClosing ? this.tagEnd - 1 : this.tagEnd;
      current.content = this.tagEnd + 1;
      current.contentEnd = contentEnd;
      this.openLength = 0;
      this.tagEnd = -1;
      at = next;
      if (each()) return true;
    }
    // Keep the text from `at` on, the positions with it.
    this.text = text.slice(at);
    this.from = Math.max(0, this.from - at);
    if (this.tagEnd >= 0) this.tagEnd -= at;
    if (this.text.length > MAX_ELEMENT)
      throw damaged(
        t("bulk.damageLongElement", { element: this.name, megabytes: MAX_ELEMENT / 1024 / 1024 })
      );
    return false;
  }
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

const decodeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named = XML_ENTITIES[entity.toLowerCase()];
    if (named) return named;
    const code =
      entity[1]?.toLowerCase() === "x"
        ? parseInt(entity.slice(2), 16)
        : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });

const attributePatterns = new Map<string, RegExp>();

/** An attribute's value; `name` is a pattern ("[\\w.-]+:id" for r:id in any prefix). */
function attribute(attributes: string, name: string): string | undefined {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const match = pattern.exec(attributes);
  return match ? decodeXml(match[1] ?? match[2] ?? "") : undefined;
}

// Fragments (a row, a cell, a shared string) are read with the scanner too, never with a
// lazy pattern that a hostile fragment of unclosed tags would make search it again and again.

/** The contents of the elements `name` of a fragment, in order. */
function contents(fragment: string, name: string): string[] {
  const found: string[] = [];
  const scanner = new ElementScanner(name);
  scanner.push(fragment, () => void found.push(scanner.content()));
  return found;
}

/** All `<t>` texts of a fragment, concatenated: the text, or its rich text runs. */
function texts(fragment: string): string {
  // Phonetic runs (<rPh>, after the text in the schema) are not part of the text.
  const phonetic = /<(?:[\w.-]+:)?rPh[\s/>]/.exec(fragment)?.index ?? fragment.length;
  return contents(fragment.slice(0, phonetic), "t").map(decodeXml).join("");
}

/** Column A is 0; a reference past XFD (16,384 columns) is -1. */
function columnIndex(reference: string): number {
  const letters = /^[A-Z]{1,3}(?=\d)/.exec(reference)?.[0];
  if (!letters) return -1;
  const index = [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
  return index <= 16_383 ? index : -1;
}

/** A cell as the sheet holds it: text, or an index into the shared strings. */
type RawCell = string | { shared: number };

function previewXlsx(bytes: Uint8Array, limit = PREVIEW_ROWS, maxInflated?: number): string[][] {
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
