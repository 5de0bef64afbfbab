import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, PARTITIONING_KEPT_ON, PLAYWRIGHT_DISABLED_FEATURES } from "./chromium";

// Chromium reads the last --disable-features of its command line only: the one in CHROMIUM_ARGS
// (after Playwright's own) must keep every feature Playwright turns off.

/** The features playwright-core turns off, as its source lists them. */
function playwrightDisabledFeatures(): string[] {
  const bundle = fs.readFileSync(
    path.join(path.dirname(require.resolve("playwright-core")), "lib", "coreBundle.js"),
    "utf8"
  );
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle);
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found");
  return [...list[1]!.matchAll(/"([A-Za-z0-9]+)"/g)].map((match) => match[1]!);
}

describe("the browser tests' Chromium command line", () => {
  test("one --disable-features, with every feature Playwright disables but partitioning", () => {
    const switches = CHROMIUM_ARGS.filter((arg) => arg.startsWith("--disable-features="));
    expect(switches).toHaveLength(1);
    const ours = switches[0]!.slice("--disable-features=".length).split(",");
    const playwright = playwrightDisabledFeatures();
    expect(playwright.length).toBeGreaterThan(5);
    // Every one but storage partitioning, which Chrome's users have (see chromium.ts).
    expect(ours).toEqual(
      expect.arrayContaining(playwright.filter((f) => f !== PARTITIONING_KEPT_ON))
    );
    expect(ours).not.toContain(PARTITIONING_KEPT_ON);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwright));
    expect(ours).toEqual(expect.arrayContaining(["WebUIOmniboxPopup", "PreloadTopChromeWebUI"]));
  });
});
