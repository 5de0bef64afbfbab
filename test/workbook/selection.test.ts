import { OfficeMockObject } from "office-addin-mock";
import { readActiveCellText, readSelection } from "../../src/workbook/selection";
import { columnIndex, intersect, type Block } from "./fake-excel";

// A worksheet behind office-addin-mock objects: a property read before load and sync is
// the mock's "not loaded" error, so a missing load shows up as a wrong value.

const MAX_ROW = 1_048_576;
const letter = (c: number): string =>
  c < 26
    ? String.fromCharCode(65 + c)
    : letter(Math.floor(c / 26) - 1) + String.fromCharCode(65 + (c % 26));
const a1 = (b: Block): string =>
  `${letter(b.column)}${b.row + 1}:${letter(b.column + b.columns - 1)}${b.row + b.rows}`;

function parse(address: string): Block {
  const m = /^([A-Z]+)?(\d+)?(?::([A-Z]+)?(\d+)?)?$/.exec(address)!;
  const column = m[1] ? columnIndex(m[1]) : 0;
  const lastColumn = m[3] ? columnIndex(m[3]) : m[1] ? column : 16_383;
  const row = m[2] ? Number(m[2]) - 1 : 0;
  const lastRow = m[4] ? Number(m[4]) - 1 : m[2] ? row : MAX_ROW - 1;
  return { row, column, rows: lastRow - row + 1, columns: lastColumn - column + 1 };
}

interface Workbook {
  /** Cells that had their values loaded, per sync. */
  valueReads: Block[];
  syncs: number;
}

