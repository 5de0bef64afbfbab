import { axeInPage, axeScanArgument, describePageViolation } from "../browser/axe-scan";
import { NO_FAULTS } from "../../src/sandbox/services/faults";
import {
  asSheetValues,
  expectNoFormulas,
  expectSheetNames,
  paneOverflow,
  resultsOf,
  searchOf,
  setFaults,
} from "../browser/flows-helpers";
import { describeEngines } from "./engines";
import { engineTest, useEngine, useServedAddin } from "./fixture";
import { PAGE_ERRORS_GLOBAL, type PageDriver } from "./page-driver";
import {
  calculate,
  cellsOf,
  enrichFromSelection,
  errorOf,
  isEmail,
  listRows,
  peopleOf,
  preview,
  requestsTo,
  sandboxAnswerFor,
  saveKey,
  selectRange,
  setSpending,
  sheetOf,
  showTab,
  startCells,
  typeCells,
  useKey,
  waitForEnrichment,
  waitForNewSheet,
  waitForSpendingQuestion,
  workbook,
  type Cell,
  type Person,
  type PersonExamples,
  type Tab,
} from "./steps";
import { MAIL_FUNCTION_IDS } from "../helpers/function-ids";

// The built add-in in the three engines Office runs it in: Debian's Chromium,
// Firefox ESR and WebKitGTK, each against the real sandbox, with the host shim for office.js.
// Small scenarios of every kind of work the add-in does in the page: the functions and their
// outcomes, every tab, settings applied at once, the spending question, Stop, a bulk job into
// new sheets, Enrich in place, and Freeze results. The large-scale runs stay in the Chromium
// suites.
//
//     npm run build && npx jest test/engines                 # all three
//     npm run build && ENGINES=firefox npx jest test/engines  # one (or a comma list)

type Examples = {
  person: PersonExamples;
  verify: Record<"valid" | "risky" | "invalid", { email: string }>;
};

/** Each tab, and controls that only its panel shows. */
const PANELS: Array<[Tab, string[]]> = [
  ["enrich", ["enrich-from-selection", "enrich-operation"]],
  ["bulk", ["bulk-from-selection", "bulk-file"]],
  ["geo", ["geo-query", "geo-submit"]],
  ["domain", ["domain-name", "domain-check"]],
  ["report", ["report-email", "report-submit"]],
  ["jobs", []],
  ["lookups", ["lookups-waiting", "lookups-stop", "spending-switch", "freeze-selection"]],
  ["settings", ["settings-api-key", "settings-base-url", "cache-kept"]],
];

const LOOKUPS = "/v5.1/find-email/";

// One sandbox and one add-in server for the file; one browser at a time.
const served = useServedAddin();

