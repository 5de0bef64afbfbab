import type { Page } from "playwright-core";
import type { TestAccount } from "../helpers/sandbox";
import { expectKeyNowhere, recordConsole, setFaults, showTab, textOf } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin, type Addin } from "./harness";

// Bounces pay back (issue 25 item 4), in the built pane in Chromium against the
// sandbox over HTTP: addresses bought through the add-in (VERIFYEMAIL cells, charged by the
// sandbox's ledger) and others reported at once, from a selection and from a CSV export; the
// credits returned are exactly the ledger's; reported addresses are marked bounced, so a
// recalculation sends nothing and shows why; Stop leaves the rest unreported and says so.

type Cell = string | { error: string; message?: string };

const isReport = (r: { method: string; path: string }): boolean =>
  r.method === "POST" && r.path === "/v5.1/report/bad-email";
const isVerify = (r: { method: string; path: string }): boolean =>
  r.method === "POST" && r.path === "/v5.1/verify-email";

/** VERIFYEMAIL of each address, as Excel calls it. */
function verifyAll(page: Page, emails: string[]): Promise<Cell[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (email, i) =>
            window.__hostShim.invokeFunction("VERIFYEMAIL", [email], {
              address: `Sheet2!A${i + 1}`,
            }) as Promise<Cell>
        )
      ),
    emails
  );
}

/**
 * `count` addresses bought through the add-in: VERIFYEMAIL cells of addresses the sandbox
 * answers valid (asked of its directory in this process first, so that no cell is wasted),
 * each charged 0.2 by its ledger.
 */
async function buyValid(
  addin: Addin,
  page: Page,
  prefix: string,
  count: number
): Promise<string[]> {
  const valid: string[] = [];
  for (let i = 0; valid.length < count; i++) {
    const email = `${prefix}${i}@${prefix}-${i % 7}.example`;
    if (addin.sandbox.app.sandbox.lookups.verify(email).email_status === "valid") valid.push(email);
  }
  const shown = await verifyAll(page, valid);
  expect(shown).toEqual(valid.map(() => "valid"));
  return valid;
}

async function balance(account: TestAccount): Promise<number> {
  const answer = await account.request("GET", "/v5.1/account");
  expect(answer.status).toBe(200);
  return answer.body.credits_left as number;
}

async function openWithKey(addin: Addin, apiKey: string) {
  const context = await addin.newContext();
  const consoleLines = recordConsole(context);
  const page = await addin.openTaskPane({ context });
  await page.evaluate(async (key) => {
    await OfficeRuntime.storage.setItem("settings.apiKey", key);
    // Buying the test's addresses needs no question.
    await OfficeRuntime.storage.setItem("settings.confirmAbove", "100000");
  }, apiKey);
  await addin.reload(page);
  return { page, consoleLines };
}

async function waitForBought(page: Page, count: number, bought: number): Promise<void> {
  const summary = page.getByTestId("report-bounces");
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="report-bounces"]')?.getAttribute("data-bought") ??
        null) !== null
  );
  expect(await summary.getAttribute("data-count")).toBe(String(count));
  expect(await summary.getAttribute("data-bought")).toBe(String(bought));
}

async function waitForResult(page: Page): Promise<number> {
  const returned = page.getByTestId("report-returned");
  await returned.waitFor({ timeout: 30_000 });
  return Number(await returned.getAttribute("data-credits"));
}

