import { callsMailFunction, freezeMessage, freezeSelection } from "../../src/workbook/freeze";
import { FakeExcel, parseAddress, storeInput, type FakeSheet, type Result } from "./fake-excel";

// Freeze results: the MAIL formulas of the selection become their values, against
// the in-memory Excel of fake-excel.ts (cells as Excel stores typed input, spills, 5 MB limits).

const MB = 1024 * 1024;

/** Office.context.requirements with ExcelApi up to this version (spill ranges are 1.12). */
function installOffice(excelApi: string): void {
  const atLeast = (have: string, want: string): boolean => {
    const [a, b] = [have, want].map((v) => v.split(".").map(Number));
    return a![0]! > b![0]! || (a![0] === b![0] && (a![1] ?? 0) >= (b![1] ?? 0));
  };
  (globalThis as Record<string, unknown>).Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version = "1.1") =>
          name === "ExcelApi" && atLeast(excelApi, version),
      },
    },
  };
}

/** Cells typed in from a top-left cell, as a user types them. */
function type(sheet: FakeSheet, topLeft: string, rows: unknown[][]): void {
  const { row, column } = parseAddress(topLeft);
  rows.forEach((cells, i) =>
    cells.forEach((value, j) => sheet.write(row + i, column + j, storeInput(value)))
  );
}

function workbook(selection: string): { excel: FakeExcel; sheet: FakeSheet } {
  const excel = new FakeExcel();
  excel.selection = { sheet: "Sheet1", address: selection };
  return { excel, sheet: excel.sheet("Sheet1") };
}

const valueOf = (sheet: FakeSheet, address: string): unknown => {
  const { row, column } = parseAddress(address);
  return sheet.read("values", row, column);
};
const formulaOf = (sheet: FakeSheet, address: string): unknown => {
  const { row, column } = parseAddress(address);
  return sheet.read("formulas", row, column);
};
const storedAt = (sheet: FakeSheet, address: string) => {
  const { row, column } = parseAddress(address);
  return sheet.cell(row, column);
};
const valueWrites = (excel: FakeExcel): string[] =>
  excel.ops.filter((op) => op.op === "values").map((op) => op.address!);

describe("callsMailFunction", () => {
  test.each([
    ["=MAIL.FINDEMAIL(A2,B2,C2)", true],
    ['=IFERROR(mail.verifyemail(D2),"")', true],
    ["=Mail.Employees(A1, 10)", true],
    ['=IF(A1="",MAIL.COMPANYEMAILS(B1),"")', true],
    ['="MAIL.FINDEMAIL(A2)"', false],
    ['="say ""MAIL.X("" twice"&A1', false],
    ["=LEN('MAIL.LIST(2024)'!A1)", false],
    ["='it''s'!A1&MAIL.CREDITS()", true],
    ["=XMAIL.FINDEMAIL(A2)", false],
    ["=SUM(A1:A9)", false],
    ["=MAIL.FINDEMAIL", false],
    ["MAIL.FINDEMAIL(A2)", false],
  ])("%s -> %s", (formula, expected) => {
    expect(callsMailFunction(formula)).toBe(expected);
  });
});

