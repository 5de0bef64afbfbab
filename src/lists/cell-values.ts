// What goes into a cell: text from the service or from files stays text.

export type CellValue = string | number | boolean | null;

/** What `Range.values` is given for one cell. */
export type ExcelInput = string | number | boolean;

/** Excel's limit on the characters of one cell. */
export const MAX_CELL_CHARS = 32_767;

const FORMULA_TRIGGER = /^[=+\-@\t\r']/;

/**
 * OWASP's advice against formula ("CSV") injection: a value that starts with = + - @, a tab
 * or a CR gets a leading apostrophe. Excel takes that apostrophe as its quote prefix: the
 * cell stores and shows the original text and never evaluates it. A value that already
 * starts with an apostrophe gets one too, or Excel would swallow its own.
 */
export function neutralizeFormula(value: string): string {
  return FORMULA_TRIGGER.test(value) ? `'${value}` : value;
}

const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** Lone surrogates (which no cell or JSON request can carry) become U+FFFD. */
export function wellFormed(text: string): string {
  return /[\uD800-\uDFFF]/.test(text)
    ? text.replace(SURROGATES, (pair) => (pair.length === 2 ? pair : "\uFFFD"))
    : text;
}

/** Text a cell can hold: well-formed, without NUL, at most 32,767 characters (the cut marked with an ellipsis). */
export function cellText(value: string): string {
  let text = wellFormed(value).replace(/\u0000/g, "");
  if (text.length > MAX_CELL_CHARS) {
    let end = MAX_CELL_CHARS - 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end--;
    text = `${text.slice(0, end)}\u2026`;
  }
  return text;
}

/**
 * The value written for one cell. Every non-empty string gets the quote prefix, not only
 * those neutralizeFormula catches: Excel would also turn "00123", "1/2", "TRUE" or "5%" into
 * numbers, dates or booleans (depending on the locale), and the prefix is the only way to
 * keep them text while writing values before any number format.
 */
export function toExcelInput(value: CellValue): ExcelInput {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  const text = cellText(String(value));
  return text === "" ? "" : `'${text}`;
}
