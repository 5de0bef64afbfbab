// An in-memory stand-in for the part of Excel's RequestContext the sheet writer and the
// freezing of results use. office-addin-mock cannot record what a batch carries, so this fake
// does: every queued operation in order, the JSON size of each sync's values and formats
// (refused above Excel on the web's 5 MB, as Excel does; so are answers above 5 MB), and cells
// as Excel stores typed input: a leading apostrophe makes text, "=..." a formula, "00123" a
// number, "TRUE" a boolean. A formula's result is given by the test (setFormula); a result of
// several cells spills from its anchor, as a dynamic array does. Tables are found from a
// range (getTables) or by name, give their header and body ranges, and grow by appended
// columns as Excel inserts them (cells right of the table in its rows move right).

/** An error value shown by a cell ("#N/A"). */
export interface FakeError {
  error: string;
}

/**
 * A data type (a card) a formula calculated or a cell holds: Range.values gives "#VALUE!",
 * valueTypes "RichValue", valuesAsJson the entity itself.
 */
export interface FakeEntity {
  type: "Entity";
  text: string;
  [property: string]: unknown;
}

/** What a formula calculates, per cell. */
export type Result = string | number | boolean | FakeError | FakeEntity;

export type Stored =
  | { kind: "empty" }
  | { kind: "text"; value: string; quotePrefix: boolean }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  /** Without a result (typed in), it shows #NAME?: the fake calculates nothing. */
  | { kind: "formula"; value: string; result?: Result[][] }
  /** A data type written as a value (Range.valuesAsJson). */
  | { kind: "entity"; value: FakeEntity }
  /** A cell of an anchor's result other than the anchor: a value and no formula of its own. */
  | { kind: "spilled"; value: Result; anchor: { row: number; column: number } };

export interface FakeOp {
  op:
    | "worksheets.add"
    | "values"
    | "valuesAsJson"
    | "numberFormat"
    | "tables.add"
    | "table.name"
    | "autofitColumns"
    | "columnWidth"
    | "freezeRows"
    | "activate"
    | "delete"
    | "columns.add";
  sheet: string;
  address?: string;
  detail?: unknown;
  /** Index of the sync that carried it. */
  sync: number;
}

export interface FakeSync {
  payloadBytes: number;
  ops: number;
  /** JSON size of what the sync's loads answered. */
  responseBytes: number;
}

/** Cells whose properties a sync loaded (freeze reads formulas, values and types). */
export interface FakeRead {
  sync: number;
  address: string;
  cells: number;
}

export interface FakeTable {
  name: string;
  sheet: string;
  address: string;
  hasHeaders: boolean;
}

