import {
  DEFAULT_MAX_PAYLOAD_BYTES,
  MAX_CELLS_PER_SYNC,
  MAX_COLUMN_WIDTH_POINTS,
  writeTableToNewSheet,
  type CellValue,
} from "../../src/workbook/sheet-writer";
import { FakeExcel, parseAddress, type FakeOp } from "./fake-excel";

const FORMATTING: Array<FakeOp["op"]> = [
  "numberFormat",
  "tables.add",
  "table.name",
  "autofitColumns",
  "columnWidth",
  "freezeRows",
  "activate",
];

function valueSyncs(excel: FakeExcel): number[] {
  return [...new Set(excel.ops.filter((o) => o.op === "values").map((o) => o.sync))];
}

function cellsOf(op: FakeOp): number {
  const block = parseAddress(op.address!);
  return block.rows * block.columns;
}

describe("writeTableToNewSheet", () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Excel;
  });

  test("a new sheet holds the header and every row, text as text and numbers as numbers", async () => {
    const excel = new FakeExcel({ sheetNames: ["Sheet1"] });
    const header = ["email", "name", "status", "credits", "verified", "phone", "zip", "note"];
    const rows: CellValue[][] = [
      [
        "ada@acme.com",
        "Ada Stone",
        "valid",
        1,
        true,
        "+33 1 23 45 67 89",
        "00123",
        '=HYPERLINK("http://evil")',
      ],
      ["-ben@x.io", "@ben", "risky", 0.2, false, "\t=cmd", "1/2", "'quoted"],
      [null, "", "not_found", 0, null, null, "TRUE", "\r=1+1"],
      ["short row"],
    ];
    const result = await writeTableToNewSheet(
      { header, rows },
      { baseName: "Bulk results", context: excel.context() }
    );

    expect(result).toMatchObject({
      sheetName: "Bulk results",
      tableName: "Bulk_results",
      rowCount: 4,
    });
    const sheet = excel.sheet("Bulk results");
    const shown = sheet.shown();
    const expected = [header, ...rows].map((row) =>
      header.map((_, c) => (row[c] === undefined || row[c] === "" ? null : row[c]))
    );
    expect(shown).toEqual(expected);
    // Not one cell became a formula, and every string is stored as text.
    for (let r = 0; r < expected.length; r++) {
      for (let c = 0; c < header.length; c++) {
        const cell = sheet.cell(r, c);
        expect(cell.kind).not.toBe("formula");
        if (typeof expected[r]![c] === "string") expect(cell.kind).toBe("text");
      }
    }
    expect(excel.tables).toEqual([
      { name: "Bulk_results", sheet: "Bulk results", address: "A1:H5", hasHeaders: true },
    ]);
    expect(sheet.frozenRows).toBe(1);
    expect(excel.activeSheet).toBe("Bulk results");
  });

  test("values are all written before any formatting, table or freeze", async () => {
    const excel = new FakeExcel();
    const rows = Array.from({ length: 30_000 }, (_, i) => [
      `person${i}@example.com`,
      i,
      `Name ${i}`,
    ]);
    await writeTableToNewSheet(
      { header: ["email", "n", "name"], rows },
      { baseName: "Order", context: excel.context(), maxPayloadBytes: 256 * 1024 }
    );

    const kinds = excel.ops.map((o) => o.op);
    const lastValues = kinds.lastIndexOf("values");
    const firstFormatting = kinds.findIndex((k) => FORMATTING.includes(k));
    expect(valueSyncs(excel).length).toBeGreaterThan(3);
    expect(firstFormatting).toBeGreaterThan(lastValues);
    for (const k of [
      "numberFormat",
      "tables.add",
      "autofitColumns",
      "freezeRows",
      "activate",
    ] as const)
      expect(kinds).toContain(k);
    // Formatting travels in syncs after the last one that carried values.
    const lastValueSync = Math.max(...valueSyncs(excel));
    expect(
      excel.ops.filter((o) => FORMATTING.includes(o.op)).every((o) => o.sync > lastValueSync)
    ).toBe(true);
  });

  test("a table of about 12 MB of JSON goes in several syncs, each under the 4 MB budget", async () => {
    const excel = new FakeExcel({ keepCells: false });
    const long = "x".repeat(330);
    const rows = Array.from({ length: 3_000 }, (_, r) =>
      Array.from({ length: 12 }, (_, c) => `${r}-${c} ${long}`)
    );
    expect(Buffer.byteLength(JSON.stringify(rows))).toBeGreaterThan(11_500_000);
    const progress: Array<[number, number]> = [];
    const result = await writeTableToNewSheet(
      { header: Array.from({ length: 12 }, (_, c) => `col${c}`), rows },
      {
        baseName: "Big",
        context: excel.context(),
        onProgress: (done, total) => progress.push([done, total]),
      }
    );

    const syncsWithValues = valueSyncs(excel);
    expect(syncsWithValues.length).toBeGreaterThanOrEqual(3);
    const payloads = syncsWithValues.map((i) => excel.syncs[i]!.payloadBytes);
    expect(Math.max(...payloads)).toBeLessThanOrEqual(DEFAULT_MAX_PAYLOAD_BYTES);
    expect(Math.max(...excel.syncs.map((s) => s.payloadBytes))).toBeLessThan(5 * 1024 * 1024);
    // The writer's own estimate is never below what went on the wire, and close to it.
    expect(result.largestPayloadBytes).toBeGreaterThanOrEqual(Math.max(...payloads));
    expect(result.largestPayloadBytes).toBeLessThan(Math.max(...payloads) + 1_000);
    expect(result.syncCount).toBe(excel.syncs.length);
    // Every row is written exactly once, in order, and progress follows each chunk.
    const blocks = excel.ops.filter((o) => o.op === "values").map((o) => parseAddress(o.address!));
    expect(blocks.map((b) => b.row)).toEqual(
      blocks.map((_, i) => blocks.slice(0, i).reduce((n, b) => n + b.rows, 0))
    );
    expect(blocks.reduce((n, b) => n + b.rows, 0)).toBe(3_001);
    expect(progress).toHaveLength(syncsWithValues.length);
    expect(progress.at(-1)).toEqual([3_000, 3_000]);
    expect(progress.every(([done], i) => i === 0 || done > progress[i - 1]![0])).toBe(true);
  });

  test("a payload budget given by the caller is kept", async () => {
    const excel = new FakeExcel({ keepCells: false });
    const rows = Array.from({ length: 2_000 }, (_, r) => [`row ${r}`, r, "é".repeat(50)]);
    await writeTableToNewSheet(
      { header: ["a", "b", "c"], rows },
      { baseName: "Budget", context: excel.context(), maxPayloadBytes: 20_000 }
    );
    const payloads = valueSyncs(excel).map((i) => excel.syncs[i]!.payloadBytes);
    expect(payloads.length).toBeGreaterThanOrEqual(
      Math.ceil((Buffer.byteLength(JSON.stringify(rows)) + 2_000) / 20_000)
    );
    expect(Math.max(...payloads)).toBeLessThanOrEqual(20_000);
  });

  test("small cells are still cut at 200,000 cells per sync", async () => {
    const excel = new FakeExcel({ keepCells: false });
    const rows = Array.from({ length: 50_000 }, () => Array.from({ length: 12 }, () => 1));
    await writeTableToNewSheet(
      { header: Array.from({ length: 12 }, (_, c) => `c${c}`), rows },
      { baseName: "Ones", context: excel.context() }
    );
    const valueOps = excel.ops.filter((o) => o.op === "values");
    expect(valueOps.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...valueOps.map(cellsOf))).toBeLessThanOrEqual(MAX_CELLS_PER_SYNC);
  });

  test("a row larger than the budget is written in column slices", async () => {
    const excel = new FakeExcel();
    const wide = Array.from({ length: 10 }, (_, c) => `${c}${"w".repeat(300)}`);
    const rows: CellValue[][] = [
      ["small", 1, 2, 3, 4, 5, 6, 7, 8, 9],
      wide,
      ["after", 1, 2, 3, 4, 5, 6, 7, 8, 9],
    ];
    const progress: number[] = [];
    await writeTableToNewSheet(
      { header: Array.from({ length: 10 }, (_, c) => `h${c}`), rows },
      {
        baseName: "Wide",
        context: excel.context(),
        maxPayloadBytes: 1_000,
        onProgress: (done) => progress.push(done),
      }
    );
    const payloads = valueSyncs(excel).map((i) => excel.syncs[i]!.payloadBytes);
    expect(Math.max(...payloads)).toBeLessThanOrEqual(1_000);
    expect(excel.sheet("Wide").shown()[2]).toEqual(wide);
    expect(excel.sheet("Wide").shown()[3]).toEqual(rows[2]);
    expect(progress.at(-1)).toBe(3);
  });

  test("an empty result still gives a sheet with the header as a table", async () => {
    const excel = new FakeExcel();
    const progress: Array<[number, number]> = [];
    const result = await writeTableToNewSheet(
      { header: ["email", "=status"], rows: [] },
      {
        baseName: "Nothing found",
        context: excel.context(),
        onProgress: (done, total) => progress.push([done, total]),
      }
    );
    expect(result.rowCount).toBe(0);
    expect(excel.sheet("Nothing found").shown()).toEqual([["email", "=status"]]);
    expect(excel.tables[0]).toMatchObject({
      address: "A1:B1",
      hasHeaders: true,
      name: result.tableName,
    });
    expect(progress).toEqual([[0, 0]]);
    expect(excel.ops.some((o) => o.op === "numberFormat")).toBe(false);
  });

  test("names are unique among existing sheets, tables and defined names", async () => {
    const excel = new FakeExcel({
      sheetNames: ["Sheet1", "RESULTS", "results (2)"],
      tableNames: ["Results__3_"],
      definedNames: ["results__3__2"],
    });
    const result = await writeTableToNewSheet(
      { header: ["a"], rows: [["x"]] },
      { baseName: "Results", context: excel.context() }
    );
    expect(result.sheetName).toBe("Results (3)");
    expect(result.tableName).toBe("Results__3__3");
    const again = await writeTableToNewSheet(
      { header: ["a"], rows: [["y"]] },
      { baseName: "results", context: excel.context() }
    );
    expect(again.sheetName).toBe("results (4)");
    expect(new Set(excel.tables.map((t) => t.name.toLowerCase())).size).toBe(excel.tables.length);
  });

  test("text columns get the text format on their data rows; number and mixed columns do not", async () => {
    const excel = new FakeExcel();
    const rows: CellValue[][] = [
      ["a@x.io", 1, "Ada", "x", 1],
      ["b@x.io", 2, null, 3, "2"],
    ];
    await writeTableToNewSheet(
      { header: ["email", "n", "name", "mixed", "mixed2"], rows },
      { baseName: "Formats", context: excel.context() }
    );
    expect(Object.fromEntries(excel.sheet("Formats").numberFormats)).toEqual({
      "A2:A3": "@",
      "C2:C3": "@",
    });
  });

  test("columns are autofitted and wide ones capped", async () => {
    const excel = new FakeExcel();
    await writeTableToNewSheet(
      { header: ["id", "long"], rows: [["1", "z".repeat(500)]] },
      { baseName: "Widths", context: excel.context() }
    );
    const widths = excel.sheet("Widths").columnWidths;
    expect(widths.get(1)).toBe(MAX_COLUMN_WIDTH_POINTS);
    expect(widths.get(0)).toBeLessThan(MAX_COLUMN_WIDTH_POINTS);
  });

  test("without a context it runs in Excel.run", async () => {
    const excel = new FakeExcel();
    excel.install();
    const result = await writeTableToNewSheet({ header: ["a"], rows: [[1]] }, { baseName: "Run" });
    expect(result.sheetName).toBe("Run");
    expect(excel.sheet("Run").shown()).toEqual([["a"], [1]]);
  });

  test("a failure midway removes the half-written sheet and says which sheet", async () => {
    const excel = new FakeExcel({ keepCells: false });
    excel.failSync = 2;
    const rows = Array.from({ length: 5_000 }, (_, i) => [`row ${i}`]);
    await expect(
      writeTableToNewSheet(
        { header: ["a"], rows },
        { baseName: "Broken", context: excel.context(), maxPayloadBytes: 10_000 }
      )
    ).rejects.toThrow(/"Broken".*connection was lost/);
    expect(excel.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect(excel.ops.at(-1)?.op).toBe("delete");
  });

  test("tables Excel cannot hold are refused before anything is written", async () => {
    const excel = new FakeExcel();
    const context = excel.context();
    await expect(
      writeTableToNewSheet({ header: [], rows: [] }, { baseName: "x", context })
    ).rejects.toThrow(/at least one column/);
    await expect(
      writeTableToNewSheet({ header: ["a"], rows: [["1", "2"]] }, { baseName: "x", context })
    ).rejects.toThrow(/Row 1 has 2 cells/);
    await expect(
      writeTableToNewSheet(
        { header: ["a"], rows: { length: 1_048_576 } as unknown as CellValue[][] },
        { baseName: "x", context }
      )
    ).rejects.toThrow(/at most 1048575/);
    expect(excel.ops).toEqual([]);
    expect(excel.syncs).toEqual([]);
  });
});
