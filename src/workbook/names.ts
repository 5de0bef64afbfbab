import { wellFormed } from "../lists/cell-values";
import { t } from "../i18n/i18n";

// Names Excel accepts for new worksheets and tables, made unique among the workbook's own.

export const MAX_SHEET_NAME_LENGTH = 31;
const MAX_TABLE_NAME_LENGTH = 255;

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Trims spaces and the apostrophes a sheet name may not start or end with. */
const trimSheetName = (name: string): string => name.replace(/^[\s']+|[\s']+$/g, "");

/**
 * A name Excel accepts for a worksheet: at most 31 characters, none of : \ / ? * [ ],
 * not blank, no apostrophe first or last, and not the reserved "History".
 */
export function validSheetName(base: string): string {
  let name = trimSheetName(
    wellFormed(base)
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .replace(/[:\\/?*[\]]/g, "_")
  );
  name = trimSheetName(cut(name, MAX_SHEET_NAME_LENGTH));
  if (name === "") return t("jobs.fallbackSheetName");
  return name.toLowerCase() === "history" ? `${name}_` : name;
}

/**
 * What the names of sheets written in Try mode end with, in the user's language:
 * " (demo)", " (Demo)", " (démo)"… Nothing recognises a demo sheet by its name (the jobs made
 * in Try mode are marked `demo` in their records), so the ending can be translated.
 */
export const demoSheetEnding = (): string => t("jobs.demoSheetEnding");

/** The English ending (demoSheetEnding() in English). */
// i18n-exempt: the English ending (jobs.demoSheetEnding in English), for the English pane's tests
export const DEMO_SHEET_SUFFIX = " (demo)";

/**
 * validSheetName(base), with " (2)", " (3)"… inside the 31 characters until no existing sheet
 * has it (case-insensitively); `ending` (a valid name's end, such as demoSheetEnding()) is
 * always kept whole, last.
 */
export function uniqueSheetName(
  base: string,
  existingNames: Iterable<string>,
  ending = ""
): string {
  const taken = new Set([...existingNames].map((name) => name.toLowerCase()));
  const name = validSheetName(base);
  for (let n = 1; ; n++) {
    const suffix = (n === 1 ? "" : ` (${n})`) + ending;
    const candidate =
      suffix === ""
        ? name
        : trimSheetName(cut(name, MAX_SHEET_NAME_LENGTH - suffix.length)) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * A name Excel accepts for a table: letters, digits, "_" and "."; a letter or "_" first;
 * not a cell reference such as "A1" or "R1C1"; at most 255 characters.
 */
export function validTableName(base: string): string {
  let name = wellFormed(base)
    .trim()
    .replace(/[^\p{L}\p{N}_.]/gu, "_");
  if (
    !/^[\p{L}_]/u.test(name) ||
    /^[A-Za-z]{1,3}\d+$/.test(name) ||
    /^[RrCc]\d*$|^[Rr]\d*[Cc]\d*$/.test(name)
  )
    name = `_${name}`;
  return cut(name, MAX_TABLE_NAME_LENGTH);
}

/** validTableName(base), with "_2", "_3"… until no existing table or defined name has it (case-insensitively). */
export function uniqueTableName(base: string, existingNames: Iterable<string>): string {
  const taken = new Set([...existingNames].map((name) => name.toLowerCase()));
  const name = validTableName(base);
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = cut(name, MAX_TABLE_NAME_LENGTH - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
