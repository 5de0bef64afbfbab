import type { Page } from "playwright-core";
import type { ShownValue } from "../office-host/page/main";
import { hostPageOf, paneFrameOf } from "../office-host/pane-page";
import { peopleOf, listRows, sandboxAnswerFor, type PersonExamples } from "../engines/steps";
import type { TestAccount } from "../helpers/sandbox";
import { setSpending, showTab, useKey, waitForText } from "./flows-helpers";
import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";
import { layoutFaultsOf } from "./layout-faults";

// Cells that answer where the browser denies storage (docs/user-guide.md, issue 42 item 5): under
// Microsoft's office.js on the Office host page, in a Chromium whose third-party storage is
// blocked and not partitioned (an incognito window, a privacy setting, a policy; Playwright's
// own way of starting it), the add-in's frame gets no storage at all: office.js's
// OfficeRuntime.storage rejects with SecurityError and IndexedDB refuses to open. The add-in
// starts, says why nothing is kept and what to allow, and its cells answer from memory.

const PEOPLE = 10;
const LOOKUPS = "/v5.1/find-email/person";

/** The rows of a fill-down of FINDEMAIL beside `count` people typed from row 2 on. */
const formulas = (from: number, count: number): string[][] =>
  Array.from({ length: count }, (_, i) => [
    `=MAIL.FINDEMAIL(A${from + i},B${from + i},C${from + i})`,
  ]);

/** Types the people into A:C from `row` on, then fills FINDEMAIL down column D beside them. */
async function fillDown(page: Page, row: number, people: string[][]): Promise<void> {
  const host = hostPageOf(page);
  const end = row + people.length - 1;
  await host.evaluate(([at, rows]) => window.officeHost.setValues("Sheet1", at, rows), [
    `A${row}:C${end}`,
    people,
  ] as const);
  await host.evaluate(([at, rows]) => window.officeHost.setFormulas("Sheet1", at, rows), [
    `D${row}:D${end}`,
    formulas(row, people.length),
  ] as const);
}

/** What column D shows from `row` on, once Excel has every result. */
async function shown(page: Page, row: number, count: number): Promise<ShownValue[]> {
  const host = hostPageOf(page);
  await host.evaluate(() => window.officeHost.calculated());
  const values = await host.evaluate(
    (at) => window.officeHost.getValues("Sheet1", at),
    `D${row}:D${row + count - 1}`
  );
  return values.map((cells) => cells[0]!);
}

/** What the browser gives the add-in's frame: its localStorage and IndexedDB, tried. */
function frameStorage(page: Page): Promise<{ localStorage: string; indexedDB: string }> {
  return paneFrameOf(page).evaluate(async () => {
    let local = "allowed";
    try {
      void localStorage.length;
    } catch (error) {
      local = (error as Error).name;
    }
    const idb = await new Promise<string>((resolve) => {
      try {
        const request = indexedDB.open("storage-denied-probe");
        request.onsuccess = () => resolve("allowed");
        request.onerror = () => resolve(request.error?.name ?? "error");
      } catch (error) {
        resolve((error as Error).name);
      }
    });
    return { localStorage: local, indexedDB: idb };
  });
}

/**
 * Where the keyboard focus is in the pane: the test id around the focused element, "" for the
 * pane's document itself, null while the focus is outside the pane (on the Office page).
 */
function paneFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (!document.hasFocus()) return null;
    const active = document.activeElement;
    if (!active || active === document.body) return "";
    return active.closest("[data-testid]")?.getAttribute("data-testid") ?? "(no test id)";
  });
}

/**
 * Presses Tab until the focus is on an element of the pane (at most 5 times) and answers that
 * element's test id. Each press waits for the focus to move before the next: the pane's frame is
 * another process, which takes the key after the press returns (under load, a press sent at
 * once could land first and skip a stop).
 */
