import type { Page } from "playwright-core";
import type { Person } from "../../src/sandbox/directory/directory";
import { showTab } from "./flows-helpers";
import { fillList, readSelection, sheetOf, showEnrich } from "./enrich-helpers";
import { browserTest, describeBrowser, screenshot, useAddin, type Addin } from "./harness";

// Refresh of old answers (issue 25), along the path a user walks with the built add-in
// in Chromium: 200 FINDEMAIL cells, 120 bought on day 0 and 80 on day 40; on day 61 (the page's
// clock moved with Playwright's clock, the sandbox's with POST /sandbox/clock) and after the
// sandbox's world changed (people left, mailboxes closed, new addresses), *Refresh answers older
// than 60 days* on the selection counts exactly the 120, looks up only those again (within the
// announced cost), rewrites their cells, and reports what changed as the cells show it.

const DAY = 24 * 60 * 60 * 1000;
const START = Date.parse("2026-11-25T10:00:00Z");
const excelDay = (ms: number): number => Math.floor(ms / DAY) + 25_569;
const FIELDS = "email,email_status,checked_on";
const OLD = 120;
const ALL = 200;

type Cell = Array<Array<string | { basicValue?: number }>> | { error: string; message?: string };

const personLookups = (log: Array<{ path: string }>): number =>
  log.filter((r) => r.path.startsWith("/v5.1/find-email/person")).length;

/** What a cell shows: its email and status, or its error. */
const shown = (cell: Cell): string =>
  Array.isArray(cell) ? `${String(cell[0]![0])} ${String(cell[0]![1])}` : `#N/A ${cell.message}`;

const dayOf = (cell: Cell): number | undefined =>
  Array.isArray(cell) ? (cell[0]![2] as { basicValue?: number }).basicValue : undefined;

async function calculate(page: Page, address: string): Promise<Record<string, Cell>> {
  return page.evaluate(
    (range) => window.__hostShim.calculate("People", range) as Promise<Record<string, Cell>>,
    address
  );
}

async function moveClocks(page: Page, baseUrl: string, to: number, days: number): Promise<void> {
  await page.clock.setSystemTime(to);
  const moved = await fetch(`${baseUrl}/sandbox/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advance_days: days }),
  });
  expect(moved.status).toBe(200);
}

/** Distinct people at companies whose mail server answers for each mailbox (verifiable). */
function verifiablePeople(addin: Addin, from: number, to: number): Person[] {
  // Distinct (two of the same name at one company would be one lookup).
  const byName = new Map<string, Person>();
  for (const company of addin.sandbox.app.sandbox.directory.companies) {
    if (company.mailServer !== "verifying") continue;
    for (const p of company.people) {
      const name = `${p.firstName} ${p.lastName} ${company.domain}`.toLowerCase();
      if (!p.blacklisted && p.nameSplittable && !byName.has(name)) byName.set(name, p);
    }
  }
  return [...byName.values()].slice(from, to);
}

async function changeWorld(addin: Addin, seed: number): Promise<void> {
  const world = await fetch(`${addin.sandbox.baseUrl}/sandbox/world/changes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ share: 0.3, seed }),
  });
  expect(world.status).toBe(200);
}

/**
 * A new user's pane with the key saved and no question below 500 credits, opened again so that
 * it starts with them; its clock installed at `clockAt` when given (Playwright's clock).
 */
async function openWithKey(addin: Addin, apiKey: string, clockAt?: number): Promise<Page> {
  const context = await addin.newContext();
  if (clockAt !== undefined) await context.clock.install({ time: clockAt });
  const page = await addin.openTaskPane({ context });
  await page.evaluate(async (key) => {
    await OfficeRuntime.storage.setItem("settings.apiKey", key);
    await OfficeRuntime.storage.setItem("settings.confirmAbove", "500");
  }, apiKey);
  await addin.reload(page);
  return page;
}

