import type { Page } from "playwright-core";
import { pane as paneDe } from "../../src/i18n/catalogs/pane/de-DE";
import { pane as paneJa } from "../../src/i18n/catalogs/pane/ja-JP";
import { paneEn } from "../../src/i18n/catalogs/pane/en-US";
import { cells as cellsDe } from "../../src/i18n/catalogs/cells/de-DE";
import { browserTest, describeBrowser, useAddin, type HostShimConfig } from "./harness";

// The pane and the cells in Office's language: German and Japanese from
// displayLanguage (German also for de-AT), numbers for contentLanguage, English for a language
// the add-in does not speak or none at all; <html lang> says which.

const TAB_IDS = [
  "Enrich",
  "Bulk",
  "Geo",
  "Domain",
  "Report",
  "Jobs",
  "Lookups",
  "Settings",
] as const;
const tabsOf = (catalog: Record<string, string>): string[] =>
  TAB_IDS.map((id) => catalog[`app.tab${id}`]!);

interface Seen {
  lang: string;
  tabs: string[];
}

async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    // (A Fluent tab holds its label twice, the second hidden to reserve the bold width.)
    tabs: [...document.querySelectorAll("[data-testid^='tab-']")].map((tab) =>
      (tab.querySelector(".fui-Tab__content")?.textContent ?? "").trim()
    ),
  }));
}

describeBrowser("task pane in Chromium: the user's language", () => {
  const addin = useAddin();

  const open = (shim: HostShimConfig): Promise<Page> => addin.openTaskPane({ shim });

  browserTest(
    "German: the pane, a cell's message and numbers for the content language",
    async () => {
      const account = await addin.sandbox.account(1500);
      const page = await open({ displayLanguage: "de-DE", contentLanguage: "de-DE" });
      expect(await seen(page)).toEqual({ lang: "de-DE", tabs: tabsOf(paneDe) });
      await page.getByTestId("tab-settings").click();
      await page.getByTestId("settings-api-key").fill(account.apiKey);
      await page.getByTestId("settings-test").click();
      // 1,500 credits written the German way.
      await page.waitForFunction(
        () => document.querySelector("[data-testid='account-credits']")?.textContent === "1.500"
      );
      const cell = (await page.evaluate(() =>
        window.__hostShim.invokeFunction("FINDEMAIL", ["", "", "example.com"], {
          timeoutMs: 10_000,
        })
      )) as { error?: string; message?: string };
      expect(cell.message).toBe(cellsDe["cells.argumentRequired"]!.replace("{argument}", "name"));
    }
  );

  browserTest("Japanese, and a region the add-in does not list (de-AT: German)", async () => {
    const japanese = await open({ displayLanguage: "ja-JP", contentLanguage: "ja-JP" });
    expect(await seen(japanese)).toEqual({ lang: "ja-JP", tabs: tabsOf(paneJa) });
    const austrian = await open({ displayLanguage: "de-AT", contentLanguage: "de-AT" });
    expect(await seen(austrian)).toEqual({ lang: "de-DE", tabs: tabsOf(paneDe) });
  });

  browserTest(
    "a language the add-in does not speak, or an unreadable one: English, never a blank pane",
    async () => {
      for (const shim of [
        { displayLanguage: "sv-SE", contentLanguage: "sv-SE" },
        { displayLanguage: "%%garbage%%", contentLanguage: "??" },
      ]) {
        const page = await open(shim);
        expect([shim.displayLanguage, await seen(page)]).toEqual([
          shim.displayLanguage,
          { lang: "en-US", tabs: tabsOf(paneEn) },
        ]);
      }
    }
  );
});

describeBrowser("task pane in Chromium: no language from Office (under the shim)", () => {
  // Under the shim: Excel on the web always gives a display language (office.js refuses an
  // activation context without _appUILocale), so only a stand-in can give none.
  const addin = useAddin({ host: "shim" });

  browserTest("no language at all: English, never a blank pane", async () => {
    const page = await addin.openTaskPane({
      shim: { displayLanguage: null, contentLanguage: null },
    });
    expect(await seen(page)).toEqual({ lang: "en-US", tabs: tabsOf(paneEn) });
  });
});
