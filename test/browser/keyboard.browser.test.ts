import type { Page } from "playwright-core";
import { fillList, sheetOf } from "./enrich-helpers";
import { jobRows, setSpending, useKey, waitForJobStatus } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// The keyboard alone: a whole Enrich run and a bulk job with Tab, Enter, Space and
// the arrows, and at every stop the focus can be seen (what is drawn around the focused
// control differs from what is drawn without the focus). Excel's part (the cells, the
// selection) is set through the host shim, as Excel would.

/**
 * Resolves once the pane has drawn what it shows now. The focus ring is drawn by Fluent's
 * focus-visible handling after the key event, and the pane's frame is another process whose
 * drawing reaches the page's screenshot later still: a screenshot taken at once on a loaded
 * machine can show the frame before.
 */
const drawn = (page: Page): Promise<unknown> =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  );

/**
 * Whether the focused element looks different focused than not: a visible focus. Compared up
 * to three times, each after the frame has drawn again, so that a late frame is not taken for a
 * missing ring; a control without one looks the same every time.
 */
async function focusIsVisible(page: Page): Promise<boolean> {
  await drawn(page);
  const box = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const rect = element.getBoundingClientRect();
    return { x: rect.left, y: rect.top, width: rect.width, height: rect.height };
  });
  if (!box) return false;
  const pad = 6;
  const clip = {
    x: Math.max(0, box.x - pad),
    y: Math.max(0, box.y - pad),
    width: box.width + 2 * pad,
    height: box.height + 2 * pad,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    const focused = await page.screenshot({ clip, animations: "disabled", caret: "hide" });
    await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      (window as unknown as { __refocus: HTMLElement }).__refocus = element;
      element.blur();
    });
    await drawn(page);
    const blurred = await page.screenshot({ clip, animations: "disabled", caret: "hide" });
    await page.evaluate(() => (window as unknown as { __refocus: HTMLElement }).__refocus.focus());
    await drawn(page);
    if (!focused.equals(blurred)) return true;
  }
  return false;
}

const focusedTestId = (page: Page): Promise<string | null> =>
  page.evaluate(
    () => document.activeElement?.closest("[data-testid]")?.getAttribute("data-testid") ?? null
  );

describeBrowser("task pane in Chromium: the keyboard alone", () => {
  const addin = useAddin();
  /** Every stop where the focus was not seen, by test id (or tag). */
  let unseenFocus: string[] = [];

  /** Presses `key` until the focus is on `testId` (at most `max` presses), checking each stop. */
  async function pressUntil(page: Page, key: string, testId: string, max = 40): Promise<void> {
    let from = await focusedTestId(page);
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(key);
      const at = await focusedTestId(page);
      if (!(await focusIsVisible(page))) {
        // Named with the stop it came from: a focus lost to the page says which control lost it.
        const here =
          at ?? (await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
        unseenFocus.push(`${here} (${key} from ${from ?? "the page"})`);
      }
      if (at === testId) return;
      from = at;
    }
    throw new Error(`${key} x${max} never reached ${testId} (now at ${await focusedTestId(page)})`);
  }

  /** From anywhere, to the tab list, then along it with the arrows, selected with Enter. */
  async function openTab(page: Page, tab: string): Promise<void> {
    const onTabs = async (): Promise<boolean> =>
      ((await focusedTestId(page)) ?? "").startsWith("tab-");
    for (let i = 0; i < 40 && !(await onTabs()); i++) await page.keyboard.press("Shift+Tab");
    const order = ["enrich", "bulk", "geo", "domain", "report", "jobs", "lookups", "settings"];
    const current = ((await focusedTestId(page)) ?? "").replace("tab-", "");
    const arrow = order.indexOf(tab) > order.indexOf(current) ? "ArrowRight" : "ArrowLeft";
    if (current !== tab) await pressUntil(page, arrow, `tab-${tab}`, 8);
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      (id) =>
        document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute("aria-selected") ===
        "true",
      tab
    );
  }

  const openWithKey = async (): Promise<Page> => {
    unseenFocus = [];
    const account = await addin.sandbox.account(1000);
    const page = await addin.openTaskPane();
    await useKey(page, account.apiKey);
    await setSpending(page, { threshold: "" });
    // From here on, the keyboard alone, from the top of the pane.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    return page;
  };

  browserTest("a whole Enrich run", async () => {
    const page = await openWithKey();
    await fillList(
      page,
      [
        ["First name", "Last name", "Company"],
        ...Array.from({ length: 5 }, (_, i) => [`Kay${i}`, "Doe", `keys-${i}.example`]),
      ],
      "A1:C6"
    );
    await page.keyboard.press("Tab");
    await openTab(page, "enrich");
    await pressUntil(page, "Tab", "enrich-from-selection");
    await page.keyboard.press("Enter");
    await page.getByTestId("enrich-cost").waitFor();
    await pressUntil(page, "Tab", "enrich-submit");
    await page.keyboard.press("Space");
    await page.waitForFunction(
      () =>
        /^\d/.test(
          document.querySelector('[data-testid="enrich-progress"]')?.getAttribute("data-done") ?? ""
        ) &&
        document.querySelector('[data-testid="enrich-progress"]')?.getAttribute("data-done") ===
          document.querySelector('[data-testid="enrich-progress"]')?.getAttribute("data-total"),
      undefined,
      { timeout: 30_000 }
    );
    const sheet = await sheetOf(addin, page);
    expect(sheet.values[0]!.slice(3, 5)).toEqual(["Email found", "Email status"]);
    expect(
      sheet.values.slice(1, 6).every((row) => typeof row[4] === "string" && row[4] !== "")
    ).toBe(true);
    expect(unseenFocus).toEqual([]);
  });

  browserTest("a bulk job, to its rows in a new sheet", async () => {
    const page = await openWithKey();
    const person = (await addin.sandbox.examples()).person!.valid as Record<string, string>;
    await page.evaluate(
      (p) =>
        window.__hostShim.setCells("Leads", "A1", [
          ["First name", "Last name", "Company website"],
          [p.first_name, p.last_name, p.domain],
        ]),
      person
    );
    await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:C2"));
    const sheetsBefore = (await addin.workbook(page)).sheets.map((s) => s.name);
    await page.keyboard.press("Tab");
    await openTab(page, "bulk");
    await pressUntil(page, "Tab", "bulk-from-selection");
    await page.keyboard.press("Enter");
    await page.getByTestId("bulk-map-first_name").waitFor();
    await pressUntil(page, "Tab", "bulk-submit");
    await page.keyboard.press("Enter");
    await page.getByTestId("job-row").first().waitFor();
    const [row] = await jobRows(page);
    await waitForJobStatus(page, row!.id, "completed");
    await openTab(page, "jobs");
    await pressUntil(page, "Tab", "job-preview");
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      async (known) => {
        const book = await window.__hostShim.workbook();
        return book.sheets.some((s: { name: string }) => !known.includes(s.name));
      },
      sheetsBefore,
      { timeout: 20_000 }
    );
    expect(unseenFocus).toEqual([]);
  });
});
