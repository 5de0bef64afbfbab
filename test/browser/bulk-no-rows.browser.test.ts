import type { Page } from "playwright-core";
import { browserTest, describeBrowser, useAddin } from "./harness";
import { showTab, useKey, waitForText } from "./flows-helpers";

// A bulk source with no data rows (a header alone) is refused with a message next to its
// field, and nothing reaches the service: not when the file or selection is read, and not
// when the header box is ticked by hand on a one-row source and the search submitted.

/** Waits for `message` as the error of the Field that holds the element `testId`. */
async function waitForFieldMessage(page: Page, testId: string, message: string): Promise<void> {
  await page.waitForFunction(
    ([id, text]) =>
      document
        .querySelector(`[data-testid="${id}"]`)
        ?.closest(".fui-Field")
        ?.querySelector('[data-testid="error-message"]')
        ?.textContent?.trim() === text,
    [testId, message] as const
  );
}

async function chooseFile(page: Page, name: string, text: string): Promise<void> {
  await page.getByTestId("bulk-file").setInputFiles({
    name,
    mimeType: "text/csv",
    buffer: Buffer.from(text),
  });
}

/**
 * Once the source is loaded (its caption matches `source`), ticks "The first row is a
 * header", maps company and domain by hand, and submits.
 */
async function submitWithHeaderTicked(page: Page, source: RegExp): Promise<void> {
  await waitForText(page, "bulk-source", source);
  const header = page.getByTestId("bulk-has-header");
  expect(await header.isChecked()).toBe(false); // one row: not taken for a header
  await header.check();
  await page.getByTestId("bulk-map-company_name").selectOption("0");
  await page.getByTestId("bulk-map-domain").selectOption("1");
  // The cost line says so before the click.
  await waitForText(page, "bulk-cost", /^Nothing to search: no data rows\.$/);
  await page.getByTestId("bulk-submit").click();
}

describeBrowser("task pane in Chromium: a bulk source with no data rows", () => {
  const addin = useAddin();

  browserTest("file and selection: refused next to their field, no request sent", async () => {
    const account = await addin.sandbox.account(100);
    const page = await addin.openTaskPane();
    await useKey(page, account.apiKey); // a key: a submit would reach the service
    await showTab(page, "bulk");
    const relayed = addin.relayLog.length;

    // A CSV with a header row only: refused as it is read, the mapping never shown.
    await chooseFile(page, "leads.csv", "First name,Last name,Company\n,,\n\n");
    await waitForFieldMessage(page, "bulk-file", "The file has a header row and no data rows.");
    expect(await page.getByTestId("bulk-submit").count()).toBe(0);

    // One row, read as data; the header box ticked by hand: no data rows, refused at submit.
    await chooseFile(page, "one.csv", "Acme,acme.com\n");
    await submitWithHeaderTicked(page, /^one\.csv/);
    await waitForFieldMessage(page, "bulk-file", "The file has a header row and no data rows.");

    // The same with the selected range.
    await page.evaluate(() => {
      window.__hostShim.setCells("Leads", "A1", [["Company", "Website"]]);
      window.__hostShim.setSelection("Leads", "A1:B1");
    });
    await page.getByTestId("bulk-from-selection").click();
    await waitForFieldMessage(
      page,
      "bulk-from-selection",
      "The selection has no data rows below its header."
    );
    await page.evaluate(() => {
      window.__hostShim.setCells("Leads", "A1", [["Acme", "acme.com"]]);
      window.__hostShim.setSelection("Leads", "A1:B1");
    });
    await page.getByTestId("bulk-from-selection").click();
    await submitWithHeaderTicked(page, /from Leads A1:B1$/);
    await waitForFieldMessage(
      page,
      "bulk-from-selection",
      "The selection has no data rows below its header."
    );

    // Nothing reached the service, and the pane did not go on to Jobs.
    await page.waitForTimeout(300);
    expect(addin.relayLog.slice(relayed)).toEqual([]);
    expect(await page.getByTestId("tab-bulk").getAttribute("aria-selected")).toBe("true");
  });
});
