import type { Page } from "playwright-core";
import { browserTest, describeBrowser, requestsOf, screenshot, useAddin } from "./harness";
import { MAIL_FUNCTION_IDS } from "../helpers/function-ids";

// The production build in Chromium with the host shim for office.js and a real sandbox behind
// the /api relay: settings, the functions' registration and the lazy task pane.

async function waitForValue(page: Page, testId: string, value: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) =>
      (document.querySelector(`[data-testid="${id}"]`) as HTMLInputElement | null)?.value ===
      expected,
    [testId, value] as const
  );
}

/** The Settings tab (the pane opens on another tab). */
async function showSettings(page: Page): Promise<void> {
  const tab = page.getByTestId("tab-settings");
  if (await tab.count()) await tab.click();
  await page.getByTestId("settings-api-key").waitFor();
}

describeBrowser("task pane in Chromium: settings", () => {
  const addin = useAddin();

  browserTest(
    "tests the connection with a fresh key, keeps the key per user and never in the workbook",
    async () => {
      const account = await addin.sandbox.account(250);
      const page = await addin.openTaskPane();
      await showSettings(page);

      // A production build: relay base URL, no key.
      await waitForValue(page, "settings-base-url", "/api");
      const keyInput = page.getByTestId("settings-api-key");
      expect(await keyInput.inputValue()).toBe("");
      expect(await keyInput.getAttribute("type")).toBe("password");

      await keyInput.fill(account.apiKey);
      await page.getByTestId("settings-test").click();
      const report = page.getByTestId("connection-report");
      await report.waitFor();
      const text = await report.innerText();
      expect(text).toContain(account.email);
      expect(text).toContain("250 credits left");
      await page.waitForFunction(
        () => document.querySelector('[data-testid="account-credits"]')?.textContent === "250"
      );
      // The connection test went through the same-origin relay, with the key.
      expect(addin.relayLog.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual(
        expect.arrayContaining(["GET /status 200", "GET /v5.1/account 200"])
      );

      // Per user: OfficeRuntime.storage. Never in the workbook: not in document settings (saved
      // or not), not in a cell.
      expect(await page.evaluate(() => OfficeRuntime.storage.getItem("settings.apiKey"))).toBe(
        account.apiKey
      );
      const workbook = await addin.workbook(page);
      const live = await page.evaluate(() => window.__hostShim.liveSettings());
      expect(JSON.stringify(workbook)).not.toContain(account.apiKey);
      expect(JSON.stringify(live)).not.toContain(account.apiKey);
      expect(workbook.sheets.flatMap((s) => s.values.flat()).filter((v) => v !== "")).toEqual([]);

      await screenshot(page, "settings");

      // Saved again after the test: the stale report gives way to the confirmation.
      await page.getByTestId("settings-save").click();
      await page.waitForFunction(() => document.body.textContent?.includes("Settings saved."));
      expect(await report.count()).toBe(0);
    }
  );

  browserTest(
    "rejects a plain-http base URL next to the field, changes nothing, and a reload keeps the settings",
    async () => {
      const account = await addin.sandbox.account(40);
      const page = await addin.openTaskPane();
      await showSettings(page);
      await waitForValue(page, "settings-base-url", "/api");
      await page.getByTestId("settings-api-key").fill(account.apiKey);
      await page.getByTestId("settings-save").click();
      await page.waitForFunction(() => document.body.textContent?.includes("Settings saved."));
      const saved = await addin.storage(page);
      expect(saved["settings.apiKey"]).toBe(account.apiKey);

      // Another key and an invalid base URL: the save is refused as a whole.
      const relayedBefore = addin.relayLog.length;
      await page.getByTestId("settings-api-key").fill("another-key-not-saved");
      await page.getByTestId("settings-base-url").fill("http://api.example.com");
      await page.getByTestId("settings-save").click();
      const baseUrlField = page
        .locator(".fui-Field")
        .filter({ has: page.getByTestId("settings-base-url") });
      const error = baseUrlField.getByTestId("error-message");
      await error.waitFor();
      expect(await error.innerText()).toContain("https");
      expect(await page.getByTestId("error-message").count()).toBe(1);
      // Test connection with the same form: the same refusal, and no request anywhere.
      await page.getByTestId("settings-test").click();
      await error.waitFor();
      expect(await addin.storage(page)).toEqual(saved);
      expect(requestsOf(page).filter((r) => r.url.includes("example.com"))).toEqual([]);
      expect(addin.relayLog.slice(relayedBefore)).toEqual([]);
      await screenshot(page, "settings-error");

      // The runtime restarts: the saved settings come back, not the refused ones.
      await addin.reload(page);
      await showSettings(page);
      await waitForValue(page, "settings-base-url", "/api");
      await waitForValue(page, "settings-api-key", account.apiKey);
      expect(await addin.storage(page)).toEqual(saved);
    }
  );

  browserTest(
    "refuses a base URL of another site (//evil.example/api) next to the field and saves nothing; one saved by an older version is not used, and said there",
    async () => {
      const account = await addin.sandbox.account(40);
      const page = await addin.openTaskPane();
      await showSettings(page);
      await waitForValue(page, "settings-base-url", "/api");
      await page.getByTestId("settings-api-key").fill(account.apiKey);
      await page.getByTestId("settings-save").click();
      await page.waitForFunction(() => document.body.textContent?.includes("Settings saved."));
      const saved = await addin.storage(page);
      const relayedBefore = addin.relayLog.length;

      const baseUrlField = page
        .locator(".fui-Field")
        .filter({ has: page.getByTestId("settings-base-url") });
      const error = baseUrlField.getByTestId("error-message");
      await page.getByTestId("settings-base-url").fill("//evil.example/api");
      await page.getByTestId("settings-save").click();
      await error.waitFor();
      expect(await error.innerText()).toMatch(/^An address that starts with \/\/ or \/\\ leads to/);
      expect(await page.getByTestId("error-message").count()).toBe(1);
      expect(await addin.storage(page)).toEqual(saved);
      // Test connection saves first: refused the same way, and nothing sent anywhere.
      await page.getByTestId("settings-test").click();
      await error.waitFor();
      expect(await addin.storage(page)).toEqual(saved);
      expect(requestsOf(page).filter((r) => r.url.includes("evil.example"))).toEqual([]);
      expect(addin.relayLog.slice(relayedBefore)).toEqual([]);

      // An older version saved it: the runtime starts with the default relay, the field says why.
      await page.evaluate(() =>
        OfficeRuntime.storage.setItem("settings.baseUrl", "//evil.example/api")
      );
      await addin.reload(page);
      await showSettings(page);
      await waitForValue(page, "settings-base-url", "/api");
      await error.waitFor();
      expect(await error.innerText()).toMatch(
        /^The base URL saved earlier is not used: An address that starts with .* The default, \/api, is used until you save another\.$/
      );
      await page.getByTestId("settings-test").click();
      await page.getByTestId("connection-report").waitFor();
      expect(await page.getByTestId("connection-report").innerText()).toContain(account.email);
      expect(await error.count()).toBe(0);
      expect((await addin.storage(page))["settings.baseUrl"]).toBe("/api");
      expect(requestsOf(page).filter((r) => r.url.includes("evil.example"))).toEqual([]);
    }
  );

  browserTest(
    "functions.js registers the seven functions; they answer with the pane closed, and the pane opens",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      for (let waited = 0; waited < 10_000; waited += 100) {
        if ((await addin.functionIds(page)).length === MAIL_FUNCTION_IDS.length) break;
        await page.waitForTimeout(100);
      }
      expect((await addin.functionIds(page)).sort()).toEqual(MAIL_FUNCTION_IDS);
      const answer = await page.evaluate(() =>
        window.__hostShim.invokeFunction("VERIFYEMAIL", ["not-an-email"], { timeoutMs: 5000 })
      );
      expect(answer).toMatchObject({ error: "#VALUE!" });
      await page.evaluate(() => window.__hostShim.setVisibility("Taskpane"));
      await addin.waitForUi(page);
      await page.getByTestId("account-credits").waitFor();
    }
  );
});

