import { ApiError } from "../../client/errors";
import type { LookupOutcome } from "../../client/answer-record";
import type { LookupScheduler } from "../../client/scheduler";
import { errorText } from "../../client/errors";
import { t } from "../../i18n/i18n";
import { answerCells, notPossibleCells, type OutputField } from "../../lists/enrich-outputs";
import type { DistinctLookup, EnrichPlan } from "./enrich-plan";
import { writeEnrichedRows, type EnrichedRow, type TypedCell } from "../../workbook/enrich-write";
import type { EnrichTarget } from "../../workbook/enrich-columns";

// Enrich in place, the run through the cells' lookups: one scheduler lookup per
// distinct request (kept answers, de-duplication, spending rules and Stop all apply), answers
// written beside their rows in batches. A row whose lookup failed or was not run keeps empty
// outputs, so that the next run does it.

export interface EnrichProgress {
  /** Rows settled: written, failed, not run, or left because a cell was typed into meanwhile. */
  done: number;
  /** Rows to do plus rows not possible (their reason is written too). */
  total: number;
  written: number;
  /** The lookup failed (network, 402, service error…). */
  failed: number;
  /** The spending rules did not let the lookup go out (off, declined, budget, stopped). */
  notRun: number;
  /** Answered, but a cell of the row was typed into before it was written. */
  typedInto: number;
}

export interface EnrichSummary extends EnrichProgress {
  /** Rows not written, by reason ("Stopped", "Out of credits."…), most frequent first. */
  reasons: Array<{ reason: string; rows: number }>;
  typedCells: TypedCell[];
}

export interface EnrichRunInput {
  plan: EnrichPlan;
  target: EnrichTarget;
  outputs: readonly OutputField[];
  /** Only valid emails: a risky or invalid one's cell is left empty. */
  onlyValid?: boolean;
  scheduler: Pick<LookupScheduler, "lookup">;
  onProgress?: (progress: EnrichProgress) => void;
  /** Answers wait at most this long before they are written (default 250 ms)… */
  flushAfterMs?: number;
  /** …or until this many rows wait (default 1,000). */
  flushAtRows?: number;
}

type Lookup = (lookup: DistinctLookup) => Promise<LookupOutcome<object>>;

const lookupOf =
  (scheduler: EnrichRunInput["scheduler"]): Lookup =>
  (lookup) =>
    // The union of DistinctLookup pairs each operation with its own body type.
    scheduler.lookup(lookup.operation, lookup.body as never) as Promise<LookupOutcome<object>>;

/** Why a lookup has no answer, and whether it was refused (not run) rather than failed. */
function failureOf(error: unknown): { reason: string; refused: boolean } {
  if (error instanceof ApiError) {
    if (error.kind === "refused") return { reason: error.message, refused: true };
    if (error.kind === "out_of_credits")
      return { reason: t("enrich.outOfCredits"), refused: false };
    return { reason: error.message, refused: false };
  }
  return { reason: errorText(error), refused: false };
}

/** Runs the plan's lookups and writes their answers; resolves when every row is settled. */
export async function runEnrichment(input: EnrichRunInput): Promise<EnrichSummary> {
  const { plan, target, outputs } = input;
  const lookup = lookupOf(input.scheduler);
  const flushAfterMs = input.flushAfterMs ?? 250;
  const flushAtRows = input.flushAtRows ?? 1000;
  const progress: EnrichProgress = {
    done: 0,
    total: plan.toDo.length + plan.notPossible.length,
    written: 0,
    failed: 0,
    notRun: 0,
    typedInto: 0,
  };
  const reasons = new Map<string, number>();
  const typedCells: TypedCell[] = [];
  const report = (): void => input.onProgress?.({ ...progress });
  const notWritten = (rows: number, reason: string, counter: "failed" | "notRun"): void => {
    progress[counter] += rows;
    progress.done += rows;
    reasons.set(reason, (reasons.get(reason) ?? 0) + rows);
  };

  let pending: EnrichedRow[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Writes go one after another: each re-reads its cells just before writing them.
  let writing: Promise<void> = Promise.resolve();
  const flush = (): void => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    writing = writing.then(async () => {
      try {
        const result = await writeEnrichedRows(target, batch);
        progress.written += result.written;
        progress.typedInto += result.skippedRows.length;
        progress.done += result.written + result.skippedRows.length;
        typedCells.push(...result.typedCells);
      } catch (error) {
        notWritten(batch.length, t("enrich.notWritten", { error: errorText(error) }), "failed");
      }
      report();
    });
  };
  const add = (rows: EnrichedRow[]): void => {
    pending.push(...rows);
    if (pending.length >= flushAtRows) flush();
    else timer ??= setTimeout(flush, flushAfterMs);
  };

  report();
  add(
    plan.notPossible.map(({ row, reason }) => ({ row, values: notPossibleCells(outputs, reason) }))
  );
  // All at once, as cells do: the scheduler bounds what is on the wire and asks before spending.
  await Promise.all(
    plan.lookups.map(async (distinct) => {
      try {
        const values = answerCells(outputs, await lookup(distinct), {
          onlyValid: input.onlyValid,
        });
        add(distinct.rows.map((row) => ({ row, values })));
      } catch (error) {
        const { reason, refused } = failureOf(error);
        notWritten(distinct.rows.length, reason, refused ? "notRun" : "failed");
        report();
      }
    })
  );
  flush();
  await writing;
  return {
    ...progress,
    reasons: [...reasons]
      .map(([reason, rows]) => ({ reason, rows }))
      .sort((a, b) => b.rows - a.rows),
    typedCells,
  };
}
