import fc from "fast-check";
import {
  MAX_CELL_CHARS,
  cellText,
  neutralizeFormula,
  toExcelInput,
} from "../../src/lists/cell-values";
import { storeInput } from "../workbook/fake-excel";

describe("neutralizeFormula", () => {
  test.each([
    ['=HYPERLINK("http://evil.example","click")'],
    ["+33 1 23 45 67 89"],
    ["-2+3"],
    ["@SUM(A1:A9)"],
    ["\t=1+1"],
    ["\r=1+1"],
    ["'already quoted"],
  ])("%j gets the quote prefix, and Excel shows it unchanged as text", (value) => {
    const written = neutralizeFormula(value);
    expect(written).toBe(`'${value}`);
    expect(storeInput(written)).toEqual({ kind: "text", value, quotePrefix: true });
  });

  test.each([
    ["alice@example.com"],
    ["Alice Stone"],
    [""],
    [" =not a formula"],
    ["a=b"],
    ["valid"],
    ["München"],
  ])("%j is left alone", (value) => {
    expect(neutralizeFormula(value)).toBe(value);
  });

  test("property: the written text never starts a formula, and loses nothing but the added quote", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc
            .constantFrom("=", "+", "-", "@", "\t", "\r", "'")
            .chain((p) => fc.string().map((s) => p + s))
        ),
        (value) => {
          const written = neutralizeFormula(value);
          expect(storeInput(written).kind === "formula").toBe(false);
          expect(written === value || written === `'${value}`).toBe(true);
        }
      ),
      { numRuns: 1000 }
    );
  });
});

describe("what a cell is given", () => {
  test("every string is written as quoted text, so Excel keeps it as the same text", () => {
    for (const value of [
      "=1+1",
      "+1",
      "-1",
      "@x",
      "00123",
      "1/2",
      "TRUE",
      "5%",
      "1e5",
      "2024-05-01",
      "alice@example.com",
      "'x",
      "\t",
      "\r\n",
    ]) {
      const input = toExcelInput(value);
      expect(input).toBe(`'${value}`);
      expect(storeInput(input)).toEqual({ kind: "text", value, quotePrefix: true });
    }
  });

  test("numbers and booleans stay numbers and booleans; null and empty text are empty", () => {
    expect(toExcelInput(42)).toBe(42);
    expect(toExcelInput(-0.2)).toBe(-0.2);
    expect(toExcelInput(true)).toBe(true);
    expect(toExcelInput(false)).toBe(false);
    expect(toExcelInput(null)).toBe("");
    expect(toExcelInput("")).toBe("");
    expect(toExcelInput(Number.NaN)).toBe("'NaN");
    expect(toExcelInput(Number.POSITIVE_INFINITY)).toBe("'Infinity");
  });

  test("lone surrogates become U+FFFD, pairs are kept, NUL is dropped", () => {
    expect(cellText("a\ud800b")).toBe("a\ufffdb");
    expect(cellText("\udfffx\ud83d")).toBe("\ufffdx\ufffd");
    expect(cellText("smile \u{1F600}")).toBe("smile \u{1F600}");
    expect(cellText("a\u0000b")).toBe("ab");
  });

  test("a cell holds at most 32,767 characters: longer text is cut with an ellipsis, never inside a surrogate pair", () => {
    const long = cellText("x".repeat(40_000));
    expect(long).toHaveLength(MAX_CELL_CHARS);
    expect(long.endsWith("x\u2026")).toBe(true);
    expect(cellText("y".repeat(MAX_CELL_CHARS))).toBe("y".repeat(MAX_CELL_CHARS));
    const pairs = cellText("\u{1F600}".repeat(20_000));
    expect(pairs.length).toBeLessThanOrEqual(MAX_CELL_CHARS);
    expect(pairs).toBe(cellText(pairs));
    expect(/[\uD800-\uDBFF]\u2026$/.test(pairs)).toBe(false);
    // The quote prefix is not stored, so it does not count against the limit.
    expect(toExcelInput("z".repeat(40_000))).toHaveLength(MAX_CELL_CHARS + 1);
  });
});
