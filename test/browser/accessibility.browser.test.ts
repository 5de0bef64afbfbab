import type { Page } from "playwright-core";
import { NO_FAULTS } from "../../src/sandbox/services/faults";
import { call } from "../helpers/sandbox";
import { startCells } from "../engines/steps";
import { axeVersion, axeViolations } from "./axe-scan";
import { fillList, readSelection, showEnrich } from "./enrich-helpers";
import { jobRows, setSpending, showTab, useKey, waitForJobStatus } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// WCAG 2.2 AA on everything the pane shows: every tab in its first state, errors
// shown next to their fields, the spending question, the confirmations (a domain file's order,
// a paid download), jobs listed, an Enrich run in progress and the explanation where the
// browser denies storage; each state scanned once per theme, all violations (any impact)
// gathered by state and compared at the end, so that one run lists them all.

const TABS = ["enrich", "bulk", "geo", "domain", "report", "jobs", "lookups", "settings"] as const;

/** Excel's Colorful and Dark Gray themes (Office.context.officeTheme). */
const THEMES = [
  {
    name: "light",
    officeTheme: { bodyBackgroundColor: "#FFFFFF", bodyForegroundColor: "#000000" },
  },
  {
    name: "dark",
    officeTheme: {
      bodyBackgroundColor: "#262626",
      bodyForegroundColor: "#FFFFFF",
      controlBackgroundColor: "#404040",
      controlForegroundColor: "#FFFFFF",
      isDarkTheme: true,
    },
  },
] as const;

/** Excel's theme switched, seen by the pane on focus (Excel has no theme-changed event). */
async function useTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.evaluate((officeTheme) => {
    window.__hostShim.configure({ officeTheme });
    window.dispatchEvent(new Event("focus"));
  }, theme.officeTheme);
  await page.waitForFunction((name) => document.documentElement.dataset.theme === name, theme.name);
}