/** A rectangle of cells, 0-based. */
export interface Block {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
const MAX_ROWS = 1_048_576;

export function columnIndex(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/** "B2", "A1:C3", or whole columns "A:B". */
export function parseAddress(address: string): Block {
  const columns = /^([A-Z]+):([A-Z]+)$/.exec(address);
  if (columns) {
    const column = columnIndex(columns[1]!);
    return { row: 0, column, rows: MAX_ROWS, columns: columnIndex(columns[2]!) - column + 1 };
  }
  const match = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(address);
  if (!match) throw new Error(`InvalidArgument: bad address ${address}`);
  const column = columnIndex(match[1]!);
  const row = Number(match[2]) - 1;
  const lastColumn = match[3] ? columnIndex(match[3]) : column;
  const lastRow = match[4] ? Number(match[4]) - 1 : row;
  return { row, column, rows: lastRow - row + 1, columns: lastColumn - column + 1 };
}

export function formatAddress(block: Block): string {
  const letters = (c: number): string =>
    (c >= 26 ? letters(Math.floor(c / 26) - 1) : "") + String.fromCharCode(65 + (c % 26));
  const first = `${letters(block.column)}${block.row + 1}`;
  const last = `${letters(block.column + block.columns - 1)}${block.row + block.rows}`;
  return first === last ? first : `${first}:${last}`;
}

export function intersect(a: Block, b: Block): Block | null {
  const row = Math.max(a.row, b.row);
  const column = Math.max(a.column, b.column);
  const rows = Math.min(a.row + a.rows, b.row + b.rows) - row;
  const columns = Math.min(a.column + a.columns, b.column + b.columns) - column;
  return rows > 0 && columns > 0 ? { row, column, rows, columns } : null;
}

const isEntity = (value: Result): value is FakeEntity =>
  typeof value === "object" && "type" in value && value.type === "Entity";
const isError = (value: Result): value is FakeError =>
  typeof value === "object" && !isEntity(value);

/** What a cell shows: its value, a formula's result (or #NAME?), an error as its text. */
function shownValue(cell: Stored): Result | "" {
  switch (cell.kind) {
    case "empty":
      return "";
    case "formula":
      return cell.result?.[0]?.[0] ?? { error: "#NAME?" };
    default:
      return cell.value;
  }
}

/** How Excel stores a value given through Range.values (as if typed). */
export function storeInput(input: unknown): Stored {
  if (typeof input === "number") return { kind: "number", value: input };
  if (typeof input === "boolean") return { kind: "boolean", value: input };
  if (typeof input !== "string") throw new Error(`InvalidArgument: cell value ${String(input)}`);
  if (input === "") return { kind: "empty" };
  if (input.startsWith("'")) return { kind: "text", value: input.slice(1), quotePrefix: true };
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i.test(input.trim()))
    return { kind: "number", value: parseFloat(input) };
  if (/^(true|false)$/i.test(input.trim()))
    return { kind: "boolean", value: input.trim().toLowerCase() === "true" };
  if (/^\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?$/.test(input.trim()))
    return { kind: "number", value: 45000 };
  if (/^[=+\-@\t\r]/.test(input)) return { kind: "formula", value: input };
  return { kind: "text", value: input, quotePrefix: false };
}

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), "utf8");

export class FakeSheet {
  readonly cells = new Map<number, Stored[]>();
  readonly numberFormats = new Map<string, string>();
  readonly columnWidths = new Map<number, number>();
  frozenRows = 0;
  deleted = false;
  constructor(
    readonly excel: FakeExcel,
    public name: string
  ) {}

  cell(row: number, column: number): Stored {
    return this.cells.get(row)?.[column] ?? { kind: "empty" };
  }

  private put(row: number, column: number, cell: Stored): void {
    const stored = this.cells.get(row) ?? [];
    stored[column] = cell;
    this.cells.set(row, stored);
  }

  /** The sheet's rows as shown: text and numbers as Excel would display them, formulas marked. */
  shown(): Array<Array<string | number | boolean | null>> {
    const last = Math.max(-1, ...this.cells.keys());
    return Array.from({ length: last + 1 }, (_, r) =>
      // Array.from, not map: a cell never written is a hole in the row, shown as null.
      Array.from(this.cells.get(r) ?? [], (c) => {
        if (c === undefined || c.kind === "empty") return null;
        if (c.kind === "formula") return `FORMULA:${c.value}`;
        const value = shownValue(c);
        if (typeof value !== "object") return value;
        return isEntity(value) ? value.text : value.error;
      })
    );
  }

  /** The smallest block holding every cell that is not empty (of `within`, or of the sheet), or null. */
  usedBlock(within?: Block): Block | null {
    let top = Infinity;
    let left = Infinity;
    let bottom = -1;
    let right = -1;
    const inside = (r: number, c: number): boolean =>
      !within ||
      (r >= within.row &&
        r < within.row + within.rows &&
        c >= within.column &&
        c < within.column + within.columns);
    for (const [r, row] of this.cells) {
      row.forEach((cell, c) => {
        if (!cell || cell.kind === "empty" || !inside(r, c)) return;
        top = Math.min(top, r);
        bottom = Math.max(bottom, r);
        left = Math.min(left, c);
        right = Math.max(right, c);
      });
    }
    return bottom < 0
      ? null
      : { row: top, column: left, rows: bottom - top + 1, columns: right - left + 1 };
  }

