import type { BulkSearch, DomainEmailFileInfo, GeoLead, SearchCounts } from "../../api/types";
import type { EmailServiceClient } from "../../client/client";
import { ApiError } from "../../client/errors";
import { t } from "../../i18n/i18n";
import type { JobRecord, JobStore } from "../../workbook/job-store";

// Follows every job of the workbook: polls the unfinished ones, records
// their status and counts in the job store (saved in the workbook), tells when one finishes,
// and never drops a job because a poll failed.

// "stopped": an Enrich run that ended with rows left (continued on request, never polled).
const FINISHED = new Set(["completed", "failed", "deleted", "ready", "stopped"]);

export const isFinished = (job: Pick<JobRecord, "lastStatus">): boolean =>
  job.lastStatus !== null && FINISHED.has(job.lastStatus);

/** Share of rows processed, or null while it cannot be known (extraction, queued). */
export function progressOf(
  job: Pick<JobRecord, "kind" | "lastStatus" | "lastCounts" | "run">
): number | null {
  if (job.kind === "domain_file") return job.lastStatus === "ready" ? 1 : null;
  if (job.kind === "enrich_lookups")
    return job.run && job.run.total > 0 ? Math.min(1, job.run.done / job.run.total) : null;
  if (job.lastStatus === "completed") return 1;
  const counts = job.lastCounts;
  if (!counts || counts.total === 0) return null;
  const processed = counts.found_valid + counts.found_unknown + counts.not_found + counts.failed;
  return Math.min(1, processed / counts.total);
}

export interface JobTrackerOptions {
  intervalMs?: number;
  maxBackoffMs?: number;
  now?: () => Date;
}

type Snapshot = { status: string | null; counts: SearchCounts | null };

/** Hears a job that this tracker saw finish, with its record as saved. */
export type FinishedListener = (job: JobRecord) => void;

export class JobTracker {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private polling: Promise<void> | null = null;
  private readonly finishedListeners = new Set<FinishedListener>();
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly store: JobStore,
    private readonly client: () => Promise<EmailServiceClient>,
    options: JobTrackerOptions = {}
  ) {
    this.intervalMs = options.intervalMs ?? 2_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (!this.timer) this.schedule(0);
  }

  /**
   * Hears every job seen finishing: once per job, since a finished job is saved as such and
   * never polled again (also after the workbook is reopened).
   */
  onFinished(listener: FinishedListener): () => void {
    this.finishedListeners.add(listener);
    return () => {
      this.finishedListeners.delete(listener);
    };
  }

  get running(): boolean {
    return this.timer !== null;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Polls every unfinished job once now (also what the timer does). */
  pollNow(): Promise<void> {
    this.polling ??= this.pollUnfinished().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(async () => {
      // A poll that throws (the workbook refused a save) is a failed poll: the timer goes on.
      await this.pollNow().catch(() => this.failures++);
      // Back off while the service fails, up to a minute; the jobs stay where they are.
      const delay =
        this.failures === 0
          ? this.intervalMs
          : Math.min(this.maxBackoffMs, this.intervalMs * 2 ** this.failures);
      if (this.timer) this.schedule(delay);
    }, delayMs);
  }

  private async pollUnfinished(): Promise<void> {
    // An Enrich run has no search at the service: the add-in itself runs and continues it.
    const jobs = (await this.store.load()).filter(
      (job) => !isFinished(job) && job.kind !== "enrich_lookups"
    );
    if (jobs.length === 0) return;
    let failed = false;
    let client: EmailServiceClient;
    try {
      client = await this.client();
    } catch (error) {
      this.failures++;
      for (const job of jobs)
        if (job.lastError !== messageOf(error))
          await this.store.update(job.kind, job.id, { lastError: messageOf(error) });
      return;
    }
    for (const job of jobs) {
      try {
        const snapshot = await this.read(client, job);
        // Saved (in the workbook) only when something changed, not at every poll.
        if (
          snapshot.status !== job.lastStatus ||
          JSON.stringify(snapshot.counts) !== JSON.stringify(job.lastCounts ?? null) ||
          job.lastError
        ) {
          const patch = {
            lastStatus: snapshot.status,
            lastCounts: snapshot.counts,
            lastCheckedAt: this.now().toISOString(),
            lastError: null,
          };
          try {
            await this.store.update(job.kind, job.id, patch);
          } finally {
            // Kept for this session even when the workbook refused the save: told now, once.
            if (isFinished(patch)) this.announce({ ...job, ...patch });
          }
        }
      } catch (error) {
        failed = true;
        const message = messageOf(error);
        if (message !== job.lastError)
          await this.store.update(job.kind, job.id, {
            lastError: message,
            lastCheckedAt: this.now().toISOString(),
          });
      }
    }
    this.failures = failed ? this.failures + 1 : 0;
  }

  private announce(job: JobRecord): void {
    for (const listener of [...this.finishedListeners]) {
      try {
        listener(job);
      } catch {
        // A listener's failure is its own: tracking goes on.
      }
    }
  }

  private async read(client: EmailServiceClient, job: JobRecord): Promise<Snapshot> {
    if (job.kind === "domain_file") {
      const info: DomainEmailFileInfo = await client.domainEmailFile.info(job.id);
      return { status: info.status ?? "not_ordered", counts: null };
    }
    const search: BulkSearch | GeoLead =
      job.kind === "geo_lead" ? await client.geoLead.get(job.id) : await client.bulk.get(job.id);
    return { status: search.status, counts: search.counts };
  }
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.kind === "not_found") return t("jobs.unknownToService");
  return error instanceof Error ? error.message : String(error);
}
