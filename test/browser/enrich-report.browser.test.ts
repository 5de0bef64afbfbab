import type { Page } from "playwright-core";
import { eventually } from "../helpers/sandbox";
import { fillList, openWithAccount, readSelection, sheetOf, showEnrich } from "./enrich-helpers";
import { setFaults, showTab } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin, type Addin } from "./harness";

// Issue 34, item 8: right after an Enrich run that bought 7 of 10 addresses, the Report tab
// counted them as 0 bought in one run of three. Here, in the built pane against the sandbox,
// Enrich verifies a list again and again and the Report tab is opened on the same list at
// once: while the run's verifications are still on the wire (the sandbox slowed), or just as
// it ends. The count shown (`data-bought`) is the number the sandbox charged, every time.

const USERS = 3;
const RUNS_EACH = 5;
const VALID = 7;
const OTHERS = 3;
const LIST = `A1:A${VALID + OTHERS + 1}`;

/** Addresses the sandbox answers valid (charged 0.2 each), then others (not charged). */
function listOf(addin: Addin, prefix: string): string[] {
  const valid: string[] = [];
  const others: string[] = [];
  for (let i = 0; valid.length < VALID || others.length < OTHERS; i++) {
    const email = `${prefix}${i}@${prefix}-${i % 7}.example`;
    const status = addin.sandbox.app.sandbox.lookups.verify(email).email_status;
    const into = status === "valid" ? valid : others;
    if (into.length < (status === "valid" ? VALID : OTHERS)) into.push(email);
  }
  return [...valid, ...others];
}

/** Enrich "verify" on a new list in A (its status column B emptied), up to the run's start. */
async function startEnrich(page: Page, emails: string[]): Promise<void> {
  await fillList(page, [["Email", ""], ...emails.map((email) => [email, ""])], LIST);
  await showEnrich(page);
  await page.getByTestId("enrich-operation").selectOption("verify");
  await readSelection(page, emails.length);
  await page.getByTestId("enrich-submit").click();
  await page.getByTestId("enrich-progress").waitFor();
}

async function waitForDone(page: Page, rows: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const progress = document.querySelector('[data-testid="enrich-progress"]');
      return (
        progress?.getAttribute("data-done") === String(n) &&
        /^Done/.test(progress.textContent ?? "")
      );
    },
    rows,
    { timeout: 30_000 }
  );
}

/** The Report tab on the list: its count of addresses, and of those bought, once it is shown. */
async function reportCount(page: Page): Promise<{ count: string | null; bought: string | null }> {
  await page.evaluate((list) => window.__hostShim.setSelection("Sheet1", list), LIST);
  await showTab(page, "report");
  await page.getByTestId("report-from-selection").click();
  const summary = page.getByTestId("report-bounces");
  await page.waitForFunction(
    () => document.querySelector('[data-testid="report-bounces"]')?.hasAttribute("data-bought"),
    undefined,
    { timeout: 30_000 }
  );
  return {
    count: await summary.getAttribute("data-count"),
    bought: await summary.getAttribute("data-bought"),
  };
}

async function statuses(addin: Addin, page: Page): Promise<unknown[]> {
  return (await sheetOf(addin, page)).values.slice(1, VALID + OTHERS + 1).map((row) => row[1]);
}

describeBrowser(
  "Enrich, then the Report tab at once: the addresses bought are counted (issue 34)",
  () => {
    const addin = useAddin();

    browserTest(
      `${USERS * RUNS_EACH} runs: the count is the ${VALID} the sandbox charged, in flight or just ended`,
      async () => {
        const verifies = (): number =>
          addin.relayLog.filter((r) => r.path === "/v5.1/verify-email").length;
        const seen: string[] = [];
        const started = Date.now();
        try {
          for (let user = 0; user < USERS; user++) {
            // A new user: the first run keeps the first answers of a new account.
            const { page, account } = await openWithAccount(addin, 100);
            for (let run = 0; run < RUNS_EACH; run++) {
              const emails = listOf(addin, `u${user}r${run}x`);
              const inFlight = run % 2 === 0;
              const credits = await account.credits();
              const sent = verifies();
              await setFaults(addin, inFlight ? { slowRate: 1, slowMs: 400 } : { slowRate: 0 });
              await startEnrich(page, emails);
              if (!inFlight) await waitForDone(page, emails.length);
              const { count, bought } = await reportCount(page);
              // Shown only once the run is over: its answers kept, and written beside the list.
              const written = (await statuses(addin, page)).filter((s) => s !== "").length;
              await setFaults(addin, { slowRate: 0 });
              // What the run bought, once it is over.
              await eventually(
                async () =>
                  (await statuses(addin, page)).every((s) => s !== "") ? true : undefined,
                30_000,
                "the run's statuses beside the list"
              );
              const charged = Math.round((credits - (await account.credits())) / 0.2);
              expect(verifies() - sent).toBe(emails.length);
              expect(charged).toBe(VALID);
              seen.push(
                `${inFlight ? "in flight" : "ended"}: ${count} of ${written}, ${bought} bought`
              );
            }
            await page.context().close();
          }
        } finally {
          await setFaults(addin, { slowRate: 0, slowMs: 0 });
        }
        console.log(`${seen.length} runs in ${Date.now() - started} ms`);
        expect(seen).toEqual(
          Array.from(
            { length: USERS * RUNS_EACH },
            (_, i) =>
              `${(i % RUNS_EACH) % 2 === 0 ? "in flight" : "ended"}: 10 of 10, ${VALID} bought`
          )
        );
      },
      { timeoutMs: 240_000 }
    );
  }
);