  /** A formula with the result Excel calculated: more than one cell spills from the anchor. */
  setFormula(address: string, formula: string, result: Result[][]): void {
    const { row, column } = parseAddress(address);
    this.write(row, column, { kind: "formula", value: formula, result });
    result.forEach((cells, i) =>
      cells.forEach((value, j) => {
        if (i === 0 && j === 0) return;
        if (this.cell(row + i, column + j).kind !== "empty")
          throw new Error(`setFormula: ${address} would spill over a cell that is not empty`);
        this.put(row + i, column + j, { kind: "spilled", value, anchor: { row, column } });
      })
    );
  }

  /** The block an anchor's result covers, when it has more than one cell. */
  spillOf(row: number, column: number): Block | null {
    const cell = this.cell(row, column);
    if (cell.kind !== "formula" || !cell.result) return null;
    const block = { row, column, rows: cell.result.length, columns: cell.result[0]!.length };
    return block.rows * block.columns > 1 ? block : null;
  }

  /**
   * A cell's content replaced, as Excel does it: an anchor's spill goes with its formula;
   * writing into a spill blocks it (#SPILL!), and emptying a spilled cell changes nothing.
   */
  write(row: number, column: number, cell: Stored): void {
    const current = this.cell(row, column);
    if (current.kind === "spilled") {
      if (cell.kind === "empty") return;
      const { anchor } = current;
      this.removeSpill(anchor.row, anchor.column);
      const formula = this.cell(anchor.row, anchor.column) as Stored & { kind: "formula" };
      this.put(anchor.row, anchor.column, { ...formula, result: [[{ error: "#SPILL!" }]] });
    }
    this.removeSpill(row, column);
    this.put(row, column, cell);
  }

  /** Inserts an empty cell at `column` in each of `rows` rows from `row`: the cells from there move right. */
  insertCellsRight(row: number, rows: number, column: number): void {
    for (let r = row; r < row + rows; r++) {
      const stored = this.cells.get(r);
      if (stored && stored.length > column) stored.splice(column, 0, { kind: "empty" });
    }
  }

  private removeSpill(row: number, column: number): void {
    const spill = this.spillOf(row, column);
    if (!spill) return;
    for (let r = spill.row; r < spill.row + spill.rows; r++)
      for (let c = spill.column; c < spill.column + spill.columns; c++)
        if (this.cell(r, c).kind === "spilled") this.put(r, c, { kind: "empty" });
  }

  /** A loaded property of one cell, as Range.values, formulas and valueTypes give it. */
  read(property: string, row: number, column: number): unknown {
    const cell = this.cell(row, column);
    const value = shownValue(cell);
    switch (property) {
      case "values":
        if (isEntity(value as Result)) return "#VALUE!";
        return isError(value as Result) ? (value as FakeError).error : value;
      case "formulas":
        // A cell without a formula gives its value: quoted text "=x" reads "=x".
        return cell.kind === "formula" ? cell.value : this.read("values", row, column);
      case "valueTypes":
        if (value === "") return "Empty";
        if (isEntity(value as Result)) return "RichValue";
        if (typeof value === "object") return "Error";
        return typeof value === "string"
          ? "String"
          : typeof value === "number"
            ? "Double"
            : "Boolean";
      case "valuesAsJson":
        return jsonOf(value as Result | "");
    }
    throw new Error(`InvalidArgument: the fake does not load ${property}`);
  }

