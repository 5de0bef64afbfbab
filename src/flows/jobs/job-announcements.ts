import type { JobRecord } from "../../workbook/job-store";
import { Listeners } from "../../client/listeners";
import { t } from "../../i18n/i18n";
import type { JobTracker } from "./job-tracker";

// Tells the user that a job finished while they look at another tab: a
// count on the Jobs tab and a message naming the job. Only what the tracker sees finishing is
// told; a job saved as finished (told before, or seen in Jobs) is never polled, so reopening
// the workbook tells nothing again, while a job that finished while it was closed is told once.

export interface JobNotice {
  /** kind:id of the job. */
  key: string;
  /** Written when read, in the language of the moment (the runtime may tell it before the pane's catalog is loaded). */
  readonly text: string;
  intent: "success" | "error";
}

export interface JobNotices {
  /** Jobs finished since the Jobs tab was last shown. */
  unseen: number;
  /** The newest messages not dismissed, oldest first. */
  notices: JobNotice[];
}

/** Messages kept on screen at once; the count on the tab says how many finished in all. */
export const MAX_NOTICES = 3;

/** The message for a finished job, naming it. */
export function finishedJobNotice(job: JobRecord): JobNotice {
  const key = `${job.kind}:${job.id}`;
  const success =
    job.kind === "enrich_lookups" && job.run && job.lastStatus !== "failed"
      ? job.lastStatus === "completed"
      : job.lastStatus === "completed" || job.lastStatus === "ready";
  return {
    key,
    intent: success ? "success" : "error",
    get text() {
      return finishedJobText(job);
    },
  };
}

function finishedJobText(job: JobRecord): string {
  const name = t("jobs.jobName", { kind: job.kind, label: job.label });
  if (job.kind === "enrich_lookups" && job.run && job.lastStatus !== "failed") {
    const { written, failed, notRun, reason } = job.run;
    if (job.lastStatus === "completed") return t("jobs.noticeRunDone", { name, count: written });
    const count = failed + notRun;
    return reason
      ? t("jobs.noticeRunStoppedWhy", { name, count, reason })
      : t("jobs.noticeRunStopped", { name, count });
  }
  const rows = job.lastCounts?.total;
  switch (job.lastStatus) {
    case "completed":
      return rows === undefined
        ? t("jobs.noticeComplete", { name })
        : t("jobs.noticeCompleteRows", { name, count: rows });
    case "ready":
      return t("jobs.noticeReady", { name });
    case "deleted":
      return t("jobs.noticeDeleted", { name });
    default:
      return job.lastError
        ? t("jobs.noticeFailedWhy", { name, error: job.lastError })
        : t("jobs.noticeFailed", { name });
  }
}

export class JobAnnouncer {
  private state: JobNotices = { unseen: 0, notices: [] };
  private jobsShown = false;
  private readonly changes = new Listeners();
  private readonly seenEnding = new Listeners<[JobNotice]>();

  /** Hears the jobs each source sees finishing (the tracker; the Enrich runner). */
  constructor(...sources: Array<Pick<JobTracker, "onFinished">>) {
    for (const source of sources) source.onFinished((job) => this.finished(job));
  }

  readonly getSnapshot = (): JobNotices => this.state;

  readonly subscribe = (listener: () => void): (() => void) => this.changes.add(listener);

  /** The Jobs tab is shown (everything in it is seen) or left. */
  showingJobs(shown: boolean): void {
    this.jobsShown = shown;
    if (shown && (this.state.unseen > 0 || this.state.notices.length > 0))
      this.set({ unseen: 0, notices: [] });
  }

  /**
   * Hears each job that finishes while the Jobs tab is shown (its row changes there, no message
   * appears): for screen readers, which do not see a row change (the messages announce
   * themselves).
   */
  onEndSeen(listener: (notice: JobNotice) => void): () => void {
    return this.seenEnding.add(listener);
  }

  /** The user closed a message; the count on the tab stays until Jobs is shown. */
  dismiss(key: string): void {
    const notices = this.state.notices.filter((n) => n.key !== key);
    if (notices.length !== this.state.notices.length) this.set({ ...this.state, notices });
  }

  private finished(job: JobRecord): void {
    // In the Jobs tab the row itself shows it (and the live region says it).
    if (this.jobsShown) {
      this.seenEnding.emit(finishedJobNotice(job));
      return;
    }
    const notice = finishedJobNotice(job);
    const others = this.state.notices.filter((n) => n.key !== notice.key);
    this.set({
      unseen: this.state.unseen + 1,
      notices: [...others, notice].slice(-MAX_NOTICES),
    });
  }

  private set(state: JobNotices): void {
    this.state = state;
    this.changes.emit();
  }
}
