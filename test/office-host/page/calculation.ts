/**
 * Excel's side of the add-in's formulas: which `=MAIL.NAME(…)` cells are calculated, when, in
 * what order, with which arguments, and what each cell shows while and after its function
 * answers. Each decision is listed in the README with its source, or marked as a guess.
 *
 * - A formula is calculated when it is entered or changed, when a cell it refers to changes,
 *   by Range.calculate(), and by Application.calculate("Full" | "FullRebuild").
 * - While its call is open the cell shows #BUSY!; a new call for the same cell, or a write
 *   over it, cancels the old one (sent to cancelable and streaming functions only).
 * - Calls of one calculation go out together, in an order shuffled by the page's seed.
 * - Arguments: text, numbers, TRUE/FALSE, a cell (empty: null), a range (a matrix) of the
 *   formula's sheet or another ('Sheet 2'!A1); omitted optional parameters arrive as null.
 */
import type {
  CellError,
  CellOutcome,
  CellValue,
  CustomFunctionCalls,
  Invocation,
} from "./custom-functions";

export interface FormulaCell {
  sheet: string;
  address: string;
  formula: string;
}

/** What the page needs of the workbook model. */
export interface CalculationModel {
  formulaCells(): FormulaCell[];
  valueAt(sheet: string, address: string): unknown;
  setFormulaResults(
    sheet: string,
    results: Array<{
      address: string;
      formula: string;
      values: Array<Array<string | number | boolean>>;
    }>
  ): Promise<string[]>;
}

interface MailCall {
  functionName: string;
  args: string[];
}

const key = (sheet: string, address: string) => `${sheet}!${address}`;

/** A small seeded PRNG (mulberry32): the same seed gives the same calculation order. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === "," && !quoted) {
      args.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (args.length > 0 || current.trim() !== "") args.push(current.trim());
  return args;
}

export function mailCall(formula: string, namespace: string): MailCall | null {
  const match = new RegExp(`^=\\s*${namespace}\\.([A-Z_][A-Z0-9_.]*)\\s*\\((.*)\\)\\s*$`, "i").exec(
    formula
  );
  return match ? { functionName: match[1]!.toUpperCase(), args: splitArguments(match[2]!) } : null;
}

const CELL =
  /^(?:(?:'((?:[^']|'')+)'|([A-Za-z0-9_.]+))!)?\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i;

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The cells an argument refers to ("Sheet1!A2"), for dependency tracking. */
export function referencedCells(sheet: string, text: string): string[] {
  const match = CELL.exec(text);
  if (!match) return [];
  const target = match[1]?.replace(/''/g, "'") ?? match[2] ?? sheet;
  const c0 = columnIndex(match[3]!);
  const r0 = Number(match[4]) - 1;
  const c1 = match[5] ? columnIndex(match[5]) : c0;
  const r1 = match[6] ? Number(match[6]) - 1 : r0;
  const cells: string[] = [];
  for (let r = Math.min(r0, r1); r <= Math.max(r0, r1); r++)
    for (let c = Math.min(c0, c1); c <= Math.max(c0, c1); c++)
      cells.push(key(target, columnName(c) + (r + 1)));
  return cells;
}

export class ArgumentError extends Error {}

export interface CalculatorOptions {
  calls: CustomFunctionCalls;
  model: CalculationModel;
  namespace: string;
  seed: number;
  /** How long results are gathered before they are written to the workbook (ms). */
  flushDelayMs?: number;
}

export class Calculator {
  private readonly random: () => number;
  /** The open call of each cell ("Sheet1!D2"). */
  private readonly open = new Map<string, { invocation: Invocation; formula: string }>();
  /** The last outcome of each calculated cell, as the grid shows it with its message. */
  readonly outcomes = new Map<string, CellOutcome>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private pendingWrites = new Map<
    string,
    Map<string, { formula: string; values: Array<Array<string | number | boolean>> }>
  >();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Every calculation started: which cells, in which order (the seed decides it). */
  readonly passes: string[][] = [];

  constructor(private readonly options: CalculatorOptions) {
    this.random = seededRandom(options.seed);
  }

