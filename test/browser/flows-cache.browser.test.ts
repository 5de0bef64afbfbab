import { browserTest, describeBrowser, useAddin } from "./harness";
import { showTab, useKey, waitForText } from "./flows-helpers";

// The explicit refresh of cached answers: recalculating never re-buys an answer;
// clearing the cache from Settings and recalculating asks the service again.

describeBrowser("task pane in Chromium: cached answers", () => {
  const addin = useAddin();

  browserTest(
    "cell answers are kept; Settings clears them and recalculates the workbook",
    async () => {
      const account = await addin.sandbox.account(20);
      const examples = await addin.sandbox.examples();
      const person = examples.person!.valid as Record<string, string>;
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);

      const ask = () =>
        page.evaluate(
          (p) =>
            // The omitted linkedin_url and fields arrive as null, as Excel passes them.
            window.__hostShim.invokeFunction("FINDEMAIL", [p.first_name, p.last_name, p.domain], {
              timeoutMs: 10_000,
            }),
          person
        );
      const first = await ask();
      expect(JSON.stringify(first)).toContain(`@${person.domain}`);
      expect(await ask()).toEqual(first);
      const lookups = () =>
        addin.relayLog.filter((r) => r.path === "/v5.1/find-email/person").length;
      expect(lookups()).toBe(1);
      expect(await account.credits()).toBe(19);

      await showTab(page, "jobs");
      await showTab(page, "settings");
      await waitForText(page, "cache-kept", /^1 answer kept/);
      expect(await page.getByTestId("cache-kept").getAttribute("data-count")).toBe("1");
      await waitForText(page, "cache-where", /IndexedDB/);
      await page.getByTestId("cache-clear").click();
      await page.waitForFunction(() => window.__hostShim.calculations().includes("Full"));
      await waitForText(page, "cache-kept", /^0 answers kept/);

      // Asked again (the repeat is free within 30 days).
      expect(await ask()).toEqual(first);
      expect(lookups()).toBe(2);
      expect(await account.credits()).toBe(19);
    }
  );
});
