import type { Page } from "playwright-core";
import { eventually } from "../helpers/sandbox";
import { browserTest, describeBrowser, useAddin } from "./harness";
import {
  expectFitsThePane,
  expectKeyNowhere,
  expectNoFormulas,
  jobRow,
  jobRows,
  recordConsole,
  type GeoExample,
  searchOf,
  setFaults,
  showTab,
  textOf,
  useKey,
  waitForJobStatus,
  waitForNewSheet,
  waitForText,
} from "./flows-helpers";

// Jobs outlive the task pane: their ids are saved in the workbook, so a
// reopened workbook resumes tracking every unfinished job, and a failed poll never loses one.
// The sandbox's worker is slowed down here, and held (addin.holdJobs) across a reopening, so
// that the jobs are still running when it matters.

const FINISHED = ["completed", "failed", "deleted", "ready"];

/** A table of people to search for, header first. */
function people(count: number): string[][] {
  const rows = [["First name", "Last name", "Domain"]];
  for (let i = 0; i < count; i++)
    rows.push([`Person${i}`, `Example${i}`, i % 2 ? "acmelabs.com" : "brightlabs.io"]);
  return rows;
}

/** Selects a table in a new sheet and submits it as a bulk search; returns the job id. */
async function submitBulk(page: Page, sheet: string, rows: string[][]): Promise<string> {
  await page.evaluate(([name, values]) => window.__hostShim.setCells(name, "A1", values), [
    sheet,
    rows,
  ] as const);
  await page.evaluate(([name, address]) => window.__hostShim.setSelection(name, address), [
    sheet,
    `A1:C${rows.length}`,
  ] as const);
  await showTab(page, "bulk");
  const known = new Set((await liveJobs(page)).map((job) => job.id));
  await page.getByTestId("bulk-from-selection").click();
  await page.getByTestId("bulk-submit").click();
  return newJobId(page, known);
}

/** The jobs in the live document settings, saved or not yet. */
async function liveJobs(page: Page): Promise<Array<{ id: string }>> {
  return page.evaluate(() =>
    JSON.parse(JSON.stringify(Office.context.document.settings.get("mailFinder.jobs") ?? []))
  );
}

async function newJobId(page: Page, known: Set<string>): Promise<string> {
  await page.getByTestId("tab-jobs").and(page.locator('[aria-selected="true"]')).waitFor();
  return eventually(
    async () => (await jobRows(page)).find((r) => !known.has(r.id))?.id,
    10_000,
    "the new job's row"
  );
}

