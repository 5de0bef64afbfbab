import type { JobRecord, JobStore } from "../../workbook/job-store";
import { isFinished } from "./job-tracker";

// Jobs go on without the pane: while the workbook has a job that is not over, the
// shared runtime starts with the workbook (Office.addin.setStartupBehavior(load)), so that its
// tracker and Enrich runner follow the job although nobody opens the pane; none once none is
// left. The behaviour is saved in the document: it is set only when it must change, so that
// opening a workbook does not mark it modified.

export type StartupBehavior = "load" | "none";

/** Office's startup behaviour of this document. */
export interface StartupHost {
  get(): Promise<StartupBehavior>;
  set(behavior: StartupBehavior): Promise<void>;
}

/** A job the runtime must follow: not finished (stopped Enrich runs wait for the user). */
export const needsRuntimeAtStart = (jobs: readonly JobRecord[]): boolean =>
  jobs.some((job) => !isFinished(job));

export class StartupBehaviorFollower {
  private current: StartupBehavior | null = null;
  private wanted: StartupBehavior | null = null;
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Pick<JobStore, "load" | "subscribe">,
    private readonly host: StartupHost
  ) {}

  /** Follows the job list from now on; the returned function stops it. */
  start(): () => void {
    const unsubscribe = this.store.subscribe((jobs) => this.follow(jobs));
    this.applying = this.host
      .get()
      .then((behavior) => {
        this.current ??= behavior;
      })
      .catch(() => undefined);
    void this.store.load().then((jobs) => this.follow(jobs));
    return unsubscribe;
  }

  /** Resolves once what the job list asks for is applied (or refused by the host). */
  settled(): Promise<void> {
    return this.applying;
  }

  private follow(jobs: readonly JobRecord[]): void {
    this.wanted = needsRuntimeAtStart(jobs) ? "load" : "none";
    this.applying = this.applying.then(() => this.apply());
  }

  private async apply(): Promise<void> {
    const wanted = this.wanted;
    if (wanted === null || wanted === this.current) return;
    try {
      await this.host.set(wanted);
      this.current = wanted;
    } catch (error) {
      // A host that refuses keeps the runtime as it starts today: the pane still resumes jobs.
      console.warn("Mail Finder: the startup behaviour could not be set", error);
    }
  }
}

/** Office's startup behaviour (SharedRuntime 1.1), or null where the host has none. */
export function officeStartupHost(): StartupHost | null {
  if (typeof Office === "undefined" || typeof Office.addin?.setStartupBehavior !== "function")
    return null;
  return {
    get: async () =>
      (await Office.addin.getStartupBehavior()) === Office.StartupBehavior.load ? "load" : "none",
    set: (behavior) =>
      Office.addin.setStartupBehavior(
        behavior === "load" ? Office.StartupBehavior.load : Office.StartupBehavior.none
      ),
  };
}