  api(): Excel.Worksheet {
    const excel = this.excel;
    const sheet = this;
    const api = {
      get name() {
        return sheet.name;
      },
      // The name is always readable here; load is accepted for code written for Excel.
      load: () => api,
      getRange: (address: string) => excel.range(sheet, address),
      getRangeByIndexes: (row: number, column: number, rows: number, columns: number) =>
        excel.range(sheet, formatAddress({ row, column, rows, columns })),
      getCell: (row: number, column: number) =>
        excel.range(sheet, formatAddress({ row, column, rows: 1, columns: 1 })),
      getUsedRangeOrNullObject: () => excel.derivedRange(sheet, () => sheet.usedBlock()),
      tables: {
        add: (address: string, hasHeaders: boolean) => {
          const table: FakeTable = {
            name: `Table${excel.tables.length + 1}`,
            sheet: sheet.name,
            address,
            hasHeaders,
          };
          parseAddress(address);
          excel.queue({ op: "tables.add", sheet: sheet.name, address, detail: hasHeaders }, 0, () =>
            excel.tables.push(table)
          );
          return excel.tableApi(() => table);
        },
      },
      freezePanes: {
        freezeRows: (count: number) =>
          excel.queue({ op: "freezeRows", sheet: sheet.name, detail: count }, 0, () => {
            sheet.frozenRows = count;
          }),
      },
      activate: () =>
        excel.queue({ op: "activate", sheet: sheet.name }, 0, () => {
          excel.activeSheet = sheet.name;
        }),
      delete: () =>
        excel.queue({ op: "delete", sheet: sheet.name }, 0, () => {
          sheet.deleted = true;
          if (excel.sheets.includes(sheet)) excel.sheets.splice(excel.sheets.indexOf(sheet), 1);
        }),
    };
    return api as unknown as Excel.Worksheet;
  }
}

export class FakeExcel {
  readonly ops: FakeOp[] = [];
  readonly syncs: FakeSync[] = [];
  readonly sheets: FakeSheet[] = [];
  readonly tables: FakeTable[] = [];
  readonly reads: FakeRead[] = [];
  /** Calls of Range.getSpillingToRangeOrNullObject. */
  spillQueries = 0;
  activeSheet: string | null = null;
  /** Makes the sync of this index (0-based) fail, as a lost connection would. */
  failSync: number | null = null;
  /** The selected range (getSelectedRange); areas > 1 is a selection Excel cannot give as one range. */
  selection: { sheet: string; address: string; areas?: number };
  /** Work of the next sync, in order; a load answers data, committed when the answer fits. */
  private pending: Array<() => Answer | void> = [];
  private pendingBytes = 0;
  private pendingOps = 0;

  constructor(
    private readonly options: {
      sheetNames?: string[];
      tableNames?: string[];
      definedNames?: string[];
      keepCells?: boolean;
    } = {}
  ) {
    for (const name of options.sheetNames ?? ["Sheet1"])
      this.sheets.push(new FakeSheet(this, name));
    for (const name of options.tableNames ?? [])
      this.tables.push({ name, sheet: this.sheets[0]!.name, address: "A1:A2", hasHeaders: true });
    this.selection = { sheet: this.sheets[0]!.name, address: "A1" };
  }

  sheet(name: string): FakeSheet {
    const sheet = this.sheets.find((s) => s.name === name);
    if (!sheet) throw new Error(`no sheet ${name}`);
    return sheet;
  }

  /** Installs `Excel.run` on globalThis, running batches against this fake. */
  install(): void {
    (globalThis as Record<string, unknown>).Excel = {
      run: <T>(batch: (context: Excel.RequestContext) => Promise<T>) => batch(this.context()),
    };
  }

  queue(op: Omit<FakeOp, "sync">, bytes: number, apply: () => void): void {
    this.ops.push({ ...op, sync: this.syncs.length });
    this.pendingBytes += bytes;
    this.pendingOps++;
    this.pending.push(() => void apply());
  }

  async sync(): Promise<void> {
    const work = this.pending;
    const bytes = this.pendingBytes;
    const index = this.syncs.length;
    const sync: FakeSync = { payloadBytes: bytes, ops: this.pendingOps, responseBytes: 0 };
    this.syncs.push(sync);
    this.pending = [];
    this.pendingBytes = 0;
    this.pendingOps = 0;
    if (index === this.failSync)
      throw Object.assign(new Error("The connection was lost."), { code: "RequestAborted" });
    if (bytes > PAYLOAD_LIMIT_BYTES)
      throw Object.assign(new Error("The request payload size has exceeded the limit."), {
        code: "RequestPayloadSizeLimitExceeded",
      });
    const answers: Answer[] = [];
    for (const apply of work) {
      const answer = apply();
      if (answer) answers.push(answer);
    }
    // As Excel: the actions ran, but an answer over the limit is not delivered.
    sync.responseBytes = answers.reduce((sum, answer) => sum + answer.bytes, 0);
    if (sync.responseBytes > PAYLOAD_LIMIT_BYTES)
      throw Object.assign(new Error("The response payload size has exceeded the limit."), {
        code: "ResponsePayloadSizeLimitExceeded",
      });
    for (const answer of answers) answer.commit();
  }

