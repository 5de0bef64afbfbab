import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { Services } from "../../runtime/services";
import { JobStore, type JobRecord, type WorkbookSettings } from "../../workbook/job-store";
import { EnrichRunner, type EnrichRunView } from "../../flows/enrich/enrich-runner";
import { StoredOwnRuns } from "../../flows/enrich/own-runs";
import { JobAnnouncer, type JobNotices } from "../../flows/jobs/job-announcements";
import { JobTracker, type JobTrackerOptions } from "../../flows/jobs/job-tracker";

/** What every panel uses: the runtime's services, the workbook's jobs and their tracker. */
export interface PaneContext {
  services: Services;
  jobs: JobStore;
  tracker: JobTracker;
  /** Enrich runs through lookups: jobs of the workbook that the add-in itself runs. */
  enrichRunner: EnrichRunner;
  /** Jobs finished while another tab was shown. */
  announcer: JobAnnouncer;
  /** Moves the task pane to another tab (e.g. to Jobs after a submit). */
  show: (tab: TabId) => void;
}

export type TabId =
  "enrich" | "bulk" | "geo" | "domain" | "report" | "jobs" | "lookups" | "settings";

export const PaneContextValue = createContext<PaneContext | null>(null);

export function usePane(): PaneContext {
  const context = useContext(PaneContextValue);
  if (!context) throw new Error("usePane outside the task pane");
  return context;
}

export interface PaneContextOptions {
  /** The workbook's document settings (default: Office.context.document.settings). */
  settings?: WorkbookSettings;
  tracker?: JobTrackerOptions;
}

/**
 * The pane's shared state, made once when the pane opens. The job tracker starts here, not
 * when Jobs is first shown: a reopened workbook's jobs are followed, and their end told, at
 * once; and an Enrich run that the closing of the workbook interrupted goes on.
 */
export function createPaneContext(
  services: Services,
  show: (tab: TabId) => void,
  options: PaneContextOptions = {}
): PaneContext {
  const jobs = new JobStore(options.settings);
  const tracker = new JobTracker(jobs, () => services.client(), options.tracker);
  const enrichRunner = new EnrichRunner(jobs, () => services.scheduler(), {
    ownRuns: new StoredOwnRuns(() => services.settings.storage),
  });
  const announcer = new JobAnnouncer(tracker, enrichRunner);
  tracker.start();
  void enrichRunner.resumeInterrupted().catch(() => undefined);
  return { services, jobs, tracker, enrichRunner, announcer, show };
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