describe("freezeSelection", () => {
  beforeEach(() => installOffice("1.17"));
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Office;
    delete (globalThis as Record<string, unknown>).Excel;
  });

  test("MAIL formulas become their values: text stays text, numbers and booleans stay as they are", async () => {
    const { excel, sheet } = workbook("B1:B11");
    const results: Result[] = [
      "00123",
      "=1+1",
      "TRUE",
      "-5",
      "'x",
      "1/2",
      "ada@acme.com",
      "",
      97,
      true,
      -0.2,
    ];
    results.forEach((result, i) =>
      sheet.setFormula(
        `B${i + 1}`,
        i % 2 ? `=mail.verifyemail(A${i + 1})` : `=MAIL.FINDEMAIL(A${i + 1},"acme.com")`,
        [[result]]
      )
    );
    sheet.setFormula("B11", '=IFERROR(MAIL.FINDEMAIL(A11,"acme.com"),"")', [[-0.2]]);

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary).toEqual({ frozen: 11, keptErrors: 0, keptCards: 0, anchors: 11 });
    results.forEach((result, i) => {
      const address = `B${i + 1}`;
      // Read back as Excel gives it: the same text, number or boolean, and no formula.
      expect(valueOf(sheet, address)).toBe(result);
      expect(storedAt(sheet, address).kind).not.toBe("formula");
      if (typeof result === "string" && result !== "")
        expect(storedAt(sheet, address)).toEqual({
          kind: "text",
          value: result,
          quotePrefix: true,
        });
    });
    expect(storedAt(sheet, "B8")).toEqual({ kind: "empty" });
    expect(storedAt(sheet, "B9")).toEqual({ kind: "number", value: 97 });
    expect(storedAt(sheet, "B10")).toEqual({ kind: "boolean", value: true });
    // A column of formulas is written as one block.
    expect(valueWrites(excel)).toEqual(["B1:B11"]);
  });

  test("cells showing a card (answers as cards) become the card itself, not its #VALUE! reading", async () => {
    const { excel, sheet } = workbook("A1:B3");
    type(sheet, "A1", [["Ada"], ["Grace"], ["Alan"]]);
    const ada = {
      type: "Entity" as const,
      text: "ada@example.com",
      properties: { email_status: { type: "String", basicValue: "valid" } },
    };
    const alan = { type: "Entity" as const, text: "alan@example.com", properties: {} };
    sheet.setFormula("B1", "=MAIL.FINDEMAIL(A1,,C1)", [[ada]]);
    sheet.setFormula("B2", "=MAIL.FINDEMAIL(A2,,C2)", [["grace@example.com"]]);
    sheet.setFormula("B3", '=MAIL.DECISIONMAKER(C3,"ceo")', [[alan]]);

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary).toEqual({ frozen: 3, keptErrors: 0, keptCards: 0, anchors: 3 });
    expect(storedAt(sheet, "B1")).toEqual({ kind: "entity", value: ada });
    expect(storedAt(sheet, "B3")).toEqual({ kind: "entity", value: alan });
    expect(valueOf(sheet, "B2")).toBe("grace@example.com");
    expect(excel.ops.filter((op) => op.op === "valuesAsJson").map((op) => op.address)).toEqual([
      "B1",
      "B3",
    ]);
    expect(freezeMessage(summary)).toBe("Froze 3 cells.");
  });

  test("without ExcelApi 1.16 a card keeps its formula: writing values would destroy it", async () => {
    installOffice("1.15");
    const { excel, sheet } = workbook("A1:B2");
    sheet.setFormula("B1", "=MAIL.FINDEMAIL(A1,,C1)", [
      [{ type: "Entity", text: "ada@example.com" }],
    ]);
    sheet.setFormula("B2", "=MAIL.FINDEMAIL(A2,,C2)", [["grace@example.com"]]);

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary).toEqual({ frozen: 1, keptErrors: 0, keptCards: 1, anchors: 1 });
    expect(formulaOf(sheet, "B1")).toBe("=MAIL.FINDEMAIL(A1,,C1)");
    expect(excel.ops.some((op) => op.op === "valuesAsJson")).toBe(false);
    expect(freezeMessage(summary)).toBe(
      "Froze 1 cell; 1 cell showing a card kept its formula (this Excel cannot write a card as a value)."
    );
  });

  test("cells showing an error keep their formula; other formulas, text and MAIL in a string are left alone", async () => {
    const { excel, sheet } = workbook("A1:B9");
    type(sheet, "A1", [["Name"], ["Ada"], ["'=MAIL.FINDEMAIL(A2)"], [7]]);
    sheet.setFormula("B1", "=MAIL.FINDEMAIL(A1,B1)", [[{ error: "#N/A" }]]);
    sheet.setFormula("B2", "=SUM(1,2)", [[3]]);
    sheet.setFormula("B3", '="MAIL.FINDEMAIL(x)"', [["MAIL.FINDEMAIL(x)"]]);
    sheet.setFormula("B4", "=LEN('MAIL.LIST(1)'!A1)", [[4]]);
    sheet.setFormula("B5", "=MAIL.VERIFYEMAIL(A5)", [["valid"]]);
    sheet.setFormula("B6", "=XMAIL.FOO(1)", [["x"]]);
    sheet.setFormula("B7", "=MAIL.CREDITS()", [[{ error: "#VALUE!" }]]);
    type(sheet, "B8", [["=MAIL.FINDEMAIL(A8)"]]); // typed in, never calculated: #NAME?

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary).toEqual({ frozen: 1, keptErrors: 3, keptCards: 0, anchors: 1 });
    expect(valueWrites(excel)).toEqual(["B5"]);
    expect(valueOf(sheet, "B5")).toBe("valid");
    expect(formulaOf(sheet, "B1")).toBe("=MAIL.FINDEMAIL(A1,B1)");
    expect(valueOf(sheet, "B1")).toBe("#N/A");
    expect(formulaOf(sheet, "B2")).toBe("=SUM(1,2)");
    expect(formulaOf(sheet, "B3")).toBe('="MAIL.FINDEMAIL(x)"');
    expect(formulaOf(sheet, "B4")).toBe("=LEN('MAIL.LIST(1)'!A1)");
    expect(formulaOf(sheet, "B6")).toBe("=XMAIL.FOO(1)");
    expect(formulaOf(sheet, "B7")).toBe("=MAIL.CREDITS()");
    expect(formulaOf(sheet, "B8")).toBe("=MAIL.FINDEMAIL(A8)");
    expect(storedAt(sheet, "A3")).toEqual({
      kind: "text",
      value: "=MAIL.FINDEMAIL(A2)",
      quotePrefix: true,
    });
  });

  test("a spill is frozen whole, beyond the selection too; a spill of another formula is left alone", async () => {
    // A row (FINDEMAIL with fields) and a column (COMPANYEMAILS); the selection holds the
    // anchors, part of the row's spill and none of the column's below the anchor.
    const { excel, sheet } = workbook("A2:E2");
    sheet.setFormula("A2", '=MAIL.FINDEMAIL(F2,G2,"acme.com","email,status,score")', [
      ["ada@acme.com", "valid", 97],
    ]);
    sheet.setFormula("E2", '=MAIL.COMPANYEMAILS("acme.com")', [
      ["info@acme.com"],
      ["00123"],
      ["=cmd"],
    ]);
    sheet.setFormula("D1", "=SEQUENCE(1,1)", [[1]]);
    sheet.setFormula("D2", "=SEQUENCE(3)", [[1], [2], [3]]);

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary).toEqual({ frozen: 6, keptErrors: 0, keptCards: 0, anchors: 2 });
    expect(sheet.spillOf(0, 0)).toBeNull();
    expect(sheet.spillOf(1, 4)).toBeNull();
    expect(["A2", "B2", "C2", "E2", "E3", "E4"].map((a) => valueOf(sheet, a))).toEqual([
      "ada@acme.com",
      "valid",
      97,
      "info@acme.com",
      "00123",
      "=cmd",
    ]);
    expect(["A2", "B2", "C2", "E2", "E3", "E4"].map((a) => storedAt(sheet, a).kind)).toEqual([
      "text",
      "text",
      "number",
      "text",
      "text",
      "text",
    ]);
    expect(valueWrites(excel).sort()).toEqual(["A2:C2", "E2:E4"]);
    // SEQUENCE still spills: its cells in the selection were not written.
    expect(formulaOf(sheet, "D2")).toBe("=SEQUENCE(3)");
    expect(sheet.spillOf(1, 3)).toEqual({ row: 1, column: 3, rows: 3, columns: 1 });
  });

  test("a spill that shows an error keeps its formula; a spill that runs past a read block is frozen once", async () => {
    const { excel, sheet } = workbook("A1:B6");
    sheet.setFormula("A1", '=MAIL.EMPLOYEES("acme.com")', [["Ada"], [{ error: "#N/A" }]]);
    sheet.setFormula("B1", '=MAIL.EMPLOYEES("beta.io")', [["Ben"], ["Cy"], ["Di"], ["Ed"]]);
    type(sheet, "A6", [["end"]]);

    const summary = await freezeSelection({ context: excel.context(), cellsPerRead: 4 });

    expect(summary).toEqual({ frozen: 4, keptErrors: 1, keptCards: 0, anchors: 1 });
    expect(sheet.spillOf(0, 0)).toEqual({ row: 0, column: 0, rows: 2, columns: 1 });
    expect(["B1", "B2", "B3", "B4"].map((a) => valueOf(sheet, a))).toEqual([
      "Ben",
      "Cy",
      "Di",
      "Ed",
    ]);
    expect(valueWrites(excel)).toEqual(["B1:B4"]);
    expect(Math.max(...excel.reads.map((r) => r.cells))).toBeLessThanOrEqual(4);
  });

  test("without ExcelApi 1.12 no spill range is asked for, and single cells are still frozen", async () => {
    installOffice("1.11");
    const { excel, sheet } = workbook("A1:A2");
    sheet.setFormula("A1", "=MAIL.VERIFYEMAIL(B1)", [["valid"]]);
    sheet.setFormula("A2", "=MAIL.VERIFYEMAIL(B2)", [["invalid"]]);
    const summary = await freezeSelection({ context: excel.context() });
    expect(summary).toEqual({ frozen: 2, keptErrors: 0, keptCards: 0, anchors: 2 });
    expect(excel.spillQueries).toBe(0);
    expect([valueOf(sheet, "A1"), valueOf(sheet, "A2")]).toEqual(["valid", "invalid"]);
  });

  test("nothing to freeze: a clear error and nothing written", async () => {
    const { excel, sheet } = workbook("A1:C3");
    type(sheet, "A1", [
      ["Name", "Email"],
      ["Ada", "ada@acme.com"],
    ]);
    sheet.setFormula("C1", "=SUM(1,2)", [[3]]);
    sheet.setFormula("C2", '="=MAIL.FINDEMAIL(A2)"', [["=MAIL.FINDEMAIL(A2)"]]);
    await expect(freezeSelection({ context: excel.context() })).rejects.toThrow(
      "No MAIL formulas in the selection."
    );
    expect(valueWrites(excel)).toEqual([]);

    // An empty sheet, and a selection outside the used cells.
    const empty = workbook("A:C");
    await expect(freezeSelection({ context: empty.excel.context() })).rejects.toThrow(
      "No MAIL formulas in the selection."
    );
    excel.selection = { sheet: "Sheet1", address: "F10:G20" };
    await expect(freezeSelection({ context: excel.context() })).rejects.toThrow(
      "No MAIL formulas in the selection."
    );
    expect(valueWrites(excel)).toEqual([]);
  });

  test("a selection of several areas is refused with a message", async () => {
    const { excel, sheet } = workbook("A1");
    sheet.setFormula("A1", "=MAIL.VERIFYEMAIL(B1)", [["valid"]]);
    excel.selection.areas = 2;
    await expect(freezeSelection({ context: excel.context() })).rejects.toThrow(
      /one block of cells/
    );
    expect(valueWrites(excel)).toEqual([]);
  });

  test("a large selection of whole columns: only used rows are read, writes stay under the payload budget", async () => {
    const { excel, sheet } = workbook("A:B");
    const rows = 30_000;
    const text = (i: number): string => `${String(i).padStart(6, "0")}-${"é".repeat(60)}`;
    for (let i = 0; i < rows; i++) {
      sheet.setFormula(`A${i + 1}`, `=MAIL.FINDEMAIL(C${i + 1},D${i + 1})`, [[text(i)]]);
      sheet.setFormula(`B${i + 1}`, `=MAIL.VERIFYEMAIL(A${i + 1})`, [[i % 2 ? "valid" : 0.2]]);
    }
    const budget = 1 * MB;

    const summary = await freezeSelection({ context: excel.context(), maxPayloadBytes: budget });

    expect(summary).toEqual({ frozen: 2 * rows, keptErrors: 0, keptCards: 0, anchors: 2 * rows });
    // Reads: the used rows only, at most 20,000 cells a sync.
    expect(excel.reads.reduce((sum, r) => sum + r.cells, 0)).toBe(2 * rows);
    expect(Math.max(...excel.reads.map((r) => r.cells))).toBeLessThanOrEqual(20_000);
    // Writes: several syncs, each under the budget (the fake refuses 5 MB like Excel).
    const writeSyncs = [...new Set(excel.ops.filter((o) => o.op === "values").map((o) => o.sync))];
    expect(writeSyncs.length).toBeGreaterThan(3);
    for (const index of writeSyncs)
      expect(excel.syncs[index]!.payloadBytes).toBeLessThanOrEqual(budget);
    for (const i of [0, 1, 12_345, rows - 1]) {
      expect(valueOf(sheet, `A${i + 1}`)).toBe(text(i));
      expect(storedAt(sheet, `A${i + 1}`).kind).toBe("text");
      expect(valueOf(sheet, `B${i + 1}`)).toBe(i % 2 ? "valid" : 0.2);
    }
  });

  test("long texts: a read answer over 5 MB is read again in halves, and values go in several syncs", async () => {
    const { excel, sheet } = workbook("A1:A2000");
    const long = (i: number): string => `${i}:${"x".repeat(3_000)}`;
    for (let i = 0; i < 2_000; i++)
      sheet.setFormula(`A${i + 1}`, `=MAIL.FINDEMAIL(B${i + 1})`, [[long(i)]]);

    const summary = await freezeSelection({ context: excel.context() });

    expect(summary.frozen).toBe(2_000);
    expect(excel.syncs.some((s) => s.responseBytes > 5 * MB)).toBe(true);
    expect(Math.max(...excel.syncs.map((s) => s.payloadBytes))).toBeLessThan(5 * MB);
    expect(valueOf(sheet, "A1999")).toBe(long(1998));
    expect(valueWrites(excel).length).toBeGreaterThan(1);
  });
});