describeBrowser(`accessibility in Chromium (axe-core ${axeVersion()}, WCAG 2.2 A/AA)`, () => {
  // Under the shim: the pane is scanned in Excel's themes (Office.context.officeTheme), which
  // only the desktop hosts give: office.js on the web passes none, so the Office host page cannot
  // play them.
  const addin = useAddin({
    host: "shim",
    sandbox: { jobStepMs: 50, jobChunkSize: 50, domainReadyMs: 1500 },
  });

  afterEach(async () => {
    await call(addin.sandbox.baseUrl, "POST", "/sandbox/faults", NO_FAULTS);
  });

  async function scanStates(): Promise<Record<string, string[]>> {
    const found: Record<string, string[]> = {};
    // Each state in each theme, switched in place: the state is reached once.
    const scan = async (page: Page, state: string): Promise<void> => {
      for (const theme of THEMES) {
        await useTheme(page, theme);
        found[`${theme.name}: ${state}`] = await axeViolations(page);
      }
    };
    const account = await addin.sandbox.account(1000);
    const examples = await addin.sandbox.examples();
    const page = await addin.openTaskPane({ shim: { officeTheme: THEMES[0].officeTheme } });
    // Colors are read as they end, not halfway through Fluent's transitions.
    await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
    await useKey(page, account.apiKey);

    for (const tab of TABS) {
      await page.getByTestId(`tab-${tab}`).click();
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute("aria-selected") ===
          "true",
        tab
      );
      await scan(page, `${tab} tab`);
    }

    // Errors shown next to their fields.
    await showTab(page, "domain");
    await page.getByTestId("domain-name").fill("not a domain");
    await page.getByTestId("domain-check").click();
    await page.locator("[role='alert'], .fui-Field__validationMessage").first().waitFor();
    await scan(page, "domain: a field's error");
    // The order's confirmation (it names the credits), closed without ordering.
    const { domain } = examples.domain_file as { domain: string };
    await page.getByTestId("domain-name").fill(domain);
    await page.getByTestId("domain-check").click();
    await page.getByTestId("domain-info").waitFor();
    await page.getByTestId("domain-order").click();
    await page.getByTestId("domain-confirm").waitFor();
    await scan(page, "domain: the order's confirmation");
    await page.keyboard.press("Escape");
    await page.getByTestId("domain-confirm").waitFor({ state: "detached" });
    await showTab(page, "geo");
    await page.getByTestId("geo-submit").click();
    await page.locator(".fui-Field__validationMessage").first().waitFor();
    await scan(page, "geo: the form's errors");
    await showTab(page, "bulk");
    await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "A1"));
    await page.getByTestId("bulk-from-selection").click();
    await page.locator(".fui-Field__validationMessage").first().waitFor();
    await scan(page, "bulk: the selection's error");

    // The spending question.
    await setSpending(page, { threshold: "5" });
    await startCells(page, "asked", 10, 9000);
    await page.getByTestId("spending-question").waitFor();
    await scan(page, "the spending question");
    await page.getByTestId("spending-decline").click();
    await page.getByTestId("spending-question").waitFor({ state: "detached" });
    await setSpending(page, { threshold: "" });

    // Jobs listed, and the paid download's confirmation.
    const person = examples.person!.valid as Record<string, string>;
    await page.evaluate(
      (p) =>
        window.__hostShim.setCells("Leads", "A1", [
          ["First name", "Last name", "Company website"],
          [p.first_name, p.last_name, p.domain],
          ["Alan", "Turing", "turing-machines.example"],
        ]),
      person
    );
    await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:C3"));
    await showTab(page, "bulk");
    await page.getByTestId("bulk-from-selection").click();
    await page.getByTestId("bulk-map-first_name").waitFor();
    await page.getByTestId("bulk-submit").click();
    await page.getByTestId("job-row").first().waitFor();
    const [row] = await jobRows(page);
    await waitForJobStatus(page, row!.id, "completed");
    await scan(page, "jobs: a completed job listed");
    await page.getByTestId("job-download").first().click();
    await page.getByTestId("job-download-cost").waitFor();
    await scan(page, "jobs: the paid download's confirmation");
    await page.keyboard.press("Escape");
    await page.getByTestId("job-download-cost").waitFor({ state: "detached" });

    // An Enrich run in progress (answers slowed down so that it is seen running).
    await call(addin.sandbox.baseUrl, "POST", "/sandbox/faults", {
      ...NO_FAULTS,
      slowRate: 1,
      slowMs: 1500,
    });
    await fillList(
      page,
      [
        ["First name", "Last name", "Company"],
        ...Array.from({ length: 12 }, (_, i) => [`Ada${i}`, "Lovelace", `slow-${i}.example`]),
      ],
      "A1:C13"
    );
    await showEnrich(page);
    await readSelection(page, 12);
    await page.getByTestId("enrich-submit").click();
    await page.getByTestId("enrich-progress").waitFor();
    await scan(page, "enrich: a run in progress");
    await page.close();

    // Storage denied (docs/user-guide.md): the explanation above the tabs. The shim's storage refuses as
    // a denying browser's (the themes need the shim; storage-denied.browser.test.ts has the real
    // browser).
    const denied = await addin.openTaskPane({
      shim: {
        officeTheme: THEMES[0].officeTheme,
        indexedDbForAddin: "refuse",
        runtimeStorage: "denied",
      },
    });
    await denied.addStyleTag({
      content: "*, *::before, *::after { transition: none !important; }",
    });
    await denied.getByTestId("storage-denied").waitFor();
    await scan(denied, "storage denied: the explanation");
    await denied.close();
    return found;
  }

  browserTest(
    "no violation on any tab, error, question, confirmation, job list or run, in every theme",
    async () => {
      const started = Date.now();
      const found = await scanStates();
      const failing = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length));
      console.log(
        `accessibility: ${Object.keys(found).length} scans in ${Date.now() - started} ms, ` +
          `${Object.keys(failing).length} with violations`
      );
      expect(Object.keys(found).length).toBe(THEMES.length * (TABS.length + 9));
      expect(failing).toEqual({});
    },
    { timeoutMs: 240_000 }
  );

  browserTest(
    "the scan reports what it is shown: an image without text, a nameless button",
    async () => {
      const page = await addin.openTaskPane();
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => {
        const image = document.createElement("img");
        image.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
        const button = document.createElement("button");
        button.id = "nameless";
        document.body.append(image, button);
      });
      const violations = await axeViolations(page);
      expect(violations.map((line) => line.split(" ")[0]).sort()).toEqual([
        "button-name",
        "image-alt",
      ]);
      expect(violations.find((line) => line.startsWith("button-name"))).toContain("#nameless");
      await page.close();
    }
  );
});
