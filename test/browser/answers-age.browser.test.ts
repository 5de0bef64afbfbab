import type { Page } from "playwright-core";
import { showTab } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// Answers that stay true (issue 25), along the path a user walks with the built
// add-in in Chromium: cells show when each answer was checked (`checked_on`), the Lookups view
// counts the kept answers by age, and with the freshness setting a recalculation 61 days later
// (the page's clock moved with Playwright's clock, the sandbox's with POST /sandbox/clock) asks
// again exactly the answers older than the setting, and replaces them.

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-25T10:00:00Z");
/** Excel's day number of a time (UTC: the harness's time zone). */
const excelDay = (ms: number): number => Math.floor(ms / DAY) + 25_569;

type Shown = Array<Array<string | { type: string; basicValue: number; numberFormat: string }>>;

/** FINDEMAIL with fields email, email_status and checked_on for people `from`..`to`, as Excel would call it. */
function findAll(page: Page, from: number, to: number): Promise<Shown[]> {
  return page.evaluate(
    ([start, end]) =>
      Promise.all(
        Array.from({ length: end - start }, (_, k) => {
          const i = start + k;
          return window.__hostShim.invokeFunction(
            "FINDEMAIL",
            [`Ada${i}`, "Lovelace", `age-${i}.example`, null, "email,email_status,checked_on"],
            { address: `Sheet1!D${i + 2}` }
          ) as Promise<Shown>;
        })
      ),
    [from, to] as const
  );
}

/**
 * findAll, with the spending question answered: it must ask about exactly `asked` lookups (the
 * pane asks above 5 credits in this test), then Run.
 */
async function findAllAsked(page: Page, from: number, to: number, asked: number): Promise<Shown[]> {
  const cells = findAll(page, from, to);
  const question = page.getByTestId("spending-question");
  await question.waitFor();
  expect(await question.getAttribute("data-count")).toBe(String(asked));
  await page.getByTestId("spending-run").click();
  const shown = await cells;
  await question.waitFor({ state: "detached" });
  return shown;
}

const lookupsSent = (log: Array<{ path: string }>): number =>
  log.filter((r) => r.path.startsWith("/v5.1/find-email/person")).length;

async function ages(page: Page): Promise<Record<string, string | null>> {
  const view = page.getByTestId("lookups-ages");
  await view.waitFor();
  return {
    under30: await view.getAttribute("data-under30"),
    from30to90: await view.getAttribute("data-from30to90"),
    over90: await view.getAttribute("data-over90"),
  };
}

describeBrowser("answers that stay true (Chromium, the built add-in)", () => {
  const addin = useAddin();

  browserTest(
    "checked_on in cells, kept answers by age, and the freshness setting asking again only the old ones",
    async () => {
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      await context.clock.install({ time: START });
      const page = await addin.openTaskPane({ context });
      await page.evaluate(async (key) => {
        await OfficeRuntime.storage.setItem("settings.apiKey", key);
        await OfficeRuntime.storage.setItem("settings.confirmAbove", "5");
      }, account.apiKey);
      await addin.reload(page);

      // Day 0: twenty answers bought; each found one shows its email and today's date (the
      // others are #N/A "No email found", kept as well).
      const bought = await findAllAsked(page, 0, 20, 20);
      const found = bought.filter((cell) => Array.isArray(cell));
      expect(found.length).toBeGreaterThan(5);
      for (const cell of found) {
        expect(cell[0]).toHaveLength(3);
        expect(cell[0]![2]).toEqual({
          type: "FormattedNumber",
          basicValue: excelDay(START),
          numberFormat: "yyyy-mm-dd",
        });
      }
      expect(lookupsSent(addin.relayLog)).toBe(20);
      await showTab(page, "lookups");
      expect(await ages(page)).toEqual({ under30: "20", from30to90: "0", over90: "0" });

      // 61 days later (the page's clock and the sandbox's): the same cells again show the kept
      // answers, bought on day 0, and send nothing.
      const later = START + 61 * DAY;
      await page.clock.setSystemTime(later);
      const moved = await fetch(`${addin.sandbox.baseUrl}/sandbox/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advance_days: 61 }),
      });
      expect(moved.status).toBe(200);
      const kept = await findAll(page, 0, 20);
      expect(kept).toEqual(bought);
      expect(lookupsSent(addin.relayLog)).toBe(20);

      // The freshness setting: a bad value is refused next to its field, 60 is kept.
      await showTab(page, "settings");
      const maxAge = page.getByTestId("settings-max-age");
      await maxAge.fill("abc");
      await page.getByTestId("settings-save").click();
      const error = page.getByTestId("error-message").first();
      await error.waitFor();
      expect(await error.innerText()).toContain("whole number of days");
      expect(await page.evaluate(() => OfficeRuntime.storage.getItem("settings.maxAgeDays"))).toBe(
        null
      );
      await maxAge.fill("60");
      await page.getByTestId("settings-save").click();
      await page.waitForFunction(
        async () => (await OfficeRuntime.storage.getItem("settings.maxAgeDays")) === "60"
      );

      // Bought 10 more at day 61, then all 30 asked: only the twenty older than 60 days go out,
      // and the spending question counts exactly those.
      await findAllAsked(page, 20, 30, 10);
      expect(lookupsSent(addin.relayLog)).toBe(30);
      const again = await findAllAsked(page, 0, 30, 20);
      expect(lookupsSent(addin.relayLog)).toBe(50);
      const foundAgain = again.filter((cell) => Array.isArray(cell));
      for (const cell of foundAgain)
        expect(cell[0]![2]).toMatchObject({ basicValue: excelDay(later) });
      // Charged again: the sandbox's 30-day free repeat had expired with its clock. A valid
      // answer costs 1: the first twenty twice (day 0 and day 61), the ten of day 61 once.
      const valid = (cells: Shown[]): number =>
        cells.filter((cell) => Array.isArray(cell) && cell[0]![1] === "valid").length;
      const balance = await account.request("GET", "/v5.1/account");
      expect(balance.body.credits_left).toBe(
        100 - 2 * valid(again.slice(0, 20)) - valid(again.slice(20))
      );
      expect(valid(again.slice(0, 20))).toBe(valid(bought));

      await showTab(page, "lookups");
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="lookups-ages"]')?.getAttribute("data-under30") ===
          "30"
      );
      expect(await ages(page)).toEqual({ under30: "30", from30to90: "0", over90: "0" });
    },
    { timeoutMs: 90_000 }
  );
});
