import type { Page } from "playwright-core";
import { eventually, type TestAccount } from "../helpers/sandbox";
import {
  jobRow,
  jobRows,
  setSpending,
  textOf,
  useKey,
  waitForNewSheet,
  waitForText,
} from "./flows-helpers";
import type { Addin, ShimSheet } from "./harness";

// Shared steps of the Enrich browser tests (enrich*.browser.test.ts): the list put
// in a sheet and read in the Enrich tab, a run that goes out as a bulk search, and that job's
// free preview and paid download into the list.

/** A new user (browser context) with a fresh account's key saved, asked about no recalculation. */
export async function openWithAccount(
  addin: Addin,
  credits: number
): Promise<{ page: Page; account: TestAccount }> {
  const account = await addin.sandbox.account(credits);
  const context = await addin.newContext();
  const page = await addin.openTaskPane({ context });
  await useKey(page, account.apiKey);
  await setSpending(page, { threshold: "" });
  return { page, account };
}

export async function showEnrich(page: Page): Promise<void> {
  await page.getByTestId("tab-enrich").click();
  await page.getByTestId("enrich-from-selection").waitFor();
}

/** Writes `rows` into Sheet1 from `topLeft` and selects `selection`. */
export async function fillList(
  page: Page,
  rows: unknown[][],
  selection: string,
  topLeft = "A1"
): Promise<void> {
  await page.evaluate(([at, values]) => window.__hostShim.setCells("Sheet1", at, values), [
    topLeft,
    rows,
  ] as const);
  await page.evaluate((address) => window.__hostShim.setSelection("Sheet1", address), selection);
}

/**
 * Reads the selection and waits until the pane shows its `rows` data rows and, unless the
 * form still lacks something (`withCost: false`: decision makers without categories), the cost.
 */
export async function readSelection(page: Page, rows: number, withCost = true): Promise<void> {
  await page.getByTestId("enrich-from-selection").click();
  await waitForText(page, "enrich-source", new RegExp(`^${rows.toLocaleString("en-US")} rows`));
  if (withCost) await page.getByTestId("enrich-cost").waitFor();
}

/** A sheet of the workbook as the shim holds it. */
export const sheetOf = async (addin: Addin, page: Page, name = "Sheet1"): Promise<ShimSheet> =>
  (await addin.workbook(page)).sheets.find((s) => s.name === name)!;

/**
 * Runs the enrichment read in the pane, which goes out as a bulk search: the pane moves to
 * Jobs, where the search's row appears. Returns its id.
 */
export async function submitAsBulk(page: Page): Promise<string> {
  await page.getByTestId("enrich-as-bulk").waitFor();
  const known = new Set((await jobRows(page)).map((r) => r.id));
  await page.getByTestId("enrich-submit").click();
  await page.getByTestId("tab-jobs").and(page.locator('[aria-selected="true"]')).waitFor();
  return eventually(
    async () => (await jobRows(page)).find((r) => !known.has(r.id))?.id,
    15_000,
    "the enrichment's job row"
  );
}

/**
 * Free preview of a completed enrichment job into a new sheet (`rows` result rows), then the
 * paid download into the list, confirmed when the pane asks (it says the cost first).
 * Returns the job row's message and the cost question's text (null when it did not ask).
 */
export async function previewThenDownload(
  addin: Addin,
  page: Page,
  id: string,
  rows: number
): Promise<{ message: string; costText: string | null }> {
  const card = jobRow(page, id);
  const known = (await addin.workbook(page)).sheets.map((s) => s.name);
  await card.getByTestId("job-preview").click();
  const preview = await waitForNewSheet(addin, page, known, 20_000);
  expect(preview.values).toHaveLength(rows + 1);
  // The preview's message, then the download's.
  await card.getByTestId("job-message").waitFor();
  const previewMessage = await card.getByTestId("job-message").innerText();
  await card.getByTestId("job-download").click();
  const asked = page.getByTestId("job-download-cost");
  const newMessage = card.getByTestId("job-message").filter({ hasNotText: previewMessage });
  await asked.or(card.getByTestId("error-message")).or(newMessage).first().waitFor();
  if (await card.getByTestId("error-message").count())
    throw new Error(await card.getByTestId("error-message").innerText());
  let costText: string | null = null;
  if (await asked.count()) {
    costText = await textOf(page, "job-download-cost");
    await page.getByTestId("job-download-confirm").click();
  }
  await newMessage.waitFor({ timeout: 60_000 });
  return { message: await newMessage.innerText(), costText };
}
