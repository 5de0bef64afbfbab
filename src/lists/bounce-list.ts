import { isValidEmail, normalizeEmail } from "../api/normalize";
import { t } from "../i18n/i18n";
import type { CellValue } from "./cell-values";
import { detectHeader, suggestMapping } from "./mapping";

// A list of bounced addresses: a column of the selection (with
// an optional column of bounce messages) or an email tool's bounce export. Untrusted text:
// what is not one well-formed address is counted and left out, never sent nor written.

/**
 * The most rows a bounce list may have (the size of a bulk search, docs/interface.md, Creating a
 * bulk search).
 */
export const MAX_BOUNCE_ROWS = 100_000;
/** docs/interface.md, Bad-email reports: `additional_info` is at most 500 characters. */
export const MAX_ADDITIONAL_INFO = 500;
/** A bounce message is cut to this many characters before it is sent. */
export const MAX_BOUNCE_MESSAGE = 2_000;
/** A cell longer than this cannot hold an address (spec: 254 at most) and is not examined. */
const MAX_EMAIL_CELL = 320;

/** One distinct address to report, with the data rows (0-based, after the header) that hold it. */
export interface BounceEntry {
  email: string;
  message?: string;
  rows: number[];
}

export interface BounceList {
  entries: BounceEntry[];
  /** Data rows read (the header aside). */
  rows: number;
  /** Rows whose address was already on the list (case and spaces aside). */
  duplicates: number;
  /** Rows whose cell is not one well-formed address (formula-like, control characters, too long…). */
  malformed: number;
  /** Rows with an empty address cell. */
  empty: number;
  /** Per data row: the entry it belongs to, or why it is left out. */
  rowKinds: Array<"entry" | "duplicate" | "malformed" | "empty">;
}

/** A bounce list that cannot be used, with the message shown next to its field. */
export class BounceListError extends Error {}

// Formula-like text, and control characters: never an address.
const HOSTILE = /^[=+\-@\t\r']|[\u0000-\u001f\u007f]/;

/** The address of a cell, normalized, or null when the cell is not one well-formed address. */
export function bounceAddress(cell: CellValue): string | null {
  if (typeof cell !== "string") return null;
  if (cell.length > MAX_EMAIL_CELL) return null;
  const text = cell.trim();
  if (HOSTILE.test(text) || !isValidEmail(text)) return null;
  return normalizeEmail(text);
}

/** A bounce message as it may be sent: control characters as spaces, at most MAX_BOUNCE_MESSAGE. */
export function bounceMessage(cell: CellValue): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  const text = String(cell)
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .trim();
  return text === "" ? undefined : text.slice(0, MAX_BOUNCE_MESSAGE);
}

/** Whether a row holds an address (for finding the column and the header). */
const looksLikeEmail = (cell: CellValue): boolean => bounceAddress(cell) !== null;

/** The column that holds the addresses: the mapping's email column, else the one with most. */
export function emailColumnOf(rows: CellValue[][], hasHeader: boolean): number | null {
  const suggested = suggestMapping(rows, hasHeader).email;
  const sample = rows.slice(hasHeader ? 1 : 0, 200);
  const width = Math.max(0, ...sample.map((row) => row.length));
  let best: number | null = null;
  let most = 0;
  for (let c = 0; c < width; c++) {
    const count = sample.filter((row) => looksLikeEmail(row[c] ?? null)).length;
    if (count > most || (count === most && count > 0 && c === suggested)) {
      best = c;
      most = count;
    }
  }
  if (suggested !== undefined && sample.some((row) => looksLikeEmail(row[suggested] ?? null)))
    return suggested;
  return best;
}

/** Whether the first row is a header: the Bulk tab's rule, or a first row without an address. */
export function bounceHeader(rows: CellValue[][], emailColumn = 0): boolean {
  if (rows.length < 2) return false;
  if (detectHeader(rows)) return true;
  const first = rows[0]![emailColumn] ?? null;
  return first !== null && !looksLikeEmail(first) && looksLikeEmail(rows[1]![emailColumn] ?? null);
}

/** Refuses a list longer than MAX_BOUNCE_ROWS data rows, before anything else is done. */
export function checkBounceRows(rowCount: number): void {
  if (rowCount > MAX_BOUNCE_ROWS)
    throw new BounceListError(t("report.tooManyRows", { max: MAX_BOUNCE_ROWS }));
}

/**
 * The distinct addresses of a column (duplicates, case and spaces aside, collapsed onto the
 * first; malformed cells counted and left out), each with its first non-empty message.
 */
export function bounceList(
  rows: CellValue[][],
  options: { emailColumn: number | null; messageColumn?: number | null; hasHeader: boolean }
): BounceList {
  const data = options.hasHeader ? rows.slice(1) : rows;
  checkBounceRows(data.length);
  const { emailColumn } = options;
  if (emailColumn === null || !data.some((row) => looksLikeEmail(row[emailColumn] ?? null)))
    throw new BounceListError(t("report.noEmailColumn"));
  const byEmail = new Map<string, BounceEntry>();
  const list: BounceList = {
    entries: [],
    rows: data.length,
    duplicates: 0,
    malformed: 0,
    empty: 0,
    rowKinds: [],
  };
  data.forEach((row, index) => {
    const cell = row[emailColumn] ?? null;
    if (cell === null || (typeof cell === "string" && cell.trim() === "")) {
      list.empty++;
      list.rowKinds.push("empty");
      return;
    }
    const email = bounceAddress(cell);
    if (email === null) {
      list.malformed++;
      list.rowKinds.push("malformed");
      return;
    }
    const message =
      options.messageColumn == null ? undefined : bounceMessage(row[options.messageColumn] ?? null);
    const known = byEmail.get(email);
    if (known) {
      list.duplicates++;
      list.rowKinds.push("duplicate");
      known.rows.push(index);
      known.message ??= message;
      return;
    }
    const entry: BounceEntry = { email, rows: [index], ...(message ? { message } : {}) };
    byEmail.set(email, entry);
    list.entries.push(entry);
    list.rowKinds.push("entry");
  });
  return list;
}

/**
 * The `additional_info` sent with every report: required, at most 500 characters
 * (docs/interface.md, Bad-email reports).
 */
export function additionalInfo(text: string): string {
  const info = text.replace(/[\u0000-\u001f\u007f]/g, " ").trim();
  if (info === "") throw new BounceListError(t("report.whyRequired"));
  if (info.length > MAX_ADDITIONAL_INFO)
    throw new BounceListError(t("report.whyTooLong", { max: MAX_ADDITIONAL_INFO }));
  return info;
}
