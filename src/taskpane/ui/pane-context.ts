import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { Services } from "../../runtime/services";
import type { JobRecord } from "../../workbook/job-store";
import type { EnrichRunView } from "../../flows/enrich/enrich-runner";
import type { JobAnnouncer, JobNotices } from "../../flows/jobs/job-announcements";
import { workbookJobs, type WorkbookJobs } from "../../flows/jobs/workbook-jobs";

/** What every panel uses: the runtime's services and the workbook's jobs (tracker, runner). */
export interface PaneContext extends WorkbookJobs {
  services: Services;
  /** Moves the task pane to another tab (e.g. to Jobs after a submit). */
  show: (tab: TabId) => void;
}

export type TabId =
  "enrich" | "bulk" | "geo" | "domain" | "report" | "jobs" | "lookups" | "settings";

export const PaneContextValue = createContext<PaneContext | null>(null);

export function usePane(): PaneContext {
  const context = useContext(PaneContextValue);
  // i18n-exempt: a programming error (a component outside the pane), never shown to a user.
  if (!context) throw new Error("usePane outside the task pane");
  return context;
}

/**
 * The pane's shared state, made once when the pane opens, over the runtime's workbook jobs
 * (started already by the page, with or without the pane: see flows/jobs/workbook-jobs.ts).
 */
export function createPaneContext(
  services: Services,
  show: (tab: TabId) => void,
  jobs: WorkbookJobs = workbookJobs()
): PaneContext {
  return { services, ...jobs, show };
}

/** The workbook's jobs, as React state. */
export function useJobs(): JobRecord[] {
  const { jobs } = usePane();
  const [list, setList] = useState<JobRecord[]>([]);
  useEffect(() => {
    let live = true;
    void jobs.load().then((loaded) => live && setList(loaded));
    const unsubscribe = jobs.subscribe((next) => setList(next));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [jobs]);
  return list;
}

/** The finished-job count and messages, as React state. */
export function useJobNotices(announcer: JobAnnouncer): JobNotices {
  return useSyncExternalStore(announcer.subscribe, announcer.getSnapshot);
}

/** A run of the Enrich runner, live; with no id, the one started or continued last. */
export function useEnrichRun(jobId: string | null): EnrichRunView | undefined {
  const { enrichRunner } = usePane();
  return useSyncExternalStore(enrichRunner.subscribe, () =>
    jobId === null ? enrichRunner.latest() : enrichRunner.view(jobId)
  );
}