describeBrowser("task pane flows in Chromium: jobs resume and survive failures", () => {
  // One row every 400 ms: a search of 16 rows runs for about 6 s.
  const addin = useAddin({ sandbox: { jobStepMs: 400, jobChunkSize: 1 } });

  afterEach(async () => {
    await setFaults(addin, { down: false });
  });

  browserTest(
    "a reopened workbook lists every unfinished bulk and GeoLead job and tracks them to completed",
    async () => {
      const geo = (await addin.sandbox.examples()).geo_lead as unknown as GeoExample;
      const account = await addin.sandbox.account(500);
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const first = await addin.openTaskPane({ context });
      await useKey(first, account.apiKey);

      await addin.holdJobs();
      const bulkId = await submitBulk(first, "Leads", people(16));
      await showTab(first, "geo");
      await first.getByTestId("geo-query").fill(geo.query);
      await first.getByTestId("geo-latitude").fill(String(geo.latitude));
      await first.getByTestId("geo-longitude").fill(String(geo.longitude));
      await first.getByTestId("geo-radius").fill(String(geo.radius_km));
      await first.getByTestId("geo-result-limit").fill("8");
      await first.getByTestId("geo-label").fill(geo.file_name);
      await first.getByTestId("geo-submit").click();
      const geoId = await newJobId(first, new Set([bulkId]));
      expect((await jobRows(first)).map((r) => r.id)).toEqual([geoId, bulkId]);

      // The workbook is closed while both run: their ids and last statuses are saved in it.
      const saved = await addin.savedJobs(first);
      expect(saved.map((j) => [j.kind, j.id])).toEqual([
        ["bulk", bulkId],
        ["geo_lead", geoId],
      ]);
      for (const job of saved) expect(FINISHED).not.toContain(job.lastStatus);
      expect(FINISHED).not.toContain((await searchOf(account, "bulk", bulkId)).status);
      expect(FINISHED).not.toContain((await searchOf(account, "geo-lead", geoId)).status);
      await first.close();

      // Reopened: a new page over the same workbook. The saved statuses are still unfinished, so
      // only the reopened pane can bring them to "completed".
      const second = await addin.openTaskPane({ context });
      const reopened = await addin.savedJobs(second);
      expect(reopened.map((j) => j.id)).toEqual([bulkId, geoId]);
      for (const job of reopened) expect(FINISHED).not.toContain(job.lastStatus);
      await showTab(second, "jobs");
      expect((await jobRows(second)).map((r) => r.id)).toEqual([geoId, bulkId]);
      addin.releaseJobs();
      await waitForJobStatus(second, bulkId, "completed", 25_000);
      await waitForJobStatus(second, geoId, "completed", 25_000);
      await expectFitsThePane(second);
      const done = await addin.savedJobs(second);
      expect(done.map((j) => [j.id, j.lastStatus, j.lastError])).toEqual([
        [bulkId, "completed", null],
        [geoId, "completed", null],
      ]);

      // The resumed job is as usable as before: its free preview lands in a new sheet.
      await jobRow(second, bulkId).getByTestId("job-preview").click();
      const preview = await waitForNewSheet(addin, second, ["Sheet1", "Leads"]);
      expect(preview.values).toHaveLength(17);
      expect(await account.credits()).toBe(500);
      expectNoFormulas(await addin.workbook(second));
      await expectKeyNowhere(addin, second, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );

  browserTest(
    "while the service is down the job stays, shows the last error, and completes once the service is back",
    async () => {
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      // The page's clock is Playwright's, so that the client's retry back-off (up to 5 s a retry,
      // 8 retries) and the tracker's (up to a minute) can be skipped instead of waited for.
      await context.clock.install();
      const page = await addin.openTaskPane({ context });
      await useKey(page, account.apiKey);
      const jobId = await submitBulk(page, "Leads", people(16));
      const row = jobRow(page, jobId);

      await setFaults(addin, { down: true });
      const polledWhileDown = addin.relayLog.length;
      // Time passes (fast): the poll is retried, then fails; the row stays and says why.
      await eventually(
        async () => {
          await page.clock.fastForward(5_000);
          return (await row.getByTestId("job-error").count()) > 0 ? true : undefined;
        },
        20_000,
        "the job's last error"
      );
      const error = await row.getByTestId("job-error").innerText();
      expect(error).toMatch(
        /^Last check failed: .*(busy|503|unavailable).*\(the job is kept and checked again\)$/i
      );
      // Every answer while down was a 503 (a poll may still be on its way: status 0).
      const whileDown = addin.relayLog.slice(polledWhileDown).filter((r) => r.status !== 0);
      expect(whileDown.filter((r) => r.path === `/v5.1/bulk/${jobId}`).length).toBeGreaterThan(1);
      expect(whileDown.filter((r) => r.status !== 503)).toEqual([]);
      expect(FINISHED).not.toContain(await row.getAttribute("data-status"));
      const kept = await addin.savedJobs(page);
      expect(kept).toEqual([
        expect.objectContaining({ id: jobId, lastError: expect.stringMatching(/\S/) }),
      ]);

      // The service is back: the job completes and the error goes away.
      await setFaults(addin, { down: false });
      await eventually(
        async () => {
          await page.clock.fastForward(5_000);
          return (await row.getAttribute("data-status")) === "completed" ? true : undefined;
        },
        20_000,
        "the job to complete"
      );
      await row.getByTestId("job-error").waitFor({ state: "detached" });
      expect((await jobRows(page)).map((r) => r.id)).toEqual([jobId]);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );

  browserTest(
    "reopened on another tab: a job that finishes there is announced (a count on Jobs and a message naming it) without visiting Jobs, and not again after the next reopen",
    async () => {
      const account = await addin.sandbox.account(500);
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const first = await addin.openTaskPane({ context });
      await useKey(first, account.apiKey);
      await addin.holdJobs();
      const bulkId = await submitBulk(first, "Leads", people(16));
      await first.close();

      // Reopened: the pane opens on Bulk, and Jobs is never shown; the tracker runs anyway.
      const second = await addin.openTaskPane({ context });
      const saved = await addin.savedJobs(second);
      expect(FINISHED).not.toContain(saved[0]!.lastStatus);
      addin.releaseJobs();
      expect(await second.getByTestId("tab-bulk").getAttribute("aria-selected")).toBe("true");
      const message = await waitForText(second, "job-finished", /is complete/, 25_000);
      expect(message).toContain(
        "Bulk search “Leads A1:C17” is complete: 16 rows. Open Jobs to download."
      );
      expect(await textOf(second, "jobs-badge")).toBe("1");
      expect(await second.getByTestId("tab-jobs").getAttribute("aria-selected")).toBe("false");
      expect(await second.getByTestId("job-row").count()).toBe(0);
      const done = await addin.savedJobs(second);
      expect(done.map((j) => [j.id, j.lastStatus])).toEqual([[bulkId, "completed"]]);
      await expectFitsThePane(second);

      // Dismissed: the message goes, the count stays until Jobs is shown.
      await second.getByTestId("job-finished-dismiss").click();
      await second.getByTestId("job-finished").waitFor({ state: "detached" });
      expect(await textOf(second, "jobs-badge")).toBe("1");
      await showTab(second, "jobs");
      await second.getByTestId("jobs-badge").waitFor({ state: "detached" });
      await waitForJobStatus(second, bulkId, "completed");
      await showTab(second, "geo");
      expect(await second.getByTestId("jobs-badge").count()).toBe(0);
      await second.close();

      // Reopened again: the job was finished when the workbook opened, so nothing is told.
      const third = await addin.openTaskPane({ context });
      await third.waitForTimeout(2_500); // longer than the tracker's 2 s between polls
      expect(await third.getByTestId("job-finished").count()).toBe(0);
      expect(await third.getByTestId("jobs-badge").count()).toBe(0);
      await expectKeyNowhere(addin, third, account.apiKey, consoleLines);
    },
    { timeoutMs: 60_000 }
  );
});
