import type { Settings, SettingsStore } from "../../runtime/settings";
import type { JobStore } from "../../workbook/job-store";

// The workbook's jobs follow Try mode: a job made while it is on is the demo
// service's (marked `demo`), and leaving it removes those jobs, which no real key can follow.
// Also at start: a workbook whose demo jobs were made before Try mode was left elsewhere.

/** Starts following; returns the function that stops it. */
export function followTryMode(settings: SettingsStore, jobs: JobStore): () => void {
  const apply = async (current: Settings): Promise<void> => {
    jobs.markNewJobsDemo(current.tryMode);
    if (current.tryMode) return;
    try {
      await jobs.removeDemoJobs();
    } catch (error) {
      // Removed from the list all the same; the workbook saves it at its next change.
      console.warn("Mail Finder: demo jobs", error instanceof Error ? error.message : error);
    }
  };
  let stopped = false;
  void settings.load().then((current) => (stopped ? undefined : apply(current)));
  const unsubscribe = settings.subscribe(apply);
  return () => {
    stopped = true;
    unsubscribe();
  };
}
