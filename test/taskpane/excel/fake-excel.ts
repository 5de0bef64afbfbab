// An in-memory stand-in for the part of Excel's RequestContext the sheet writer uses.
// office-addin-mock cannot record what a batch carries, so this fake does: every queued
// operation in order, the JSON size of each sync's values and formats (refused above Excel
// on the web's 5 MB, as Excel does), and cells as Excel stores typed input: a leading
// apostrophe makes text, "=..." a formula, "00123" a number, "TRUE" a boolean.

export type Stored =
  | { kind: "empty" }
  | { kind: "text"; value: string; quotePrefix: boolean }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "formula"; value: string };

export interface FakeOp {
  op:
    | "worksheets.add"
    | "values"
    | "numberFormat"
    | "tables.add"
    | "table.name"
    | "autofitColumns"
    | "columnWidth"
    | "freezeRows"
    | "activate"
    | "delete";
  sheet: string;
  address?: string;
  detail?: unknown;
  /** Index of the sync that carried it. */
  sync: number;
}

export interface FakeSync {
  payloadBytes: number;
  ops: number;
}

export interface FakeTable {
  name: string;
  sheet: string;
  address: string;
  hasHeaders: boolean;
}

interface Block {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export function columnIndex(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

export function parseAddress(address: string): Block {
  const match = /^([A-Z]+)(\d+)(?::([A-Z]+)(\d+))?$/.exec(address);
  if (!match) throw new Error(`InvalidArgument: bad address ${address}`);
  const column = columnIndex(match[1]!);
  const row = Number(match[2]) - 1;
  const lastColumn = match[3] ? columnIndex(match[3]) : column;
  const lastRow = match[4] ? Number(match[4]) - 1 : row;
  return { row, column, rows: lastRow - row + 1, columns: lastColumn - column + 1 };
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

  /** The sheet's rows as shown: text and numbers as Excel would display them, formulas marked. */
  shown(): Array<Array<string | number | boolean | null>> {
    const last = Math.max(-1, ...this.cells.keys());
    return Array.from({ length: last + 1 }, (_, r) =>
      (this.cells.get(r) ?? []).map((c) =>
        c.kind === "empty" ? null : c.kind === "formula" ? `FORMULA:${c.value}` : c.value
      )
    );
  }

  api(): Excel.Worksheet {
    const excel = this.excel;
    const sheet = this;
    const api = {
      get name() {
        return sheet.name;
      },
      getRange: (address: string) => excel.range(sheet, address),
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
          return {
            set name(name: string) {
              if (
                !/^[\p{L}_][\p{L}\p{N}_.]*$/u.test(name) ||
                excel.tables.some((t) => t !== table && t.name.toLowerCase() === name.toLowerCase())
              ) {
                throw new Error(`InvalidArgument: table name ${name}`);
              }
              excel.queue({ op: "table.name", sheet: sheet.name, detail: name }, 0, () => {
                table.name = name;
              });
            },
          };
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
  activeSheet: string | null = null;
  /** Makes the sync of this index (0-based) fail, as a lost connection would. */
  failSync: number | null = null;
  private pending: Array<() => void> = [];
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
    this.pending.push(apply);
  }

  async sync(): Promise<void> {
    const work = this.pending;
    const bytes = this.pendingBytes;
    const index = this.syncs.length;
    this.syncs.push({ payloadBytes: bytes, ops: this.pendingOps });
    this.pending = [];
    this.pendingBytes = 0;
    this.pendingOps = 0;
    if (index === this.failSync)
      throw Object.assign(new Error("The connection was lost."), { code: "RequestAborted" });
    if (bytes > PAYLOAD_LIMIT_BYTES)
      throw Object.assign(new Error("The request payload size has exceeded the limit."), {
        code: "RequestPayloadSizeLimitExceeded",
      });
    for (const apply of work) apply();
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
    const workbook = {
      worksheets,
      tables: loadable(() => this.tables.map((t) => ({ name: t.name }))),
      names: loadable(() => (this.options.definedNames ?? []).map((name) => ({ name }))),
    };
    return { workbook, sync: () => this.sync() } as unknown as Excel.RequestContext;
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
          values.forEach((row, r) => {
            const stored = sheet.cells.get(block.row + r) ?? [];
            row.forEach((value, c) => {
              stored[block.column + c] = storeInput(value);
            });
            sheet.cells.set(block.row + r, stored);
          });
        });
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
    return range as unknown as Excel.Range;
  }
}