  context(): Excel.RequestContext {
    const excel = this;
    const loadable = <T>(snapshot: () => T[]) => {
      let items: T[] | null = null;
      const collection = {
        load: () => {
          excel.pending.push(() => {
            items = snapshot();
          });
          return collection;
        },
        get items(): T[] {
          if (!items) throw new Error("PropertyNotLoaded: items (load, then sync)");
          return items;
        },
      };
      return collection;
    };
    const worksheets = Object.assign(
      loadable(() => this.sheets.map((s) => ({ name: s.name }))),
      {
        add: (name: string) => {
          const taken = this.sheets.some((s) => s.name.toLowerCase() === name.toLowerCase());
          if (
            name.length === 0 ||
            name.length > 31 ||
            /[:\\/?*[\]]/.test(name) ||
            /^'|'$/.test(name) ||
            name.toLowerCase() === "history" ||
            taken
          ) {
            throw new Error(`InvalidArgument: sheet name ${JSON.stringify(name)}`);
          }
          const sheet = new FakeSheet(this, name);
          this.queue({ op: "worksheets.add", sheet: name }, 0, () => this.sheets.push(sheet));
          return sheet.api();
        },
      }
    );
    const worksheetsWithItems = Object.assign(worksheets, {
      getItem: (name: string) => {
        const sheet = this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
        if (sheet) return sheet.api();
        this.pending.push(() => {
          throw itemNotFound(`The worksheet ${name}`);
        });
        return new FakeSheet(this, name).api();
      },
    });
    const tables = Object.assign(
      loadable(() => this.tables.map((t) => ({ name: t.name }))),
      {
        getItem: (name: string) =>
          this.tableApi(() => {
            const table = this.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
            if (!table) throw itemNotFound(`The table ${name}`);
            return table;
          }),
      }
    );
    const workbook = {
      worksheets: worksheetsWithItems,
      tables,
      names: loadable(() => (this.options.definedNames ?? []).map((name) => ({ name }))),
      getSelectedRange: () => {
        const sheet = this.sheet(this.selection.sheet);
        return this.derivedRange(sheet, () => {
          if ((this.selection.areas ?? 1) > 1)
            throw Object.assign(new Error("The current selection is invalid for this operation."), {
              code: "InvalidSelection",
            });
          return parseAddress(this.selection.address);
        });
      },
    };
    return { workbook, sync: () => this.sync() } as unknown as Excel.RequestContext;
  }

  /**
   * A range found at sync (a used range, an intersection, a spill): null makes a null object.
   * It loads address, rowIndex, columnIndex, rowCount, columnCount, values, formulas and
   * valueTypes, and gives the intersection with another range and the spill of its cell.
   */
  derivedRange(sheet: FakeSheet, resolve: () => Block | null): Excel.Range {
    return this.readable({}, sheet, resolve, true) as unknown as Excel.Range;
  }

