import type { Page } from "playwright-core";
import type { TestAccount } from "../helpers/sandbox";
import {
  fillList,
  openWithAccount,
  previewThenDownload,
  readSelection,
  sheetOf,
  showEnrich,
  submitAsBulk,
} from "./enrich-helpers";
import {
  resultsOf,
  searchOf,
  setSpending,
  showTab,
  useKey,
  waitForJobStatus,
  waitForText,
} from "./flows-helpers";
import { browserTest, describeBrowser, useAddin, type Addin } from "./harness";

// Enrich above N rows in Chromium against the sandbox: the rows to do go out as
// a bulk search (a job of the workbook, in Jobs), and its results come back into the rows they
// were sent from, found by their inputs when the list was sorted meanwhile, also after the
// workbook was closed and reopened while the search ran.

const HEADER = ["First name", "Last name", "Company"];
const ROWS = 5_000;
type Person = { first_name: string; last_name: string; domain: string };
/** One row in ten is the sandbox's valid example (duplicates: the same inputs), so the download pays. */
const people = (n: number, valid: Person): string[][] =>
  Array.from({ length: n }, (_, i) =>
    i % 10 === 0
      ? [valid.first_name, valid.last_name, valid.domain]
      : [`Grace${i}`, `Hopper${i}`, `fill-${i}.example`]
  );
const validPerson = async (addin: Addin): Promise<Person> =>
  ((await addin.sandbox.examples()).person as Record<"valid", Person>).valid;
const FINISHED = ["completed", "failed", "deleted"];

/** Fills Sheet1 with the list, selects it, reads it in Enrich: it runs as a bulk search. */
async function startEnrichment(page: Page, rows: string[][]): Promise<string> {
  await fillList(page, [HEADER, ...rows], `A1:C${rows.length + 1}`);
  await showEnrich(page);
  await readSelection(page, rows.length);
  expect(await page.getByTestId("enrich-bulk-threshold").inputValue()).toBe("1000");
  return submitAsBulk(page);
}

/** The sandbox's answer per row inputs, from the paid results (free to read again). */
async function answersOf(account: TestAccount, id: string): Promise<Map<string, [string, string]>> {
  const [header, ...rows] = (await resultsOf(account, "bulk", id)) as string[][];
  const email = header!.indexOf("email");
  const status = header!.indexOf("email_status");
  return new Map(
    rows.map((row) => [row.slice(0, 3).join("|"), [row[email] ?? "\u2014", row[status]!]])
  );
}

/** Every data row holds the answer for its own inputs, or nothing when `empty` says so. */
async function expectWrittenBack(
  addin: Addin,
  page: Page,
  answers: Map<string, [string, string]>,
  empty: (row: unknown[]) => boolean
): Promise<number> {
  const sheet = await sheetOf(addin, page);
  expect(sheet.formulas).toEqual({});
  let written = 0;
  for (const row of sheet.values.slice(1)) {
    if (empty(row)) {
      expect(row.slice(3, 5)).toEqual(["", ""]);
      continue;
    }
    expect(row.slice(3, 5)).toEqual(answers.get(row.slice(0, 3).join("|")));
    written++;
  }
  return written;
}

describeBrowser("task pane in Chromium: enrich a large list through a bulk search", () => {
  // The sandbox's job worker is held while a test sorts or reopens (addin.holdJobs).
  const addin = useAddin({ sandbox: { jobStepMs: 50, jobChunkSize: 250 } });

  browserTest(
    "5,000 rows sorted while the job ran: each answer lands in the row with its inputs; a changed row is listed",
    async () => {
      const { page, account } = await openWithAccount(addin, 20_000);
      await addin.holdJobs();
      const id = await startEnrichment(page, people(ROWS, await validPerson(addin)));
      const saved = (await addin.savedJobs(page)).find((j) => j.id === id)!;
      expect(saved.kind).toBe("enrich");
      expect(JSON.stringify(saved).length).toBeLessThan(30_000);
      expect(FINISHED).not.toContain((await searchOf(account, "bulk", id)).status);
      // Sorted Z-A while the search runs, and one row's inputs changed.
      const sorted = people(ROWS, await validPerson(addin)).reverse();
      sorted[10] = ["Changed", "Person", "elsewhere.example"];
      await page.evaluate((values) => window.__hostShim.setCells("Sheet1", "A2", values), sorted);
      addin.releaseJobs();

      await waitForJobStatus(page, id, "completed", 30_000);
      const before = await account.credits();
      const { message, costText } = await previewThenDownload(addin, page, id, ROWS);
      expect(costText).toMatch(/credits/);
      expect(await account.credits()).toBeLessThan(before);
      const changedRow = ROWS - 10 + 1; // person(4989) was sent from sheet row 4991
      expect(message).toMatch(new RegExp(`^${(ROWS - 1).toLocaleString("en-US")} rows written`));
      expect(message).toContain(`rows ${changedRow}`);
      const answers = await answersOf(account, id);
      const written = await expectWrittenBack(addin, page, answers, (row) => row[0] === "Changed");
      expect(written).toBe(ROWS - 1);
      // Written back once: the record drops the rows sent (document settings hold 2 MB in all).
      await page.locator(`[data-job-id="${id}"] [data-testid="job-written-back"]`).waitFor();
      expect(await page.locator(`[data-job-id="${id}"] [data-testid="job-download"]`).count()).toBe(
        0
      );
      const done = (await addin.savedJobs(page)).find((j) => j.id === id)!;
      expect(done.enrich).toMatchObject({ rows: "", hashes: "" });
      expect(JSON.stringify(done).length).toBeLessThan(1_000);
    },
    { timeoutMs: 120_000 }
  );

  browserTest(
    "the workbook reopened during the enrichment: the job is followed on and written back",
    async () => {
      const account = await addin.sandbox.account(20_000);
      const context = await addin.newContext();
      const first = await addin.openTaskPane({ context });
      await useKey(first, account.apiKey);
      await setSpending(first, { threshold: "" });
      await addin.holdJobs();
      const id = await startEnrichment(first, people(ROWS, await validPerson(addin)));
      const saved = (await addin.savedJobs(first)).find((j) => j.id === id)!;
      expect(FINISHED).not.toContain(saved.lastStatus);
      await first.close();

      const second = await addin.openTaskPane({ context });
      const reopened = (await addin.savedJobs(second)).find((j) => j.id === id)!;
      expect(reopened.kind).toBe("enrich");
      expect(FINISHED).not.toContain(reopened.lastStatus);
      // Run again while the search runs: its rows are left to it, nothing is sent twice.
      await second.getByTestId("tab-enrich").click();
      await second.getByTestId("enrich-from-selection").click();
      await waitForText(second, "enrich-cost", /5,000 waiting in a bulk search/);
      expect(await second.getByTestId("enrich-cost").getAttribute("data-rows")).toBe("0");
      expect(await second.getByTestId("enrich-submit").isDisabled()).toBe(true);
      addin.releaseJobs();
      await showTab(second, "jobs");
      await waitForJobStatus(second, id, "completed", 30_000);
      const { message } = await previewThenDownload(addin, second, id, ROWS);
      expect(message).toMatch(new RegExp(`^${ROWS.toLocaleString("en-US")} rows written`));
      const written = await expectWrittenBack(
        addin,
        second,
        await answersOf(account, id),
        () => false
      );
      expect(written).toBe(ROWS);
    },
    { timeoutMs: 120_000 }
  );
});
