import { t } from "../i18n/i18n";
import { toExcelInput, type CellValue } from "../lists/cell-values";
import { DEFAULT_MAX_PAYLOAD_BYTES } from "./sheet-writer";
import { ValueWriter } from "./value-writer";
import { errorCode } from "../api/error-code";

// Freeze results (Spending): the MAIL formulas of the selected range become their
// current values, so a finished sheet can be shared without ever recalculating. Text stays
// text; a cell showing an error keeps its formula, to be calculated again later.

export interface FreezeSummary {
  /** Cells whose formula became a value, the other cells of frozen spills included. */
  frozen: number;
  /** MAIL formulas kept because they show an error (or an error shows in their spill). */
  keptErrors: number;
  /**
   * MAIL formulas kept because they show a card (a data type) and this Excel cannot
   * write one as a value (Range.valuesAsJson, ExcelApi 1.16): Range.values gives a card as
   * "#VALUE!", so writing values would destroy it.
   */
  keptCards: number;
  /** MAIL formulas replaced by their values. */
  anchors: number;
}

export interface FreezeOptions {
  /** Work through this context instead of a new Excel.run. */
  context?: Excel.RequestContext;
  /** Budget for the values written in one sync, as JSON bytes (default 4 MB). */
  maxPayloadBytes?: number;
  /** Cells read in one sync (default 20,000): Excel on the web also limits a response to 5 MB. */
  cellsPerRead?: number;
}

/** Why nothing was frozen when the selection has no MAIL formula (Freeze is the pane's). */
export const nothingToFreeze = (): string => t("app.freezeNothing");

const CELLS_PER_READ = 20_000;
/** Anchors asked for their spill range in one sync. */
const PROBES_PER_SYNC = 1_000;

interface Block {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

interface Anchor {
  row: number;
  column: number;
  value: CellValue;
  /** False when formulas right of it and below it leave no room for a spill. */
  maySpill: boolean;
}

/** A call of a function in the MAIL namespace: "MAIL.", a name, "(". */
const MAIL_CALL = /(?:^|[^\w.])MAIL\.[A-Z_][\w.]*\s*\(/i;
/** String literals and quoted sheet names, in the order they open. */
const QUOTED = /"(?:[^"]|"")*"|'(?:[^']|'')*'/g;

/** True when a formula calls a MAIL function outside its string literals and quoted sheet names. */
export function callsMailFunction(formula: string): boolean {
  return formula.startsWith("=") && MAIL_CALL.test(formula.replace(QUOTED, '""'));
}

/**
 * `Range.formulas` gives a cell's value when it has no formula, so text that starts with "="
 * (stored with the quote prefix) reads like a formula: its value is that same text.
 */
