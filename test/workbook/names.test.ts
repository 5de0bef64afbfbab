import fc from "fast-check";
import { MAX_COLUMNS, columnLetter, rangeAddress } from "../../src/workbook/addresses";
import {
  uniqueSheetName,
  uniqueTableName,
  validSheetName,
  validTableName,
} from "../../src/workbook/names";

// Excel's rules for a new worksheet's name, checked independently of the code under test.
function isValidSheetName(name: string): boolean {
  return (
    name.length >= 1 &&
    name.length <= 31 &&
    !/[:\\/?*[\]]/.test(name) &&
    name.trim() !== "" &&
    !name.startsWith("'") &&
    !name.endsWith("'") &&
    name.toLowerCase() !== "history"
  );
}

describe("sheet names", () => {
  test.each([
    ["Bulk results", "Bulk results"],
    ["Results: acme.com / 2024?", "Results_ acme.com _ 2024_"],
    ["[a]*b\\c", "_a__b_c"],
    ["'quoted'", "quoted"],
    ["  ", "Results"],
    ["''", "Results"],
    ["History", "History_"],
    ["HISTORY", "HISTORY_"],
    ["History 2024", "History 2024"],
    ["tab\there", "tabhere"],
    ["a".repeat(40), "a".repeat(31)],
    [`${"b".repeat(30)}'x`, `${"b".repeat(30)}`],
    [`${"c".repeat(30)}\u{1F600}`, "c".repeat(30)],
  ])("validSheetName(%j) is %j", (base, expected) => {
    expect(validSheetName(base)).toBe(expected);
    expect(isValidSheetName(validSheetName(base))).toBe(true);
  });

  test("a taken name gets (2), (3)… and existing names count case-insensitively", () => {
    expect(uniqueSheetName("Results", ["Sheet1"])).toBe("Results");
    expect(uniqueSheetName("Results", ["RESULTS"])).toBe("Results (2)");
    expect(uniqueSheetName("Results", ["results", "Results (2)", "RESULTS (3)"])).toBe(
      "Results (4)"
    );
    expect(uniqueSheetName("History", ["history_"])).toBe("History_ (2)");
  });

  test("the suffix fits inside 31 characters by cutting the name", () => {
    const base = "Bulk search of all the prospects in 2024";
    const first = uniqueSheetName(base, []);
    expect(first).toBe(base.slice(0, 31));
    const second = uniqueSheetName(base, [first]);
    expect(second).toBe(`${base.slice(0, 27)} (2)`);
    expect(second).toHaveLength(31);
    const taken = [
      first,
      ...Array.from({ length: 8 }, (_, i) => `${base.slice(0, 27)} (${i + 2})`),
    ];
    const tenth = uniqueSheetName(base, taken);
    expect(tenth).toBe(`${base.slice(0, 26)} (10)`);
    expect(tenth).toHaveLength(31);
    // A cut that ends in a space or an apostrophe is trimmed before the suffix.
    const quoted = `${"x".repeat(25)} 'yyyy`;
    expect(uniqueSheetName(quoted, [quoted])).toBe(`${"x".repeat(25)} (2)`);
  });

  test("property: any base and any existing names give a valid name that is not taken", () => {
    const existing = fc.array(
      fc.oneof(
        fc.string({ maxLength: 35 }),
        fc.constantFrom("Results", "results (2)", "RESULTS (3)", "Sheet1")
      ),
      { maxLength: 20 }
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 60 }),
          fc.string({ unit: "grapheme", maxLength: 40 }),
          fc.constantFrom("Results", "history", "'", "a]b")
        ),
        existing,
        (base, names) => {
          const name = uniqueSheetName(base, names);
          expect(isValidSheetName(name)).toBe(true);
          expect(names.map((n) => n.toLowerCase())).not.toContain(name.toLowerCase());
        }
      ),
      { numRuns: 500 }
    );
  });
});

describe("table names", () => {
  test.each([
    ["Bulk results (2)", "Bulk_results__2_"],
    ["2024 leads", "_2024_leads"],
    ["A1", "_A1"],
    ["r1c1", "_r1c1"],
    ["R", "_R"],
    ["Résultats", "Résultats"],
  ])("validTableName(%j) is %j", (base, expected) => {
    expect(validTableName(base)).toBe(expected);
  });

  test("a taken name, table or defined name, gets _2, _3…", () => {
    expect(uniqueTableName("Results", ["results", "Results_2"])).toBe("Results_3");
  });
});

describe("addresses", () => {
  test.each([
    [0, "A"],
    [25, "Z"],
    [26, "AA"],
    [51, "AZ"],
    [52, "BA"],
    [701, "ZZ"],
    [702, "AAA"],
    [16383, "XFD"],
  ])("columnLetter(%i) is %s", (index, letters) => {
    expect(columnLetter(index)).toBe(letters);
  });

  test("columns outside A..XFD are refused", () => {
    expect(() => columnLetter(-1)).toThrow(RangeError);
    expect(() => columnLetter(MAX_COLUMNS)).toThrow(/XFD/);
    expect(() => columnLetter(1.5)).toThrow(RangeError);
  });

  test("every column letter is distinct and increases like a base-26 numeral", () => {
    const letters = Array.from({ length: MAX_COLUMNS }, (_, i) => columnLetter(i));
    expect(new Set(letters).size).toBe(MAX_COLUMNS);
    const outOfOrder = letters.filter((b, i) => {
      const a = letters[i - 1];
      return a !== undefined && !(a.length < b.length || (a.length === b.length && a < b));
    });
    expect(outOfOrder).toEqual([]);
  });

  test("rangeAddress gives A1-style blocks and refuses ones outside the sheet", () => {
    expect(rangeAddress(0, 0, 1001, 12)).toBe("A1:L1001");
    expect(rangeAddress(1, 2, 1, 1)).toBe("C2:C2");
    expect(rangeAddress(1_048_575, 16_383, 1, 1)).toBe("XFD1048576:XFD1048576");
    expect(() => rangeAddress(1_048_575, 0, 2, 1)).toThrow(RangeError);
    expect(() => rangeAddress(0, 16_380, 1, 5)).toThrow(RangeError);
    expect(() => rangeAddress(0, 0, 0, 1)).toThrow(RangeError);
  });
});
