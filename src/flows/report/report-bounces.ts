import { t } from "../../i18n/i18n";
import type { BounceEntry, BounceList } from "../../lists/bounce-list";
import {
  writeBounceOutcomes,
  type BouncePlace,
  type OutcomeWrite,
} from "../../workbook/bounce-sheet";
import {
  sendBounceReports,
  type BounceOutcome,
  type BounceReportInput,
  type BounceReportResult,
} from "./bounce-report";

// Bounces pay back, the Report tab's run: the list's addresses not reported yet are sent, the
// balance read before and after, the reported ones marked bounced in the kept answers, and each
// row's outcome written beside a selected list. Sent is sent: what fails after the reports
// (the balance, the marks, the sheet) is said, and loses none of the outcomes.

export interface BounceRun {
  list: BounceList;
  hasHeader: boolean;
  /** Each address's last outcome on this list: a report again sends only those not reported. */
  outcomes: ReadonlyMap<string, BounceOutcome>;
  /** The text sent with every report (additionalInfo() of lists/bounce-list checked it). */
  additionalInfo: string;
  /** Where a selected list lies, and what the last run wrote beside it (only that is written over). */
  place?: { at: BouncePlace; written: ReadonlyArray<string | null> | null };
  /** The account's balance (credits left). */
  balance: () => Promise<number>;
  /** Sends one report (the client's reportBadEmail). */
  report: BounceReportInput["report"];
  /** Marks addresses bounced in the kept answers. */
  markBounced: (emails: string[]) => Promise<unknown>;
  /**
   * Hears every address's outcome on this list as soon as the reports are settled, before the
   * sheet is written: a write that fails must not lose them (a run again would send them again).
   */
  onOutcomes: (outcomes: Map<string, BounceOutcome>) => void;
  /** Stop: nothing more is sent. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export interface BounceRunResult {
  report: BounceReportResult;
  before: number;
  /** The balance after, or why it could not be read (the reports were sent all the same). */
  after: number | { error: string };
  marked: number;
  markError: string | null;
  write: OutcomeWrite | null;
  refused: Array<{ email: string; outcome: BounceOutcome }>;
  /** What this run wrote beside the list, or null when it wrote nothing. */
  written: Array<string | null> | null;
}

/** The list's addresses not reported yet: what a run sends. */
export const unreported = (
  list: BounceList,
  outcomes: ReadonlyMap<string, BounceOutcome>
): BounceEntry[] => list.entries.filter((e) => outcomes.get(e.email)?.status !== "reported");

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export async function reportBounces(run: BounceRun): Promise<BounceRunResult> {
  const toReport = unreported(run.list, run.outcomes);
  const before = await run.balance();
  const report = await sendBounceReports({
    entries: toReport,
    additionalInfo: run.additionalInfo,
    report: run.report,
    signal: run.signal,
    onProgress: run.onProgress,
  });
  const after = await run.balance().then(
    (credits) => credits,
    (error: unknown) => ({ error: messageOf(error) })
  );
  const reported = toReport
    .filter((_, i) => report.outcomes[i]!.status === "reported")
    .map((e) => e.email);
  let markError: string | null = null;
  try {
    await run.markBounced(reported);
  } catch (error) {
    markError = messageOf(error);
  }
  const outcomes = new Map(run.outcomes);
  toReport.forEach((entry, i) => outcomes.set(entry.email, report.outcomes[i]!));
  run.onOutcomes(outcomes);
  let write: OutcomeWrite | null = null;
  let written: Array<string | null> | null = null;
  if (run.place) {
    const cells = rowOutcomes(run.list, run.hasHeader, outcomes);
    write = await writeBounceOutcomes(run.place.at, cells, { ours: run.place.written });
    if (write.written) written = cells;
  }
  const refused = toReport
    .map((entry, i) => ({ email: entry.email, outcome: report.outcomes[i]! }))
    .filter(({ outcome }) => outcome.status === "refused" || outcome.status === "failed");
  return {
    report,
    before,
    after,
    marked: reported.length,
    markError,
    write,
    refused,
    written,
  };
}

/** What a row of the list gets beside it: its address's outcome, or why it was left out. */
export function outcomeText(outcome: BounceOutcome): string {
  switch (outcome.status) {
    case "reported":
      return t("report.outcomeReported");
    case "refused":
      return t("report.outcomeRefused", { reason: outcome.reason ?? "" });
    case "failed":
      return t("report.outcomeFailed", { reason: outcome.reason ?? "" });
    case "unsent":
      return t("report.outcomeUnsent");
  }
}

/** The column written beside the list: a header when it has one, then a cell a row. */
function rowOutcomes(
  list: BounceList,
  hasHeader: boolean,
  outcomes: ReadonlyMap<string, BounceOutcome>
): Array<string | null> {
  const byRow = new Map<number, string>();
  for (const entry of list.entries) {
    const outcome = outcomes.get(entry.email);
    if (outcome) for (const row of entry.rows) byRow.set(row, outcomeText(outcome));
  }
  const cells: Array<string | null> = hasHeader ? [t("report.outcomeHeader")] : [];
  list.rowKinds.forEach((kind, row) => {
    if (kind === "malformed") cells.push(t("report.outcomeMalformed"));
    else cells.push(byRow.get(row) ?? null);
  });
  return cells;
}
