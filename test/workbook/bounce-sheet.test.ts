import { readBounceSelection, writeBounceOutcomes } from "../../src/workbook/bounce-sheet";
import { FakeExcel, fillCells } from "./fake-excel";

// A bounce list read from the selection, and each row's outcome written beside it:
// as text, in syncs under the payload limit, and never over a cell the user filled.

function setup(selection: string) {
  const excel = new FakeExcel({ sheetNames: ["Bounces"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  excel.selection = { sheet: sheet.name, address: selection };
  return { excel, sheet };
}

describe("bounces from the selection", () => {
  test("its position and values; more than two columns or 100,000 rows refused", async () => {
    const { excel, sheet } = setup("B2:C4");
    fillCells(sheet, "B2", [
      ["Email", "Message"],
      ["a@example.com", "550 user unknown"],
      ["b@example.com", null],
    ]);
    expect(await readBounceSelection()).toMatchObject({
      sheetName: "Bounces",
      rowIndex: 1,
      columnIndex: 1,
      rowCount: 3,
      columnCount: 2,
      address: "B2:C4",
      values: [
        ["Email", "Message"],
        ["a@example.com", "550 user unknown"],
        ["b@example.com", null],
      ],
    });
    excel.selection = { sheet: "Bounces", address: "A1:D4" };
    fillCells(sheet, "A1", [["x", null, null, "y"]]);
    await expect(readBounceSelection()).rejects.toThrow(/one column of addresses, or two/);
    fillCells(sheet, "F100002", [["z@example.com"]]);
    excel.selection = { sheet: "Bounces", address: "F1:F100002" };
    const reads = excel.reads.length;
    await expect(readBounceSelection()).rejects.toThrow(/more than 100,000 rows/);
    // Refused before the rows were read.
    expect(excel.reads.length - reads).toBeLessThanOrEqual(2);
  });

  test("outcomes go in the column right of the list, as text; empty rows left alone", async () => {
    const { sheet } = setup("A1:B4");
    const place = {
      sheetName: "Bounces",
      rowIndex: 0,
      columnIndex: 0,
      rowCount: 4,
      columnCount: 2,
    };
    const result = await writeBounceOutcomes(place, [
      "Report outcome",
      "reported",
      null,
      'refused: =HYPERLINK("x")',
    ]);
    expect(result).toEqual({ written: true, column: "C" });
    expect(sheet.shown().map((row) => row[2] ?? null)).toEqual([
      "Report outcome",
      "reported",
      null,
      'refused: =HYPERLINK("x")',
    ]);
  });

  test("a column beside the list that holds anything: nothing is written, and it says which", async () => {
    const { excel, sheet } = setup("A1:A3");
    fillCells(sheet, "B3", [["my note"]]);
    const before = excel.ops.filter((op) => op.op === "values").length;
    const place = {
      sheetName: "Bounces",
      rowIndex: 0,
      columnIndex: 0,
      rowCount: 3,
      columnCount: 1,
    };
    expect(await writeBounceOutcomes(place, ["Report outcome", "reported", "reported"])).toEqual({
      written: false,
      column: "B",
    });
    expect(excel.ops.filter((op) => op.op === "values").length).toBe(before);
    expect(sheet.shown().map((row) => row[1] ?? null)).toEqual([null, null, "my note"]);
  });

  test("a report again of the same list writes over its own outcomes, never over the user's", async () => {
    const { sheet } = setup("A1:A3");
    const place = {
      sheetName: "Bounces",
      rowIndex: 0,
      columnIndex: 0,
      rowCount: 3,
      columnCount: 1,
    };
    const first = ["Report outcome", "reported", "not reported (stopped)"];
    expect((await writeBounceOutcomes(place, first)).written).toBe(true);
    const second = ["Report outcome", "reported", "reported"];
    expect((await writeBounceOutcomes(place, second)).written).toBe(false);
    expect((await writeBounceOutcomes(place, second, { ours: first })).written).toBe(true);
    expect(sheet.shown().map((row) => row[1])).toEqual(second);
    fillCells(sheet, "B2", [["typed by the user"]]);
    expect((await writeBounceOutcomes(place, first, { ours: second })).written).toBe(false);
    expect(sheet.shown()[1]![1]).toBe("typed by the user");
  });

  test("many rows: every sync stays under the payload limit", async () => {
    const { excel, sheet } = setup("A1:A60001");
    const rows = 60_000;
    const place = {
      sheetName: "Bounces",
      rowIndex: 0,
      columnIndex: 0,
      rowCount: rows,
      columnCount: 1,
    };
    const long = `refused: ${"x".repeat(300)}`;
    const outcomes = Array.from({ length: rows }, (_, i) => (i % 2 ? "reported" : long));
    expect(await writeBounceOutcomes(place, outcomes, { maxPayloadBytes: 1024 * 1024 })).toEqual({
      written: true,
      column: "B",
    });
    expect(excel.syncs.length).toBeGreaterThan(5);
    expect(Math.max(...excel.syncs.map((s) => s.payloadBytes))).toBeLessThanOrEqual(1024 * 1024);
    expect(sheet.shown()[59_999]![1]).toBe("reported");
  });
});
