import type { ImportedTable } from "../jobs/results-import";
import { answerCells, type OutputValue } from "../../lists/enrich-outputs";
import { ROW_COLUMN, cellText, inputHeader, inputKey } from "./enrich-job";
import { expectedHashes, inputHash, type EnrichJobInfo } from "../../workbook/enrich-record";
import type { EnrichedRow } from "../../workbook/enrich-write";

// The results of an enrichment's bulk search matched to the rows of the list as it is now:
// each result goes to the row it was sent from when that row still holds the
// same inputs, else to another row with those inputs whose outputs are empty (the list was
// sorted meanwhile), else nowhere. Nothing is written into a row whose inputs differ.

export interface ResultRow {
  /** The sheet row (1-based) echoed in the row number column. */
  sheetRow: number;
  /** inputKey of the inputs echoed with it. */
  key: string;
  /** "failed": the service could not search the row (unusable input); never written. */
  failed: boolean;
  values: OutputValue[];
}

export interface ParsedResults {
  rows: ResultRow[];
  /** Result rows without a usable row number or inputs, or not what was sent for their row. */
  unusable: number;
}

/** The result table of an enrichment's search, as rows to match (answers as Enrich writes them). */
export function parseResults(table: ImportedTable, info: EnrichJobInfo): ParsedResults {
  const column = (name: string, from = 0): number => table.header.indexOf(name, from);
  const rowColumn = column(ROW_COLUMN);
  const inputColumns = info.inputs.map(([field]) => column(inputHeader(field)));
  // Result columns follow the inputs: a list header equal to a field name cannot shadow them.
  const after = rowColumn + 1;
  const fieldColumns = new Map(
    table.header.map((name, i) => [name, i] as const).filter(([, i]) => i >= after)
  );
  const expected = expectedHashes(info);
  const parsed: ParsedResults = { rows: [], unusable: 0 };
  if (rowColumn < 0 || inputColumns.some((i) => i < 0)) {
    parsed.unusable = table.rows.length;
    return parsed;
  }
  // A bulk job's answers were bought while it ran: checked on the day its results come in.
  const checkedAt = Date.now();
  for (const cells of table.rows) {
    const sheetRow = Number(cells[rowColumn]);
    const key = inputKey(inputColumns.map((i) => cellText(cells[i] ?? null)));
    const sent = expected?.get(sheetRow);
    if (!Number.isInteger(sheetRow) || (expected && sent !== inputHash(key))) {
      parsed.unusable++;
      continue;
    }
    const answer: Record<string, unknown> = {};
    for (const [name, i] of fieldColumns) answer[name] = cells[i] ?? null;
    // A result file need not have valid_email (docs/interface.md, Result files); it is the email
    // when valid (docs/interface.md, Person and Decision maker).
    if (!fieldColumns.has("valid_email") && fieldColumns.has("email"))
      answer.valid_email = answer.email_status === "valid" ? answer.email : null;
    parsed.rows.push({
      sheetRow,
      key,
      failed: answer.email_status === "failed",
      values: answerCells(
        info.outputs,
        { status: "ok", value: answer, checkedAt },
        { onlyValid: info.onlyValid === true }
      ),
    });
  }
  return parsed;
}

export interface CurrentList {
  /** Sheet row of data row 0. */
  firstDataRow: number;
  /** inputKey of each data row as it is now. */
  keys: readonly string[];
  /** Whether each data row's output cells are all empty. */
  empty: readonly boolean[];
}

export interface MatchResult {
  rows: EnrichedRow[];
  /** Written to another row than the one they were sent from (same inputs). */
  moved: number;
  /** Sheet rows sent whose inputs are found nowhere now with empty outputs: deleted or changed. */
  notFound: number[];
  /** Sheet rows sent, still holding their inputs, whose output cells hold something now. */
  filled: number[];
  /** Rows the service could not search. */
  failed: number[];
}

/** Matches each result row to a data row of the list as it is now (see the file's comment). */
export function matchResults(results: readonly ResultRow[], list: CurrentList): MatchResult {
  const byKey = new Map<string, number[]>();
  list.keys.forEach((key, row) => {
    if (!list.empty[row]) return;
    const rows = byKey.get(key);
    if (rows) rows.push(row);
    else byKey.set(key, [row]);
  });
  const claimed = new Set<number>();
  const match: MatchResult = { rows: [], moved: 0, notFound: [], filled: [], failed: [] };
  const usable = results.filter((result) => {
    if (result.failed) match.failed.push(result.sheetRow);
    return !result.failed;
  });
  // Rows still in place first, so that a moved duplicate never takes a row that stayed.
  const pending: ResultRow[] = [];
  for (const result of usable) {
    const row = result.sheetRow - 1 - list.firstDataRow;
    if (list.keys[row] === result.key && list.empty[row] && !claimed.has(row)) {
      claimed.add(row);
      match.rows.push({ row, values: result.values });
    } else pending.push(result);
  }
  for (const result of pending) {
    const candidates = byKey.get(result.key) ?? [];
    const row = candidates.find((candidate) => !claimed.has(candidate));
    if (row === undefined) {
      const own = result.sheetRow - 1 - list.firstDataRow;
      const filled = list.keys[own] === result.key && !list.empty[own];
      (filled ? match.filled : match.notFound).push(result.sheetRow);
      continue;
    }
    claimed.add(row);
    match.moved++;
    match.rows.push({ row, values: result.values });
  }
  match.rows.sort((a, b) => a.row - b.row);
  match.notFound.sort((a, b) => a - b);
  return match;
}
