import type { IncomingMessage } from "node:http";
import type { Page } from "playwright-core";
import { NO_FAULTS } from "../../src/sandbox/services/faults";
import { call, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { cellsOf, errorOf, isEmail, startCells, type Cell } from "../engines/steps";
import { setSpending, showTab, textOf, useKey, waitForText } from "./flows-helpers";
import { browserTest, describeBrowser, requestsOf, screenshot, useAddin } from "./harness";

// From the demo to real use, in the shared runtime (functions and pane in
// one page): settings that apply at once, the spending switch, the confirmation question,
// Stop, and answers kept before the runtime can go away.

describeBrowser("task pane in Chromium: settings at once, spending, Stop, durable answers", () => {
  const addin = useAddin();
  // A second service, reached directly, for the settings change.
  let other: TestSandbox;
  /** What reached the second service (its own record: the page's request events can lag). */
  const otherHeard: Array<{ method: string; path: string; authorization: string }> = [];
  beforeAll(async () => {
    other = await startSandbox();
    other.app.server.on("request", (request: IncomingMessage) =>
      otherHeard.push({
        method: request.method ?? "",
        path: request.url ?? "",
        authorization: String(request.headers.authorization ?? ""),
      })
    );
  });
  afterAll(async () => {
    await other?.close();
  });

  afterEach(async () => {
    await call(addin.sandbox.baseUrl, "POST", "/sandbox/faults", NO_FAULTS);
  });

  const lookupsSent = (): number =>
    addin.relayLog.filter((r) => r.path.startsWith("/v5.1/find-email/")).length;

  browserTest(
    "a new base URL and another account's key apply at once, in the pane and in every cell",
    async () => {
      const mine = await addin.sandbox.account(100);
      const theirs = await other.account(50);
      const person = (await addin.sandbox.examples()).person!.valid as Record<string, string>;
      const page = await addin.openTaskPane();
      await useKey(page, mine.apiKey);
      const ask = (): Promise<Cell> =>
        page.evaluate(
          (p) =>
            window.__hostShim.invokeFunction("FINDEMAIL", [p.first_name, p.last_name, p.domain], {
              timeoutMs: 10_000,
            }) as Promise<Cell>,
          person
        );
      const first = await ask();
      expect(isEmail(first)).toBe(true);
      expect(lookupsSent()).toBe(1);
      expect(await mine.credits()).toBe(99);

      // The second service, directly (loopback http is allowed), with another account's key.
      await page.getByTestId("settings-base-url").fill(other.baseUrl);
      await page.getByTestId("settings-api-key").fill(theirs.apiKey);
      await page.getByTestId("settings-test").click();
      // (Both sandboxes name their second account alike: the balance tells them apart.)
      const report = await waitForText(page, "connection-report", / 50 credits left/);
      expect(report).toContain(theirs.email);
      await waitForText(page, "account-credits", /^50$/);

      // The next cell goes there; the answer kept for the first account is not shown.
      expect(await ask()).toEqual(first);
      expect(lookupsSent()).toBe(1);
      expect(await theirs.credits()).toBe(49);
      expect(await mine.credits()).toBe(99);
      // MAIL.CREDITS follows the new account.
      const credits = await page.evaluate(() =>
        window.__hostShim.invokeFunction("CREDITS", [], { timeoutMs: 10_000 })
      );
      expect(credits).toBe(49);
    }
  );

  browserTest("reopened, the pane sends nothing before the saved settings are loaded", async () => {
    const theirs = await other.account(50);
    const context = await addin.newContext();
    const first = await addin.openTaskPane({ context });
    await showTab(first, "settings");
    await first.getByTestId("settings-base-url").fill(other.baseUrl);
    await first.getByTestId("settings-api-key").fill(theirs.apiKey);
    await first.getByTestId("settings-test").click();
    await waitForText(first, "connection-report", / 50 credits left/);
    await first.close();

    const relayed = addin.relayLog.length;
    const heard = otherHeard.length;
    const reopened = await addin.openTaskPane({ context });
    // The balance is read at once, from the saved service, with the saved key.
    await waitForText(reopened, "account-credits", /^50$/);
    await reopened.waitForTimeout(300);
    expect(addin.relayLog.length).toBe(relayed);
    // (CORS preflights carry no key; /status needs none.)
    const reached = otherHeard
      .slice(heard)
      .filter((r) => r.method !== "OPTIONS" && r.path.startsWith("/v5."));
    expect(reached.map((r) => r.path)).toContain("/v5.1/account");
    expect(reached.every((r) => r.authorization === `Bearer ${theirs.apiKey}`)).toBe(true);
    const toService = requestsOf(reopened).filter((r) => /\/api\/|\/v5\.[01]\//.test(r.url));
    expect(toService.every((r) => r.url.startsWith(other.baseUrl))).toBe(true);
  });

  browserTest(
    "spending off: cells answer only from kept answers and send nothing; paid actions say why",
    async () => {
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "" });
      await startCells(page, "kept", 3);
      expect((await cellsOf(page, "kept")).every(isEmail)).toBe(true);
      const before = lookupsSent();

      await setSpending(page, { enabled: false });
      await startCells(page, "off", 6);
      const cells = await cellsOf(page, "off");
      expect(cells.slice(0, 3).every(isEmail)).toBe(true);
      for (const cell of cells.slice(3)) {
        expect(errorOf(cell)?.error).toBe("#N/A");
        expect(errorOf(cell)?.message).toMatch(/^Spending is off/);
      }
      expect(lookupsSent()).toBe(before);
      await waitForText(page, "lookups-not-run", /^3$/);

      await showTab(page, "geo");
      expect(await page.getByTestId("geo-submit").isDisabled()).toBe(true);
      expect(await textOf(page, "spending-off-reason")).toMatch(/Spending is off/);
      await setSpending(page, { enabled: true });
      await showTab(page, "geo");
      expect(await page.getByTestId("geo-submit").isDisabled()).toBe(false);
    }
  );

  browserTest(
    "threshold 25: 200 new lookups wait for Run; Don't run sends nothing and settles all 200",
    async () => {
      const account = await addin.sandbox.account(1000);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "25" });
      const before = lookupsSent();

      await startCells(page, "run", 200, 1000);
      const question = page.getByTestId("spending-question");
      await question.waitFor();
      await page.waitForFunction(
        () =>
          document
            .querySelector('[data-testid="spending-question"]')
            ?.getAttribute("data-count") === "200"
      );
      expect(await question.getAttribute("data-max-credits")).toBe("200");
      await page.waitForTimeout(300);
      expect(lookupsSent()).toBe(before);
      await screenshot(page, "spending-question");
      await page.getByTestId("spending-run").click();
      const ran = await cellsOf(page, "run");
      expect(ran.filter(isEmail).length + ran.filter((c) => errorOf(c)).length).toBe(200);
      const notRun = (c: Cell): boolean =>
        /^(Not run|Stopped|Spending|Session budget)/.test(errorOf(c)?.message ?? "");
      expect(ran.filter(notRun)).toHaveLength(0);
      expect(lookupsSent()).toBe(before + 200);
      await question.waitFor({ state: "detached" });

      // A new recalculation of 200 other lookups: declined.
      await page.waitForTimeout(1_100);
      await startCells(page, "declined", 200, 2000);
      await question.waitFor();
      await page.getByTestId("spending-decline").click();
      const declined = await cellsOf(page, "declined");
      expect(declined).toHaveLength(200);
      for (const cell of declined) {
        expect(errorOf(cell)?.error).toBe("#N/A");
        expect(errorOf(cell)?.message).toMatch(/^Not run: declined/);
      }
      expect(lookupsSent()).toBe(before + 200);
    }
  );

  browserTest(
    "with the pane closed, a recalculation over the threshold opens it with the question",
    async () => {
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      const setup = await addin.openTaskPane({ context });
      await useKey(setup, account.apiKey);
      await setup.close();
      // The workbook reopened with the pane closed: only the functions run.
      const page = await addin.openTaskPane({ context, visible: false });
      expect(await page.evaluate(() => window.__hostShim.visibility())).toBe("Hidden");
      const before = lookupsSent();
      await startCells(page, "hidden", 30, 3000);
      await page.getByTestId("spending-question").waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => window.__hostShim.visibility())).toBe("Taskpane");
      expect(await page.getByTestId("spending-question").getAttribute("data-count")).toBe("30");
      expect(lookupsSent()).toBe(before);
      await page.getByTestId("spending-run").click();
      expect(
        (await cellsOf(page, "hidden")).filter((c) => errorOf(c)?.message?.startsWith("Not run"))
      ).toHaveLength(0);
      expect(lookupsSent()).toBe(before + 30);
    }
  );

  browserTest(
    "pane mounted and page visible, the host reports it hidden: the question asks the host to show it; closing it settles the held cells",
    async () => {
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      // Excel on the web: the pane closed, the runtime's frame still reads as visible.
      await page.evaluate(() => window.__hostShim.setVisibility("Hidden", { page: false }));
      expect(await page.evaluate(() => document.visibilityState)).toBe("visible");
      const before = lookupsSent();
      await startCells(page, "reported-hidden", 30, 4000);
      const question = page.getByTestId("spending-question");
      await question.waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => window.__hostShim.showAsTaskpaneCalls())).toBe(1);
      expect(await page.evaluate(() => window.__hostShim.visibility())).toBe("Taskpane");
      expect(await question.getAttribute("data-count")).toBe("30");

      // The user closes the pane with the question open: every held cell settles, unsent.
      await page.evaluate(() => window.__hostShim.setVisibility("Hidden", { page: false }));
      const cells = await cellsOf(page, "reported-hidden");
      expect(cells).toHaveLength(30);
      for (const cell of cells) {
        expect(errorOf(cell)?.error).toBe("#N/A");
        expect(errorOf(cell)?.message).toMatch(
          /^Not run: this recalculation may spend more than 25 credits and the task pane could not ask you\. Change "Ask before spending more than"/
        );
      }
      expect(lookupsSent()).toBe(before);
    }
  );

  browserTest(
    "Stop during a 1,500-lookup recalculation: nothing sent after the in-flight ones, every cell settles",
    async () => {
      const account = await addin.sandbox.account(5000);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "" });
      await call(addin.sandbox.baseUrl, "POST", "/sandbox/faults", {
        ...NO_FAULTS,
        slowRate: 1,
        slowMs: 150,
      });
      const before = lookupsSent();
      await startCells(page, "stop", 1500, 5000);
      await showTab(page, "lookups");
      await waitForText(page, "lookups-answered", /^[2-9]\d$/, 30_000);
      await screenshot(page, "lookups");
      await page.getByTestId("lookups-stop").click();
      const atStop = lookupsSent() - before;
      const cells = await cellsOf(page, "stop");
      await page.waitForTimeout(500);
      const sent = lookupsSent() - before;
      // Only what was already on the wire (at most 6 connections) finished after Stop.
      expect(sent - atStop).toBeLessThanOrEqual(6);
      const answered = cells.filter(
        (c) => !errorOf(c) || !/^Stopped/.test(errorOf(c)!.message ?? "")
      );
      const stopped = cells.filter((c) => /^Stopped/.test(errorOf(c)?.message ?? ""));
      expect(answered.length + stopped.length).toBe(1500);
      expect(answered).toHaveLength(sent);
      expect(stopped.length).toBeGreaterThan(1300);
      await waitForText(page, "lookups-waiting", /^0$/);
      await waitForText(page, "lookups-inflight", /^0$/);
      await waitForText(
        page,
        "lookups-not-run",
        new RegExp(`^${stopped.length.toLocaleString("en-US")}$`)
      );
      await page.getByTestId("lookups-stopped").waitFor();
    }
  );

  browserTest("reopening right after a 2,000-cell fill-down sends no request", async () => {
    const account = await addin.sandbox.account(5000);
    const context = await addin.newContext();
    const page = await addin.openTaskPane({ context });
    await useKey(page, account.apiKey);
    await setSpending(page, { threshold: "" });
    const fillDown = (target: Page) =>
      target.evaluate(async () => {
        const cells: Array<Promise<unknown>> = [];
        // 2,000 cells, 1,500 distinct people: every fourth row repeats one in other case.
        for (let i = 0; i < 2000; i++) {
          const n = i % 4 === 3 ? i - 1 : i;
          const [first, domain] =
            i % 4 === 3 ? [`TURING${n}`, `FILL-${n}.EXAMPLE`] : [`Turing${n}`, `fill-${n}.example`];
          cells.push(
            window.__hostShim.invokeFunction("FINDEMAIL", [first, "Alan", domain], {
              timeoutMs: 120_000,
            })
          );
        }
        return JSON.stringify(await Promise.all(cells));
      });
    const before = lookupsSent();
    const first = await fillDown(page);
    expect(lookupsSent() - before).toBe(1500);
    // Closed as soon as the last cell shows its answer.
    await page.close();

    const reopened = await addin.openTaskPane({ context });
    const again = await fillDown(reopened);
    expect(again).toBe(first);
    expect(lookupsSent() - before).toBe(1500);
  });
});