  private readable(
    target: Record<string, unknown>,
    sheet: FakeSheet,
    resolve: () => Block | null,
    nullable: boolean
  ): Record<string, unknown> {
    const excel = this;
    // Resolved once, when a sync first uses it (office.js resolves object paths in order).
    let resolved: Block | null | undefined;
    const block = (): Block | null => (resolved === undefined ? (resolved = resolve()) : resolved);
    const loaded: Record<string, unknown> = {};
    let isNull: boolean | undefined;
    if (nullable) {
      this.pending.push(() => {
        const found = block();
        return { bytes: 5, commit: () => (isNull = found === null) };
      });
    }
    const property = (name: string) => ({
      get() {
        if (!(name in loaded)) throw new Error(`PropertyNotLoaded: ${name} (load, then sync)`);
        return loaded[name];
      },
    });
    Object.defineProperties(target, {
      isNullObject: {
        get() {
          if (isNull === undefined && nullable)
            throw new Error("PropertyNotLoaded: isNullObject (sync first)");
          return isNull ?? false;
        },
      },
      ...Object.fromEntries(LOADABLE.map((name) => [name, property(name)])),
    });
    Object.assign(target, {
      fakeBlock: block,
      worksheet: sheet.api(),
      load(names: string) {
        const list = names.split(",").map((name) => name.trim());
        excel.pending.push(() => {
          const found = block();
          if (!found) return;
          if (list.some((name) => CELL_PROPERTIES.includes(name)))
            excel.reads.push({
              sync: excel.syncs.length - 1,
              address: formatAddress(found),
              cells: found.rows * found.columns,
            });
          const data: Record<string, unknown> = {};
          for (const name of list) data[name] = loadProperty(sheet, found, name);
          return { bytes: bytesOf(data), commit: () => Object.assign(loaded, data) };
        });
        return target;
      },
      getIntersectionOrNullObject(other: { fakeBlock: () => Block | null }) {
        return excel.derivedRange(sheet, () => {
          const mine = block();
          const theirs = other.fakeBlock();
          return mine && theirs ? intersect(mine, theirs) : null;
        });
      },
      getUsedRangeOrNullObject() {
        // Formatting is not modelled: every used cell holds a value.
        return excel.derivedRange(sheet, () => {
          const mine = block();
          return mine ? sheet.usedBlock(mine) : null;
        });
      },
      getTables(fullyContained = false) {
        let items: Excel.Table[] | null = null;
        const collection = {
          load(names: string) {
            const list = names
              .split(",")
              .map((name) => name.trim().replace(/^items\//, ""))
              .filter((name) => name !== "items");
            excel.pending.push(() => {
              const mine = block();
              const found = excel.tables.filter((t) => {
                if (t.sheet !== sheet.name || !mine) return false;
                const theirs = parseAddress(t.address);
                const common = intersect(mine, theirs);
                return fullyContained
                  ? common !== null &&
                      common.rows === theirs.rows &&
                      common.columns === theirs.columns
                  : common !== null;
              });
              const loaded = found.map((t) => tableProperties(t, list));
              return {
                bytes: bytesOf(loaded),
                commit: () => {
                  items = found.map((t, i) => excel.tableApi(() => t, loaded[i]));
                },
              };
            });
            return collection;
          },
          get items(): Excel.Table[] {
            if (!items) throw new Error("PropertyNotLoaded: items (load, then sync)");
            return items;
          },
        };
        return collection;
      },
      getSpillingToRangeOrNullObject() {
        excel.spillQueries++;
        return excel.derivedRange(sheet, () => {
          const cell = block();
          return cell && cell.rows * cell.columns === 1
            ? sheet.spillOf(cell.row, cell.column)
            : null;
        });
      },
    });
    return target;
  }

  /**
   * A table object: `name` and `showHeaders` once loaded, its ranges, and columns.add, which
   * appends a column (index omitted, null or -1) with a header made unique in the table.
   * `find` runs at sync and throws ItemNotFound when the table is not there.
   */
  tableApi(find: () => FakeTable, loaded: Record<string, unknown> = {}): Excel.Table {
    const excel = this;
    const sheetOf = (): FakeSheet => excel.sheet(find().sheet);
    const blockOf = (): Block => parseAddress(find().address);
    const body = (): Block => {
      const block = blockOf();
      const header = find().hasHeaders ? 1 : 0;
      return { ...block, row: block.row + header, rows: block.rows - header };
    };
    // The sheet is known once the table is: a table found by name resolves at sync.
    const lazyRange = (resolve: () => Block | null): Excel.Range => {
      let sheet: FakeSheet | undefined;
      try {
        sheet = sheetOf();
      } catch {
        sheet = new FakeSheet(excel, "");
      }
      return excel.derivedRange(sheet, resolve);
    };
    const property = (name: string) => {
      if (!(name in loaded)) throw new Error(`PropertyNotLoaded: ${name} (load, then sync)`);
      return loaded[name];
    };
    const api = {
      load(names: string) {
        const list = names.split(",").map((name) => name.trim());
        excel.pending.push(() => {
          const table = find();
          const data = tableProperties(table, list);
          return { bytes: bytesOf(data), commit: () => Object.assign(loaded, data) };
        });
        return api;
      },
      get name(): string {
        return property("name") as string;
      },
      set name(name: string) {
        const table = find();
        if (
          !/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) ||
          excel.tables.some((t) => t !== table && t.name.toLowerCase() === name.toLowerCase())
        ) {
          throw new Error(`InvalidArgument: table name ${name}`);
        }
        excel.queue({ op: "table.name", sheet: table.sheet, detail: name }, 0, () => {
          table.name = name;
        });
      },
      get showHeaders(): boolean {
        return property("showHeaders") as boolean;
      },
      get worksheet(): Excel.Worksheet {
        return sheetOf().api();
      },
      getRange: () => lazyRange(blockOf),
      getHeaderRowRange: () =>
        lazyRange(() => (find().hasHeaders ? { ...blockOf(), rows: 1 } : null)),
      getDataBodyRange: () => lazyRange(body),
      columns: {
        add: (index?: number | null, values?: unknown[][], name?: string) => {
          if (index !== undefined && index !== null && index !== -1)
            throw new Error("InvalidArgument: the fake only appends table columns");
          const table = find();
          excel.queue(
            { op: "columns.add", sheet: table.sheet, address: table.address, detail: name },
            values ? bytesOf(values) : 0,
            () => appendTableColumn(sheetOf(), table, values, name)
          );
          return {};
        },
      },
    };
    return api as unknown as Excel.Table;
  }

  range(sheet: FakeSheet, address: string): Excel.Range {
    const block = parseAddress(address);
    const excel = this;
    let width: number | null = null;
    const format = {
      autofitColumns: () =>
        this.queue({ op: "autofitColumns", sheet: sheet.name, address }, 0, () => {
          for (let c = block.column; c < block.column + block.columns; c++) {
            let longest = 0;
            for (let r = block.row; r < block.row + block.rows; r++) {
              const cell = sheet.cell(r, c);
              if (cell.kind !== "empty") longest = Math.max(longest, String(cell.value).length);
            }
            sheet.columnWidths.set(c, 7 * longest + 10);
          }
        }),
      load: () => {
        excel.pending.push(() => {
          width = sheet.columnWidths.get(block.column) ?? 48;
        });
        return format;
      },
      get columnWidth(): number {
        if (width === null) throw new Error("PropertyNotLoaded: columnWidth (load, then sync)");
        return width;
      },
      set columnWidth(points: number) {
        excel.queue({ op: "columnWidth", sheet: sheet.name, address, detail: points }, 0, () =>
          sheet.columnWidths.set(block.column, points)
        );
      },
    };
    const range = {
      format,
      set values(values: unknown[][]) {
        if (values.length !== block.rows || values.some((row) => row.length !== block.columns)) {
          throw new Error(`InvalidArgument: ${values.length} rows of values for ${address}`);
        }
        excel.queue({ op: "values", sheet: sheet.name, address }, bytesOf(values), () => {
          if (excel.options.keepCells === false) return;
          values.forEach((row, r) =>
            row.forEach((value, c) => {
              // null leaves a cell as it is (office.js).
              if (value !== null) sheet.write(block.row + r, block.column + c, storeInput(value));
            })
          );
        });
      },
      /** Entities only are modelled: what Freeze writes for a cell showing a card. */
      set valuesAsJson(values: unknown[][]) {
        if (values.length !== block.rows || values.some((row) => row.length !== block.columns)) {
          throw new Error(`InvalidArgument: ${values.length} rows of values for ${address}`);
        }
        excel.queue({ op: "valuesAsJson", sheet: sheet.name, address }, bytesOf(values), () =>
          values.forEach((row, r) =>
            row.forEach((value, c) => {
              if (!isEntity(value as Result))
                throw new Error("InvalidArgument: the fake writes entities only as JSON values");
              sheet.write(block.row + r, block.column + c, {
                kind: "entity",
                value: structuredClone(value as FakeEntity),
              });
            })
          )
        );
      },
      set numberFormat(format: unknown) {
        excel.queue(
          { op: "numberFormat", sheet: sheet.name, address, detail: format },
          bytesOf(format),
          () => {
            sheet.numberFormats.set(address, String(format));
          }
        );
      },
    };
    return this.readable(range, sheet, () => block, false) as unknown as Excel.Range;
  }
}

interface Answer {
  bytes: number;
  commit: () => void;
}

const itemNotFound = (what: string): Error =>
  Object.assign(new Error(`${what} does not exist.`), { code: "ItemNotFound" });

function tableProperties(table: FakeTable, names: string[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const name of names) {
    if (name === "name") data.name = table.name;
    else if (name === "showHeaders") data.showHeaders = table.hasHeaders;
    else throw new Error(`InvalidArgument: the fake does not load table ${name}`);
  }
  return data;
}

/**
 * A column appended to a table as Excel inserts one: the cells right of the table in its rows
 * move right; the header is `name` (or values[0][0], or "ColumnN"), made unique in the table
 * with a number as Excel does; values, when given, cover the header row and the body.
 */
function appendTableColumn(
  sheet: FakeSheet,
  table: FakeTable,
  values: unknown[][] | undefined,
  name: string | undefined
): void {
  const block = parseAddress(table.address);
  const column = block.column + block.columns;
  if (values && values.length !== block.rows)
    throw new Error(`InvalidArgument: ${values.length} values for a column of ${block.rows} cells`);
  sheet.insertCellsRight(block.row, block.rows, column);
  table.address = formatAddress({ ...block, columns: block.columns + 1 });
  values?.forEach((row, r) => sheet.write(block.row + r, column, storeInput(row[0])));
  if (!table.hasHeaders) return;
  const taken = new Set(
    Array.from({ length: block.columns }, (_, c) =>
      String(sheet.read("values", block.row, block.column + c)).toLowerCase()
    )
  );
  const wanted = name ?? (values ? String(values[0]?.[0] ?? "") : "");
  const base = wanted === "" ? `Column${block.columns + 1}` : wanted;
  let header = base;
  for (let n = 2; taken.has(header.toLowerCase()); n++) header = `${base}${n}`;
  sheet.write(block.row, column, { kind: "text", value: header, quotePrefix: false });
}

const CELL_PROPERTIES = ["values", "formulas", "valueTypes", "valuesAsJson"];

/** A cell's value as Range.valuesAsJson gives it (ExcelApi 1.16). */
function jsonOf(value: Result | ""): unknown {
  if (value === "") return { type: "Empty", basicValue: "" };
  if (typeof value === "object")
    return isEntity(value)
      ? structuredClone(value)
      : { type: "Error", basicType: "Error", basicValue: value.error };
  if (typeof value === "string") return { type: "String", basicValue: value };
  if (typeof value === "number") return { type: "Double", basicValue: value };
  return { type: "Boolean", basicValue: value };
}
const LOADABLE = [
  "address",
  "rowIndex",
  "columnIndex",
  "rowCount",
  "columnCount",
  ...CELL_PROPERTIES,
];

function loadProperty(sheet: FakeSheet, block: Block, name: string): unknown {
  switch (name) {
    case "address":
      return `${sheet.name}!${formatAddress(block)}`;
    case "rowIndex":
      return block.row;
    case "columnIndex":
      return block.column;
    case "rowCount":
      return block.rows;
    case "columnCount":
      return block.columns;
  }
  if (!CELL_PROPERTIES.includes(name))
    throw new Error(`InvalidArgument: the fake does not load ${name}`);
  return Array.from({ length: block.rows }, (_, r) =>
    Array.from({ length: block.columns }, (_, c) =>
      sheet.read(name, block.row + r, block.column + c)
    )
  );
}

/** Cells from `address` on, as if typed (a string starting with ' is text); null is left empty. */
export function fillCells(sheet: FakeSheet, address: string, rows: unknown[][]): void {
  const { row, column } = parseAddress(address);
  rows.forEach((cells, r) =>
    cells.forEach((value, c) => {
      if (value !== null && value !== undefined)
        sheet.write(row + r, column + c, storeInput(value));
    })
  );
}
