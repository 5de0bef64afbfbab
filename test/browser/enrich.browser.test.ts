import type { Page } from "playwright-core";
import type { TestAccount } from "../helpers/sandbox";
import { fillList, openWithAccount, readSelection, sheetOf, showEnrich } from "./enrich-helpers";
import { setSpending, showTab, textOf, useKey, waitForText } from "./flows-helpers";
import { browserTest, describeBrowser, screenshot, useAddin, type ShimSheet } from "./harness";

// Enrich in place in Chromium against the sandbox: answers beside the user's own
// list through the cells' lookups, only the rows not done yet, never over a typed cell, the
// spending switch, the ribbon commands, and a table that grows new columns.

const HEADER = ["First name", "Last name", "Company"];
/** Distinct people at domains the sandbox answers. */
const person = (i: number): string[] => [`Grace${i}`, `Hopper${i}`, `fill-${i}.example`];
const people = (from: number, to: number): string[][] =>
  Array.from({ length: to - from }, (_, k) => person(from + k));

async function waitForRun(page: Page, total: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const progress = document.querySelector('[data-testid="enrich-progress"]');
      return (
        progress?.getAttribute("data-done") === String(n) &&
        progress.getAttribute("data-total") === String(n) &&
        /^Done/.test(progress.textContent ?? "")
      );
    },
    total,
    { timeout: 60_000 }
  );
}

/** What the sandbox answers for a row, asked directly with another account. */
async function expectedFor(account: TestAccount, i: number): Promise<[string, string]> {
  const [first_name, last_name, domain] = person(i);
  const answer = await account.request("POST", "/v5.1/find-email/person", {
    first_name,
    last_name,
    domain,
  });
  if (answer.status === 404) return ["\u2014", "not_found"];
  return [answer.body.email ?? "\u2014", answer.body.email_status];
}

