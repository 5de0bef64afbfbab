import { FakeExcel, fillCells } from "./fake-excel";
import { conflictAddresses, prepareEnrichTarget } from "../../src/workbook/enrich-columns";
import { readEnrichSource, type EnrichSource } from "../../src/workbook/enrich-source";
import { writeEnrichedRows } from "../../src/workbook/enrich-write";
import type { EnrichPlan } from "../../src/flows/enrich/enrich-plan";
import {
  NO_VALUE,
  answerCells,
  notPossibleCells,
  type OutputField,
} from "../../src/lists/enrich-outputs";
import type { CellValue } from "../../src/lists/cell-values";
import { planOf } from "../flows/enrich/enrich-fixtures";

const OUTPUTS: OutputField[] = ["email", "email_status"];
const LIMIT = 5 * 1024 * 1024;

function setup(selection: string, options: { sheetName?: string } = {}) {
  const excel = new FakeExcel({ sheetNames: [options.sheetName ?? "Leads"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  excel.selection = { sheet: sheet.name, address: selection };
  return { excel, sheet };
}

const PEOPLE = [
  ["First name", "Last name", "Website"],
  ["Ada", "Lovelace", "example.com"],
  ["Grace", "Hopper", "navy.mil"],
  ["Alan", "Turing", "bletchley.uk"],
];

const planFor = (source: EnrichSource, outputs = OUTPUTS): EnrichPlan =>
  planOf(source, { outputs });

const found = (row: number) => ({
  row,
  values: answerCells(OUTPUTS, {
    status: "ok",
    value: { email: `person${row}@example.com`, email_status: "valid" },
  }),
});

describe("reading the list", () => {
  test("a plain selection: its position, header and rows", async () => {
    const { sheet } = setup("B2:D5");
    fillCells(sheet, "B2", PEOPLE);
    const source = await readEnrichSource();
    expect(source).toEqual({
      sheetName: "Leads",
      tableName: null,
      rowIndex: 1,
      columnIndex: 1,
      columnCount: 3,
      header: PEOPLE[0],
      rows: PEOPLE.slice(1),
      outputs: [],
    });
  });

  test("a selection of whole columns is clipped to the used range", async () => {
    const { sheet } = setup("A:C");
    fillCells(sheet, "A1", PEOPLE);
    const source = await readEnrichSource();
    expect([source.rowIndex, source.rows.length, source.columnCount]).toEqual([0, 3, 3]);
  });

  test("the whole table the selection is in, wherever in it the selection is", async () => {
    const { excel, sheet } = setup("C4");
    fillCells(sheet, "B2", PEOPLE);
    excel.tables.push({ name: "People", sheet: "Leads", address: "B2:D5", hasHeaders: true });
    const source = await readEnrichSource();
    expect(source).toMatchObject({
      tableName: "People",
      rowIndex: 1,
      columnIndex: 1,
      columnCount: 3,
      header: PEOPLE[0],
      rows: PEOPLE.slice(1),
    });
  });

  test("a selection over two tables, or of several areas, is refused", async () => {
    const { excel, sheet } = setup("A1:H3");
    fillCells(sheet, "A1", [
      ["Email", null, null, null, "Email"],
      ["a@example.com", null, null, null, "b@example.com"],
    ]);
    excel.tables.push({ name: "One", sheet: "Leads", address: "A1:A2", hasHeaders: true });
    excel.tables.push({ name: "Two", sheet: "Leads", address: "E1:E2", hasHeaders: true });
    await expect(readEnrichSource()).rejects.toThrow(/several tables/);
    excel.selection = { sheet: "Leads", address: "A1", areas: 2 };
    await expect(readEnrichSource()).rejects.toThrow(/one block of cells/);
  });

  test("a selection with a header and no data rows is refused as it is read", async () => {
    const { sheet } = setup("A1:C1");
    fillCells(sheet, "A1", [PEOPLE[0]]);
    await expect(readEnrichSource()).rejects.toThrow(/no data rows below its header/);
  });

  test("output columns already there: right of the selection (nearest first), or in it", async () => {
    const { sheet } = setup("A1:C4");
    fillCells(sheet, "A1", [
      [...PEOPLE[0]!, "Notes", "Email status", null, "Email found", "Email found"],
      [...PEOPLE[1]!, "x", "valid", null, "ada@example.com", "other@example.com"],
      [...PEOPLE[2]!, null, null],
      [...PEOPLE[3]!],
    ]);
    const source = await readEnrichSource();
    expect(source.outputs).toEqual([
      { field: "email_status", column: 4, values: ["valid", null, null] },
      { field: "email", column: 6, values: ["ada@example.com", null, null] },
    ]);

    // Selected with the list, an output column is still ours; the rightmost one of its name.
    const inside = setup("A1:E3");
    fillCells(inside.sheet, "A1", [
      ["Email", "First name", "Last name", "Domain", "Email found"],
      ["mine@example.com", "Ada", "L", "a.com", "found@a.com"],
      ["mine2@example.com", "Bob", "S", "b.com", null],
    ]);
    expect((await readEnrichSource()).outputs).toEqual([
      { field: "email", column: 4, values: ["found@a.com", null] },
    ]);
  });

  test("without a header row, nothing is taken for an output column", async () => {
    const { sheet } = setup("A1:C3");
    fillCells(sheet, "A1", [...PEOPLE.slice(1)]);
    fillCells(sheet, "D1", [["Email found"], ["x@example.com"]]);
    const source = await readEnrichSource();
    expect(source.header).toBeNull();
    expect(source.rows).toHaveLength(3);
    expect(source.outputs).toEqual([]);
  });
});

describe("where the answers go", () => {
  test("a plain range: the first columns right of it that are empty over its rows", async () => {
    const { sheet } = setup("A1:C4");
    fillCells(sheet, "A1", PEOPLE);
    fillCells(sheet, "E3", [["typed by the user"]]);
    fillCells(sheet, "D9", [["below the list: no matter"]]);
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, OUTPUTS);
    expect(target).toEqual({ sheetName: "Leads", firstDataRow: 1, columns: [3, 5] });
    expect(sheet.cell(0, 3)).toEqual({ kind: "text", value: "Email found", quotePrefix: true });
    expect(sheet.cell(0, 5)).toEqual({ kind: "text", value: "Email status", quotePrefix: true });
    expect(sheet.cell(2, 4)).toMatchObject({ value: "typed by the user" });

    await writeEnrichedRows(target, [found(0), found(1), found(2)]);
    expect(sheet.shown().slice(0, 4)).toEqual([
      [...PEOPLE[0]!, "Email found", null, "Email status"],
      [...PEOPLE[1]!, "person0@example.com", null, "valid"],
      [...PEOPLE[2]!, "person1@example.com", "typed by the user", "valid"],
      [...PEOPLE[3]!, "person2@example.com", null, "valid"],
    ]);

    // Read again: the columns are ours, every row is done, and an added output goes beside.
    const again = await readEnrichSource();
    expect(again.outputs.map((o) => [o.field, o.column])).toEqual([
      ["email", 3],
      ["email_status", 5],
    ]);
    expect(planFor(again).done).toEqual([0, 1, 2]);
    const wider = await prepareEnrichTarget(again, ["email", "person_job_title", "email_status"]);
    expect(wider.columns).toEqual([3, 6, 5]);
    expect(sheet.shown()[0]).toEqual([
      ...PEOPLE[0]!,
      "Email found",
      null,
      "Email status",
      "Job title",
    ]);
  });

  test("a table: new table columns with our headers; cells right of it move, never overwritten", async () => {
    const { excel, sheet } = setup("B3");
    fillCells(sheet, "A1", [
      ["First name", "Last name", "Website", null, "kept"],
      ["Ada", "Lovelace", "example.com", null, "kept too"],
      ["Grace", "Hopper", "navy.mil"],
    ]);
    excel.tables.push({ name: "People", sheet: "Leads", address: "A1:C3", hasHeaders: true });
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, OUTPUTS);
    expect(target).toEqual({ sheetName: "Leads", firstDataRow: 1, columns: [3, 4] });
    expect(excel.tables[0]!.address).toBe("A1:E3");
    expect(excel.ops.filter((o) => o.op === "columns.add").map((o) => o.detail)).toEqual([
      "Email found",
      "Email status",
    ]);
    expect(sheet.shown().map((row) => row.slice(3))).toEqual([
      ["Email found", "Email status", null, "kept"],
      [null, null, null, "kept too"],
      [],
    ]);

    await writeEnrichedRows(target, [found(0), found(1)]);
    const again = await readEnrichSource();
    expect(again.columnCount).toBe(5);
    expect(again.outputs.map((o) => [o.field, o.column])).toEqual([
      ["email", 3],
      ["email_status", 4],
    ]);
    expect(planFor(again).done).toEqual([0, 1]);
    // An output already there is reused; only the missing one is added.
    const more = await prepareEnrichTarget(again, ["email_status", "mx_host"]);
    expect(more.columns).toEqual([4, 5]);
    expect(excel.tables[0]!.address).toBe("A1:F3");
  });

  test("a refresh rewrites a row only where its cells still hold what was read", async () => {
    const { sheet } = setup("A1:C4");
    fillCells(sheet, "A1", PEOPLE);
    const target = await prepareEnrichTarget(await readEnrichSource(), OUTPUTS);
    await writeEnrichedRows(target, [found(0), found(1), found(2)]);
    const shown = (row: number) => sheet.shown()[row + 1]!.slice(3, 5);
    const was = [0, 1, 2].map(shown);
    // Row 1's status typed over meanwhile: it is left as the user made it.
    fillCells(sheet, "E3", [["checked by hand"]]);
    const renewed = (row: number) => ({
      row,
      values: ["new@example.com", "invalid"],
      expected: was[row]!,
    });
    const result = await writeEnrichedRows(target, [renewed(0), renewed(1), renewed(2)]);
    expect(result.written).toBe(2);
    expect(result.skippedRows).toEqual([1]);
    expect(result.typedCells.map((c) => c.address)).toEqual(["E3"]);
    expect(shown(0)).toEqual(["new@example.com", "invalid"]);
    expect(shown(1)).toEqual([was[1]![0], "checked by hand"]);
    expect(shown(2)).toEqual(["new@example.com", "invalid"]);
    expect(sheet.shown()[1]!.slice(0, 3)).toEqual(PEOPLE[1]);
  });

  test("a list that changed since it was read is refused before anything is added", async () => {
    const { excel, sheet } = setup("A2");
    fillCells(sheet, "A1", PEOPLE);
    excel.tables.push({ name: "People", sheet: "Leads", address: "A1:C4", hasHeaders: true });
    const source = await readEnrichSource();
    excel.tables[0]!.address = "A1:C5";
    await expect(prepareEnrichTarget(source, OUTPUTS)).rejects.toThrow(/changed since it was read/);
    excel.tables.pop();
    await expect(prepareEnrichTarget(source, OUTPUTS)).rejects.toThrow(/changed since it was read/);

    const plain = setup("A1:C4");
    fillCells(plain.sheet, "A1", PEOPLE);
    fillCells(plain.sheet, "D1", [["Email found"]]);
    const read = await readEnrichSource();
    fillCells(plain.sheet, "D1", [["Notes"]]);
    await expect(prepareEnrichTarget(read, OUTPUTS)).rejects.toThrow(/changed since it was read/);
    expect(plain.excel.ops.filter((o) => o.op === "values")).toEqual([]);
  });

  test("conflicts are named by their cell addresses", async () => {
    const { sheet } = setup("A1:C4");
    fillCells(sheet, "A1", PEOPLE);
    fillCells(sheet, "E1", [["Email found"], [null], ["typed@example.com"]]);
    fillCells(sheet, "G1", [["Email status"], [null], [null], ["valid"]]);
    const source = await readEnrichSource();
    const plan = planFor(source);
    expect(plan.conflicts).toEqual([
      { row: 1, outputIndex: 0 },
      { row: 2, outputIndex: 1 },
    ]);
    expect(conflictAddresses(source, OUTPUTS, plan.conflicts)).toEqual(["E3", "G4"]);
  });
});

describe("writing answers", () => {
  async function plainTarget(rows: number, outputs = OUTPUTS) {
    const context = setup(`A1:C${rows + 1}`);
    fillCells(context.sheet, "A1", [
      PEOPLE[0]!,
      ...Array.from({ length: rows }, (_, i) => ["P", `N${i}`, `d${i}.com`]),
    ]);
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, outputs);
    return { ...context, source, target };
  }

  test("text stays text, numbers stay numbers, booleans stay booleans", async () => {
    const { sheet, target } = await plainTarget(4, ["email", "credits_charged", "email_status"]);
    await writeEnrichedRows(target, [
      { row: 0, values: ["00123", 1, "valid"] },
      { row: 1, values: ["=1+1", 0.2, "risky"] },
      { row: 2, values: ["TRUE", true, "+33 1 23"] },
      {
        row: 3,
        values: notPossibleCells(["email", "credits_charged", "email_status"], "skipped: no name"),
      },
    ]);
    const cells = (row: number) => [3, 4, 5].map((c) => sheet.cell(row, c));
    expect(cells(1)).toEqual([
      { kind: "text", value: "00123", quotePrefix: true },
      { kind: "number", value: 1 },
      { kind: "text", value: "valid", quotePrefix: true },
    ]);
    expect(cells(2)[0]).toEqual({ kind: "text", value: "=1+1", quotePrefix: true });
    expect(cells(2)[1]).toEqual({ kind: "number", value: 0.2 });
    expect(cells(3)).toEqual([
      { kind: "text", value: "TRUE", quotePrefix: true },
      { kind: "boolean", value: true },
      { kind: "text", value: "+33 1 23", quotePrefix: true },
    ]);
    expect(sheet.shown()[4]!.slice(3)).toEqual([NO_VALUE, NO_VALUE, "skipped: no name"]);
  });

  test("a cell typed into meanwhile is never overwritten: its row is skipped and reported", async () => {
    const { sheet, target } = await plainTarget(5);
    // While the lookups ran, the user typed into E3 and put a formula showing "" into D5.
    fillCells(sheet, "E3", [["my note"]]);
    sheet.setFormula("D5", '=IF(1,"")', [[""]]);
    const result = await writeEnrichedRows(target, [0, 1, 2, 3, 4].map(found));
    expect(result).toMatchObject({
      written: 3,
      skippedRows: [1, 3],
      typedCells: [
        { row: 1, outputIndex: 1, address: "E3" },
        { row: 3, outputIndex: 0, address: "D5" },
      ],
    });
    expect(sheet.cell(2, 4)).toMatchObject({ value: "my note" });
    expect(sheet.cell(2, 3)).toEqual({ kind: "empty" });
    expect(sheet.cell(4, 3)).toMatchObject({ kind: "formula", value: '=IF(1,"")' });
    expect(sheet.cell(4, 4).kind).toBe("empty");
    expect(sheet.shown()[1]!.slice(3)).toEqual(["person0@example.com", "valid"]);
    expect(sheet.shown()[5]!.slice(3)).toEqual(["person4@example.com", "valid"]);
  });

  test("neighbouring rows are one range; output columns apart are written apart", async () => {
    const { excel, sheet } = setup("A1:C31");
    fillCells(sheet, "A1", [
      [...PEOPLE[0]!, "Email found", "Notes", "Email status"],
      ...Array.from({ length: 30 }, (_, i) => ["P", `N${i}`, `d${i}.com`, null, "note"]),
    ]);
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, OUTPUTS);
    expect(target.columns).toEqual([3, 5]);
    const before = excel.ops.length;
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => i),
      ...Array.from({ length: 10 }, (_, i) => 20 + i),
    ];
    await writeEnrichedRows(target, rows.reverse().map(found));
    expect(
      excel.ops
        .slice(before)
        .filter((o) => o.op === "values")
        .map((o) => o.address)
    ).toEqual(["D2:D11", "F2:F11", "D22:D31", "F22:F31"]);
    expect(sheet.shown()[12]).toEqual(["P", "N11", "d11.com", null, "note"]);
  });

  test("100,000 rows: every request stays under 5 MB, every row is written", async () => {
    const { excel, sheet, target } = await plainTarget(100_000, [
      "email",
      "email_status",
      "person_job_title",
    ]);
    const title = "Vice President of Worldwide Engineering Operations — ".repeat(3);
    const rows = Array.from({ length: 100_000 }, (_, row) => ({
      row,
      values: [`first.last.${row}@a-rather-long-company-domain.example.com`, "valid", title],
    }));
    const syncsBefore = excel.syncs.length;
    const result = await writeEnrichedRows(target, rows);
    expect(result.written).toBe(100_000);
    const syncs = excel.syncs.slice(syncsBefore);
    const payload = syncs.reduce((sum, s) => sum + s.payloadBytes, 0);
    expect(payload).toBeGreaterThan(20 * 1024 * 1024);
    expect(Math.max(...syncs.map((s) => s.payloadBytes))).toBeLessThan(LIMIT);
    expect(Math.max(...syncs.map((s) => s.responseBytes))).toBeLessThan(LIMIT);
    expect(result.largestPayloadBytes).toBeLessThanOrEqual(4 * 1024 * 1024);
    expect(sheet.shown()[100_000]!.slice(3)).toEqual([
      "first.last.99999@a-rather-long-company-domain.example.com",
      "valid",
      title,
    ]);
  });

  test("re-read cells whose answer is too large for one response are read in halves", async () => {
    const { excel, sheet, target } = await plainTarget(40);
    // Long text already in the rows between those to write.
    const long = "x".repeat(300_000);
    for (let r = 1; r <= 40; r += 2) fillCells(sheet, `D${r + 1}`, [[long]]);
    const rows = Array.from({ length: 20 }, (_, i) => found(2 * i + 1));
    const result = await writeEnrichedRows(target, rows, { cellsPerRead: 80 });
    expect(result.written).toBe(20);
    expect(excel.syncs.some((s) => s.responseBytes > LIMIT)).toBe(true);
  });

  test("rows of the wrong width, or given twice, are refused before anything is written", async () => {
    const { excel, target } = await plainTarget(3);
    const syncs = excel.syncs.length;
    await expect(writeEnrichedRows(target, [{ row: 0, values: ["a"] }])).rejects.toThrow(
      /1 values for 2 columns/
    );
    await expect(writeEnrichedRows(target, [found(1), found(1)])).rejects.toThrow(/given twice/);
    expect(excel.syncs.length).toBe(syncs);
  });

  test("a sheet renamed meanwhile is said so", async () => {
    const { sheet, target } = await plainTarget(3);
    sheet.name = "Renamed";
    await expect(writeEnrichedRows(target, [found(0), found(1)])).rejects.toThrow(
      'The sheet "Leads" was renamed or deleted: 2 rows were not written.'
    );
  });
});