describeBrowser("task pane in Chromium: a closed pane's page (under the shim)", () => {
  // Under the shim: laziness shows only where the host hides the runtime's page
  // (document.visibilityState "hidden", as desktop Excel's webview does). In Excel on the web
  // the runtime is a frame of the Office page, which the browser counts as visible, so the
  // Office host page cannot show it.
  const shimAddin = useAddin({ host: "shim" });

  browserTest("the task pane UI loads only once the pane is shown", async () => {
    const page = await shimAddin.openTaskPane({ visible: false });
    for (let waited = 0; waited < 10_000; waited += 100) {
      if ((await shimAddin.functionIds(page)).length === MAIL_FUNCTION_IDS.length) break;
      await page.waitForTimeout(100);
    }
    expect((await shimAddin.functionIds(page)).sort()).toEqual(MAIL_FUNCTION_IDS);

    // The runtime runs with the pane closed: the functions answer, the UI is not fetched.
    const answer = await page.evaluate(() =>
      window.__hostShim.invokeFunction("VERIFYEMAIL", ["not-an-email"], { timeoutMs: 5000 })
    );
    expect(answer).toMatchObject({ error: "#VALUE!" });
    await page.waitForTimeout(300);
    const isUiChunk = (url: string): boolean => /\/taskpane-ui\.[0-9a-f]+\.js$/.test(url);
    // No script but the two entry points, the workbook's jobs (which go on without the pane)
    // and the language's catalog they write in: neither the UI chunk nor its vendor chunk
    // (Fluent, React).
    const scripts = requestsOf(page).filter(
      (r) => r.resourceType === "script" && r.url.startsWith(shimAddin.url)
    );
    expect(
      scripts.map((r) => new URL(r.url).pathname.replace(/\.[0-9a-f]{8}\.js$/, ".[hash].js")).sort()
    ).toEqual([
      "/catalogs-shared.[hash].js",
      "/functions.js",
      "/i18n-pane.[hash].js",
      "/taskpane.js",
      "/workbook-jobs.[hash].js",
    ]);
    expect(await page.locator("#boot").count()).toBe(1);

    await page.evaluate(() => window.__hostShim.setVisibility("Taskpane"));
    await shimAddin.waitForUi(page);
    await page.getByTestId("account-credits").waitFor();
    const order = requestsOf(page).map((r) => new URL(r.url).pathname);
    const at = (test: (p: string) => boolean): number => order.findIndex(test);
    const functionsAt = at((p) => p === "/functions.js");
    const taskpaneAt = at((p) => p === "/taskpane.js");
    const uiAt = at(isUiChunk);
    expect(functionsAt).toBeGreaterThan(-1);
    expect(taskpaneAt).toBeGreaterThan(functionsAt);
    expect(uiAt).toBeGreaterThan(taskpaneAt);
  });
});
