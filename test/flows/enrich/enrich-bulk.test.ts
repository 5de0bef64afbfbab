import { FakeExcel, fillCells, type FakeSheet } from "../../workbook/fake-excel";
import { PERSON_MAPPING, enrichInfo, planOf } from "./enrich-fixtures";
import { enrichBulkParts, jobOfEnrichment } from "../../../src/flows/enrich/enrich-bulk";
import { ROW_COLUMN, inputKey, rowsWaitingInJobs } from "../../../src/flows/enrich/enrich-job";
import {
  decodeRows,
  encodeRows,
  expectedHashes,
  inputHash,
  toEnrichJob,
  type EnrichJobInfo,
} from "../../../src/workbook/enrich-record";
import { matchResults, parseResults } from "../../../src/flows/enrich/enrich-match";
import { prepareEnrichTarget } from "../../../src/workbook/enrich-columns";
import { readEnrichSource, type EnrichSource } from "../../../src/workbook/enrich-source";
import { writeEnrichedRows } from "../../../src/workbook/enrich-write";
import { NO_VALUE, notPossibleCells } from "../../../src/lists/enrich-outputs";
import { writeBackResults } from "../../../src/flows/enrich/enrich-writeback";
import { parseJobs, type JobRecord } from "../../../src/workbook/job-store";
import type { ImportedTable } from "../../../src/flows/jobs/results-import";
import type { BulkJsonRequest, BulkSearch } from "../../../src/api/types";

// Enrich above N rows: the bulk search of the rows to do with their row numbers,
// the job record, and its results written back to the rows they came from, on the fake Excel.

const HEADER = ["First name", "Last name", "Website"];
const person = (i: number): string[] => [`Ada${i}`, `Lovelace${i}`, `site${i}.example`];
const emailOf = (cells: readonly unknown[]): string =>
  `${String(cells[0])}.${String(cells[1])}@${String(cells[2])}`.toLowerCase();