async function firstTabStop(page: Page): Promise<string | null> {
  let at = await paneFocus(page);
  for (let i = 0; i < 5; i++) {
    const before = at;
    await page.keyboard.press("Tab");
    for (const start = Date.now(); Date.now() - start < 5_000;) {
      at = await paneFocus(page);
      if (at !== before) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (at) return at;
  }
  return at;
}

describeBrowser(
  "storage denied: third-party storage blocked, not partitioned (Chromium, office.js)",
  () => {
    const addin = useAddin({ thirdPartyStorage: "blocked" });
    let examples: PersonExamples;
    let other: TestAccount;
    /** People with an email, and the email the sandbox answers for each. */
    let people: Array<{ row: string[]; email: string }>;
    beforeAll(async () => {
      examples = (await addin.sandbox.examples()).person as unknown as PersonExamples;
      other = await addin.sandbox.account(1000);
      people = [];
      for (const person of peopleOf(examples, 0, 60)) {
        const [email, status] = await sandboxAnswerFor(other, person);
        if (status === "valid" || status === "risky")
          people.push({ row: listRows([person])[0]!, email });
        if (people.length === 3 * PEOPLE) break;
      }
    });

    const lookups = (): number => addin.relayLog.filter((r) => r.path === LOOKUPS).length;

    browserTest(
      "the pane says why nothing is kept and what to allow; the key typed is used and kept nowhere; a fill-down answers every cell with the right email, and a recalculation sends nothing",
      async () => {
        const account = await addin.sandbox.account(100);
        const page = await addin.openTaskPane();
        // The browser denies the frame its storage (else this test tests nothing).
        expect(await frameStorage(page)).toEqual({
          localStorage: "SecurityError",
          indexedDB: "UnknownError",
        });

        const notice = page.getByTestId("storage-denied");
        await notice.waitFor();
        const explanation = await notice.innerText();
        expect(explanation).toContain("Nothing is kept on this device");
        expect(explanation).toContain("third-party cookies and site data are blocked");
        expect(explanation).toContain(
          "allow third-party cookies and site data for 127.0.0.1 in this browser, or open Excel in a normal window"
        );
        const help = page.getByTestId("storage-denied-help");
        expect(await help.getAttribute("href")).toBe("support.html#storage");
        const support = await (await fetch(`${addin.url}/support.html`)).text();
        expect(support).toMatch(/<h3 id="storage">Your key and answers are not kept/);
        // Keyboard: Tab reaches the explanation's link before anything else of the pane.
        expect(await firstTabStop(page)).toBe("storage-denied-help");
        await screenshot(page, "storage-denied");

        await useKey(page, account.apiKey);
        await showTab(page, "settings");
        expect(await page.locator("form").innerText()).toContain(
          "Used until this workbook closes and saved nowhere"
        );

        const rows = people.slice(0, PEOPLE);
        await fillDown(
          page,
          2,
          rows.map((p) => p.row)
        );
        expect(await shown(page, 2, PEOPLE)).toEqual(rows.map((p) => p.email));
        expect(lookups()).toBe(PEOPLE);

        // Excel recalculates the workbook: every answer again, from the session's memory.
        await hostPageOf(page).evaluate(() => window.officeHost.calculate());
        expect(await shown(page, 2, PEOPLE)).toEqual(rows.map((p) => p.email));
        expect(lookups()).toBe(PEOPLE);

        // Settings say where the answers are: in memory, until the workbook closes.
        await showTab(page, "lookups");
        await showTab(page, "settings");
        await page.waitForFunction(
          (n) =>
            document.querySelector("[data-testid='cache-kept']")?.getAttribute("data-count") === n,
          String(PEOPLE)
        );
        expect(await page.getByTestId("cache-where").innerText()).toBe(
          "Kept in memory only, until this workbook closes: this browser denies the add-in its storage."
        );

        // No raw browser message and no "Unexpected error", in the pane or a cell; the key is in
        // no cell, no document setting and nothing of the Office page's own storage.
        const paneText = await page.locator("body").innerText();
        expect(paneText).not.toMatch(
          /Unexpected error|Access is denied|denied permission|SecurityError/
        );
        const book = JSON.stringify(await addin.workbook(page));
        expect(book).not.toContain(account.apiKey);
        expect(book).not.toMatch(/Unexpected error|Access is denied/);
        const officePage = await hostPageOf(page).evaluate(() =>
          JSON.stringify([{ ...localStorage }, { ...sessionStorage }])
        );
        expect(officePage).not.toContain(account.apiKey);
      }
    );

    browserTest(
      "reopened in the same browser: the key is asked again, the cells' answers are asked about before they are bought again, and the spending question says answers will not survive closing the workbook",
      async () => {
        const account = await addin.sandbox.account(100);
        const context = await addin.newContext();
        const first = await addin.openTaskPane({ context });
        await useKey(first, account.apiKey);
        const rows = people.slice(PEOPLE, 2 * PEOPLE);
        const before = lookups();
        await fillDown(
          first,
          2,
          rows.map((p) => p.row)
        );
        expect(await shown(first, 2, PEOPLE)).toEqual(rows.map((p) => p.email));
        expect(lookups()).toBe(before + PEOPLE);
        expect(await first.getByTestId("spending-question").count()).toBe(0);
        await first.close();

        // The workbook opened again: nothing of the add-in's was kept, the key is typed again.
        const again = await addin.openTaskPane({ context });
        await again.getByTestId("storage-denied").waitFor();
        await showTab(again, "settings");
        expect(await again.getByTestId("settings-api-key").inputValue()).toBe("");
        await useKey(again, account.apiKey);
        await hostPageOf(again).evaluate(() => {
          void window.officeHost.calculate();
        });
        const question = again.getByTestId("spending-question");
        await question.waitFor();
        expect(await question.getAttribute("data-reason")).toBe("answers_gone");
        expect(await question.getAttribute("data-count")).toBe(String(PEOPLE));
        expect(await question.innerText()).toContain(
          "Answers will not survive closing this workbook: this browser denies Mail Finder its storage."
        );
        expect(lookups()).toBe(before + PEOPLE);
        await again.getByTestId("spending-run").click();
        expect(await shown(again, 2, PEOPLE)).toEqual(rows.map((p) => p.email));
        expect(lookups()).toBe(before + 2 * PEOPLE);

        // Above the threshold (here any lookup): the question says it too.
        await setSpending(again, { threshold: "0" });
        const more = people.slice(2 * PEOPLE, 2 * PEOPLE + 2);
        await fillDown(
          again,
          2 + PEOPLE,
          more.map((p) => p.row)
        );
        await waitForText(again, "spending-question", /Run 2 new lookups\?/);
        expect(await question.getAttribute("data-reason")).toBe("threshold");
        expect(await question.innerText()).toContain(
          "Answers will not survive closing this workbook: this browser denies Mail Finder its storage."
        );
        await question.scrollIntoViewIfNeeded();
        await screenshot(again, "storage-denied-question");
        await again.getByTestId("spending-run").click();
        expect(await shown(again, 2 + PEOPLE, 2)).toEqual(more.map((p) => p.email));
        expect(lookups()).toBe(before + 2 * PEOPLE + 2);
      }
    );

    browserTest(
      "the explanation in the pseudo-locale at 320 px: nothing clipped or overlapping, every text from the catalogs",
      async () => {
        const page = await addin.openTaskPane({
          shim: { displayLanguage: "qps-ploc", contentLanguage: "en-US" },
        });
        await page.setViewportSize({ width: 320, height: 1000 });
        await page.getByTestId("storage-denied").waitFor();
        await page.waitForTimeout(200);
        await screenshot(page, "pseudo-storage-denied");
        const faults = await layoutFaultsOf(page);
        expect({
          sideways: faults.pageWidth > 320 ? faults.pageWidth : 0,
          wide: faults.wide,
          clipped: faults.clipped,
          overlapping: faults.overlapping,
          untranslated: faults.untranslated,
        }).toEqual({ sideways: 0, wide: [], clipped: [], overlapping: [], untranslated: [] });
      }
    );
  }
);
