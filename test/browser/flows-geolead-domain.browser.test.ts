import Papa from "papaparse";
import type { Page } from "playwright-core";
import { eventually } from "../helpers/sandbox";
import { browserTest, describeBrowser, requestsOf, screenshot, useAddin } from "./harness";
import {
  asSheetValues,
  expectFitsThePane,
  type GeoExample,
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

// The GeoLead and domain-file flows of the task pane, in Chromium against a
// sandbox over HTTP: validation before anything is sent, the job tracked to its end, what a
// paid action costs said before it runs and charged once, and the results in new sheets.

describeBrowser("task pane flows in Chromium: GeoLead and domain files", () => {
  // A domain file takes a while to prepare, so that "being prepared" can be seen.
  const addin = useAddin({ sandbox: { jobStepMs: 50, jobChunkSize: 50, domainReadyMs: 1500 } });

  browserTest(
    "GeoLead: a radius over 25 km is refused next to the field and nothing is sent; the search runs and downloads into a new sheet",
    async () => {
      const geo = (await addin.sandbox.examples()).geo_lead as unknown as GeoExample;
      const account = await addin.sandbox.account(500);
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const page = await addin.openTaskPane({ context });
      await useKey(page, account.apiKey);

      await showTab(page, "geo");
      await page.getByTestId("geo-query").fill(geo.query);
      await page.getByTestId("geo-latitude").fill(String(geo.latitude));
      await page.getByTestId("geo-longitude").fill(String(geo.longitude));
      await page.getByTestId("geo-radius").fill("30");
      await page.getByTestId("geo-categories").fill(geo.find_decision_maker_categories.join(", "));
      expect(await page.getByTestId("geo-company-emails").isChecked()).toBe(
        geo.find_company_emails
      );
      await page.getByTestId("geo-label").fill(geo.file_name);

      // Validated before sending: the message is next to the radius field, and nothing went out.
      const isGeoLeadPost = (r: { method: string; path?: string; url?: string }) =>
        r.method === "POST" && /\/v5\.1\/geo-lead/.test(r.path ?? r.url ?? "");
      const fieldError = (testId: string) =>
        page
          .locator(".fui-Field")
          .filter({ has: page.getByTestId(testId) })
          .getByTestId("error-message");
      await page.getByTestId("geo-submit").click();
      await fieldError("geo-radius").waitFor();
      expect(await fieldError("geo-radius").innerText()).toContain("1 to 25 km");
      await expectFitsThePane(page);
      expect(await page.getByTestId("error-message").count()).toBe(1);
      // The same for a latitude out of range.
      await page.getByTestId("geo-radius").fill(String(geo.radius_km));
      await page.getByTestId("geo-latitude").fill("91");
      await page.getByTestId("geo-submit").click();
      await fieldError("geo-latitude").waitFor();
      expect(await page.getByTestId("error-message").count()).toBe(1);
      expect(addin.relayLog.filter(isGeoLeadPost)).toEqual([]);
      expect(requestsOf(page).filter(isGeoLeadPost)).toEqual([]);
      expect(await page.getByTestId("tab-geo").getAttribute("aria-selected")).toBe("true");

      await page.getByTestId("geo-latitude").fill(String(geo.latitude));
      expect(await page.getByTestId("error-message").count()).toBe(0);
      await expectFitsThePane(page);
      await screenshot(page, "geolead");
      await page.getByTestId("geo-submit").click();

      // Jobs: the search runs through its states to "completed".
      await page.getByTestId("job-row").waitFor();
      const [row] = await jobRows(page);
      const jobId = row!.id;
      expect(row!.text).toContain(geo.file_name);
      expect(row!.text).toContain("GeoLead");
      const created = addin.relayLog.filter(isGeoLeadPost);
      expect(created.map((r) => `${r.path} ${r.status}`)).toEqual(["/v5.1/geo-lead 200"]);
      await waitForJobStatus(page, jobId, "completed");
      const search = await searchOf(account, "geo-lead", jobId);
      expect(search).toMatchObject({
        query: geo.query,
        radius_km: geo.radius_km,
        latitude: geo.latitude,
        longitude: geo.longitude,
        paid: false,
      });
      expect(search.counts.total).toBeGreaterThan(0);
      const creditsNeeded: number = search.credits_needed;
      expect(creditsNeeded).toBeGreaterThan(0);

      // Download: the confirmation names the credits; then a new sheet holds every row.
      const card = jobRow(page, jobId);
      await card.getByTestId("job-download").click();
      await page.getByTestId("job-download-cost").waitFor();
      expect(await textOf(page, "job-download-cost")).toContain(`${creditsNeeded} credits`);
      await page.getByTestId("job-download-confirm").click();
      const sheet = await waitForNewSheet(addin, page, ["Sheet1"]);
      expect(sheet.name).toBe(geo.file_name);
      const paid = await resultsOf(account, "geo-lead", jobId);
      expect(sheet.values).toEqual(asSheetValues(paid));
      expect(sheet.values.length - 1).toBe(search.counts.total);
      const header = sheet.values[0]!;
      expect(header).toEqual(
        expect.arrayContaining([
          "name",
          "company_emails",
          "decision_maker_category",
          "decision_maker_email",
        ])
      );
      // Paid columns are filled: company emails (a comma list) and decision makers' emails.
      const column = (name: string) =>
        sheet.values
          .slice(1)
          .map((r) => String(r[header.indexOf(name)]))
          .filter((e) => e !== "");
      const emails = [
        ...column("company_emails").flatMap((list) => list.split(", ")),
        ...column("decision_maker_email"),
      ];
      expect(column("decision_maker_email").length).toBeGreaterThan(0);
      for (const email of emails) expect(email).toMatch(/^[^@\s,]+@[^@\s,]+$/);
      const workbook = await addin.workbook(page);
      expect(workbook.tables.find((t) => t.sheet === sheet.name)).toMatchObject({
        showHeaders: true,
        rowCount: search.counts.total,
        headers: header,
      });
      expect(await account.credits()).toBe(500 - creditsNeeded);
      await page.waitForFunction(
        (left) => document.querySelector('[data-testid="account-credits"]')?.textContent === left,
        (500 - creditsNeeded).toLocaleString("en-US", { maximumFractionDigits: 2 })
      );

      expectSheetNames(workbook);
      expectNoFormulas(workbook);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );

  browserTest(
    "domain file: count and price, an order after a confirmation naming the credits, charged once, ready, downloaded into a new sheet",
    async () => {
      const { domain } = (await addin.sandbox.examples()).domain_file as { domain: string };
      const account = await addin.sandbox.account(1000);
      const info = (await account.request("GET", `/v5.1/domain/${domain}/email`)).body as {
        email_count: number;
        credits_required: number;
        status: string | null;
      };
      expect(info.status).toBeNull();
      expect(info.email_count).toBeGreaterThan(0);
      expect(info.credits_required).toBe(Math.ceil(info.email_count / 10));
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const page = await addin.openTaskPane({ context });
      await useKey(page, account.apiKey);

      // A malformed domain is refused next to the field, nothing is sent.
      await showTab(page, "domain");
      const relayed = addin.relayLog.length;
      await page.getByTestId("domain-name").fill("not a domain");
      await page.getByTestId("domain-check").click();
      await page
        .locator(".fui-Field")
        .filter({ has: page.getByTestId("domain-name") })
        .getByTestId("error-message")
        .waitFor();
      expect(addin.relayLog.slice(relayed)).toEqual([]);

      // Count and price.
      await page.getByTestId("domain-name").fill(domain);
      await page.getByTestId("domain-check").click();
      await page.getByTestId("domain-info").waitFor();
      expect(await textOf(page, "domain-info")).toBe(
        `${info.email_count.toLocaleString("en-US")} emails on file for ${domain} · ${info.credits_required} credits · not ordered`
      );
      expect(await page.getByTestId("domain-download").isDisabled()).toBe(true);
      await expectFitsThePane(page);

      // Order: a confirmation names the credits first; nothing is charged before it is confirmed.
      await page.getByTestId("domain-order").click();
      await page.getByTestId("domain-confirm").waitFor();
      expect(await textOf(page, "domain-confirm-text")).toContain(
        `This costs ${info.credits_required} credits`
      );
      expect(await page.getByTestId("domain-confirm").innerText()).toBe(
        `Order for ${info.credits_required} credits`
      );
      await screenshot(page, "domain");
      expect(await account.credits()).toBe(1000);
      await page.getByTestId("domain-confirm").click();
      await page.getByTestId("domain-confirm").waitFor({ state: "detached" });

      // Being prepared, then ready: the download becomes enabled.
      await page.waitForFunction(() =>
        /being prepared$/.test(
          document.querySelector('[data-testid="domain-info"]')?.textContent ?? ""
        )
      );
      expect(await page.getByTestId("domain-order").count()).toBe(0);
      expect(await page.getByTestId("domain-download").isDisabled()).toBe(true);
      expect(await account.credits()).toBe(1000 - info.credits_required);
      await page.waitForFunction(
        () =>
          /ready to download/.test(
            document.querySelector('[data-testid="domain-info"]')?.textContent ?? ""
          ),
        undefined,
        { timeout: 15_000 }
      );
      await page.waitForFunction(
        () =>
          !(document.querySelector('[data-testid="domain-download"]') as HTMLButtonElement | null)
            ?.disabled
      );
      await page.getByTestId("domain-download").click();
      const sheet = await waitForNewSheet(addin, page, ["Sheet1"]);
      await page.getByTestId("domain-done").waitFor();
      expect(await textOf(page, "domain-done")).toBe(`Written to the sheet "${sheet.name}".`);
      expect(sheet.name).toBe(`${domain} emails`);
      expect(sheet.values).toHaveLength(info.email_count + 1);
      const csv = (await account.request("GET", `/v5.1/domain/${domain}/email/download`)).text;
      const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), {
        skipEmptyLines: true,
      }).data;
      expect(sheet.values).toEqual(parsed);

      // The Jobs tab lists the order as ready; paid exactly once.
      await showTab(page, "jobs");
      await waitForJobStatus(page, domain, "ready");
      expect(await jobRow(page, domain).innerText()).toContain(`Domain file · ${domain}`);
      expect(await jobRow(page, domain).innerText()).toContain(`Sheets: ${sheet.name}`);
      await expectFitsThePane(page);
      const orders = addin.relayLog.filter(
        (r) => r.method === "POST" && r.path === `/v5.1/domain/${domain}/email/order`
      );
      expect(orders.map((r) => r.status)).toEqual([200]);
      expect(await account.credits()).toBe(1000 - info.credits_required);
      await page.waitForFunction(
        (left) => document.querySelector('[data-testid="account-credits"]')?.textContent === left,
        (1000 - info.credits_required).toLocaleString("en-US")
      );

      const workbook = await addin.workbook(page);
      expectSheetNames(workbook);
      expectNoFormulas(workbook);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );

  browserTest(
    "domain file ordered outside this workbook: downloaded from the Domain tab, its sheet is recorded like a tracked order's, in the workbook",
    async () => {
      const { domain } = (await addin.sandbox.examples()).domain_file as { domain: string };
      const account = await addin.sandbox.account(1000);
      // Ordered through the API (or another workbook): this workbook has no record of it.
      expect((await account.request("POST", `/v5.1/domain/${domain}/email/order`)).status).toBe(
        200
      );
      await eventually(
        async () =>
          (await account.request("GET", `/v5.1/domain/${domain}/email`)).body.status === "ready"
            ? true
            : undefined,
        15_000,
        "the domain file to be ready"
      );
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const relayed = addin.relayLog.length;
      const page = await addin.openTaskPane({ context });
      await useKey(page, account.apiKey);
      expect((await addin.workbook(page)).settings["mailFinder.jobs"] ?? []).toEqual([]);

      /** Checks the domain in the Domain tab and downloads its file into a new sheet. */
      async function downloadFromDomainTab(p: Page, known: string[]): Promise<string> {
        await showTab(p, "domain");
        await p.getByTestId("domain-name").fill(domain);
        await p.getByTestId("domain-check").click();
        await waitForText(p, "domain-info", /ready to download$/);
        await p.getByTestId("domain-download").click();
        const sheet = await waitForNewSheet(addin, p, known);
        await waitForText(p, "domain-done", /Written to the sheet/);
        return sheet.name;
      }

      const sheet = await downloadFromDomainTab(page, ["Sheet1"]);
      expect(sheet).toBe(`${domain} emails`);
      const record = {
        kind: "domain_file",
        id: domain,
        label: `${domain} emails`,
        lastStatus: "ready",
        lastError: null,
      };
      // Saved in the workbook (document settings, saved and live), like a tracked order.
      expect((await addin.workbook(page)).settings["mailFinder.jobs"]).toEqual([
        expect.objectContaining({ ...record, resultSheets: [sheet] }),
      ]);
      expect(
        (await page.evaluate(() => window.__hostShim.liveSettings()))["mailFinder.jobs"]
      ).toEqual([expect.objectContaining({ ...record, resultSheets: [sheet] })]);
      // Already ready when it was recorded: nothing is announced.
      expect(await page.getByTestId("job-finished").count()).toBe(0);
      expect(await page.getByTestId("jobs-badge").count()).toBe(0);

      // The Jobs tab lists it with its sheet; a second download adds to the same record.
      await showTab(page, "jobs");
      await waitForJobStatus(page, domain, "ready");
      expect(await jobRow(page, domain).innerText()).toContain(`Sheets: ${sheet}`);
      const again = await downloadFromDomainTab(page, ["Sheet1", sheet]);
      expect(again).toBe(`${domain} emails (2)`);
      expect((await addin.workbook(page)).settings["mailFinder.jobs"]).toEqual([
        expect.objectContaining({ ...record, resultSheets: [sheet, again] }),
      ]);
      // Paid once, by the order: the pane ordered nothing.
      const orders = addin.relayLog
        .slice(relayed)
        .filter((r) => r.path.startsWith(`/v5.1/domain/${domain}/email/order`));
      expect(orders).toEqual([]);

      const workbook = await addin.workbook(page);
      expectSheetNames(workbook);
      expectNoFormulas(workbook);
      await expectKeyNowhere(addin, page, account.apiKey, consoleLines);
    },
    { timeoutMs: 45_000 }
  );
});