describeBrowser("bounces pay back (Chromium, the built add-in)", () => {
  const addin = useAddin();

  browserTest(
    "500 bounces from a selection: 300 bought pay back exactly the ledger's credits, are marked bounced, and a recalculation buys nothing",
    async () => {
      const account = await addin.sandbox.account(1000);
      const { page, consoleLines } = await openWithKey(addin, account.apiKey);
      let mark = Date.now();
      const lap = (what: string): void => {
        console.log(`${what}: ${Date.now() - mark} ms`);
        mark = Date.now();
      };
      const bought = await buyValid(addin, page, "sel", 300);
      lap("bought 300 through VERIFYEMAIL");
      const verifiesBefore = addin.relayLog.filter(isVerify).length;
      const fresh = Array.from({ length: 200 }, (_, i) => `fresh${i}@never-bought.example`);
      const rows: string[][] = [["Email", "Bounce message"]];
      [...bought, ...fresh].forEach((email, i) =>
        rows.push([email, i % 3 === 0 ? `550 5.1.1 <${email}>: user unknown` : ""])
      );
      // Duplicates (case and spaces) and hostile or malformed cells: counted, left out.
      rows.push([` ${bought[0]!.toUpperCase()} `, ""], [fresh[0]!, "again"]);
      rows.push(['=HYPERLINK("http://evil.example","x")', ""], ["not an address", ""]);
      await page.evaluate((values) => window.__hostShim.setCells("Sheet1", "A1", values), rows);
      await page.evaluate(
        (last) => window.__hostShim.setSelection("Sheet1", `A1:B${last}`),
        rows.length
      );

      await showTab(page, "report");
      await page.getByTestId("report-from-selection").click();
      await waitForBought(page, 500, 300);
      expect(await textOf(page, "report-left-out")).toBe(
        "Left out: 2 duplicates, 2 malformed addresses."
      );
      expect(await page.getByTestId("report-bounces-info").inputValue()).toBe("Hard bounce");

      const before = await balance(account);
      const reportsBefore = addin.relayLog.filter(isReport).length;
      await page.getByTestId("report-bounces-submit").click();
      const returned = await waitForResult(page);
      lap("500 reports sent");
      const after = await balance(account);
      // Exactly what the ledger gave back: 0.2 for each of the 300 verified and charged.
      expect(returned).toBeCloseTo(after - before, 3);
      expect(returned).toBeCloseTo(60, 3);
      const progress = page.getByTestId("report-progress");
      expect(await progress.getAttribute("data-done")).toBe("500");
      expect(await progress.getAttribute("data-total")).toBe("500");
      expect(addin.relayLog.filter(isReport).length - reportsBefore).toBe(500);
      expect(await page.getByTestId("report-marked").getAttribute("data-count")).toBe("500");
      expect(await page.getByTestId("report-unsent").count()).toBe(0);

      // The outcome of each row beside the list (column C), as text.
      expect(await page.getByTestId("report-outcomes").getAttribute("data-written")).toBe("true");
      const workbook = await addin.workbook(page);
      const sheet = workbook.sheets.find((s) => s.name === "Sheet1")!;
      const outcomes = sheet.values.map((row) => row[2]);
      expect(outcomes[0]).toBe("Report outcome");
      expect(outcomes.slice(1, 501).every((v) => v === "reported")).toBe(true);
      expect(outcomes.slice(501)).toEqual([
        "reported",
        "reported",
        "not an email address",
        "not an email address",
      ]);
      // Written as text: the list's own cells are the user's, the outcomes hold no formula.
      expect(
        Object.keys(sheet.formulas).filter((cell) => /^[A-Z]+/.exec(cell)![0] !== "A")
      ).toEqual([]);

      // A recalculation of the cells showing them sends nothing and shows why; after a reload too.
      const expectBounced = (cells: Cell[]): void => {
        for (const cell of cells)
          expect(cell).toMatchObject({
            error: "#N/A",
            message: expect.stringMatching(/^Bounced \(reported on \d{4}-\d{2}-\d{2}\)\.$/),
          });
      };
      expectBounced(await verifyAll(page, bought));
      expectBounced(await verifyAll(page, fresh.slice(0, 20)));
      expect(addin.relayLog.filter(isVerify).length).toBe(verifiesBefore);
      await addin.reload(page);
      expectBounced(await verifyAll(page, bought.slice(0, 50)));
      expect(addin.relayLog.filter(isVerify).length).toBe(verifiesBefore);
      expect(await balance(account)).toBeCloseTo(after, 3);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 60_000 }
  );

  browserTest(
    "a CSV bounce export: the column picked, bought ones pay back; Stop midway leaves the rest unreported and says how many",
    async () => {
      const account = await addin.sandbox.account(1000);
      const { page } = await openWithKey(addin, account.apiKey);
      const bought = await buyValid(addin, page, "csv", 30);
      const fresh = Array.from({ length: 20 }, (_, i) => `csvfresh${i}@never-bought.example`);
      const csv = [
        "Date,Recipient,Diagnostic",
        ...[...bought, ...fresh].map((email) => `2026-11-20,${email},"550 5.1.1, user unknown"`),
        // Hostile cells: formula-like, huge, control characters: counted, never sent.
        '2026-11-20,=HYPERLINK("http://evil.example"),x',
        `2026-11-20,${"h".repeat(200_000)}@example.com,x`,
        "2026-11-20,ctl\u0007@example.com,x",
      ].join("\r\n");
      await showTab(page, "report");
      await page.getByTestId("report-file").setInputFiles({
        name: "bounces.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(csv),
      });
      await waitForBought(page, 50, 30);
      expect(await page.getByTestId("report-map-email").inputValue()).toBe("1");
      expect(await textOf(page, "report-left-out")).toBe(
        "Left out: 0 duplicates, 3 malformed addresses."
      );
      const before = await balance(account);
      await page.getByTestId("report-bounces-submit").click();
      const returned = await waitForResult(page);
      const after = await balance(account);
      expect(returned).toBeCloseTo(after - before, 3);
      expect(returned).toBeCloseTo(6, 3);
      const verifies = addin.relayLog.filter(isVerify).length;
      const cells = await verifyAll(page, bought);
      expect(cells.every((c) => typeof c === "object" && /^Bounced/.test(c.message ?? ""))).toBe(
        true
      );
      expect(addin.relayLog.filter(isVerify).length).toBe(verifies);

      // A file without an email column: said next to the field, nothing changes.
      const reports = addin.relayLog.filter(isReport).length;
      await page.getByTestId("report-file").setInputFiles({
        name: "names.csv",
        mimeType: "text/csv",
        buffer: Buffer.from('Name,Note\nAnn,"=HYPERLINK(""http://evil.example"")"\nBob,x\n'),
      });
      const error = page.locator(".fui-Field").filter({ has: page.getByTestId("report-file") });
      await error.getByTestId("error-message").waitFor();
      expect(await error.getByTestId("error-message").innerText()).toMatch(
        /No column of email addresses/
      );
      // More than 100,000 rows: the same, and the list shown before stays as it was.
      await page.getByTestId("report-file").setInputFiles({
        name: "huge.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(
          ["email", ...Array.from({ length: 100_001 }, (_, i) => `h${i}@example.com`)].join("\n")
        ),
      });
      await page.waitForFunction(() =>
        /more than 100,000 rows/.test(document.body.textContent ?? "")
      );
      expect(await page.getByTestId("report-bounces").getAttribute("data-count")).toBe("50");
      expect(addin.relayLog.filter(isReport).length).toBe(reports);

      // Stop midway: reports on the wire finish, the rest are not sent and the pane says so.
      const many = Array.from({ length: 600 }, (_, i) => `stop${i}@never-bought.example`);
      await page.getByTestId("report-file").setInputFiles({
        name: "many.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(["email", ...many].join("\n")),
      });
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="report-bounces"]')?.getAttribute("data-count") ===
          "600"
      );
      await setFaults(addin, { slowRate: 1, slowMs: 40 });
      try {
        await page.getByTestId("report-bounces-submit").click();
        await page.waitForFunction(
          () =>
            Number(
              document.querySelector('[data-testid="report-progress"]')?.getAttribute("data-done")
            ) >= 20
        );
        await page.getByTestId("report-bounces-stop").click();
        await waitForResult(page);
      } finally {
        await setFaults(addin, { slowRate: 0, slowMs: 0 });
      }
      const sent = addin.relayLog.filter(isReport).length - reports;
      const progress = page.getByTestId("report-progress");
      expect(Number(await progress.getAttribute("data-done"))).toBe(sent);
      expect(sent).toBeGreaterThanOrEqual(20);
      expect(sent).toBeLessThan(600);
      const unsent = page.getByTestId("report-unsent");
      expect(await unsent.getAttribute("data-count")).toBe(String(600 - sent));
      expect(await unsent.innerText()).toBe(
        `Stopped: ${600 - sent} addresses were not sent and stay unreported.`
      );
      expect(await page.getByTestId("report-marked").getAttribute("data-count")).toBe(String(sent));
      // Reported again, only the rest would go: none is reported twice.
      expect(await textOf(page, "report-bounces-submit")).toBe(`Report ${600 - sent} addresses`);
    },
    { timeoutMs: 45_000 }
  );
});