describe("end to end on the fake: plan, write, add 20 rows, plan again", () => {
  test("the second run plans and writes exactly the 20 new rows", async () => {
    const { excel, sheet } = setup("A1:C101");
    const person = (i: number): CellValue[] => ["P", `N${i}`, `d${i}.com`];
    fillCells(sheet, "A1", [PEOPLE[0]!, ...Array.from({ length: 100 }, (_, i) => person(i))]);
    const source = await readEnrichSource();
    const plan = planFor(source);
    const target = await prepareEnrichTarget(source, OUTPUTS);
    await writeEnrichedRows(
      target,
      plan.toDo.map((r) => found(r.row))
    );

    fillCells(
      sheet,
      "A102",
      Array.from({ length: 20 }, (_, i) => person(100 + i))
    );
    excel.selection = { sheet: "Leads", address: "A1:C121" };
    const again = await readEnrichSource();
    const second = planFor(again);
    expect(second.toDo.map((r) => r.row)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(second.conflicts).toEqual([]);
    const next = await prepareEnrichTarget(again, OUTPUTS);
    expect(next.columns).toEqual(target.columns);
    const result = await writeEnrichedRows(
      next,
      second.toDo.map((r) => found(r.row))
    );
    expect(result.written).toBe(20);
    expect(sheet.shown()[120]!.slice(3)).toEqual(["person119@example.com", "valid"]);
  });
});