function setup(rows: unknown[][]) {
  const excel = new FakeExcel({ sheetNames: ["Leads"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  fillCells(sheet, "A1", [HEADER, ...rows]);
  excel.selection = { sheet: "Leads", address: `A1:C${rows.length + 1}` };
  return { excel, sheet };
}

async function start(): Promise<{
  source: EnrichSource;
  request: BulkJsonRequest;
  info: EnrichJobInfo;
}> {
  const source = await readEnrichSource();
  const outputs = ["email", "email_status"] as const;
  const plan = planOf(source);
  await prepareEnrichTarget(source, outputs);
  const parts = enrichBulkParts({
    source,
    toDo: plan.toDo,
    mapping: PERSON_MAPPING,
    operation: "person",
    categories: [],
    outputs,
    label: "Enrich Leads",
  });
  expect(parts).toHaveLength(1);
  return { source, ...parts[0]! };
}

/** What the sandbox downloads: the uploaded columns echoed, then its result columns. */
function resultsOf(request: BulkJsonRequest): ImportedTable {
  const [header, ...rows] = request.data as string[][];
  return {
    header: [...header!, "email", "email_status", "person_full_name"],
    rows: rows.map((cells) => [...cells, emailOf(cells), "valid", `${cells[0]} ${cells[1]}`]),
  };
}

/** The list's rows as shown now: inputs and the two outputs. */
const shownRows = (sheet: FakeSheet) =>
  sheet
    .shown()
    .slice(1)
    .map((row) => row.slice(0, 5));

/** Rewrites the list's data rows (the header stays). */
function rewrite(sheet: FakeSheet, rows: unknown[][]): void {
  for (const key of [...sheet.cells.keys()]) if (key > 0) sheet.cells.delete(key);
  fillCells(sheet, "A2", rows);
}

describe("the bulk search of the rows to do", () => {
  test("sends the list's inputs, the lookup's fields and the sheet row number, and records rows and hashes compactly", async () => {
    setup([person(0), [null, null, null], person(2), person(3)]);
    const { request, info } = await start();
    const search = ["search first_name", "search last_name", "search domain"];
    expect(request.data).toEqual([
      [
        "first_name (your list)",
        "last_name (your list)",
        "domain (your list)",
        ...search,
        ROW_COLUMN,
      ],
      [...person(0), ...person(0), "2"],
      [...person(2), ...person(2), "4"],
      [...person(3), ...person(3), "5"],
    ]);
    expect(request).toMatchObject({
      has_header: true,
      first_name_field_index: 3,
      last_name_field_index: 4,
      domain_field_index: 5,
    });
    expect(request).not.toHaveProperty("company_name_field_index");
    expect(info).toMatchObject({ sheetName: "Leads", tableName: null, rows: "2,4-5" });
    expect(info.hashes).toHaveLength(12);
    expect(expectedHashes(info)?.size).toBe(3);
  });

  test("the record survives the workbook's settings; a damaged one is dropped", async () => {
    setup([person(0), person(1)]);
    const { info } = await start();
    const search = {
      id: "blk_1",
      file_name: "Enrich Leads",
      created_at: "2024-01-01T00:00:00Z",
      status: "in_progress",
      counts: null,
    } as unknown as BulkSearch;
    const record = jobOfEnrichment(search, info);
    const saved = JSON.parse(
      JSON.stringify([record, { ...record, id: "blk_2", enrich: { ...info, inputs: [] } }])
    );
    expect(parseJobs(saved)).toEqual([record]);
    expect(toEnrichJob({ ...info, operation: "nope" })).toBeNull();
  });

  test("rows waiting in a job: of this list, until written back, unless the search ended", () => {
    const info = enrichInfo();
    const job = (patch: Partial<JobRecord>, enrich: Partial<EnrichJobInfo> = {}): JobRecord => ({
      ...jobOfEnrichment(
        { id: "blk_1", file_name: "Leads", created_at: "", status: "running" } as BulkSearch,
        { ...info, ...enrich }
      ),
      ...patch,
    });
    const list = {
      sheetName: "Leads",
      tableName: null,
      rowIndex: 0,
      columnIndex: 0,
      firstDataRow: 1,
    };
    // Sheet rows 2-4 and 7 (1-based) are data rows 0-2 and 5.
    expect([...rowsWaitingInJobs([job({})], list)]).toEqual([0, 1, 2, 5]);
    expect(rowsWaitingInJobs([job({ resultSheets: ["Leads"] })], list).size).toBe(0);
    expect(rowsWaitingInJobs([job({ lastStatus: "failed" })], list).size).toBe(0);
    expect(rowsWaitingInJobs([job({ lastStatus: "deleted" })], list).size).toBe(0);
    expect(rowsWaitingInJobs([job({}, { sheetName: "Other" })], list).size).toBe(0);
    expect(rowsWaitingInJobs([job({}, { columnIndex: 4 })], list).size).toBe(0);
    expect(rowsWaitingInJobs([job({}, { tableName: "People" })], list).size).toBe(0);
    // A completed search not yet downloaded still holds its rows.
    expect(rowsWaitingInJobs([job({ lastStatus: "completed" })], list).size).toBe(4);
  });

  test("row ranges round-trip", () => {
    const rows = [2, 3, 4, 9, 11, 12];
    expect(encodeRows(rows)).toBe("2-4,9,11-12");
    expect(decodeRows("2-4,9,11-12")).toEqual(rows);
    expect(decodeRows("2-x")).toBeNull();
  });
});

describe("results written back", () => {
  const people = (n: number) => Array.from({ length: n }, (_, i) => person(i));

  test("each row gets its own answer, beside it", async () => {
    const { sheet } = setup(people(5));
    const { request, info } = await start();
    const summary = await writeBackResults(resultsOf(request), info);
    expect(summary).toMatchObject({ results: 5, written: 5, moved: 0, notFound: [] });
    for (const row of shownRows(sheet)) expect(row[3]).toBe(emailOf(row));
  });

  test("a list without a header row is written back into the columns prepared when it was sent", async () => {
    const excel = new FakeExcel({ sheetNames: ["Leads"] });
    excel.install();
    const sheet = excel.sheets[0]!;
    fillCells(sheet, "A1", [...people(3), ["Ada9", "Lovelace9", null]]);
    excel.selection = { sheet: "Leads", address: "A1:C4" };
    const source = await readEnrichSource();
    expect(source.header).toBeNull();
    const outputs = ["email", "email_status"] as const;
    const mapping = PERSON_MAPPING;
    const plan = planOf(source);
    // As the pane sends it: the reason of the row not possible written first.
    const target = await prepareEnrichTarget(source, outputs);
    await writeEnrichedRows(target, [
      { row: 3, values: notPossibleCells(outputs, plan.notPossible[0]!.reason) },
    ]);
    const [part] = enrichBulkParts({
      source,
      toDo: plan.toDo,
      mapping,
      operation: "person",
      categories: [],
      outputs,
      label: "Enrich Leads",
    });
    const info = { ...part!.info, columns: target.columns };
    const summary = await writeBackResults(resultsOf(part!.request), info);
    expect(summary).toMatchObject({ written: 3, notFound: [], filled: [] });
    const shown = sheet.shown();
    for (const row of shown.slice(0, 3)) expect(row.slice(3, 5)).toEqual([emailOf(row), "valid"]);
    expect(shown[3]!.slice(3, 5)).toEqual([NO_VALUE, "skipped: no company"]);
    expect(shown.every((row) => (row[5] ?? null) === null)).toBe(true);
  });

  test("a list sorted while the job ran: every answer goes to the row with its inputs", async () => {
    const { sheet } = setup(people(6));
    const { request, info } = await start();
    rewrite(sheet, [...people(6)].reverse());
    const summary = await writeBackResults(resultsOf(request), info);
    expect(summary).toMatchObject({ written: 6, notFound: [] });
    expect(summary.moved).toBe(6);
    for (const row of shownRows(sheet)) {
      expect(row[3]).toBe(emailOf(row));
      expect(row[4]).toBe("valid");
    }
  });

  test("deleted and changed rows are listed as not written; nothing goes into a wrong row", async () => {
    const { sheet } = setup(people(5));
    const { request, info } = await start();
    // Row 3 (person 1) deleted, person 3 changed: the rows below move up.
    rewrite(sheet, [person(0), person(2), ["Someone", "Else", "other.example"], person(4)]);
    const summary = await writeBackResults(resultsOf(request), info);
    expect(summary.notFound).toEqual([3, 5]);
    expect(summary.written).toBe(3);
    const rows = shownRows(sheet);
    expect(rows[2]!.slice(3)).toEqual([]);
    for (const row of [rows[0]!, rows[1]!, rows[3]!]) expect(row[3]).toBe(emailOf(row));
  });

  test("duplicates with the same inputs: each written once, the one deleted listed", async () => {
    const { sheet } = setup([person(0), person(7), person(1), person(7), person(7)]);
    const { request, info } = await start();
    // Sorted, and one of the three person(7) rows deleted.
    rewrite(sheet, [person(7), person(7), person(0), person(1)]);
    const summary = await writeBackResults(resultsOf(request), info);
    expect(summary.written).toBe(4);
    expect(summary.notFound).toHaveLength(1);
    for (const row of shownRows(sheet)) expect(row[3]).toBe(emailOf(row));
  });

  test("a cell typed into meanwhile is never overwritten, and its row left", async () => {
    const { sheet } = setup(people(3));
    const { request, info } = await start();
    fillCells(sheet, "D3", [["mine"]]);
    const summary = await writeBackResults(resultsOf(request), info);
    expect(summary.written).toBe(2);
    expect(summary.filled).toEqual([3]);
    expect(summary.notFound).toEqual([]);
    expect(shownRows(sheet)[1]!.slice(3)).toEqual(["mine"]);
  });

  test("a result that is not what was sent for its row number is not written", async () => {
    const { sheet } = setup(people(3));
    const { request, info } = await start();
    const table = resultsOf(request);
    table.rows[1]![0] = "Mallory";
    const summary = await writeBackResults(table, info);
    expect(summary).toMatchObject({ written: 2, unusable: 1 });
    expect(shownRows(sheet)[1]!.slice(3)).toEqual([]);
  });
});

describe("matching alone", () => {
  test("a row still in place keeps its answer even when a moved duplicate comes first", () => {
    const match = matchResults(
      [
        { sheetRow: 9, key: "k", failed: false, values: ["a"] },
        { sheetRow: 2, key: "k", failed: false, values: ["b"] },
        { sheetRow: 3, key: "x", failed: true, values: ["failed"] },
      ],
      { firstDataRow: 1, keys: ["k", "k", "x"], empty: [true, true, true] }
    );
    expect(match.rows).toEqual([
      { row: 0, values: ["b"] },
      { row: 1, values: ["a"] },
    ]);
    expect([match.moved, match.failed]).toEqual([1, [3]]);
  });
});

describe("the result file read as answers", () => {
  // A result file's columns are not published (docs/interface.md, Result files): the sandbox's
  // have no valid_email.
  const info: EnrichJobInfo = {
    sheetName: "Leads",
    tableName: null,
    rowIndex: 0,
    columnIndex: 0,
    columnCount: 1,
    hasHeader: true,
    operation: "decision_maker",
    outputs: ["email", "valid_email", "email_status"],
    inputs: [["domain", 0]],
    rows: "2-4",
    hashes: ["a.example", "b.example", "c.example"].map((d) => inputHash(inputKey([d]))).join(""),
  };
  const header = ["domain (your list)", "search domain", ROW_COLUMN, "email", "email_status"];
  const rows = [
    ["a.example", "a.example", "2", "ceo@a.example", "valid"],
    ["b.example", "b.example", "3", "ceo@b.example", "risky"],
    ["c.example", "c.example", "4", null, "not_found"],
  ];

  test("valid_email, absent from the file, is the email of a valid row (docs/interface.md, Decision maker), as a lookup gives it", () => {
    const parsed = parseResults({ header, rows }, info);
    expect(parsed.unusable).toBe(0);
    expect(parsed.rows.map((row) => row.values)).toEqual([
      ["ceo@a.example", "ceo@a.example", "valid"],
      ["ceo@b.example", "\u2014", "risky"],
      ["\u2014", "\u2014", "not_found"],
    ]);
  });

  test("a valid_email column in the file is taken as it is", () => {
    const parsed = parseResults(
      {
        header: [...header, "valid_email"],
        rows: rows.map((row, i) => [...row, i === 0 ? "other@a.example" : null]),
      },
      info
    );
    expect(parsed.rows.map((row) => row.values[1])).toEqual([
      "other@a.example",
      "\u2014",
      "\u2014",
    ]);
  });
});
