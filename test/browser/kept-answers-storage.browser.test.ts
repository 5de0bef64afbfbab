import type { Page } from "playwright-core";
import { cacheNamespace } from "../../src/client/answer-cache";
import { showTab, waitForText } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// Where kept answers live, in a real engine (issue 15): IndexedDB; the
// OfficeRuntime.storage fallback, with its reason in Settings, where IndexedDB is refused;
// the answers of the previous version carried over. (Chromium's quota cannot be lowered
// here, DevTools' quota override has no effect: eviction at the quota is tested with
// fake-indexeddb in test/client/answer-stores.test.ts.)

type Person = { first: string; last: string; domain: string };
const person = (i: number, tag: string): Person => ({
  first: `Kept${i}`,
  last: tag,
  domain: `kept-storage-${i % 50}.example`,
});

/** Calculates FINDEMAIL cells for these people; resolves with what each shows. */
function calculate(page: Page, people: Person[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map((p) =>
          window.__hostShim
            .invokeFunction("FINDEMAIL", [p.first, p.last, p.domain], { timeoutMs: 60_000 })
            .then((cell) =>
              Array.isArray(cell)
                ? String(cell[0]?.[0])
                : `${(cell as { error: string }).error}:${(cell as { message?: string }).message}`
            )
        )
      ),
    people
  );
}

/** A runtime whose settings hold this key and never ask before spending (a test). */
async function runtimeWithKey(
  page: Page,
  apiKey: string,
  reload: () => Promise<void>
): Promise<void> {
  await page.evaluate(async (key) => {
    await OfficeRuntime.storage.setItem("settings.apiKey", key);
    await OfficeRuntime.storage.setItem("settings.confirmAbove", "never");
  }, apiKey);
  await reload();
}

describeBrowser("kept answers: where they live (Chromium)", () => {
  const addin = useAddin();
  const lookups = (): number =>
    addin.relayLog.filter((r) => r.path === "/v5.1/find-email/person").length;

  browserTest(
    "IndexedDB refused (private browsing): answers kept in OfficeRuntime.storage, Settings says why",
    async () => {
      const account = await addin.sandbox.account(500);
      const context = await addin.newContext();
      const shim = { indexedDbForAddin: "refuse" as const };
      const first = await addin.openTaskPane({ context, shim });
      await runtimeWithKey(first, account.apiKey, () => addin.reload(first));
      const people = Array.from({ length: 40 }, (_, i) => person(i, "Fallback"));
      const before = lookups();
      const shown = await calculate(first, people);
      expect(lookups() - before).toBe(40);
      const stored = Object.keys(await addin.storage(first));
      expect(stored.filter((key) => key.startsWith("mf.answers.v2."))).toHaveLength(40);

      await showTab(first, "settings");
      await waitForText(first, "cache-kept", /^40 answers kept/);
      const where = await waitForText(first, "cache-where", /Office's add-in storage/);
      expect(where).toMatch(/IndexedDB cannot be used here \(InvalidStateError/);
      await first.close();

      const reopened = await addin.openTaskPane({ context, shim });
      expect(await calculate(reopened, people)).toEqual(shown);
      expect(lookups() - before).toBe(40);
    }
  );

  browserTest(
    "answers kept by the previous version are carried into IndexedDB once and answer their cells",
    async () => {
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      const page = await addin.openTaskPane({ context });
      // As version 0.1 kept them in OfficeRuntime.storage, under the namespace of /api + key.
      const namespace = await cacheNamespace("/api", account.apiKey);
      const people = Array.from({ length: 30 }, (_, i) => person(i, "Carried"));
      const v1 = Object.fromEntries(
        people.map((p, i) => [
          `mf.cache.v1.${namespace}.person|domain=${JSON.stringify(p.domain)}&first_name=${JSON.stringify(p.first.toLowerCase())}&last_name=${JSON.stringify(p.last.toLowerCase())}`,
          JSON.stringify({
            storedAt: Date.now() - 1000,
            outcome: {
              status: "ok",
              value: {
                input: { first_name: p.first, last_name: p.last, domain: p.domain },
                email: `carried${i}@${p.domain}`,
                email_status: "valid",
                credits_charged: 1,
              },
            },
          }),
        ])
      );
      await page.evaluate((items) => OfficeRuntime.storage.setItems(items), v1);
      await runtimeWithKey(page, account.apiKey, () => addin.reload(page));
      const before = lookups();
      const shown = await calculate(page, people);
      expect(shown).toEqual(people.map((p, i) => `carried${i}@${p.domain}`));
      expect(lookups()).toBe(before);
      const left = Object.keys(await addin.storage(page)).filter((key) => key.startsWith("mf."));
      expect(left).toEqual([]);
      await showTab(page, "settings");
      await waitForText(page, "cache-kept", /^30 answers kept/);
      await waitForText(page, "cache-where", /IndexedDB/);
    }
  );
});
