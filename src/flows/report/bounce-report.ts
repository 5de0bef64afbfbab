import type { BadEmailReport } from "../../api/types";
import { ApiError, errorText } from "../../client/errors";
import type { BounceEntry } from "../../lists/bounce-list";

// Bounces pay back: many bad-email reports (docs/interface.md, Bad-email reports), a few at a
// time, with progress and Stop. A report the service refuses is listed with its reason; the
// others go on.

export type BounceOutcomeStatus = "reported" | "refused" | "failed" | "unsent";

export interface BounceOutcome {
  status: BounceOutcomeStatus;
  /** Why it was refused or failed (the service's or the client's message). */
  reason?: string;
}

export interface BounceReportResult {
  /** One per entry, in the entries' order. */
  outcomes: BounceOutcome[];
  reported: number;
  refused: number;
  failed: number;
  /** Not sent because of Stop: they stay unreported. */
  unsent: number;
}

export interface BounceReportInput {
  entries: readonly BounceEntry[];
  additionalInfo: string;
  /** Sends one report (the client's reportBadEmail). */
  report: (body: BadEmailReport, signal?: AbortSignal) => Promise<unknown>;
  /** Reports in flight at once (default 5: under a browser's six connections per host). */
  concurrency?: number;
  /** Stop: nothing more is sent; reports on the wire finish. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

export const DEFAULT_REPORT_CONCURRENCY = 5;

/** Sends the reports; resolves once every one is settled or, after Stop, left unsent. */
export async function sendBounceReports(input: BounceReportInput): Promise<BounceReportResult> {
  const { entries, signal } = input;
  const outcomes: BounceOutcome[] = entries.map(() => ({ status: "unsent" }));
  const concurrency = Math.max(1, Math.min(input.concurrency ?? DEFAULT_REPORT_CONCURRENCY, 16));
  let next = 0;
  let done = 0;
  input.onProgress?.(0, entries.length);
  const worker = async (): Promise<void> => {
    while (next < entries.length && !signal?.aborted) {
      const at = next++;
      const entry = entries[at]!;
      try {
        // Never aborted once sent: a report on the wire is let finish, so its outcome is known.
        await input.report({
          email: entry.email,
          additional_info: input.additionalInfo,
          ...(entry.message ? { bounce_message: entry.message } : {}),
        });
        outcomes[at] = { status: "reported" };
      } catch (error) {
        outcomes[at] = {
          status: refusedByService(error) ? "refused" : "failed",
          reason: errorText(error),
        };
      }
      done++;
      input.onProgress?.(done, entries.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, entries.length) }, worker));
  const count = (status: BounceOutcomeStatus): number =>
    outcomes.filter((o) => o.status === status).length;
  return {
    outcomes,
    reported: count("reported"),
    refused: count("refused"),
    failed: count("failed"),
    unsent: count("unsent"),
  };
}

/** The service answered no (4xx): the report was refused, not lost on the way. */
const refusedByService = (error: unknown): boolean =>
  error instanceof ApiError && error.status !== null && error.status >= 400 && error.status < 500;

/** Credits returned: the balance after minus before, exact to a thousandth. */
export const creditsReturned = (before: number, after: number): number =>
  Math.round((after - before) * 1000) / 1000;