  /** Calculates these formula cells (non-MAIL formulas are left as they are). */
  calculate(cells: FormulaCell[]): Promise<Record<string, CellOutcome>> {
    const calls: Array<{ cell: FormulaCell; call: MailCall }> = [];
    for (const cell of cells) {
      const call = mailCall(cell.formula, this.options.namespace);
      if (call) calls.push({ cell, call });
    }
    const ordered = shuffle(calls, this.random);
    this.passes.push(ordered.map(({ cell }) => key(cell.sheet, cell.address)));
    const done: Array<Promise<[string, CellOutcome]>> = [];
    const requests: Parameters<CustomFunctionCalls["call"]>[0] = [];
    for (const { cell, call } of ordered) {
      const at = key(cell.sheet, cell.address);
      this.cancelOpen(at);
      const finished = new Promise<[string, CellOutcome]>((resolve) =>
        this.waitFor(at, () => resolve([cell.address, this.outcomes.get(at) ?? null]))
      );
      done.push(finished);
      let args: unknown[];
      try {
        args = this.arguments(cell, call);
      } catch (error) {
        this.settle(cell, { error: "#VALUE!", message: (error as Error).message });
        continue;
      }
      this.show(cell, { error: "#BUSY!" });
      requests.push({
        functionId: call.functionName,
        args,
        address: at,
        onResult: (outcome) => this.settle(cell, outcome),
      });
    }
    const invocations = this.options.calls.call(requests);
    const formulas = new Map(ordered.map(({ cell }) => [key(cell.sheet, cell.address), cell]));
    invocations.forEach((invocation) => {
      const cell = formulas.get(invocation.address)!;
      if (this.options.calls.isOpen(invocation))
        this.open.set(invocation.address, { invocation, formula: cell.formula });
    });
    return Promise.all(done).then((entries) => Object.fromEntries(entries));
  }

  /** Calculates the formulas inside a range of a sheet ("A1:D20"); all of them without one. */
  calculateRange(
    sheet: string | null,
    address: string | null
  ): Promise<Record<string, CellOutcome>> {
    const inRange = address && sheet ? new Set(referencedCells(sheet, address)) : null;
    const cells = this.options.model
      .formulaCells()
      .filter(
        (cell) =>
          (sheet === null || cell.sheet.toLowerCase() === sheet.toLowerCase()) &&
          (!inRange || inRange.has(key(cell.sheet, cell.address)))
      );
    return this.calculate(cells);
  }

  /** After writes: formulas entered or changed, and formulas that refer to a changed cell. */
  afterWrites(written: Set<string>): void {
    if (written.size === 0) return;
    const cells = this.options.model.formulaCells();
    const byKey = new Map(cells.map((cell) => [key(cell.sheet, cell.address), cell]));
    for (const at of written) {
      const open = this.open.get(at);
      const now = byKey.get(at);
      if (open && (!now || now.formula !== open.formula)) this.cancelOpen(at);
    }
    const dirty = cells.filter((cell) => {
      const at = key(cell.sheet, cell.address);
      if (written.has(at)) return true;
      const call = mailCall(cell.formula, this.options.namespace);
      return (
        !!call &&
        call.args.some((arg) => referencedCells(cell.sheet, arg).some((ref) => written.has(ref)))
      );
    });
    if (dirty.length) void this.calculate(dirty);
  }

  /**
   * Resolves when every calculation started so far has answered (streaming functions aside:
   * they never end) and its results are in the workbook.
   */
  async calculated(): Promise<void> {
    const finishing = () =>
      [...this.open.values()].some(
        ({ invocation }) => !this.options.calls.function(invocation.functionId)?.options?.stream
      );
    while (finishing()) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.settled();
  }