describe("freezeMessage", () => {
  const summary = (frozen: number, keptErrors: number, keptCards: number) => ({
    frozen,
    keptErrors,
    keptCards,
    anchors: frozen,
  });

  test.each([
    [summary(1, 0, 0), "Froze 1 cell."],
    [summary(5, 1, 0), "Froze 5 cells; 1 cell showing an error kept its formula."],
    [
      summary(2, 0, 3),
      "Froze 2 cells; 3 cells showing a card kept their formula (this Excel cannot write a card as a value).",
    ],
    [
      summary(2, 2, 1),
      "Froze 2 cells; 2 cells showing an error kept their formula; 1 cell showing a card kept its formula (this Excel cannot write a card as a value).",
    ],
    [summary(0, 1, 0), "Nothing frozen: 1 cell showing an error kept its formula."],
    [
      summary(0, 0, 2),
      "Nothing frozen: 2 cells showing a card kept their formula (this Excel cannot write a card as a value).",
    ],
    [
      summary(0, 3, 1),
      "Nothing frozen: 3 cells showing an error kept their formula; 1 cell showing a card kept its formula (this Excel cannot write a card as a value).",
    ],
    [summary(0, 0, 0), "No MAIL formulas in the selection."],
  ])("%j: %s", (given, said) => {
    expect(freezeMessage(given)).toBe(said);
  });
});
