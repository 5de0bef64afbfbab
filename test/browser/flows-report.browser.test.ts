import { browserTest, describeBrowser, requestsOf, screenshot, useAddin } from "./harness";
import {
  expectFitsThePane,
  expectKeyNowhere,
  recordConsole,
  showTab,
  textOf,
  useKey,
  waitForText,
} from "./flows-helpers";

// Reporting a bad email from the task pane (docs/interface.md, Bad-email reports), in Chromium
// against a sandbox over HTTP: the form is checked before anything is sent, the email comes from
// the selected cell, and the credit of a charged email comes back.

describeBrowser("task pane flows in Chromium: bad-email report", () => {
  const addin = useAddin();

  browserTest(
    "refuses an invalid email and more than 500 characters without sending; a report from the selected cell returns the credit",
    async () => {
      const examples = await addin.sandbox.examples();
      const account = await addin.sandbox.account(10);
      // An email this account paid for: a valid person found with the same key.
      const found = await account.request(
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid
      );
      expect(found.body).toMatchObject({ email_status: "valid", credits_charged: 1 });
      const email: string = found.body.email;
      expect(await account.credits()).toBe(9);

      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const page = await addin.openTaskPane({ context });
      await page.evaluate(
        (value) => window.__hostShim.setCells("Sheet1", "A1", [["Email"], [value]]),
        email
      );
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "A2"));
      await useKey(page, account.apiKey);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="account-credits"]')?.textContent === "9"
      );
      await showTab(page, "report");

      const isReport = (r: { method: string; path?: string; url?: string }) =>
        r.method === "POST" && /\/v5\.1\/report\/bad-email/.test(r.path ?? r.url ?? "");
      const fieldError = (testId: string) =>
        page
          .locator(".fui-Field")
          .filter({ has: page.getByTestId(testId) })
          .getByTestId("error-message");
      const info = page.getByTestId("report-info");

      // An invalid email: refused next to the field.
      await page.getByTestId("report-email").fill("not-an-email@");
      await info.fill("Hard bounce");
      await page.getByTestId("report-submit").click();
      await fieldError("report-email").waitFor();
      expect(await fieldError("report-email").innerText()).toBe("Enter a valid email address.");
      expect(await page.getByTestId("error-message").count()).toBe(1);

      // No reason: refused next to the reason.
      await page.getByTestId("report-email").fill(email);
      await info.fill("   ");
      await page.getByTestId("report-submit").click();
      await fieldError("report-info").waitFor();

      // 501 characters: the field holds at most 500, whether filled, typed or pasted, and says so.
      await info.fill("x".repeat(501));
      expect((await info.inputValue()).length).toBe(500);
      await info.press("End");
      await info.pressSequentially("yz");
      expect(await info.inputValue()).toBe("x".repeat(500));
      await info.fill("y".repeat(499));
      await info.press("End");
      await page.keyboard.insertText("123");
      expect(await info.inputValue()).toBe(`${"y".repeat(499)}1`);
      expect(
        await page.locator(".fui-Field").filter({ has: info }).locator("label").innerText()
      ).toContain("(500/500)");
      expect(addin.relayLog.filter(isReport)).toEqual([]);
      expect(requestsOf(page).filter(isReport)).toEqual([]);
      expect(await account.credits()).toBe(9);

      // From the selected cell, a reason, and the report returns the credit.
      await page.getByTestId("report-email").fill("");
      await page.getByTestId("report-from-cell").click();
      await page.waitForFunction(
        (value) =>
          (document.querySelector('[data-testid="report-email"]') as HTMLInputElement).value ===
          value,
        email
      );
      await info.fill("Hard bounce: 550 5.1.1 user unknown");
      await page
        .getByTestId("report-bounce")
        .fill(`550 5.1.1 <${email}>: Recipient address rejected`);
      expect(await page.getByTestId("error-message").count()).toBe(0);
      await page.getByTestId("report-submit").click();
      await page.getByTestId("report-done").waitFor();
      expect(await textOf(page, "report-done")).toBe("Reported. 1 credit returned.");
      await waitForText(page, "account-credits", /^10$/);
      expect(await account.credits()).toBe(10);
      expect(
        addin.relayLog
          .filter((r) => r.method === "POST" && r.path === "/v5.1/report/bad-email")
          .map((r) => r.status)
      ).toEqual([200]);
      // The form is cleared for the next report.
      expect(await page.getByTestId("report-email").inputValue()).toBe("");
      expect(await info.inputValue()).toBe("");
      await expectFitsThePane(page);
      await screenshot(page, "report");

      // An empty cell selected: said next to the email field, nothing sent.
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "C5"));
      await page.getByTestId("report-from-cell").click();
      await fieldError("report-email").waitFor();
      expect(await fieldError("report-email").innerText()).toBe("The selected cell is empty.");
      expect(addin.relayLog.filter(isReport)).toHaveLength(1);

      // Reading the workbook wrote nothing to it.
      const workbook = await addin.workbook(page);
      expect(workbook.sheets.map((s) => [s.name, s.values])).toEqual([
        ["Sheet1", [["Email"], [email]]],
      ]);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );
});
