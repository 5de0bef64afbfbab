/**
 * Screenshots of every tab of the task pane in Excel's light and dark themes, for the README:
 * docs/screenshots/<theme>-<tab>.png at the task pane's width (380 px).
 *
 *     npm run build && npx tsx scripts/theme-screenshots.ts
 *
 * The production build in Chromium with the host shim for office.js, as the browser tests run
 * it (test/browser/harness.ts), with Excel's Colorful (light) and Dark Gray (dark) theme colors.
 */
import fs from "node:fs";
import path from "node:path";
import { startAddin, type HostShimConfig } from "../test/browser/harness";

const OUT = path.resolve(__dirname, "..", "docs", "screenshots");
const TABS = ["enrich", "bulk", "geo", "domain", "report", "jobs", "lookups", "settings"];
const THEMES: Record<string, unknown> = {
  light: { bodyBackgroundColor: "#FFFFFF", bodyForegroundColor: "#000000", isDarkTheme: false },
  dark: { bodyBackgroundColor: "#262626", bodyForegroundColor: "#FFFFFF", isDarkTheme: true },
};

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const addin = await startAddin();
  try {
    for (const [theme, officeTheme] of Object.entries(THEMES)) {
      const page = await addin.openTaskPane({ shim: { officeTheme } as HostShimConfig });
      for (const tab of TABS) {
        await page.getByTestId(`tab-${tab}`).click();
        // Tabs and buttons fade to their colors; the settings tab reads its values first.
        await page.waitForTimeout(400);
        const file = path.join(OUT, `${theme}-${tab}.png`);
        await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
        console.log(`${path.relative(process.cwd(), file)} ${fs.statSync(file).size} bytes`);
      }
      await page.close();
    }
  } finally {
    await addin.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
