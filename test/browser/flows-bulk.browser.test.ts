import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";
import {
  asSheetValues,
  expectFitsThePane,
  expectKeyNowhere,
  expectNoFormulas,
  expectSheetNames,
  jobRow,
  jobRows,
  recordConsole,
  resultsOf,
  searchOf,
  showTab,
  textOf,
  useKey,
  waitForJobStatus,
  waitForNewSheet,
  waitForText,
} from "./flows-helpers";

// The bulk flow of the task pane, in Chromium against a sandbox over HTTP: a
// table selected in the workbook, the suggested mapping and the cost, the job tracked to its
// end, the free preview and the paid download into new sheets, and what lands in the workbook.

type Person = { first_name: string; last_name: string; domain: string };

/** Typed with a leading apostrophe, as a user types text that Excel would read as a formula. */
const FORMULA_TEXT = "=cmd|'/C calc'!A0";
const AT_TEXT = "@SUM(1+1)";

describeBrowser("task pane flows in Chromium: bulk search from the selection", () => {
  const addin = useAddin();

  browserTest(
    "selection -> mapping and cost -> job -> free preview -> paid download into new sheets, no formula, no key",
    async () => {
      const examples = await addin.sandbox.examples();
      const person = examples.person as Record<
        "valid" | "risky" | "not_found" | "blacklisted",
        Person
      >;
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const page = await addin.openTaskPane({ context });

      // A fourth column that maps to nothing, with a long header (the mapping's options show it).
      const table = [
        ["First name", "Last name", "Company website", "Notes from the trade fair in May"],
        [person.valid.first_name, person.valid.last_name, person.valid.domain, "met at the booth"],
        [
          person.risky.first_name,
          person.risky.last_name,
          `https://www.${person.risky.domain}/team`,
          "",
        ],
        [
          person.not_found.first_name,
          person.not_found.last_name,
          person.not_found.domain,
          "call back",
        ],
        [
          person.blacklisted.first_name,
          person.blacklisted.last_name,
          person.blacklisted.domain,
          "",
        ],
        ["Grace", `'${FORMULA_TEXT}`, person.valid.domain, "'-1+2"],
        [`'${AT_TEXT}`, "Hopper", person.valid.domain, ""],
        ["Alan", "Turing", "turing-machines.example", ""],
        ["Ada", "Lovelace", "analytical-engines.example", "'+44 20 7946 0000"],
      ];
      await page.evaluate((values) => window.__hostShim.setCells("Leads", "A1", values), table);
      await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:D9"));
      // The apostrophe kept the dangerous input as text: the input sheet holds no formula either.
      const input = (await addin.workbook(page)).sheets.find((s) => s.name === "Leads")!;
      expect(input.formulas).toEqual({});
      expect(input.values[5]![1]).toBe(FORMULA_TEXT);
      expect(input.values[6]![0]).toBe(AT_TEXT);
      expect(input.values[8]![3]).toBe("+44 20 7946 0000");

      await useKey(page, account.apiKey);
      await page.waitForFunction(
        () => document.querySelector('[data-testid="account-credits"]')?.textContent === "100"
      );

      // Bulk: the mapping is suggested from the header names, the cost is said before submitting.
      await showTab(page, "bulk");
      await page.getByTestId("bulk-from-selection").click();
      await page.getByTestId("bulk-map-first_name").waitFor();
      const mapping: Record<string, string> = {};
      for (const field of [
        "first_name",
        "last_name",
        "full_name",
        "company_name",
        "domain",
        "email",
        "linkedin_url",
      ]) {
        mapping[field] = await page.getByTestId(`bulk-map-${field}`).inputValue();
      }
      expect(mapping).toEqual({
        first_name: "0",
        last_name: "1",
        full_name: "",
        company_name: "",
        domain: "2",
        email: "",
        linkedin_url: "",
      });
      expect(await page.getByTestId("bulk-map-domain").locator("option:checked").innerText()).toBe(
        "C: Company website"
      );
      expect(await textOf(page, "bulk-source")).toBe("8 rows from Leads A1:D9");
      const cost = await textOf(page, "bulk-cost");
      expect(cost).toContain("8 rows in 1 search");
      expect(cost).toContain("up to 8 credits");
      expect(await page.getByTestId("error-message").count()).toBe(0);
      await expectFitsThePane(page);
      await screenshot(page, "bulk-mapping");

      // Submit: the pane moves to Jobs, where the job runs to "completed".
      await page.getByTestId("bulk-submit").click();
      await page.getByTestId("job-row").waitFor();
      expect(await page.getByTestId("tab-jobs").getAttribute("aria-selected")).toBe("true");
      const [row] = await jobRows(page);
      expect(row!.id).toMatch(/^blk_/);
      const jobId = row!.id;
      await waitForJobStatus(page, jobId, "completed");
      const card = jobRow(page, jobId);
      await card.getByTestId("job-preview").waitFor();
      expect(await card.innerText()).toContain("8 rows:");
      // The workbook keeps the job (its id and status, nothing secret) for a reopening.
      const saved = await addin.savedJobs(page);
      expect(saved).toEqual([
        expect.objectContaining({ kind: "bulk", id: jobId, label: "Leads A1:D9" }),
      ]);

      const search = await searchOf(account, "bulk", jobId);
      expect(search).toMatchObject({ status: "completed", paid: false, counts: { total: 8 } });
      expect(search.counts.found_valid + search.counts.found_unknown).toBeGreaterThanOrEqual(2);
      const creditsNeeded: number = search.credits_needed;
      expect(creditsNeeded).toBeGreaterThan(0);
      expect(creditsNeeded).toBeLessThanOrEqual(8);

      // The free preview: a new sheet with the header and rows, the emails blank, nothing charged.
      const before = ["Sheet1", "Leads"];
      await card.getByTestId("job-preview").click();
      const preview = await waitForNewSheet(addin, page, before);
      expect(preview.name).toBe("Leads A1_D9 preview");
      const header = preview.values[0]!;
      expect(header.slice(0, 4)).toEqual(table[0]);
      expect(header).toEqual(expect.arrayContaining(["email", "email_status"]));
      const emailColumn = header.indexOf("email");
      expect(preview.values).toHaveLength(9);
      expect(preview.values.slice(1).map((r) => r.slice(0, 4))).toEqual(
        asSheetValues(table.slice(1).map((r) => r.map((c) => c.replace(/^'/, ""))))
      );
      expect(preview.values.slice(1).map((r) => r[emailColumn])).toEqual(new Array(8).fill(""));
      await card.getByText(`Written to the sheet "${preview.name}".`).waitFor();
      expect(await account.credits()).toBe(100);
      expect((await searchOf(account, "bulk", jobId)).paid).toBe(false);
      await expectFitsThePane(page);
      await screenshot(page, "jobs");

      // The paid download: a confirmation names the credits first.
      await card.getByTestId("job-download").click();
      const confirmation = page.getByTestId("job-download-cost");
      await confirmation.waitFor();
      expect(await confirmation.innerText()).toContain(`${creditsNeeded} credits`);
      expect(await page.getByTestId("job-download-confirm").innerText()).toContain(
        `Pay ${creditsNeeded} credits`
      );
      expect(await account.credits()).toBe(100);
      await page.getByTestId("job-download-confirm").click();
      const results = await waitForNewSheet(addin, page, [...before, preview.name]);
      expect(results.name).toBe("Leads A1_D9");
      await card.getByText(`Written to the sheet "${results.name}".`).waitFor();

      // Exactly the service's paid results, as an Excel table with a header row.
      const paid = await resultsOf(account, "bulk", jobId);
      expect(results.values).toEqual(asSheetValues(paid));
      expect(results.values).toHaveLength(9);
      const rowsOf = (first: string) => results.values.slice(1).find((r) => r[0] === first)!;
      const status = header.indexOf("email_status");
      expect(rowsOf(person.valid.first_name)[status]).toBe("valid");
      expect(rowsOf(person.valid.first_name)[emailColumn]).toMatch(/@/);
      expect(rowsOf(person.risky.first_name)[status]).toBe("risky");
      expect(rowsOf(person.risky.first_name)[emailColumn]).toMatch(/@/);
      expect(rowsOf(person.not_found.first_name)[emailColumn]).toBe("");
      let workbook = await addin.workbook(page);
      const resultTable = workbook.tables.find((t) => t.sheet === results.name)!;
      expect(resultTable).toMatchObject({
        showHeaders: true,
        rowCount: 8,
        headers: header,
        address: `'${results.name}'!A1:${String.fromCharCode(64 + header.length)}9`,
      });
      expect(results.frozenRows).toBe(1);
      expect(workbook.activeSheet).toBe(results.name);

      // Paid exactly once, exactly what the confirmation said.
      expect(await account.credits()).toBe(100 - creditsNeeded);
      await page.waitForFunction(
        (left) =>
          document.querySelector('[data-testid="account-credits"]')?.textContent === String(left),
        100 - creditsNeeded
      );
      // The session's spend counts what the download paid, though its answer carries no credits_charged.
      await page.waitForFunction(
        (spent) =>
          document.querySelector('[data-testid="session-spend"]')?.textContent === String(spent),
        creditsNeeded
      );
      expect(await searchOf(account, "bulk", jobId)).toMatchObject({
        paid: true,
        credits_needed: 0,
      });

      // The dangerous texts are shown literally, as text, in the results.
      expect(rowsOf("Grace")[1]).toBe(FORMULA_TEXT);
      expect(rowsOf(AT_TEXT)[0]).toBe(AT_TEXT);
      expect(rowsOf("Grace")[3]).toBe("-1+2");
      expect(rowsOf("Ada")[3]).toBe("+44 20 7946 0000");
      expect(results.numberFormats).toMatchObject({ B7: "@" });
      expectNoFormulas(workbook);

      // A second download is free (no confirmation) and makes another sheet with a unique name.
      await card.getByTestId("job-download").click();
      const again = await waitForNewSheet(addin, page, [...before, preview.name, results.name]);
      expect(again.name).toBe("Leads A1_D9 (2)");
      expect(again.values).toEqual(results.values);
      expect(await page.getByTestId("job-download-cost").count()).toBe(0);
      expect(await account.credits()).toBe(100 - creditsNeeded);
      await waitForText(
        page,
        "job-row",
        /Sheets: Leads A1_D9 preview, Leads A1_D9, Leads A1_D9 \(2\)/
      );
      await expectFitsThePane(page);

      workbook = await addin.workbook(page);
      expect(workbook.sheets.map((s) => s.name)).toEqual([
        "Sheet1",
        "Leads",
        "Leads A1_D9 preview",
        "Leads A1_D9",
        "Leads A1_D9 (2)",
      ]);
      expect(new Set(workbook.tables.map((t) => t.name)).size).toBe(3);
      expectSheetNames(workbook);
      expectNoFormulas(workbook);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );
});
