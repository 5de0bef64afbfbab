import type { LookupOutcome } from "../../client/answer-record";
import { DAY_MS } from "../../client/answer-store-contract";
import { isBounced } from "../../client/bounces";
import type { CachedOutcome } from "../../client/answer-record";
import type { RefreshResult } from "../../client/refresh-scope";
import type { LookupScheduler } from "../../client/scheduler";
import { MAX_COST_MILLI, fromMilli } from "../../client/spending";
import { CHECKED_ON } from "../../functions/checked-on";
import type { CellValue } from "../../lists/cell-values";
import {
  BOUNCED_STATUS,
  NO_VALUE,
  OUTPUT_FIELDS,
  answerCells,
  type AnswerCellOptions,
  type OutputField,
} from "../../lists/enrich-outputs";
import { prepareEnrichTarget } from "../../workbook/enrich-columns";
import { writeEnrichedRows, type EnrichedRow } from "../../workbook/enrich-write";
import type { EnrichSource } from "../../workbook/enrich-source";
import { planOfSource, type DistinctLookup, type EnrichChoices } from "../enrich/enrich-plan";
import { refreshRefusal, withAgreedSpending } from "./refresh-cells";
import { refreshOutcome, type RefreshOutcome } from "./refresh-outcome";

// Refresh of an enriched list: the rows whose answers are older than N days are
// looked up again and only their output cells (Checked on among them) are rewritten. A row's
// age is its kept answer's, else its Checked on cell's; a row with neither counts as old.

/** Excel's day number of the Unix epoch (1970-01-01). */
const EPOCH_DAY = 25_569;

export interface ListRefreshCount {
  source: EnrichSource;
  /** The list's output columns, as they are in the sheet. */
  outputs: OutputField[];
  /** Distinct lookups of the old rows, with those rows. */
  old: DistinctLookup[];
  rows: number;
  maxCredits: number;
  /**
   * Lookups whose address was reported bounced since its rows were written: never bought again,
   * their rows rewritten from the kept answer (their status says "bounced").
   */
  bounced: Array<{ lookup: DistinctLookup; kept: CachedOutcome }>;
}

export interface ListRefreshResult {
  outcome: RefreshOutcome;
  /** Rows rewritten. */
  written: number;
  /** Rows not rewritten: their cells were changed since the count. */
  typedInto: number;
  /** Rows rewritten as bounced, without a lookup. */
  bounced: number;
}

/** When a row's answer was checked, from its Checked on cell (Excel's day number), or null. */
function checkedOnCell(value: CellValue | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > EPOCH_DAY
    ? (value - EPOCH_DAY) * DAY_MS
    : null;
}

/** The output fields the list has for this operation, in its column order. */
export function listOutputs(source: EnrichSource, choices: EnrichChoices): OutputField[] {
  const offered = OUTPUT_FIELDS[choices.operation];
  return [...source.outputs]
    .filter((output) => offered.includes(output.field))
    .sort((a, b) => a.column - b.column)
    .map((output) => output.field);
}

export async function countOldListAnswers(
  scheduler: LookupScheduler,
  source: EnrichSource,
  choices: EnrichChoices,
  maxAgeDays: number,
  now = Date.now()
): Promise<ListRefreshCount | { error: string }> {
  const outputs = listOutputs(source, choices);
  // Rows written with only valid emails (an email left out, its status written) are done too.
  const done = planOfSource(source, { ...choices, outputs, onlyValid: true });
  if ("error" in done) return done;
  // The done rows' lookups, as a run would make them (outputs read as empty).
  const asked = planOfSource(
    { ...source, outputs: [] },
    { ...choices, outputs, only: new Set(done.done), waiting: undefined }
  );
  if ("error" in asked) return asked;
  const cache = await scheduler.currentCache();
  const checkedOn = source.outputs.find((output) => output.field === CHECKED_ON);
  const limit = maxAgeDays * DAY_MS;
  const old: DistinctLookup[] = [];
  const bounced: ListRefreshCount["bounced"] = [];
  const status = source.outputs.find((output) => output.field === "email_status");
  let rows = 0;
  let milli = 0;
  for (const lookup of asked.lookups) {
    const kept = await cache.get(lookup.key);
    if (kept && isBounced(kept)) {
      if (lookup.rows.some((row) => status && status.values[row] !== BOUNCED_STATUS))
        bounced.push({ lookup, kept });
      continue;
    }
    const dates = lookup.rows
      .map((row) => checkedOnCell(checkedOn?.values[row]))
      .filter((at): at is number => at !== null);
    const checkedAt = kept?.storedAt ?? (dates.length > 0 ? Math.min(...dates) : null);
    if (checkedAt !== null && now - checkedAt <= limit) continue;
    old.push(lookup);
    rows += lookup.rows.length;
    milli += MAX_COST_MILLI[lookup.operation];
  }
  return { source, outputs, old, rows, maxCredits: fromMilli(milli), bounced };
}

/** A row's answer as its cells show it: what "changed" is measured on. */
function shownOutcome(
  outputs: readonly OutputField[],
  values: readonly CellValue[]
): LookupOutcome {
  const at = (field: OutputField): CellValue => {
    const k = outputs.indexOf(field);
    const value = k < 0 ? null : (values[k] ?? null);
    return value === NO_VALUE ? null : value;
  };
  const status = at("email_status");
  if (status === "not_found" || status === "blacklisted")
    return { status, code: String(status), message: "" };
  return { status: "ok", value: { email: at("email"), email_status: status ?? "" } };
}

/** Looks the old rows up again and rewrites their output cells, unless changed meanwhile. */
export async function refreshOldListAnswers(
  scheduler: LookupScheduler,
  count: ListRefreshCount,
  options: AnswerCellOptions = {}
): Promise<ListRefreshResult> {
  // Refused before the sheet is touched (withAgreedSpending would refuse only after it).
  const refused = refreshRefusal(scheduler, count.maxCredits);
  if (refused) throw new Error(refused);
  const { source, outputs } = count;
  const target = await prepareEnrichTarget(source, outputs);
  const cellsOf = (row: number): CellValue[] =>
    outputs.map((field) => source.outputs.find((o) => o.field === field)?.values[row] ?? null);
  const results: RefreshResult[] = [];
  const rows: EnrichedRow[] = [];
  const { spent } = await withAgreedSpending(scheduler, count.maxCredits, () =>
    Promise.all(
      count.old.map(async (lookup) => {
        const first = lookup.rows[0]!;
        const before = shownOutcome(outputs, cellsOf(first));
        const base = { key: lookup.key, operation: lookup.operation, before };
        try {
          const answer = await scheduler.lookup(lookup.operation, lookup.body as never, {
            refresh: true,
          });
          const values = answerCells(outputs, answer, options);
          results.push({ ...base, after: shownOutcome(outputs, values) });
          for (const row of lookup.rows) rows.push({ row, values, expected: cellsOf(row) });
        } catch (error) {
          results.push({ ...base, error });
        }
      })
    )
  );
  let bouncedRows = 0;
  for (const { lookup, kept } of count.bounced) {
    const answer = kept.outcome as LookupOutcome<object>;
    const values = answerCells(outputs, { ...answer, checkedAt: kept.storedAt }, options);
    for (const row of lookup.rows) rows.push({ row, values, expected: cellsOf(row) });
    bouncedRows += lookup.rows.length;
  }
  const written = rows.length > 0 ? await writeEnrichedRows(target, rows) : null;
  return {
    outcome: refreshOutcome(count.old.length, results, spent),
    written: written?.written ?? 0,
    typedInto: written?.skippedRows.length ?? 0,
    bounced: bouncedRows,
  };
}