describeBrowser("task pane in Chromium: enrich the user's own list in place", () => {
  const addin = useAddin();
  const lookupsSent = (): number =>
    addin.relayLog.filter((r) => r.path.startsWith("/v5.1/find-email/")).length;

  const openWithKey = async (credits = 1000): Promise<Page> =>
    (await openWithAccount(addin, credits)).page;

  browserTest(
    "200 rows: answers beside each row, in the first empty columns; then 20 new rows: exactly 20 lookups",
    async () => {
      const page = await openWithKey();
      const checker = await addin.sandbox.account(1000);
      // A note in D1 only: the first empty columns are E and F.
      await fillList(page, [[...HEADER, "Notes"], ...people(0, 200)], "A1:C201");
      await page.evaluate(() => window.__hostShim.setCells("Sheet1", "D1", [["Notes"]]));
      await showEnrich(page);
      await readSelection(page, 200);
      expect(await page.getByTestId("enrich-operation").inputValue()).toBe("person");
      const cost = page.getByTestId("enrich-cost");
      expect(await cost.getAttribute("data-rows")).toBe("200");
      expect(await cost.getAttribute("data-max-credits")).toBe("200");
      expect(await page.getByTestId("enrich-output-email").isChecked()).toBe(true);
      expect(await page.getByTestId("enrich-output-email_status").isChecked()).toBe(true);
      expect(await page.getByTestId("enrich-map-company_name").inputValue()).toBe("2");
      await screenshot(page, "enrich");

      const before = lookupsSent();
      const started = Date.now();
      await page.getByTestId("enrich-submit").click();
      await waitForRun(page, 200);
      const runMs = Date.now() - started;
      expect(lookupsSent() - before).toBe(200);

      let sheet = await sheetOf(addin, page);
      expect(sheet.formulas).toEqual({});
      expect(sheet.values[0]!.slice(3, 6)).toEqual(["Notes", "Email found", "Email status"]);
      for (const i of [0, 1, 57, 122, 199]) {
        const row = sheet.values[i + 1]!;
        expect(row.slice(0, 3)).toEqual(person(i));
        expect(row.slice(4, 6)).toEqual(await expectedFor(checker, i));
      }
      for (const row of sheet.values.slice(1, 201)) {
        expect(typeof row[4]).toBe("string");
        expect(typeof row[5]).toBe("string");
      }
      const firstRun = sheet.values.map((row) => [...row]);

      // 20 rows added below, the selection extended: only those are done.
      await page.evaluate(
        (rows) => window.__hostShim.setCells("Sheet1", "A202", rows),
        people(200, 220)
      );
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "A1:C221"));
      await readSelection(page, 220);
      expect(await cost.getAttribute("data-rows")).toBe("20");
      expect(await textOf(page, "enrich-cost")).toContain("200 already done");
      const beforeSecond = lookupsSent();
      await page.getByTestId("enrich-submit").click();
      await waitForRun(page, 20);
      expect(lookupsSent() - beforeSecond).toBe(20);
      sheet = await sheetOf(addin, page);
      expect(sheet.values.slice(0, 201)).toEqual(firstRun.slice(0, 201));
      expect(sheet.values).toHaveLength(221);
      expect(sheet.values[220]!.slice(4, 6)).toEqual(await expectedFor(checker, 219));
      console.log(`enrich: 200 rows through lookups in ${runMs} ms`);
    },
    { timeoutMs: 120_000 }
  );

  browserTest("a cell typed into where answers go refuses the run before any request", async () => {
    const page = await openWithKey();
    await fillList(
      page,
      [[...HEADER, "Email found", "Email status"], ...people(0, 5).map((r) => [...r, null, null])],
      "A1:C6"
    );
    await page.evaluate(() => window.__hostShim.setCells("Sheet1", "E4", [["called, no email"]]));
    await showEnrich(page);
    const before = lookupsSent();
    await readSelection(page, 5);
    const message = await waitForText(page, "error-message", /E4/);
    expect(message).toContain("typed into");
    expect(await page.getByTestId("enrich-submit").isDisabled()).toBe(true);
    expect(lookupsSent()).toBe(before);
    expect((await sheetOf(addin, page)).values[3]![4]).toBe("called, no email");
  });

  browserTest("spending off disables the run and says why", async () => {
    const page = await openWithKey();
    await setSpending(page, { enabled: false });
    await fillList(page, [HEADER, ...people(0, 3)], "A1:C4");
    await showEnrich(page);
    await readSelection(page, 3);
    expect(await page.getByTestId("enrich-submit").isDisabled()).toBe(true);
    expect(await textOf(page, "spending-off-reason")).toMatch(/Spending is off/);
  });

  browserTest(
    "the commands open the Enrich tab with the selection read and the operation chosen",
    async () => {
      const page = await openWithKey();
      await fillList(
        page,
        // The list's own Email column is an input, never taken for an output.
        [[...HEADER, "Email"], ...people(0, 3).map((r, i) => [...r, `someone${i}@example.com`])],
        "A1:C4"
      );
      await showTab(page, "bulk");
      await page.evaluate(() => window.__hostShim.invokeAction("findEmails"));
      await page.getByTestId("enrich-cost").waitFor();
      expect(await page.getByTestId("tab-enrich").getAttribute("aria-selected")).toBe("true");
      expect(await page.getByTestId("enrich-operation").inputValue()).toBe("person");
      expect(await page.getByTestId("enrich-cost").getAttribute("data-rows")).toBe("3");

      await showTab(page, "bulk");
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "A1:D4"));
      await page.evaluate(() => window.__hostShim.invokeAction("verifyEmails"));
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="enrich-operation"]') as HTMLSelectElement | null)
            ?.value === "verify"
      );
      await page.getByTestId("enrich-map-email").waitFor();
      expect(await page.getByTestId("enrich-operation").inputValue()).toBe("verify");
      expect(await page.getByTestId("enrich-map-email").inputValue()).toBe("3");
      expect(await page.getByTestId("enrich-output-email_status").isChecked()).toBe(true);
      expect(await page.getByTestId("enrich-cost").getAttribute("data-rows")).toBe("3");
    }
  );

  browserTest("a table gets new table columns", async () => {
    const page = await openWithKey();
    await fillList(page, [HEADER, ...people(0, 4)], "B2");
    await page.evaluate(() =>
      Excel.run(async (context) => {
        context.workbook.tables.add("Sheet1!A1:C5", true);
        await context.sync();
      })
    );
    await showEnrich(page);
    await readSelection(page, 4);
    await page.getByTestId("enrich-submit").click();
    await waitForRun(page, 4);
    const workbook = await addin.workbook(page);
    const table = workbook.tables[0]!;
    expect(table.address.replace(/^.*!/, "")).toBe("A1:E5");
    expect(table.headers).toEqual([...HEADER, "Email found", "Email status"]);
    const sheet = workbook.sheets.find((s) => s.name === "Sheet1")!;
    for (const row of sheet.values.slice(1, 5)) expect(typeof row[4]).toBe("string");
  });
});

