import type { Page } from "playwright-core";
import { startCells } from "../engines/steps";
import { jobRows, setSpending, showTab, textOf, useKey, waitForJobStatus } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// What a screen reader is told without looking: the spending question and a job's
// end go through the live region of Fluent's AriaLiveAnnouncer (Chromium's ariaNotify where
// it exists, else an aria-live element). The page records both from before its scripts run.

const RECORD_ANNOUNCEMENTS = `(() => {
  const spoken = [];
  window.__spoken = spoken;
  if (typeof document.ariaNotify === "function") {
    const notify = document.ariaNotify.bind(document);
    document.ariaNotify = (text, options) => {
      spoken.push(String(text));
      return notify(text, options);
    };
  }
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      const region = target && target.closest("[aria-live]");
      if (region && region.textContent.trim()) spoken.push(region.textContent.trim());
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

const spoken = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken);

describeBrowser("task pane in Chromium: announcements for screen readers", () => {
  // Jobs that take a few seconds: the Jobs tab is shown before one ends.
  const addin = useAddin({ sandbox: { jobStepMs: 600, jobChunkSize: 1 } });

  const open = async (): Promise<Page> => {
    const account = await addin.sandbox.account(1000);
    const context = await addin.newContext();
    await context.addInitScript(RECORD_ANNOUNCEMENTS);
    const page = await addin.openTaskPane({ context });
    await useKey(page, account.apiKey);
    return page;
  };

  browserTest("the spending question is announced when it appears", async () => {
    const page = await open();
    await setSpending(page, { threshold: "5" });
    const before = (await spoken(page)).length;
    await startCells(page, "asked", 10, 7000);
    await page.getByTestId("spending-question").waitFor();
    const question = await textOf(page, "spending-question");
    const title = question.split("?")[0]!;
    await page.waitForFunction(
      ([from, words]) =>
        (window as unknown as { __spoken: string[] }).__spoken
          .slice(from)
          .some((s) => s.includes(words)),
      [before, title] as const
    );
    await page.getByTestId("spending-decline").click();
  });

  browserTest("a job's end is announced, on the Jobs tab and on any other", async () => {
    const page = await open();
    const examples = await addin.sandbox.examples();
    const person = examples.person!.valid as Record<string, string>;
    const bulkJob = async (): Promise<string> => {
      await page.evaluate(
        (p) =>
          window.__hostShim.setCells("Leads", "A1", [
            ["First name", "Last name", "Company website"],
            [p.first_name, p.last_name, p.domain],
          ]),
        person
      );
      await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:C2"));
      await showTab(page, "bulk");
      const known = new Set((await jobRows(page)).map((r) => r.id));
      await page.getByTestId("bulk-from-selection").click();
      await page.getByTestId("bulk-map-first_name").waitFor();
      await page.getByTestId("bulk-submit").click();
      await page.getByTestId("job-row").first().waitFor();
      let id: string | undefined;
      await page.waitForFunction(
        () => document.querySelectorAll("[data-testid='job-row']").length > 0
      );
      while (!id) {
        id = (await jobRows(page)).find((r) => !known.has(r.id))?.id;
        if (!id) await page.waitForTimeout(100);
      }
      return id;
    };

    // On the Jobs tab: the row changes, and the end is said.
    const first = await bulkJob();
    await showTab(page, "jobs");
    const before = (await spoken(page)).length;
    expect((await jobRows(page)).find((r) => r.id === first)?.status).not.toBe("completed");
    await waitForJobStatus(page, first, "completed");
    await page.waitForFunction(
      (from) =>
        (window as unknown as { __spoken: string[] }).__spoken
          .slice(from)
          .some((s) => /complete/i.test(s)),
      before
    );

    // On another tab: the message above the tabs says it, and is announced.
    const second = await bulkJob();
    await showTab(page, "settings");
    const beforeSecond = (await spoken(page)).length;
    await page.getByTestId("job-finished").waitFor({ timeout: 20_000 });
    const notice = await textOf(page, "job-finished");
    await page.waitForFunction(
      ([from, text]) =>
        (window as unknown as { __spoken: string[] }).__spoken
          .slice(from)
          .some((s) => s.includes(text.slice(0, 30))),
      [beforeSecond, notice] as const
    );
    expect(second).not.toBe(first);
  });
});