describeEngines("the add-in", (engine) => {
  const addin = useEngine(engine, served);
  let examples: Examples;
  beforeAll(async () => {
    examples = (await served.sandbox.examples()) as unknown as Examples;
  });
  afterEach(async () => {
    await setFaults(served, { ...NO_FAULTS });
  });

  const lookupsSent = (): number => requestsTo(addin.relayLog, LOOKUPS);
  const findEmail = (page: PageDriver, p: Person, fields?: string): Promise<Cell> =>
    calculate(page, "FINDEMAIL", [p.first_name, p.last_name, p.domain, null, fields ?? null]);

  engineTest(
    addin,
    "the page records its uncaught errors and unhandled rejections (every test checks them)",
    async () => {
      const page = await addin.openTaskPane();
      expect(await page.uncaughtErrors()).toEqual([]);
      await page.evaluate(() => {
        setTimeout(() => {
          throw new TypeError("thrown on purpose");
        });
        void Promise.reject(new RangeError("rejected on purpose"));
      });
      const errors = await page.waitFor(
        async (name) => {
          const recorded = (window as unknown as Record<string, string[]>)[name]!;
          return recorded.length >= 2 ? [...recorded].sort() : null;
        },
        PAGE_ERRORS_GLOBAL,
        { what: "the two errors to be recorded" }
      );
      expect(errors).toEqual([
        expect.stringMatching(/^uncaught TypeError: thrown on purpose/),
        expect.stringMatching(/^unhandled rejection: RangeError: rejected on purpose/),
      ]);
      // Forgotten, so that the check at the end of this test passes.
      await page.evaluate((name) => {
        (window as unknown as Record<string, string[]>)[name]!.length = 0;
      }, PAGE_ERRORS_GLOBAL);
    }
  );

  engineTest(addin, "registers the seven functions, which answer every outcome", async () => {
    const account = await addin.sandbox.account(20);
    const page = await addin.openTaskPane();
    await page.waitFor(
      (count) => window.__hostShim.functionIds().length === count,
      MAIL_FUNCTION_IDS.length,
      { what: "the functions to register" }
    );
    expect((await page.evaluate(() => window.__hostShim.functionIds())).sort()).toEqual(
      MAIL_FUNCTION_IDS
    );
    await useKey(page, account.apiKey);
    const { person, verify } = examples;
    const outcomes: Record<string, Cell> = {};

    outcomes.valid = await findEmail(page, person.valid, "email,email_status");
    expect(outcomes.valid).toEqual([[expect.stringContaining(`@${person.valid.domain}`), "valid"]]);
    outcomes.risky = await findEmail(page, person.risky, "email,email_status");
    expect(outcomes.risky).toEqual([[expect.stringContaining("@"), "risky"]]);
    outcomes.notFound = await findEmail(page, person.not_found);
    expect(outcomes.notFound).toEqual({ error: "#N/A", message: "No email found." });
    outcomes.blacklisted = await findEmail(page, person.blacklisted);
    expect(outcomes.blacklisted).toEqual({
      error: "#N/A",
      message: "Removed from the database at the owner's request (blacklisted).",
    });
    outcomes.verified = await calculate(page, "VERIFYEMAIL", [verify.valid.email]);
    expect(outcomes.verified).toBe("valid");
    outcomes.invalid = await calculate(page, "VERIFYEMAIL", [verify.invalid.email]);
    expect(outcomes.invalid).toBe("invalid");

    // An argument the interface would reject: #VALUE! naming it, and no request.
    const relayed = addin.relayLog.length;
    outcomes.badEmail = await calculate(page, "VERIFYEMAIL", ["not-an-email"]);
    expect(outcomes.badEmail).toEqual({
      error: "#VALUE!",
      message: "email is not a valid email address.",
    });
    outcomes.noName = await calculate(page, "FINDEMAIL", [null, "Doe", "example.com"]);
    expect(outcomes.noName).toEqual({ error: "#VALUE!", message: "name is required." });
    expect(addin.relayLog.length).toBe(relayed);

    // 401: a key the service rejects, saved in Settings.
    await saveKey(page, "rejected-key-0123456789abcdef");
    outcomes.unauthorized = await findEmail(page, person.valid);
    expect(outcomes.unauthorized).toEqual({
      error: "#VALUE!",
      message: "API key missing or rejected: set it in the task pane.",
    });
    expect(
      addin.relayLog
        .slice(relayed)
        .filter((r) => r.path.startsWith(LOOKUPS))
        .map((r) => r.status)
    ).toEqual([401]);

    expect(Object.values(outcomes).filter((cell) => errorOf(cell)?.unexpected)).toEqual([]);
  });

  engineTest(addin, "renders every tab of the task pane", async () => {
    const page = await addin.openTaskPane();
    for (const [tab, controls] of PANELS) {
      await showTab(page, tab);
      for (const control of controls) await page.waitForTestId(control);
      // The other tabs' panels are gone.
      for (const [other, theirs] of PANELS)
        if (other !== tab)
          for (const control of theirs)
            expect(await page.attribute(control, "data-testid")).toBeNull();
      if (tab === "jobs")
        await page.waitFor(
          () => document.body.textContent?.includes("No jobs in this workbook yet."),
          undefined,
          { what: "the empty Jobs panel" }
        );
      // No WCAG 2.2 A/AA violation (axe-core, the same scan as the Chromium suite's).
      const violations = await page.evaluate(axeInPage, axeScanArgument());
      expect({ tab, violations: violations.map(describePageViolation) }).toEqual({
        tab,
        violations: [],
      });
      // Laid out within the narrow pane: nothing scrolls sideways or sticks out.
      const overflow = await page.evaluate(paneOverflow);
      expect({ tab, ...overflow }).toEqual({
        tab,
        scrollWidth: overflow.width,
        width: overflow.width,
        wide: [],
      });
    }
  });

  engineTest(
    addin,
    "typing a formula sends nothing; answers as cards: the switch makes FINDEMAIL an entity",
    async () => {
      const account = await addin.sandbox.account(10);
      const { valid } = examples.person;
      const page = await addin.openTaskPane();
      await saveKey(page, account.apiKey);
      const sent = lookupsSent();
      const args = [valid.first_name, valid.last_name, valid.domain.slice(0, -1), null, null];
      expect(errorOf(await preview(page, "FINDEMAIL", args))?.message).toBe(
        "Preview: press Enter to look up."
      );
      expect(lookupsSent()).toBe(sent);

      await showTab(page, "settings");
      await page.check("settings-cards", true);
      await page.waitForText("settings-cards-saved", /^Cards on/);
      const shown = (await findEmail(page, valid)) as unknown as Array<
        Array<{ type: string; text: string; properties: Record<string, { basicValue: unknown }> }>
      >;
      const card = shown[0]![0]!;
      expect(card.type).toBe("Entity");
      expect(card.text).toMatch(new RegExp(`@${valid.domain}$`));
      expect(card.properties.email!.basicValue).toBe(card.text);
      expect(card.properties.email_status!.basicValue).toBe("valid");
      expect(lookupsSent()).toBe(sent + 1);
      // The same formula previewed again: the kept answer, as a card, nothing sent.
      const again = (await preview(page, "FINDEMAIL", [
        valid.first_name,
        valid.last_name,
        valid.domain,
        null,
        null,
      ])) as unknown as Array<Array<{ text: string }>>;
      expect(again[0]![0]!.text).toBe(card.text);
      expect(lookupsSent()).toBe(sent + 1);
    }
  );

  engineTest(addin, "a key saved in Settings is used by the very next cell", async () => {
    const first = await addin.sandbox.account(10);
    const second = await addin.sandbox.account(10);
    const { valid } = examples.person;
    const page = await addin.openTaskPane();
    await saveKey(page, first.apiKey);
    await page.waitFor(() => document.body.textContent?.includes("Settings saved."), undefined, {
      what: "Settings saved.",
    });
    const answer = await findEmail(page, valid);
    expect(isEmail(answer)).toBe(true);
    expect(await first.credits()).toBe(9);

    await saveKey(page, second.apiKey);
    // The answer kept for the first account is not shown to the second: it is asked and paid.
    expect(await findEmail(page, valid)).toEqual(answer);
    expect(await second.credits()).toBe(9);
    expect(await first.credits()).toBe(9);
    expect(await calculate(page, "CREDITS", [])).toBe(9);
  });

  engineTest(
    addin,
    "reopened, the workbook's cells answer from kept answers, sending nothing",
    async () => {
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await startCells(page, "first", 3, 300);
      const first = await cellsOf(page, "first");
      expect(first.filter((cell) => errorOf(cell)?.error === "#VALUE!")).toEqual([]);
      const sent = lookupsSent();
      // Closed as soon as the last cell shows its answer.
      await page.close();

      const reopened = await addin.openTaskPane({ sameUserAs: page });
      await startCells(reopened, "again", 3, 300);
      expect(await cellsOf(reopened, "again")).toEqual(first);
      expect(lookupsSent()).toBe(sent);
      await showTab(reopened, "lookups");
      await reopened.waitForText("lookups-cached", /^3$/);
    }
  );

  engineTest(
    addin,
    "bounces from a selection: the bought ones pay back, are marked bounced, and are not bought again",
    async () => {
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      // Ten addresses bought through the add-in: verified valid (0.2 credit each).
      const candidates = Array.from({ length: 30 }, (_, i) => `eng${i}@eng-${i % 7}.example`);
      const verified: Cell[] = [];
      for (const email of candidates) verified.push(await calculate(page, "VERIFYEMAIL", [email]));
      const bought = candidates.filter((_, i) => verified[i] === "valid").slice(0, 10);
      expect(bought).toHaveLength(10);
      const fresh = Array.from({ length: 10 }, (_, i) => `engfresh${i}@never-bought.example`);
      await typeCells(page, "Sheet1", "A1", [["Email"], ...[...bought, ...fresh].map((e) => [e])]);
      await selectRange(page, "Sheet1", "A1:A21");
      await showTab(page, "report");
      await page.click("report-from-selection");
      await page.waitFor(
        () => document.querySelector('[data-testid="report-bounces"]')?.getAttribute("data-bought"),
        undefined,
        { what: "the count of addresses bought through the add-in" }
      );
      expect(await page.attribute("report-bounces", "data-count")).toBe("20");
      expect(await page.attribute("report-bounces", "data-bought")).toBe("10");
      const before = await account.credits();
      const reports = requestsTo(addin.relayLog, "/v5.1/report/bad-email");
      await page.click("report-bounces-submit");
      await page.waitForTestId("report-returned", { timeoutMs: 20_000 });
      const after = await account.credits();
      const returned = Number(await page.attribute("report-returned", "data-credits"));
      expect(returned).toBeCloseTo(after - before, 3);
      expect(returned).toBeCloseTo(2, 3);
      expect(await page.attribute("report-progress", "data-done")).toBe("20");
      expect(requestsTo(addin.relayLog, "/v5.1/report/bad-email") - reports).toBe(20);
      // Outcomes beside the list; a recalculation shows the bounce and sends nothing.
      const sheet = await sheetOf(page, "Sheet1");
      expect(sheet.values.slice(1).map((row) => row[1])).toEqual(Array(20).fill("reported"));
      const verifies = requestsTo(addin.relayLog, "/v5.1/verify-email");
      for (const email of bought.slice(0, 3))
        expect(errorOf(await calculate(page, "VERIFYEMAIL", [email]))).toMatchObject({
          error: "#N/A",
          message: expect.stringMatching(/^Bounced \(reported on \d{4}-\d{2}-\d{2}\)\.$/),
        });
      expect(requestsTo(addin.relayLog, "/v5.1/verify-email")).toBe(verifies);
    }
  );

  engineTest(
    addin,
    "asks before spending over the threshold (Run, Don't run); spending off sends nothing",
    async () => {
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "2" });
      const before = lookupsSent();

      await startCells(page, "run", 3, 100);
      await page.waitFor(
        () =>
          document
            .querySelector('[data-testid="spending-question"]')
            ?.getAttribute("data-count") === "3",
        undefined,
        { what: "the question for 3 lookups" }
      );
      expect(await page.attribute("spending-question", "data-max-credits")).toBe("3");
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lookupsSent()).toBe(before);
      await page.click("spending-run");
      const ran = await cellsOf(page, "run");
      expect(ran.filter((cell) => /^(Not run|Stopped)/.test(errorOf(cell)?.message ?? ""))).toEqual(
        []
      );
      expect(lookupsSent()).toBe(before + 3);
      await page.waitForTestId("spending-question", { state: "detached" });

      // A new recalculation (past the second that joins lookups into one): declined.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await startCells(page, "declined", 3, 200);
      await page.waitForTestId("spending-question");
      await page.click("spending-decline");
      const declined = await cellsOf(page, "declined");
      expect(declined).toEqual(
        new Array(3).fill({ error: "#N/A", message: expect.stringMatching(/^Not run: declined/) })
      );
      expect(lookupsSent()).toBe(before + 3);
      await page.waitForTestId("spending-question", { state: "detached" });

      // Spending off: a lookup not kept is not sent, whatever the threshold.
      await setSpending(page, { enabled: false });
      await startCells(page, "off", 1, 300);
      expect(await cellsOf(page, "off")).toEqual([
        { error: "#N/A", message: expect.stringMatching(/^Spending is off/) },
      ]);
      expect(lookupsSent()).toBe(before + 3);
    }
  );

  engineTest(
    addin,
    "Stop during a recalculation settles every cell not sent with Stopped",
    async () => {
      const account = await addin.sandbox.account(1000);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "" });
      await setFaults(served, { ...NO_FAULTS, slowRate: 1, slowMs: 300 });
      const before = lookupsSent();
      const cellCount = 150;
      await startCells(page, "stop", cellCount, 5000);
      await page.waitForText("lookups-answered", /^[1-9]\d*$/);
      await page.click("lookups-stop");
      const atStop = lookupsSent() - before;
      const cells = await cellsOf(page, "stop");
      const sent = lookupsSent() - before;
      // Only what was already on the wire (at most 6 connections) went out after Stop.
      expect(sent - atStop).toBeLessThanOrEqual(6);
      const stopped = cells.filter((cell) => /^Stopped/.test(errorOf(cell)?.message ?? ""));
      expect(stopped.every((cell) => errorOf(cell)?.error === "#N/A")).toBe(true);
      expect(cells.length - stopped.length).toBe(sent);
      expect(stopped.length).toBeGreaterThan(cellCount / 2);
      await page.waitForText("lookups-waiting", /^0$/);
      await page.waitForText("lookups-inflight", /^0$/);
      await page.waitForText("lookups-not-run", new RegExp(`^${stopped.length}$`));
      await page.waitForTestId("lookups-stopped");
    }
  );

  engineTest(
    addin,
    "a bulk job from the selection: preview and paid download into new sheets",
    async () => {
      const { person } = examples;
      const account = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      const table = [
        ["First name", "Last name", "Company website"],
        ...[person.valid, person.risky, person.not_found, person.blacklisted].map((p) => [
          p.first_name,
          p.last_name,
          p.domain,
        ]),
      ];
      await page.evaluate(async (values) => {
        await window.__hostShim.setCells("Leads", "A1", values);
        await window.__hostShim.setSelection("Leads", "A1:C5");
      }, table);
      await useKey(page, account.apiKey);

      await showTab(page, "bulk");
      await page.click("bulk-from-selection");
      await page.waitForTestId("bulk-map-first_name");
      expect(
        await Promise.all(
          ["first_name", "last_name", "domain", "email"].map((f) => page.value(`bulk-map-${f}`))
        )
      ).toEqual(["0", "1", "2", ""]);
      expect(await page.text("bulk-source")).toBe("4 rows from Leads A1:C5");
      await page.waitForText("bulk-cost", /4 rows in 1 search.*up to 4 credits/);
      // The mapping and the header row can be changed: what the search would be follows.
      await page.select("bulk-map-domain", "");
      await page.waitForText("error-message", /^A name needs a company or domain column\.$/);
      expect(await page.attribute("bulk-submit", "disabled")).not.toBeNull();
      await page.select("bulk-map-domain", "2");
      await page.waitForTestId("error-message", { state: "detached" });
      await page.check("bulk-has-header", false);
      await page.waitForText("bulk-source", /^5 rows from Leads A1:C5$/);
      await page.check("bulk-has-header", true);
      await page.waitForText("bulk-cost", /4 rows in 1 search.*up to 4 credits/);

      await page.click("bulk-submit");
      await page.waitForTestId("job-row");
      const jobId = (await page.attribute("job-row", "data-job-id"))!;
      expect(jobId).toMatch(/^blk_/);
      await page.waitFor(
        () =>
          document.querySelector('[data-testid="job-row"]')?.getAttribute("data-status") ===
          "completed",
        undefined,
        { timeoutMs: 20_000, what: "the job to complete" }
      );
      const { credits_needed: creditsNeeded } = await searchOf(account, "bulk", jobId);
      expect(creditsNeeded).toBeGreaterThan(0);

      // The free preview: the rows, no emails, nothing charged.
      await page.click("job-preview");
      const preview = await waitForNewSheet(page, ["Sheet1", "Leads"]);
      expect(preview.name).toBe("Leads A1_C5 preview");
      expect(preview.values.map((row) => row.slice(0, 3))).toEqual(table);
      const emailColumn = preview.values[0]!.indexOf("email");
      expect(emailColumn).toBeGreaterThan(2);
      expect(preview.values.slice(1).map((row) => row[emailColumn])).toEqual(["", "", "", ""]);
      expect(await account.credits()).toBe(100);

      // The paid download, after a confirmation that names the credits.
      await page.click("job-download");
      await page.waitForText("job-download-cost", new RegExp(`${creditsNeeded} credits?\\b`));
      await page.click("job-download-confirm");
      const results = await waitForNewSheet(page, ["Sheet1", "Leads", preview.name]);
      expect(results.name).toBe("Leads A1_C5");
      expect(results.values).toEqual(asSheetValues(await resultsOf(account, "bulk", jobId)));
      const byFirstName = (p: Person) => results.values.find((row) => row[0] === p.first_name)!;
      expect(byFirstName(person.valid)[emailColumn]).toMatch(/@/);
      expect(byFirstName(person.not_found)[emailColumn]).toBe("");
      expect(await account.credits()).toBe(100 - creditsNeeded);
      const book = await workbook(page);
      expect(book.tables.find((t) => t.sheet === results.name)).toMatchObject({
        showHeaders: true,
        rowCount: 4,
      });
      expectSheetNames(book);
      expectNoFormulas(book);
    }
  );

  engineTest(
    addin,
    "Enrich: a list's 30 rows get their email and status beside them; of 5 rows added, only those are looked up",
    async () => {
      const account = await addin.sandbox.account(100);
      const checker = await addin.sandbox.account(100);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      const header = ["First name", "Last name", "Company"];
      const list = peopleOf(examples.person, 0, 30);
      await typeCells(page, "Sheet1", "A1", [header, ...listRows(list)]);
      await selectRange(page, "Sheet1", "A1:C31");

      expect(await enrichFromSelection(page, 30)).toMatchObject({ rows: 30, maxCredits: 30 });
      const before = lookupsSent();
      await page.click("enrich-submit");
      // Over the spending threshold (25 credits by default): asked first, nothing sent until Run.
      expect(await waitForSpendingQuestion(page, 30)).toBe(30);
      expect(lookupsSent()).toBe(before);
      await page.click("spending-run");
      await waitForEnrichment(page, 30);
      expect(lookupsSent() - before).toBe(30);

      const answers = await Promise.all(list.map((p) => sandboxAnswerFor(checker, p)));
      expect(answers.slice(0, 4)).toEqual([
        [examples.verify.valid.email, "valid"],
        [examples.verify.risky.email, "risky"],
        ["\u2014", "not_found"],
        ["\u2014", "blacklisted"],
      ]);
      const enriched = await sheetOf(page, "Sheet1");
      expect(enriched.values[0]).toEqual([...header, "Email found", "Email status"]);
      // Each row's answer beside it; the list as typed: text stays text ("0003", not 3).
      expect(enriched.values.slice(1)).toEqual(
        list.map((p, i) => [p.first_name, p.last_name, p.domain, ...answers[i]!])
      );
      expect(enriched.formulas).toEqual({});

      // 5 rows added below, the grown list selected again: only they are looked up.
      const added = peopleOf(examples.person, 30, 35);
      await typeCells(page, "Sheet1", "A32", listRows(added));
      await selectRange(page, "Sheet1", "A1:C36");
      const cost = await enrichFromSelection(page, 35);
      expect(cost).toMatchObject({ rows: 5, maxCredits: 5 });
      expect(cost.text).toContain("30 already done");
      const beforeAdded = lookupsSent();
      await page.click("enrich-submit");
      await waitForEnrichment(page, 5);
      expect(lookupsSent() - beforeAdded).toBe(5);
      const grown = await sheetOf(page, "Sheet1");
      expect(grown.values.slice(0, 31)).toEqual(enriched.values);
      const addedAnswers = await Promise.all(added.map((p) => sandboxAnswerFor(checker, p)));
      expect(grown.values.slice(31)).toEqual(
        added.map((p, i) => [p.first_name, p.last_name, p.domain, ...addedAnswers[i]!])
      );
      expect(grown.formulas).toEqual({});
    }
  );

  engineTest(
    addin,
    "Freeze results turns the selection's MAIL formulas into their values",
    async () => {
      const page = await addin.openTaskPane();
      await page.evaluate(async () => {
        const shim = window.__hostShim;
        await shim.setCells("Sheet1", "A1", [
          ["Name", "Domain", "Email"],
          ["Ada", "acme.com"],
          ["Ben", "beta.io"],
          ["Cy", "gamma.org"],
        ]);
        // Results that Excel would read as a number and a formula if typed, and an error.
        await shim.setFormulaResult("Sheet1", "C2", "=MAIL.FINDEMAIL(A2,B2)", [["00123"]]);
        await shim.setFormulaResult("Sheet1", "C3", "=MAIL.FINDEMAIL(A3,B3)", [["=1+1"]]);
        await shim.setFormulaResult("Sheet1", "C4", "=MAIL.FINDEMAIL(A4,B4)", [["#N/A"]]);
        await shim.setFormulaResult("Sheet1", "D2", "=LEN(C2)", [[5]]);
        await shim.setSelection("Sheet1", "A1:D4");
      });
      await showTab(page, "lookups");
      await page.click("freeze-selection");
      // Reading, then writing the selection: WebKit under a loaded CI machine took over 10 s.
      expect(await page.waitForText("freeze-result", /Froze/, { timeoutMs: 30_000 })).toBe(
        "Froze 2 cells; 1 cell showing an error kept its formula."
      );
      const sheet = (await workbook(page)).sheets[0]!;
      expect(sheet.formulas).toEqual({ C4: "=MAIL.FINDEMAIL(A4,B4)", D2: "=LEN(C2)" });
      expect(sheet.values.slice(1).map((row) => row[2])).toEqual(["00123", "=1+1", "#N/A"]);
    }
  );
  engineTest(
    addin,
    "Refresh: the selection's old answers counted, looked up again, the cells shown the new ones",
    async () => {
      const account = await addin.sandbox.account(50);
      const page = await addin.openTaskPane();
      await useKey(page, account.apiKey);
      await setSpending(page, { threshold: "100" });
      // Ten FINDEMAIL formulas in a sheet (people the sandbox finds), calculated as Excel does
      // when they are entered.
      const found = addin.sandbox.app.sandbox.directory.companies
        .filter((c) => c.mailServer === "verifying")
        .map((c) => c.people.find((p) => !p.blacklisted && p.nameSplittable))
        .filter((p) => p !== undefined)
        .slice(0, 10);
      expect(found).toHaveLength(10);
      const rows = found.map((p, i) => [
        p.firstName,
        p.lastName,
        p.company.domain,
        `=MAIL.FINDEMAIL(A${i + 2},B${i + 2},C${i + 2},,"email,email_status")`,
      ]);
      await typeCells(page, "Sheet1", "A1", [["First", "Last", "Domain", "Email"], ...rows]);
      await page.evaluate(() => window.__hostShim.calculate("Sheet1", "D2:D11"));
      const sent = lookupsSent();
      await selectRange(page, "Sheet1", "D2:D11");

      // Answers older than 0 days: every one of them (the page's clock is not moved here).
      await showTab(page, "lookups");
      await page.fill("refresh-age", "0");
      await page.click("refresh-check");
      await page.waitForTestId("refresh-count");
      expect(await page.attribute("refresh-count", "data-count")).toBe("10");
      expect(await page.attribute("refresh-count", "data-max-credits")).toBe("10");
      expect(lookupsSent()).toBe(sent);
      await page.click("refresh-run");
      await page.waitForTestId("refresh-changed", { timeoutMs: 30_000 });
      expect(lookupsSent()).toBe(sent + 10);
      expect(await page.attribute("refresh-changed", "data-count")).toBe("0");
      expect(await page.waitForText("refresh-changed", /looked up again/)).toMatch(
        /^10 answers looked up again \(0 credits\): nothing changed\./
      );
      // The cells were calculated again and show the same answers.
      const cells = await page.evaluate(() =>
        Array.from({ length: 10 }, (_, i) => window.__hostShim.calculatedResult(`Sheet1!D${i + 2}`))
      );
      expect(cells.filter((cell) => Array.isArray(cell))).toHaveLength(10);
    }
  );
});
