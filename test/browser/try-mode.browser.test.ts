import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";
import {
  jobRows,
  showTab,
  textOf,
  useKey,
  waitForJobStatus,
  waitForNewSheet,
  waitForText,
} from "./flows-helpers";

// First run and Try mode in Chromium: the production build (no key) served by the
// production host with --demo. The first-run screen, Try mode's banner and demo allowance, a
// cell and a bulk job on demo data, a "(demo)" sheet; then a real key saved in Settings: Try
// mode is gone with its job and answers, and no key ever went to the other service.

type Person = { first_name: string; last_name: string; domain: string };

describeBrowser("task pane in Chromium: first run and Try mode", () => {
  const addin = useAddin({ demo: true });

  browserTest(
    "first run -> Try mode: a cell, a bulk job and a (demo) sheet on demo data -> a real key ends it, keeping nothing",
    async () => {
      // The demo's sandbox has the default directory, as the harness's: the same examples.
      const person = (await addin.sandbox.examples()).person as Record<"valid" | "risky", Person>;
      const page = await addin.openTaskPane();

      // No key: one screen instead of the tabs.
      const firstRun = page.getByTestId("first-run");
      await firstRun.waitFor();
      expect(await page.getByRole("tablist").count()).toBe(0);
      expect(await firstRun.innerText()).toMatch(/Every credit is asked for before it is spent/);
      const getKey = page.getByTestId("first-run-get-key");
      expect(await getKey.getAttribute("href")).toBe("support.html#api-key");
      expect(await getKey.getAttribute("target")).toBe("_blank");
      await screenshot(page, "first-run");

      // Try mode: a demo account from the host, the banner, the demo allowance in the header.
      await page.getByTestId("settings-try").click();
      const banner = page.getByTestId("try-banner");
      await banner.waitFor();
      expect(await banner.innerText()).toContain("Answers are examples, not real people.");
      await page.getByRole("tablist").waitFor();
      await waitForText(page, "account-credits", /^50$/);
      const stored = await addin.storage(page);
      const demoKey = stored["settings.demoKey"]!;
      expect(demoKey).toBeTruthy();
      expect(stored["settings.tryMode"]).toBe("true");
      expect(stored["settings.apiKey"]).toBeUndefined();

      // A cell answered from demo data, through /demo-api with the demo key.
      const cell = () =>
        page.evaluate(
          (p) =>
            window.__hostShim.invokeFunction("FINDEMAIL", [p.first_name, p.last_name, p.domain], {
              timeoutMs: 10_000,
            }),
          person.valid
        );
      expect(JSON.stringify(await cell())).toContain(`@${person.valid.domain}`);
      const personLookups = (prefix: string) =>
        addin.hostLog.filter((r) => r.path === `${prefix}/v5.1/find-email/person`);
      expect(personLookups("/demo-api")).toEqual([
        expect.objectContaining({ authorization: `Bearer ${demoKey}`, status: 200 }),
      ]);

      // A bulk job from the selection reaches Jobs; its free preview is a "(demo)" sheet.
      const table = [
        ["First name", "Last name", "Domain"],
        [person.valid.first_name, person.valid.last_name, person.valid.domain],
        [person.risky.first_name, person.risky.last_name, person.risky.domain],
      ];
      await page.evaluate((values) => window.__hostShim.setCells("Leads", "A1", values), table);
      await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:C3"));
      await showTab(page, "bulk");
      await page.getByTestId("bulk-from-selection").click();
      await waitForText(page, "bulk-cost", /2 rows/);
      await page.getByTestId("bulk-submit").click();
      await page.getByTestId("job-row").waitFor();
      const [row] = await jobRows(page);
      await waitForJobStatus(page, row!.id, "completed");
      expect(await addin.savedJobs(page)).toEqual([
        expect.objectContaining({ kind: "bulk", id: row!.id, demo: true }),
      ]);
      await banner.waitFor(); // on every tab
      await page.getByTestId("job-preview").click();
      const preview = await waitForNewSheet(addin, page, ["Sheet1", "Leads"]);
      expect(preview.name).toBe("Leads A1_C3 preview (demo)");
      await screenshot(page, "try-mode");

      // A real key saved in Settings ends Try mode in the same save.
      const account = await addin.sandbox.account(40);
      await useKey(page, account.apiKey);
      await waitForText(page, "account-credits", /^40$/);
      expect(await banner.count()).toBe(0);
      const after = await addin.storage(page);
      expect(after["settings.apiKey"]).toBe(account.apiKey);
      expect(after["settings.tryMode"]).toBeUndefined();
      expect(after["settings.demoKey"]).toBeUndefined();
      // The demo's job is gone from Jobs and from the workbook.
      await showTab(page, "jobs");
      expect(await page.getByTestId("job-row").count()).toBe(0);
      expect(await addin.savedJobs(page)).toEqual([]);

      // The cell answered in Try mode is asked again, of the real service.
      expect(JSON.stringify(await cell())).toContain(`@${person.valid.domain}`);
      expect(personLookups("/api")).toEqual([
        expect.objectContaining({ authorization: `Bearer ${account.apiKey}`, status: 200 }),
      ]);

      // No key ever went to the other service.
      const toDemo = addin.hostLog.filter((r) => r.path.startsWith("/demo-api/"));
      const toReal = addin.hostLog.filter((r) => r.path.startsWith("/api/"));
      expect(toDemo.length).toBeGreaterThan(3);
      expect(toReal.length).toBeGreaterThan(0);
      expect(toDemo.filter((r) => r.authorization?.includes(account.apiKey))).toEqual([]);
      expect(toReal.filter((r) => r.authorization?.includes(demoKey))).toEqual([]);
      expect(await textOf(page, "tab-jobs")).toBe("Jobs");
    }
  );

  browserTest("Leave Try mode comes back to the first-run screen, keeping nothing", async () => {
    const page = await addin.openTaskPane();
    await page.getByTestId("settings-try").click();
    await page.getByTestId("try-banner").waitFor();
    await page.getByTestId("try-leave").click();
    await page.getByTestId("first-run").waitFor();
    expect(await page.getByTestId("try-banner").count()).toBe(0);
    const stored = await addin.storage(page);
    expect(stored["settings.demoKey"]).toBeUndefined();
    expect(stored["settings.tryMode"]).toBeUndefined();

    // "I have a key" opens Settings.
    await page.getByTestId("first-run-have-key").click();
    await page.getByTestId("settings-api-key").waitFor();
  });
});