/** Installs `Excel.run` over a sheet holding `grid` (from A1) with `selection` selected. */
function installWorkbook(
  grid: unknown[][],
  selection: string,
  options: { sheetName?: string; maxCellsPerResponse?: number; selectionError?: string } = {}
): Workbook {
  const sheetName = options.sheetName ?? "Leads";
  const mocks: OfficeMockObject[] = [];
  const blocks = new WeakMap<object, Block>();
  const workbook: Workbook = { valueReads: [], syncs: 0 };
  let pendingReads: Block[] = [];
  let usedValuesOnly: unknown;

  const lastRow = grid.reduce<number>(
    (last, row, r) => (row.some((v) => v !== "" && v !== undefined) ? r : last),
    -1
  );
  const lastColumn = Math.max(
    -1,
    ...grid.map((row) =>
      row.reduce<number>((last, v, c) => (v !== "" && v !== undefined ? c : last), -1)
    )
  );
  const used: Block | null =
    lastRow < 0 ? null : { row: 0, column: 0, rows: lastRow + 1, columns: lastColumn + 1 };

  const sheetData = {
    name: sheetName,
    getUsedRangeOrNullObject: (valuesOnly?: boolean) => {
      usedValuesOnly = valuesOnly;
      return rangeMock(used);
    },
    getRangeByIndexes: (row: number, column: number, rows: number, columns: number) =>
      rangeMock({ row, column, rows, columns }),
  };

  function rangeMock(block: Block | null): OfficeMockObject {
    const small = block !== null && block.rows * block.columns <= 1_000_000;
    const data: Record<string, unknown> = {
      address: block ? `${sheetName}!${a1(block)}` : "",
      rowIndex: block?.row ?? 0,
      columnIndex: block?.column ?? 0,
      rowCount: block?.rows ?? 0,
      columnCount: block?.columns ?? 0,
      worksheet: sheetData,
      getIntersectionOrNullObject: (other: object) => {
        const b = blocks.get(other);
        return rangeMock(block && b ? intersect(block, b) : null);
      },
    };
    // A whole column's values are never materialised: loading them fails the test.
    if (small)
      data.values = Array.from({ length: block.rows }, (_, r) =>
        Array.from(
          { length: block.columns },
          (_, c) => grid[block.row + r]?.[block.column + c] ?? ""
        )
      );
    const mock = new OfficeMockObject(data);
    mock.isNullObject = block === null;
    const load = mock.load.bind(mock);
    mock.load = (properties: string) => {
      if (String(properties).includes("values") && block) pendingReads.push(block);
      return load(properties);
    };
    if (block) blocks.set(mock, block);
    mocks.push(mock);
    return mock;
  }

  const context = {
    workbook: {
      getSelectedRange: () => rangeMock(parse(selection)),
      getActiveCell: () => rangeMock(parse(selection.split(":")[0]!)),
    },
    sync: async () => {
      workbook.syncs++;
      const reads = pendingReads;
      pendingReads = [];
      if (options.selectionError)
        throw Object.assign(new Error("The current selection is invalid for this operation."), {
          code: options.selectionError,
        });
      const limit = options.maxCellsPerResponse ?? Infinity;
      if (reads.some((b) => b.rows * b.columns > limit)) {
        throw Object.assign(new Error("The response payload size has exceeded the limit."), {
          code: "ResponsePayloadSizeLimitExceeded",
        });
      }
      workbook.valueReads.push(...reads);
      for (const mock of mocks) await mock.sync();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  (globalThis as Record<string, unknown>).Excel = {
    run: <T>(batch: (c: unknown) => Promise<T>) => batch(context),
  };
  Object.defineProperty(workbook, "usedValuesOnly", { get: () => usedValuesOnly });
  return workbook;
}

const GRID = [
  ["first_name", "last_name", "domain", ""],
  ["Ada", "Stone", "acme.com", ""],
  ["Ben", "", "=x", 12],
  ["Cleo", "Hart", "globex.io", true],
];

afterEach(() => {
  delete (globalThis as Record<string, unknown>).Excel;
});

describe("readSelection", () => {
  test("reads the selected block, with empty cells as null", async () => {
    installWorkbook(GRID, "A1:C3");
    await expect(readSelection()).resolves.toEqual({
      sheetName: "Leads",
      address: "A1:C3",
      values: [
        ["first_name", "last_name", "domain"],
        ["Ada", "Stone", "acme.com"],
        ["Ben", null, "=x"],
      ],
    });
  });

  test("whole columns are clipped to the used range: no million-row read", async () => {
    const workbook = installWorkbook(GRID, "A:D");
    const selection = await readSelection();
    expect(selection.address).toBe("A1:D4");
    expect(selection.values).toEqual([
      ["first_name", "last_name", "domain", null],
      ["Ada", "Stone", "acme.com", null],
      ["Ben", null, "=x", 12],
      ["Cleo", "Hart", "globex.io", true],
    ]);
    expect(workbook.valueReads.reduce((n, b) => n + b.rows * b.columns, 0)).toBe(16);
    expect((workbook as unknown as { usedValuesOnly: unknown }).usedValuesOnly).toBe(true);
  });

  test("whole rows are clipped too, and a selection reaching past the data keeps only the data", async () => {
    installWorkbook(GRID, "2:3");
    expect((await readSelection()).address).toBe("A2:D3");
    installWorkbook(GRID, "B2:H40");
    const selection = await readSelection();
    expect(selection.address).toBe("B2:D4");
    expect(selection.values[0]).toEqual(["Stone", "acme.com", null]);
  });

  test("an empty selection is a clear error", async () => {
    installWorkbook(GRID, "F10:G20");
    await expect(readSelection()).rejects.toThrow(/selection is empty/);
    installWorkbook([], "A:A");
    await expect(readSelection()).rejects.toThrow(/selection is empty/);
    installWorkbook(GRID, "D1:D2");
    await expect(readSelection()).rejects.toThrow(/selection is empty/);
  });

  test("a header with no data rows below it is refused, before the mapping and any request", async () => {
    installWorkbook(GRID, "A1:C1");
    await expect(readSelection()).rejects.toThrow(
      "The selection has no data rows below its header."
    );
    // Rows below the header that hold only spaces, or nothing (clipped away), are no data.
    installWorkbook(
      [
        ["Email", "Company"],
        ["  ", ""],
        ["", " "],
      ],
      "A1:B10"
    );
    await expect(readSelection()).rejects.toThrow(
      "The selection has no data rows below its header."
    );
    installWorkbook([["   "], [" "]], "A1:A2");
    await expect(readSelection()).rejects.toThrow(
      "The selection has no data rows: every cell is empty."
    );
    // One row of data without a header is one data row (the header box decides later).
    installWorkbook(GRID, "A2:C2");
    await expect(readSelection()).resolves.toMatchObject({
      values: [["Ada", "Stone", "acme.com"]],
    });
  });

  test("several areas selected is a clear error", async () => {
    installWorkbook(GRID, "A1:B2", { selectionError: "InvalidSelection" });
    await expect(readSelection()).rejects.toThrow(/one block of cells/);
  });

  test("a large selection is read in blocks, halved when a response is too large", async () => {
    const grid = Array.from({ length: 120_000 }, (_, r) => [`person${r}@example.com`, r]);
    const workbook = installWorkbook(grid, "A:B", { maxCellsPerResponse: 30_000 });
    const selection = await readSelection();
    expect(selection.address).toBe("A1:B120000");
    expect(selection.values).toHaveLength(120_000);
    expect(selection.values[119_999]).toEqual(["person119999@example.com", 119_999]);
    expect(selection.values.every((row, r) => row[1] === r)).toBe(true);
    expect(Math.max(...workbook.valueReads.map((b) => b.rows * b.columns))).toBeLessThanOrEqual(
      30_000
    );
    expect(workbook.valueReads.length).toBeGreaterThanOrEqual(4);
  });
});

describe("readActiveCellText", () => {
  test("the active cell's text, trimmed; null when empty", async () => {
    installWorkbook([["  bounced@acme.com "], [""], [42]], "A1");
    await expect(readActiveCellText()).resolves.toBe("bounced@acme.com");
    installWorkbook([["x"], [""]], "A2");
    await expect(readActiveCellText()).resolves.toBeNull();
    installWorkbook([["x"], [""], [42]], "A3");
    await expect(readActiveCellText()).resolves.toBe("42");
  });
});
