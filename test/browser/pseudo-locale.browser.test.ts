import type { Page } from "playwright-core";
import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";
import { layoutFaultsOf, type LayoutReport } from "./layout-faults";

// The pseudo-locale (qps-ploc: every message accented and 40% longer) at the pane's narrowest
// width, 320 px: on every tab no text is cut off, no two texts overlap, the page
// does not scroll sideways, and every text a user reads came from the catalogs (accented).
// Screenshots: test/browser/screenshots/pseudo-<tab>.png.

const TABS = ["enrich", "bulk", "geo", "domain", "report", "jobs", "lookups", "settings"];

describeBrowser("the pseudo-locale at 320 px: nothing clipped, nothing overlapping", () => {
  const addin = useAddin();

  const open = async (): Promise<Page> => {
    const account = await addin.sandbox.account(100);
    const page = await addin.openTaskPane({
      shim: { displayLanguage: "qps-ploc", contentLanguage: "en-US" },
    });
    await page.setViewportSize({ width: 320, height: 1000 });
    await page.getByTestId("tab-settings").click();
    await page.getByTestId("settings-api-key").fill(account.apiKey);
    await page.getByTestId("settings-test").click();
    await page.waitForFunction(() =>
      /\d/.test(document.querySelector("[data-testid='account-credits']")?.textContent ?? "")
    );
    return page;
  };

  browserTest("every tab", async () => {
    const page = await open();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-XA");
    const faults: Record<string, LayoutReport> = {};
    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute("aria-selected") ===
          "true",
        tab
      );
      await page.waitForTimeout(200);
      await screenshot(page, `pseudo-${tab}`);
      faults[tab] = await layoutFaultsOf(page);
    }
    const summary = Object.fromEntries(
      Object.entries(faults).map(([tab, report]) => [
        tab,
        {
          sideways: report.pageWidth > 320 ? report.pageWidth : 0,
          wide: report.wide,
          clipped: report.clipped,
          overlapping: report.overlapping,
          untranslated: report.untranslated,
        },
      ])
    );
    expect(summary).toEqual(
      Object.fromEntries(
        TABS.map((tab) => [
          tab,
          { sideways: 0, wide: [], clipped: [], overlapping: [], untranslated: [] },
        ])
      )
    );
  });
});
