import { createContext, useContext, useEffect, useState } from "react";
import type { Services } from "../../runtime/services";
import { JobStore, type JobRecord } from "../excel/job-store";
import { JobTracker } from "../jobs/job-tracker";

/** What every panel uses: the runtime's services, the workbook's jobs and their tracker. */
export interface PaneContext {
  services: Services;
  jobs: JobStore;
  tracker: JobTracker;
  /** Moves the task pane to another tab (e.g. to Jobs after a submit). */
  show: (tab: TabId) => void;
}

export type TabId = "bulk" | "geo" | "domain" | "report" | "jobs" | "lookups" | "settings";

export const PaneContextValue = createContext<PaneContext | null>(null);

export function usePane(): PaneContext {
  const context = useContext(PaneContextValue);
  if (!context) throw new Error("usePane outside the task pane");
  return context;
}

export function createPaneContext(services: Services, show: (tab: TabId) => void): PaneContext {
  const jobs = new JobStore();
  const tracker = new JobTracker(jobs, () => services.client());
  return { services, jobs, tracker, show };
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

/** The message of anything thrown, for a message bar. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