describeBrowser("Refresh answers older than N days (Chromium, the built add-in)", () => {
  const addin = useAddin();

  browserTest(
    "200 cells: the 120 older than 60 days counted, asked again within the cost, changes reported",
    async () => {
      const people = verifiablePeople(addin, 0, ALL);
      expect(people).toHaveLength(ALL);
      const account = await addin.sandbox.account(1_000);
      const page = await openWithKey(addin, account.apiKey, START);
      const rows = people.map((p, i) => [
        p.firstName,
        p.lastName,
        p.company.domain,
        `=MAIL.FINDEMAIL(A${i + 2},B${i + 2},C${i + 2},,"${FIELDS}")`,
      ]);
      await page.evaluate(async (cells) => {
        await window.__hostShim.addSheet("People");
        await window.__hostShim.setCells("People", "A1", [
          ["First", "Last", "Domain", "Email"],
          ...cells,
        ]);
      }, rows as unknown[][]);

      // Day 0: the first 120 cells calculate (bought); day 40: the other 80.
      await calculate(page, `D2:D${OLD + 1}`);
      expect(personLookups(addin.relayLog)).toBe(OLD);
      await moveClocks(page, addin.sandbox.baseUrl, START + 40 * DAY, 40);
      await calculate(page, `D${OLD + 2}:D${ALL + 1}`);
      expect(personLookups(addin.relayLog)).toBe(ALL);

      // Day 61, and a third of the people who can change have changed.
      const day61 = START + 61 * DAY;
      await moveClocks(page, addin.sandbox.baseUrl, day61, 21);
      await changeWorld(addin, 25);
      const before = await calculate(page, `D2:D${ALL + 1}`);
      expect(personLookups(addin.relayLog)).toBe(ALL);
      for (let i = 0; i < ALL; i++) {
        const cell = before[`D${i + 2}`]!;
        expect(dayOf(cell)).toBe(excelDay(i < OLD ? START : START + 40 * DAY));
      }

      // The count: exactly the 120 older than 60 days, and the most they can cost.
      await page.evaluate(() => window.__hostShim.setSelection("People", "D1:D201"));
      await showTab(page, "lookups");
      await page.getByTestId("refresh-age").fill("60");
      await page.getByTestId("refresh-check").click();
      const count = page.getByTestId("refresh-count");
      await count.waitFor();
      expect(await count.getAttribute("data-count")).toBe(String(OLD));
      expect(await count.getAttribute("data-max-credits")).toBe(String(OLD));
      expect(personLookups(addin.relayLog)).toBe(ALL);
      await count.scrollIntoViewIfNeeded();
      await screenshot(page, "refresh-count");

      // With spending off the refresh sends nothing and says why; turned on, it runs.
      await page.getByTestId("spending-switch").click();
      await page.getByTestId("spending-save").click();
      await page.getByTestId("spending-saved").waitFor();
      await page.getByTestId("refresh-run").click();
      const refused = page.getByTestId("refresh-error");
      await refused.waitFor();
      expect(await refused.innerText()).toContain("Spending is off");
      expect(personLookups(addin.relayLog)).toBe(ALL);
      await page.getByTestId("spending-switch").click();
      await page.getByTestId("spending-save").click();
      await page.waitForFunction(
        async () => (await OfficeRuntime.storage.getItem("settings.spendingEnabled")) !== "false"
      );

      const creditsBefore = (await account.request("GET", "/v5.1/account")).body.credits_left;
      await page.getByTestId("refresh-run").click();
      const changed = page.getByTestId("refresh-changed");
      await changed.waitFor({ timeout: 60_000 });
      // Only the 120 old answers went out again, and no question was asked for them.
      expect(personLookups(addin.relayLog)).toBe(ALL + OLD);
      expect(await page.getByTestId("spending-question").count()).toBe(0);
      const creditsAfter = (await account.request("GET", "/v5.1/account")).body.credits_left;
      const charged = Math.round((creditsBefore - creditsAfter) * 1000) / 1000;
      expect(charged).toBeGreaterThan(0);
      expect(charged).toBeLessThanOrEqual(OLD);
      expect(await changed.innerText()).toContain(
        `120 answers looked up again (${charged} credits)`
      );

      // The cells now show the new answers, checked on day 61; the 80 younger keep theirs.
      const after: Record<string, Cell> = {};
      for (let i = 0; i < ALL; i++) {
        const address = `People!D${i + 2}`;
        after[`D${i + 2}`] = (await page.evaluate(
          (a) => window.__hostShim.calculatedResult(a),
          address
        )) as Cell;
      }
      let differ = 0;
      let lost = 0;
      let newEmails = 0;
      for (let i = 0; i < ALL; i++) {
        const [was, now] = [before[`D${i + 2}`]!, after[`D${i + 2}`]!];
        if (i >= OLD) {
          expect(now).toEqual(was);
          continue;
        }
        if (Array.isArray(now)) expect(dayOf(now)).toBe(excelDay(day61));
        if (shown(was) === shown(now)) continue;
        differ++;
        if (!Array.isArray(now)) lost++;
        else if (Array.isArray(was) && was[0]![0] !== now[0]![0]) newEmails++;
      }
      // The world's changes reached some of the 120, and the summary counts what the cells show.
      expect(differ).toBeGreaterThan(10);
      expect(await changed.getAttribute("data-count")).toBe(String(differ));
      const text = await changed.innerText();
      if (lost > 0) expect(text).toContain(`${lost} no longer found`);
      if (newEmails > 0) expect(text).toContain(`${newEmails} new email`);

      // Counted again from the cell menu (Refresh old answers): nothing is older than 60 days.
      await showTab(page, "settings");
      await page.evaluate(() => window.__hostShim.invokeAction("refreshAnswers"));
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="refresh-count"]')?.getAttribute("data-count") ===
          "0"
      );
      expect(personLookups(addin.relayLog)).toBe(ALL + OLD);
    }
  );
  browserTest(
    "an enriched list: only the rows older than 60 days looked up again, their output cells rewritten",
    async () => {
      const people = verifiablePeople(addin, ALL, ALL + 30);
      const rowOf = (p: Person) => [p.firstName, p.lastName, p.company.domain];
      const account = await addin.sandbox.account(200);
      const page = await openWithKey(addin, account.apiKey, START);
      const runList = async (rows: number, toDo: number): Promise<void> => {
        await page.evaluate((n) => window.__hostShim.setSelection("Sheet1", `A1:C${n + 1}`), rows);
        await readSelection(page, rows);
        expect(await page.getByTestId("enrich-cost").getAttribute("data-rows")).toBe(String(toDo));
        await page.getByTestId("enrich-submit").click();
        await page.waitForFunction(
          (n) => {
            const progress = document.querySelector('[data-testid="enrich-progress"]');
            return (
              progress?.getAttribute("data-done") === String(n) &&
              /^Done/.test(progress.textContent ?? "")
            );
          },
          toDo,
          { timeout: 30_000 }
        );
      };

      // Day 0: 20 rows enriched with Email found, Email status and Checked on; day 40: 10 more.
      await fillList(
        page,
        [["First", "Last", "Company"], ...people.slice(0, 20).map(rowOf)],
        "A1:C21"
      );
      await showEnrich(page);
      await readSelection(page, 20);
      await page.getByTestId("enrich-output-checked_on").click();
      await runList(20, 20);
      await moveClocks(page, addin.sandbox.baseUrl, START + 40 * DAY, 40);
      await page.evaluate(
        (rows) => window.__hostShim.setCells("Sheet1", "A22", rows),
        people.slice(20).map(rowOf)
      );
      await runList(30, 10);
      expect(personLookups(addin.relayLog)).toBe(ALL + OLD + 30);
      const before = (await sheetOf(addin, page)).values.map((row) => [...row]);
      expect(before[0]!.slice(3, 6)).toEqual(["Email found", "Email status", "Checked on"]);

      // Day 61, the world changed: the 20 rows of day 0 counted, looked up again, rewritten.
      const day61 = START + 61 * DAY;
      await moveClocks(page, addin.sandbox.baseUrl, day61, 21);
      await changeWorld(addin, 26);
      await readSelection(page, 30);
      await page.getByTestId("refresh-age").fill("60");
      await page.getByTestId("refresh-check").click();
      const count = page.getByTestId("refresh-count");
      await count.waitFor();
      expect(await count.getAttribute("data-count")).toBe("20");
      expect(await count.getAttribute("data-max-credits")).toBe("20");
      await page.getByTestId("refresh-run").click();
      const changed = page.getByTestId("refresh-changed");
      await changed.waitFor({ timeout: 30_000 });
      expect(personLookups(addin.relayLog)).toBe(ALL + OLD + 50);
      expect(await changed.innerText()).toContain("20 rows rewritten.");
      await changed.scrollIntoViewIfNeeded();
      await screenshot(page, "refresh-list-changed");

      const after = (await sheetOf(addin, page)).values;
      let differ = 0;
      for (let r = 1; r <= 30; r++) {
        // The inputs are never touched; the 10 younger rows not at all.
        expect(after[r]!.slice(0, 3)).toEqual(before[r]!.slice(0, 3));
        if (r > 20) {
          expect(after[r]).toEqual(before[r]);
          continue;
        }
        expect(after[r]![5]).toBe(excelDay(day61));
        if (after[r]![3] !== before[r]![3] || after[r]![4] !== before[r]![4]) differ++;
      }
      expect(differ).toBeGreaterThan(0);
      expect(await changed.getAttribute("data-count")).toBe(String(differ));
    }
  );
  browserTest(
    "only valid emails: a risky email's cell left empty with its status, the row done when read again",
    async () => {
      const companies = addin.sandbox.app.sandbox.directory.companies;
      const pick = (kind: string) =>
        companies
          .filter((c) => c.mailServer === kind)
          .flatMap((c) => c.people.filter((p) => !p.blacklisted && p.nameSplittable))
          .slice(0, 4);
      const people = [...pick("verifying").slice(0, 4), ...pick("catch_all")];
      const account = await addin.sandbox.account(50);
      const page = await openWithKey(addin, account.apiKey);
      await fillList(
        page,
        [
          ["First", "Last", "Company"],
          ...people.map((p) => [p.firstName, p.lastName, p.company.domain]),
        ],
        "A1:C9"
      );
      await showEnrich(page);
      await readSelection(page, 8);
      await page.getByTestId("enrich-only-valid").click();
      expect(await page.getByTestId("enrich-output-email_status").isChecked()).toBe(true);
      await page.getByTestId("enrich-submit").click();
      await page.waitForFunction(
        () =>
          /^Done/.test(
            document.querySelector('[data-testid="enrich-progress"]')?.textContent ?? ""
          ),
        undefined,
        { timeout: 30_000 }
      );
      const rows = (await sheetOf(addin, page)).values.slice(1, 9);
      for (const row of rows.slice(0, 4))
        expect(row.slice(3, 5)).toEqual([expect.stringContaining("@"), "valid"]);
      for (const row of rows.slice(4)) expect(row.slice(3, 5)).toEqual(["", "risky"]);

      // Read again (the choice made again from the list itself): every row is done.
      await page.getByTestId("tab-lookups").click();
      await showEnrich(page);
      await readSelection(page, 8);
      expect(await page.getByTestId("enrich-only-valid").isChecked()).toBe(true);
      expect(await page.getByTestId("enrich-cost").getAttribute("data-rows")).toBe("0");
    }
  );
});