  /** Resolves when every result received so far is in the workbook. */
  async settled(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
      this.flushing = this.flushing.then(() => this.flush());
    }
    await this.flushing;
  }

  openCalls(): number {
    return this.open.size;
  }

  private waitFor(at: string, fn: () => void): void {
    const list = this.waiting.get(at) ?? [];
    list.push(fn);
    this.waiting.set(at, list);
  }

  private cancelOpen(at: string): void {
    const open = this.open.get(at);
    if (!open) return;
    this.open.delete(at);
    const meta = this.options.calls.function(open.invocation.functionId);
    // Excel tells only cancelable and streaming functions (CustomFunctionProxy keeps no
    // context for the others); their late results are dropped.
    if (meta?.options?.cancelable || meta?.options?.stream)
      this.options.calls.cancel(open.invocation);
  }

  private arguments(cell: FormulaCell, call: MailCall): unknown[] {
    const meta = this.options.calls.function(call.functionName);
    if (!meta)
      throw new ArgumentError(
        `#NAME? ${this.options.namespace}.${call.functionName} is not a function of the add-in`
      );
    const declared = meta.parameters ?? [];
    const repeating = declared.some((p) => p.repeating);
    if (!repeating && call.args.length > declared.length)
      throw new ArgumentError(
        `${this.options.namespace}.${call.functionName} takes ${declared.length} arguments, not ${call.args.length}`
      );
    const given = call.args.map((text) => this.argument(cell.sheet, text));
    return given.concat(declared.slice(given.length).map(() => null));
  }

  private argument(sheet: string, text: string): unknown {
    if (text === "") return null;
    if (/^"(?:[^"]|"")*"$/.test(text)) return text.slice(1, -1).replace(/""/g, '"');
    if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(text)) return Number(text);
    if (/^(TRUE|FALSE)$/i.test(text)) return text.toUpperCase() === "TRUE";
    const cells = referencedCells(sheet, text);
    if (cells.length === 0)
      throw new ArgumentError(`the host page cannot evaluate the argument ${text}`);
    const value = (at: string) => {
      const bang = at.lastIndexOf("!");
      const v = this.options.model.valueAt(at.slice(0, bang), at.slice(bang + 1));
      if (v === undefined) throw new ArgumentError("#REF!");
      return v === "" ? null : v;
    };
    if (!text.includes(":")) return value(cells[0]!);
    const match = CELL.exec(text)!;
    const width = Math.abs(columnIndex(match[5]!) - columnIndex(match[3]!)) + 1;
    const rows: unknown[][] = [];
    cells.forEach((at, i) => {
      if (i % width === 0) rows.push([]);
      rows[rows.length - 1]!.push(value(at));
    });
    return rows;
  }

  private settle(cell: FormulaCell, outcome: CellOutcome): void {
    const at = key(cell.sheet, cell.address);
    const open = this.open.get(at);
    const meta = open ? this.options.calls.function(open.invocation.functionId) : undefined;
    if (open && !meta?.options?.stream) this.open.delete(at);
    this.outcomes.set(at, outcome);
    this.show(cell, outcome);
    const waiting = this.waiting.get(at);
    this.waiting.delete(at);
    waiting?.forEach((fn) => fn());
  }

  /** What the grid shows: errors as their code, a matrix spilling, null as 0 (a guess). */
  private show(cell: FormulaCell, outcome: CellOutcome): void {
    const shown = (v: CellValue | CellError): string | number | boolean => {
      if (v === null) return 0;
      if (typeof v === "object") {
        if ("error" in v && typeof v.error === "string") return v.error;
        // A rich value shows its basic value (a formatted number's number, an entity's text).
        const basic = (v as { basicValue?: unknown }).basicValue;
        return typeof basic === "string" || typeof basic === "number" || typeof basic === "boolean"
          ? basic
          : "#VALUE!";
      }
      return v;
    };
    const values = Array.isArray(outcome)
      ? outcome.map((row) => row.map((v) => (v === null ? "" : shown(v))))
      : [[shown(outcome)]];
    const sheetWrites = this.pendingWrites.get(cell.sheet) ?? new Map();
    sheetWrites.set(cell.address, { formula: cell.formula, values });
    this.pendingWrites.set(cell.sheet, sheetWrites);
    if (!this.flushTimer)
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.flushing = this.flushing.then(() => this.flush());
      }, this.options.flushDelayMs ?? 10);
  }

  private async flush(): Promise<void> {
    const writes = this.pendingWrites;
    this.pendingWrites = new Map();
    for (const [sheet, cells] of writes)
      await this.options.model.setFormulaResults(
        sheet,
        [...cells].map(([address, write]) => ({ address, ...write }))
      );
  }
}
