import type { Page } from "playwright-core";
import type { JobRecord } from "../../src/workbook/job-store";
import { call } from "../helpers/sandbox";
import { fillList, readSelection, sheetOf, showEnrich } from "./enrich-helpers";
import { jobRows, setSpending, showTab, textOf, useKey } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin, type Addin, type ShimSheet } from "./harness";

// Jobs go on without the pane: the job tracker and the Enrich runner live in the
// shared runtime, which the document's startup behaviour starts with the workbook while a job
// is not over. A bulk search and an Enrich run are started, the workbook is closed during both,
// and reopened with the pane closed: both finish and are written, and the startup behaviour
// goes back to None.

const HEADER = ["First name", "Last name", "Company"];
const person = (i: number): string[] => [`Ada${i}`, `Byron${i}`, `nopane-${i}.example`];
const ROWS = 150;
const BULK_ROWS = 40;

/** Enrich's output cells (D: email found) written so far. */
const written = (sheet: ShimSheet): number =>
  sheet.values.slice(1).filter((row) => typeof row[3] === "string" && row[3] !== "").length;

async function savedJob(addin: Addin, page: Page, id: string): Promise<JobRecord | undefined> {
  return (await addin.savedJobs(page)).find((job) => job.id === id);
}

describeBrowser("task pane in Chromium: jobs go on without the pane", () => {
  // Slow lookups (the run is still going when the workbook closes), a bulk search paused by
  // the sandbox while the workbook is closed.
  const addin = useAddin({ sandbox: { latencyMs: 150, jobStepMs: 1_000, jobChunkSize: 10 } });
  const moveSearch = async (id: string, action: "pause" | "resume"): Promise<void> => {
    const answer = await call(addin.sandbox.baseUrl, "POST", `/sandbox/searches/${id}/${action}`);
    expect(`${answer.status} ${answer.text}`).toMatch(/^200 /);
  };

  browserTest(
    "a bulk job and an Enrich run, the workbook closed and reopened with the pane closed: both finish; Load while they ran, None after",
    async () => {
      const account = await addin.sandbox.account(1000);
      const context = await addin.newContext();
      const first = await addin.openTaskPane({ context });
      expect((await addin.workbook(first)).startupBehavior).toBe("None");
      await useKey(first, account.apiKey);
      await setSpending(first, { threshold: "" });

      // A bulk search from the selection, held at the service until the workbook is closed.
      const emails = Array.from({ length: BULK_ROWS }, (_, i) => [`someone${i}@nopane.example`]);
      await first.evaluate(
        (values) => window.__hostShim.setCells("Emails", "A1", values),
        [["Email"], ...emails]
      );
      await first.evaluate(
        (address) => window.__hostShim.setSelection("Emails", address),
        `A1:A${BULK_ROWS + 1}`
      );
      await showTab(first, "bulk");
      await first.getByTestId("bulk-from-selection").click();
      await first.getByTestId("bulk-cost").waitFor();
      await first.getByTestId("bulk-submit").click();
      await first.getByTestId("job-row").waitFor();
      const bulkId = (await jobRows(first))[0]!.id;
      await moveSearch(bulkId, "pause");
      // The job's record makes the runtime start with the workbook from now on.
      await first.waitForFunction(() => window.__hostShim.workbook().startupBehavior === "Load");

      // An Enrich run through lookups, closed mid-run.
      await fillList(
        first,
        [HEADER, ...Array.from({ length: ROWS }, (_, i) => person(i))],
        `A1:C${ROWS + 1}`
      );
      await showEnrich(first);
      await readSelection(first, ROWS);
      await first.getByTestId("enrich-submit").click();
      await first.waitForFunction(() => {
        const sheet = window.__hostShim.workbook().sheets.find((s) => s.name === "Sheet1");
        return (sheet?.values.slice(1).filter((row) => row[3]).length ?? 0) >= 20;
      });
      const runId = (await addin.savedJobs(first)).find((j) => j.kind === "enrich_lookups")!.id;
      await first.close();

      await moveSearch(bulkId, "resume");
      // Reopened without the pane: the runtime starts (startup behaviour Load), the pane is
      // never shown and never mounted.
      const second = await addin.openTaskPane({ context, visible: false });
      const atReopen = await addin.workbook(second);
      expect(atReopen.startupBehavior).toBe("Load");
      const writtenAtClose = written(await sheetOf(addin, second));
      expect(writtenAtClose).toBeGreaterThan(0);
      expect(writtenAtClose).toBeLessThan(ROWS);
      // Seen last as queued, running or paused: not over.
      expect(["queued", "running", "paused"]).toContain(
        (await savedJob(addin, second, bulkId))!.lastStatus
      );
      expect(await savedJob(addin, second, runId)).toMatchObject({ lastStatus: "running" });

      await second.waitForFunction(
        ([bulk, run]) => {
          const jobs = (window.__hostShim.workbook().settings["mailFinder.jobs"] ?? []) as Array<{
            id: string;
            lastStatus: string | null;
          }>;
          const status = (id: string) => jobs.find((job) => job.id === id)?.lastStatus;
          return status(bulk) === "completed" && status(run) === "completed";
        },
        [bulkId, runId] as const,
        { timeout: 60_000, polling: 200 }
      );
      const bulk = await savedJob(addin, second, bulkId);
      expect(bulk!.lastCounts).toMatchObject({ total: BULK_ROWS });
      const run = await savedJob(addin, second, runId);
      expect(run!.run).toMatchObject({ total: ROWS, written: ROWS });
      expect(written(await sheetOf(addin, second))).toBe(ROWS);
      await second.waitForFunction(() => window.__hostShim.workbook().startupBehavior === "None");
      // All of it with the pane closed.
      expect(await second.evaluate(() => window.__hostShim.visibility())).toBe("Hidden");
      // A page the host hides builds no UI (desktop webviews); a frame of Excel on the web
      // stays visible to the browser while the pane is closed, so there the UI may be built.
      if (!addin.underOfficeJs)
        expect(await second.evaluate(() => document.getElementById("boot") !== null)).toBe(true);

      // Opened later, the pane tells both ends once.
      await second.evaluate(() => window.__hostShim.setVisibility("Taskpane"));
      await addin.waitForUi(second);
      await second.getByTestId("jobs-badge").first().waitFor();
      expect(await textOf(second, "jobs-badge")).toBe("2");
    },
    { timeoutMs: 120_000 }
  );
});