describeBrowser(
  "task pane in Chromium: an enrichment through lookups is a job of the workbook",
  () => {
    // Slow answers: 300 lookups, at most 6 at a time over HTTP/1.1, take about 8 s.
    const addin = useAddin({ sandbox: { latencyMs: 150 } });
    const lookupsSent = (): number =>
      addin.relayLog.filter((r) => r.path.startsWith("/v5.1/find-email/")).length;
    const written = (sheet: ShimSheet): number =>
      sheet.values.slice(1).filter((row) => typeof row[3] === "string" && row[3] !== "").length;

    browserTest(
      "shown in Jobs while it runs; the workbook closed during it and reopened: it goes on, no row asked twice",
      async () => {
        const ROWS = 300;
        const account = await addin.sandbox.account(1000);
        const checker = await addin.sandbox.account(1000);
        const context = await addin.newContext();
        const first = await addin.openTaskPane({ context });
        await useKey(first, account.apiKey);
        await setSpending(first, { threshold: "" });
        await fillList(first, [HEADER, ...people(0, ROWS)], `A1:C${ROWS + 1}`);
        await showEnrich(first);
        await readSelection(first, ROWS);
        await first.getByTestId("enrich-submit").click();

        // In Jobs, live: an Enrich job running, its rows counting up.
        await showTab(first, "jobs");
        const row = first.locator('[data-testid="job-row"][data-status="running"]');
        await row.waitFor();
        const id = (await row.getAttribute("data-job-id"))!;
        await first.waitForFunction(
          (jobId) =>
            Number(
              document
                .querySelector(`[data-job-id="${jobId}"] [data-testid="job-run-counts"]`)
                ?.getAttribute("data-done")
            ) >= 30,
          id
        );
        expect(await row.getByTestId("job-progress").count()).toBe(1);
        // Back in Enrich (the panel was unmounted meanwhile), the run's progress is there.
        await showEnrich(first);
        await first.getByTestId("enrich-progress").waitFor();
        expect(await textOf(first, "enrich-progress")).toMatch(/^Working/);
        // The counts reach the workbook as the run goes (saved every 2 s at most).
        await first.waitForFunction(
          (jobId) => {
            const settings = window.__hostShim.workbook().settings as Record<string, unknown>;
            const jobs = (settings["mailFinder.jobs"] ?? []) as Array<{
              id: string;
              run?: { written: number };
            }>;
            return (jobs.find((job) => job.id === jobId)?.run?.written ?? 0) > 0;
          },
          id,
          { timeout: 10_000 }
        );
        await first.close();

        const second = await addin.openTaskPane({ context });
        const sentAtClose = lookupsSent();
        const writtenAtClose = written(await sheetOf(addin, second));
        expect(writtenAtClose).toBeGreaterThan(0);
        expect(writtenAtClose).toBeLessThan(ROWS);
        const saved = (await addin.savedJobs(second)).find((job) => job.id === id)!;
        expect(saved).toMatchObject({ kind: "enrich_lookups", lastStatus: "running" });

        // Nothing to press: the reopened pane goes on with the rows not written.
        await showTab(second, "jobs");
        await second
          .locator(`[data-testid="job-row"][data-job-id="${id}"][data-status="completed"]`)
          .waitFor({ timeout: 60_000 });
        const counts = second.locator(`[data-job-id="${id}"] [data-testid="job-run-counts"]`);
        expect(await counts.getAttribute("data-written")).toBe(String(ROWS));
        expect(lookupsSent() - sentAtClose).toBeLessThanOrEqual(ROWS - writtenAtClose);

        const sheet = await sheetOf(addin, second);
        expect(written(sheet)).toBe(ROWS);
        for (const i of [0, 1, Math.floor(writtenAtClose / 2), writtenAtClose + 3, ROWS - 1])
          expect(sheet.values[i + 1]!.slice(3, 5)).toEqual(await expectedFor(checker, i));
        await showEnrich(second);
        await waitForRun(second, ROWS);
        console.log(
          `enrich job: ${writtenAtClose} rows written before closing, ${lookupsSent() - sentAtClose} lookups after reopening for ${ROWS - writtenAtClose} rows`
        );
      },
      { timeoutMs: 120_000 }
    );

    browserTest(
      "Stop pressed while it runs: the run stops with rows left; Continue in Jobs says its cost and does only those",
      async () => {
        const ROWS = 120;
        const account = await addin.sandbox.account(1000);
        const checker = await addin.sandbox.account(1000);
        const page = await addin.openTaskPane();
        await useKey(page, account.apiKey);
        await setSpending(page, { threshold: "" });
        await fillList(page, [HEADER, ...people(1000, 1000 + ROWS)], `A1:C${ROWS + 1}`);
        await showEnrich(page);
        await readSelection(page, ROWS);
        await page.getByTestId("enrich-submit").click();
        await page.waitForFunction(
          () =>
            Number(
              document.querySelector('[data-testid="enrich-progress"]')?.getAttribute("data-done")
            ) >= 10
        );
        await showTab(page, "lookups");
        await page.getByTestId("lookups-stop").click();

        await showTab(page, "jobs");
        const row = page.locator('[data-testid="job-row"][data-status="stopped"]');
        await row.waitFor({ timeout: 30_000 });
        const counts = row.getByTestId("job-run-counts");
        const writtenBefore = Number(await counts.getAttribute("data-written"));
        expect(writtenBefore).toBeGreaterThan(0);
        expect(writtenBefore).toBeLessThan(ROWS);
        const left = ROWS - writtenBefore;
        expect(await row.getByTestId("job-continue-cost").getAttribute("data-max-credits")).toBe(
          String(left)
        );
        expect(await row.textContent()).toMatch(/rows left: Stopped/);

        const sentBefore = lookupsSent();
        await row.getByTestId("job-continue").click();
        await page
          .locator('[data-testid="job-row"][data-status="completed"]')
          .waitFor({ timeout: 60_000 });
        expect(lookupsSent() - sentBefore).toBeLessThanOrEqual(left);
        const sheet = await sheetOf(addin, page);
        expect(written(sheet)).toBe(ROWS);
        for (const i of [0, writtenBefore, ROWS - 1])
          expect(sheet.values[i + 1]!.slice(3, 5)).toEqual(await expectedFor(checker, 1000 + i));
      },
      { timeoutMs: 120_000 }
    );
  }
);
