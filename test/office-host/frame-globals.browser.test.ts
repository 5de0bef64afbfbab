import fs from "node:fs";
import path from "node:path";
import { browserTest, describeBrowser, requestsOf, useAddin } from "../browser/harness";
import { paneFrameOf } from "./pane-page";
import { OFFICE_JS_DIST } from "./server";

// In the add-in's frame, Office, Excel, OfficeExtension, CustomFunctions and OfficeRuntime are
// Microsoft's: office.js defines them, no test code does. Each global's code is found in the
// files the CDN serves, the frame has none of the test pages' globals, and every script it ran
// came from the add-in's own origin or from office.js's CDN.

const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";
const served = [
  fs.readFileSync(path.join(OFFICE_JS_DIST, "office.js"), "utf8"),
  fs.readFileSync(path.join(OFFICE_JS_DIST, "excel-web-16.00.js"), "utf8"),
].join("\n");

describeBrowser("the add-in's frame under Microsoft's office.js", () => {
  const addin = useAddin();

  browserTest("Office and its namespaces come from office.js, and from nothing else", async () => {
    expect(addin.underOfficeJs).toBe(true);
    const page = await addin.openTaskPane();
    const frame = paneFrameOf(page);
    const seen = await frame.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      const source = (value: unknown): string | null =>
        typeof value === "function" ? Function.prototype.toString.call(value) : null;
      return {
        types: ["Office", "Excel", "OfficeExtension", "CustomFunctions", "OfficeRuntime"].map(
          (name) => [name, typeof w[name]]
        ),
        code: {
          "Office.onReady": source(Office.onReady),
          "Excel.run": source(Excel.run),
          "OfficeExtension.ClientRequestContext": source(OfficeExtension.ClientRequestContext),
          "CustomFunctions.associate": source(CustomFunctions.associate),
          "OfficeRuntime.storage.setItems": source(OfficeRuntime.storage.setItems),
        },
        testGlobals: ["__hostShim", "__hostShimConfig", "__officeHostConfig", "officeHost"].filter(
          (name) => name in w
        ),
      };
    });
    expect(seen.types).toEqual([
      ["Office", "object"],
      ["Excel", "object"],
      ["OfficeExtension", "object"],
      ["CustomFunctions", "object"],
      ["OfficeRuntime", "object"],
    ]);
    for (const [name, code] of Object.entries(seen.code)) {
      expect([name, typeof code]).toEqual([name, "string"]);
      expect([name, served.includes(code!)]).toEqual([name, true]);
    }
    expect(seen.testGlobals).toEqual([]);
    const frameOrigin = new URL(frame.url()).origin;
    const scripts = requestsOf(page).filter(
      (r) => r.resourceType === "script" && !r.url.startsWith("https://excel.officeapps.live.com/")
    );
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((r) => !r.url.startsWith(frameOrigin) && !r.url.startsWith(CDN))).toEqual(
      []
    );
    expect(scripts.map((r) => r.url)).toEqual(
      expect.arrayContaining([`${CDN}office.js`, `${CDN}excel-web-16.00.js`])
    );
  });
});