function hasFormula(formula: unknown, value: unknown): formula is string {
  return typeof formula === "string" && formula.startsWith("=") && formula !== value;
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "boolean" || typeof value === "number";

const excelApi = (version: string): boolean =>
  typeof Office !== "undefined" &&
  Office.context?.requirements?.isSetSupported("ExcelApi", version) === true;

/** Spill ranges are ExcelApi 1.12; without it every formula is taken for one cell. */
const spillsSupported = (): boolean => excelApi("1.12");

/** A card is written as a value through Range.valuesAsJson: ExcelApi 1.16. */
const cardValuesSupported = (): boolean => excelApi("1.16");

/** Cards read and written in one sync (an entity of an answer is about 1.5 KB of JSON). */
const CARDS_PER_SYNC = 500;

/**
 * Replaces the MAIL formulas of the selected range by their values: a spilling formula's
 * whole result (also beyond the selection), strings written as text. A formula showing an
 * error is kept. Throws with a message for the user when there is nothing to freeze.
 */
export async function freezeSelection(options: FreezeOptions = {}): Promise<FreezeSummary> {
  const freeze = (context: Excel.RequestContext): Promise<FreezeSummary> =>
    new Freeze(context, options).run();
  return options.context ? freeze(options.context) : Excel.run(freeze);
}

class Freeze {
  private readonly summary: FreezeSummary = { frozen: 0, keptErrors: 0, keptCards: 0, anchors: 0 };
  private readonly spills = spillsSupported();
  private readonly cardValues = cardValuesSupported();
  private readonly budget: number;
  private cellsPerRead: number;
  private writer!: ValueWriter;

  constructor(
    private readonly context: Excel.RequestContext,
    options: FreezeOptions
  ) {
    this.budget = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    this.cellsPerRead = options.cellsPerRead ?? CELLS_PER_READ;
  }

  async run(): Promise<FreezeSummary> {
    const selected = await this.selectedArea();
    if (selected) {
      const { sheet, area } = selected;
      this.writer = new ValueWriter(this.context, sheet, this.budget);
      // i18n-exempt: the properties Excel loads, not words for a user.
      const properties = "formulas, values, valueTypes";
      await this.readBlocks(sheet, [area], properties, (block, range) =>
        this.freezeBlock(sheet, block, range)
      );
      await this.writer.flush();
    }
    const { anchors, keptErrors, keptCards } = this.summary;
    if (anchors === 0 && keptErrors === 0 && keptCards === 0) throw new Error(nothingToFreeze());
    return { ...this.summary };
  }

  /** The selection clipped to the used range, so a selection of whole columns reads no empty rows. */
  private async selectedArea(): Promise<{ sheet: Excel.Worksheet; area: Block } | null> {
    const context = this.context;
    const selected = context.workbook.getSelectedRange();
    // A navigation property: a proxy to the sheet, usable without a load.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const sheet = selected.worksheet;
    const used = sheet.getUsedRangeOrNullObject(true);
    const area = selected.getIntersectionOrNullObject(used);
    area.load("rowIndex, columnIndex, rowCount, columnCount");
    await context.sync().catch((error: unknown) => {
      if (errorCode(error) !== "InvalidSelection") throw error;
      throw new Error(t("app.freezeOneBlock"), { cause: error });
    });
    if (area.isNullObject) return null;
    return {
      sheet,
      area: {
        row: area.rowIndex,
        column: area.columnIndex,
        rows: area.rowCount,
        columns: area.columnCount,
      },
    };
  }

  /** One block of the selection: its MAIL formulas are kept (errors), or frozen. */
  private async freezeBlock(
    sheet: Excel.Worksheet,
    block: Block,
    range: Excel.Range
  ): Promise<void> {
    const { formulas, values, valueTypes } = range;
    const anchors: Anchor[] = [];
    const cards: Array<{ row: number; column: number }> = [];
    for (let i = 0; i < block.rows; i++) {
      for (let j = 0; j < block.columns; j++) {
        const formula: unknown = formulas[i]![j];
        const value: unknown = values[i]![j];
        if (!hasFormula(formula, value) || !callsMailFunction(formula)) continue;
        if (valueTypes[i]![j] === "Error") this.summary.keptErrors++;
        else if (valueTypes[i]![j] === "RichValue") {
          if (this.cardValues) cards.push({ row: block.row + i, column: block.column + j });
          else this.summary.keptCards++;
        } else if (isScalar(value)) {
          // A spill needs the cell right of its anchor or the one below: a formula in both forbids it.
          const right = j + 1 < block.columns && hasFormula(formulas[i]![j + 1], values[i]![j + 1]);
          const below = i + 1 < block.rows && hasFormula(formulas[i + 1]![j], values[i + 1]![j]);
          anchors.push({
            row: block.row + i,
            column: block.column + j,
            value,
            maySpill: !(right && below),
          });
        }
      }
    }
    const spills = await this.spillRanges(sheet, anchors);
    await this.freezeSpills(
      sheet,
      spills.filter((spill): spill is Block => spill !== null)
    );
    await this.freezeCells(anchors.filter((_, k) => spills[k] === null));
    await this.freezeCards(sheet, cards);
  }

  /** Cells showing a card: the card itself (its JSON) written in place of the formula. */
  private async freezeCards(
    sheet: Excel.Worksheet,
    cards: Array<{ row: number; column: number }>
  ): Promise<void> {
    for (let start = 0; start < cards.length; start += CARDS_PER_SYNC) {
      const batch = cards.slice(start, start + CARDS_PER_SYNC);
      const reads = batch.map(({ row, column }) => sheet.getCell(row, column).load("valuesAsJson"));
      // One read and one write per batch: the cards are read just before they are written.

      await this.context.sync();
      batch.forEach(({ row, column }, k) => {
        sheet.getCell(row, column).valuesAsJson = reads[k]!.valuesAsJson;
      });

      await this.context.sync();
      this.summary.anchors += batch.length;
      this.summary.frozen += batch.length;
    }
  }

  /** The spill range of each anchor that spills, null for the others (ExcelApi 1.12). */
  private async spillRanges(
    sheet: Excel.Worksheet,
    anchors: Anchor[]
  ): Promise<Array<Block | null>> {
    const spills: Array<Block | null> = anchors.map(() => null);
    if (!this.spills) return spills;
    const asked = anchors.flatMap((anchor, k) => (anchor.maySpill ? [k] : []));
    for (let start = 0; start < asked.length; start += PROBES_PER_SYNC) {
      const batch = asked.slice(start, start + PROBES_PER_SYNC);
      const probes = batch.map((k) =>
        sheet
          .getCell(anchors[k]!.row, anchors[k]!.column)
          .getSpillingToRangeOrNullObject()
          .load("rowIndex, columnIndex, rowCount, columnCount")
      );
      // Probes in batches on purpose: every anchor in one request could pass the payload limit.
      await this.context.sync();
      probes.forEach((probe, n) => {
        if (probe.isNullObject || probe.rowCount * probe.columnCount < 2) return;
        spills[batch[n]!] = {
          row: probe.rowIndex,
          column: probe.columnIndex,
          rows: probe.rowCount,
          columns: probe.columnCount,
        };
      });
    }
    return spills;
  }

  /** A spill's whole result becomes values (its anchor first): removing the formula alone would empty it. */
  private async freezeSpills(sheet: Excel.Worksheet, spills: Block[]): Promise<void> {
    let current = 0;
    let rows: { values: unknown[][]; valueTypes: string[][] } = {
      values: [],
      valueTypes: [],
    };
    await this.readBlocks(sheet, spills, "values, valueTypes", async (piece, range) => {
      range.values.forEach((row, r) => {
        rows.values.push(row);
        rows.valueTypes.push(range.valueTypes[r]!);
      });
      const spill = spills[current]!;
      if (piece.row + piece.rows < spill.row + spill.rows) return;
      if (rows.valueTypes.some((row) => row.includes("Error"))) this.summary.keptErrors++;
      else if (rows.valueTypes.some((row) => row.includes("RichValue"))) this.summary.keptCards++;
      else {
        const input = rows.values.map((row) =>
          row.map((value) => toExcelInput(value as CellValue))
        );
        await this.writer.write(spill.row, spill.column, input);
        this.summary.anchors++;
        this.summary.frozen += spill.rows * spill.columns;
      }
      current++;
      rows = { values: [], valueTypes: [] };
    });
  }

  /** Formulas of one cell, written as rectangles of neighbouring cells. */
  private async freezeCells(anchors: Anchor[]): Promise<void> {
    for (const rect of rectangles(anchors)) {
      await this.writer.write(
        rect.row,
        rect.column,
        rect.cells.map((row) => row.map((anchor) => toExcelInput(anchor.value)))
      );
      this.summary.anchors += rect.rows * rect.columns;
      this.summary.frozen += rect.rows * rect.columns;
    }
  }

  /**
   * Loads blocks of cells, as many in one sync as the read budget allows (a block larger than
   * it in slices of rows), and hands each over in order. A response over Excel's limit (long
   * texts) halves the budget and reads the same cells again.
   */
  private async readBlocks(
    sheet: Excel.Worksheet,
    blocks: Block[],
    properties: string,
    use: (piece: Block, range: Excel.Range) => Promise<void>
  ): Promise<void> {
    const pending = [...blocks];
    while (pending.length > 0) {
      const group: Block[] = [];
      let cells = 0;
      while (pending.length > 0) {
        const next = pending[0]!;
        const size = next.rows * next.columns;
        if (group.length === 0 && size > this.cellsPerRead && next.rows > 1) {
          const rows = Math.max(1, Math.floor(this.cellsPerRead / next.columns));
          pending[0] = { ...next, row: next.row + rows, rows: next.rows - rows };
          group.push({ ...next, rows });
          cells = rows * next.columns;
          break;
        }
        if (group.length > 0 && cells + size > this.cellsPerRead) break;
        group.push(pending.shift()!);
        cells += size;
      }
      // Values queued before go first: a read that fails must not take writes down with it.
      await this.writer.flush();
      const ranges = group.map((b) =>
        sheet.getRangeByIndexes(b.row, b.column, b.rows, b.columns).load(properties)
      );
      try {
        // One group per sync on purpose: the whole selection in one answer can exceed Excel's limit.
        await this.context.sync();
      } catch (error) {
        const tooLarge = /ResponsePayloadSizeLimitExceeded/.test(String(errorCode(error)));
        if (tooLarge && cells > 1 && (group.length > 1 || group[0]!.rows > 1)) {
          pending.unshift(...group);
          this.cellsPerRead = Math.max(1, Math.floor(cells / 2));
          continue;
        }
        throw error;
      }
      for (let k = 0; k < group.length; k++) await use(group[k]!, ranges[k]!);
    }
  }
}

/**
 * Cells grouped into rectangles for writing: runs of neighbouring cells in a row, joined with
 * the run of the same columns in the row above. A column of formulas is one rectangle.
 */
function rectangles(anchors: Anchor[]): Array<Block & { cells: Anchor[][] }> {
  const sorted = [...anchors].sort((a, b) => a.row - b.row || a.column - b.column);
  const done: Array<Block & { cells: Anchor[][] }> = [];
  let open = new Map<string, Block & { cells: Anchor[][] }>();
  for (let k = 0; k < sorted.length;) {
    const row = sorted[k]!.row;
    const next = new Map<string, Block & { cells: Anchor[][] }>();
    while (k < sorted.length && sorted[k]!.row === row) {
      const run = [sorted[k++]!];
      while (
        k < sorted.length &&
        sorted[k]!.row === row &&
        sorted[k]!.column === run[run.length - 1]!.column + 1
      )
        run.push(sorted[k++]!);
      const key = `${run[0]!.column}:${run.length}`;
      const above = open.get(key);
      if (above && above.row + above.rows === row) {
        above.rows++;
        above.cells.push(run);
        open.delete(key);
        next.set(key, above);
      } else {
        next.set(key, { row, column: run[0]!.column, rows: 1, columns: run.length, cells: [run] });
      }
    }
    done.push(...open.values());
    open = next;
  }
  done.push(...open.values());
  return done;
}

/** What Freeze results says once done: one sentence for each case, so that each language words it. */
export function freezeMessage({ frozen, keptErrors, keptCards }: FreezeSummary): string {
  const values = { frozen, errors: keptErrors, cards: keptCards };
  const errors = keptErrors > 0;
  const cards = keptCards > 0;
  if (frozen === 0) {
    if (errors && cards) return t("app.frozeNoneKeptBoth", values);
    if (errors) return t("app.frozeNoneKeptErrors", values);
    if (cards) return t("app.frozeNoneKeptCards", values);
    return nothingToFreeze();
  }
  if (errors && cards) return t("app.frozeCellsKeptBoth", values);
  if (errors) return t("app.frozeCellsKeptErrors", values);
  if (cards) return t("app.frozeCellsKeptCards", values);
  return t("app.frozeCells", values);
}
