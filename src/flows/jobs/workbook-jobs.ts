import { getServices, type Services } from "../../runtime/services";
import { JobStore, type WorkbookSettings } from "../../workbook/job-store";
import { EnrichRunner } from "../enrich/enrich-runner";
import { StoredOwnRuns } from "../enrich/own-runs";
import { JobAnnouncer } from "./job-announcements";
import { JobTracker, type JobTrackerOptions } from "./job-tracker";
import { StartupBehaviorFollower, officeStartupHost, type StartupHost } from "./startup-behavior";
import { followTryMode } from "./try-mode-jobs";

// The workbook's jobs live in the shared runtime, not in the pane's UI: the page
// starts them when Office is ready, with or without the pane shown, so a reopened workbook's
// jobs are followed, an interrupted Enrich run goes on, and their ends are told when the pane
// opens; the pane and the commands use the same ones.

export interface WorkbookJobs {
  jobs: JobStore;
  tracker: JobTracker;
  /** Enrich runs through lookups: jobs of the workbook that the add-in itself runs. */
  enrichRunner: EnrichRunner;
  /** Jobs finished while the Jobs tab was not shown (or the pane was closed). */
  announcer: JobAnnouncer;
  /** Follows the job list with the document's startup behaviour (null: the host has none). */
  startup: StartupBehaviorFollower | null;
}

export interface WorkbookJobsOptions {
  /** The workbook's document settings (default: Office.context.document.settings). */
  settings?: WorkbookSettings;
  tracker?: JobTrackerOptions;
  /** Default: Office's (Office.addin.setStartupBehavior); null for none. */
  startup?: StartupHost | null;
}

/** Makes and starts the jobs of a workbook: tracking, interrupted runs, startup behaviour. */
export function createWorkbookJobs(
  services: Services,
  options: WorkbookJobsOptions = {}
): WorkbookJobs {
  const jobs = new JobStore(options.settings);
  const tracker = new JobTracker(jobs, () => services.client(), options.tracker);
  const enrichRunner = new EnrichRunner(jobs, () => services.scheduler(), {
    ownRuns: new StoredOwnRuns(() => services.settings.storage),
  });
  const announcer = new JobAnnouncer(tracker, enrichRunner);
  const host = options.startup === undefined ? officeStartupHost() : options.startup;
  const startup = host ? new StartupBehaviorFollower(jobs, host) : null;
  startup?.start();
  // Jobs made in Try mode are the demo's: marked, and removed when it is left.
  followTryMode(services.settings, jobs);
  tracker.start();
  void enrichRunner.resumeInterrupted().catch(() => undefined);
  return { jobs, tracker, enrichRunner, announcer, startup };
}

const GLOBAL_KEY = "__mailFinderWorkbookJobs";

/** The runtime's one set of workbook jobs, started at first use (after Office.onReady). */
export function workbookJobs(): WorkbookJobs {
  const holder = globalThis as { [GLOBAL_KEY]?: WorkbookJobs };
  return (holder[GLOBAL_KEY] ??= createWorkbookJobs(getServices()));
}
