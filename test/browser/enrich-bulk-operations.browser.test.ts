import type { Page } from "playwright-core";
import type { TestAccount } from "../helpers/sandbox";
import {
  fillList,
  openWithAccount,
  previewThenDownload,
  readSelection,
  sheetOf,
  showEnrich,
  submitAsBulk,
} from "./enrich-helpers";
import { waitForJobStatus } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin, type Addin } from "./harness";

// Enrich through a bulk search for the operations other than "person", in
// Chromium against the sandbox: a plain range of emails verified, and an Excel table of
// companies given decision makers (categories in order of importance) in new table columns.
// The threshold is set to 5, so that a list of about fifty rows goes as a bulk search. Each
// row must hold what the single lookup answers for its own input, asked of the sandbox
// directly with the same account's key once the results are bought.

const THRESHOLD = "5";
const NO_VALUE = "\u2014";

type Examples = Record<string, Record<string, Record<string, unknown>>>;
const examplesOf = async (addin: Addin): Promise<Examples> =>
  (await addin.sandbox.examples()) as Examples;

/** Sets the threshold, and waits for the plan of `rows` rows to do, as a bulk search. */
async function asBulk(page: Page, rows: number): Promise<void> {
  await page.getByTestId("enrich-bulk-threshold").fill(THRESHOLD);
  await page.getByTestId("enrich-as-bulk").waitFor();
  await page.waitForFunction(
    (n) =>
      document.querySelector('[data-testid="enrich-cost"]')?.getAttribute("data-rows") ===
      String(n),
    rows
  );
}

/** Waits for the job to complete, then its free preview and the paid download into the list. */
async function downloadIntoList(addin: Addin, page: Page, id: string, rows: number) {
  const saved = (await addin.savedJobs(page)).find((j) => j.id === id)!;
  expect(saved.kind).toBe("enrich");
  await waitForJobStatus(page, id, "completed", 20_000);
  return { saved, ...(await previewThenDownload(addin, page, id, rows)) };
}

type Company = { domain: string } | { company_name: string };

async function answer(account: TestAccount, path: string, body: object): Promise<any> {
  const reply = await account.request("POST", path, body);
  if (reply.status !== 200) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
  return reply.body;
}

describeBrowser(
  "task pane in Chromium: Enrich's bulk search for verify and decision makers",
  () => {
    const addin = useAddin();

    browserTest(
      "verify: each row's status is what verify-email answers for its email",
      async () => {
        const verify = (await examplesOf(addin)).verify as Record<string, { email: string }>;
        const [valid, risky, invalid] = [
          verify.valid!.email,
          verify.risky!.email,
          verify.invalid!.email,
        ];
        const at = (email: string) => email.slice(email.indexOf("@") + 1);
        // Emails from the examples, in forms a list holds: other mailboxes of their domains,
        // other case, surrounding spaces; plus unknown domains (the sandbox answers any).
        const emailFor = (i: number): string =>
          [
            valid,
            risky,
            invalid,
            valid.toUpperCase(),
            `someone${i}@${at(risky)}`,
            `someone${i}@${at(valid)}`,
            `contact${i}@verify-${i}.example`,
            `  ${valid}  `,
          ][i % 8]!;
        const NOT_AN_EMAIL = 17;
        const BLANK = 30;
        const data = Array.from({ length: 48 }, (_, i): string[] =>
          i === BLANK
            ? ["", ""]
            : [`Contact ${i}`, i === NOT_AN_EMAIL ? "not an email" : emailFor(i)]
        );
        const toDo = data.length - 2;

        const { page, account } = await openWithAccount(addin, 1000);
        // The list starts at B2: its rows are not the sheet's rows.
        await fillList(page, [["Contact", "Email"], ...data], "B2:C50", "B2");
        await showEnrich(page);
        await page.getByTestId("enrich-operation").selectOption("verify");
        await readSelection(page, data.length);
        await asBulk(page, toDo);
        expect(await page.getByTestId("enrich-map-email").inputValue()).toBe("1");
        const id = await submitAsBulk(page);
        const before = await account.credits();
        const { saved, message, costText } = await downloadIntoList(addin, page, id, toDo);
        expect(await account.credits()).toBeLessThan(before);
        expect(saved.enrich).toMatchObject({ operation: "verify", outputs: ["email_status"] });
        expect(costText).toMatch(/credits/);
        expect(message).toMatch(new RegExp(`^${toDo} rows written in sheet "Sheet1"\\.$`));

        const sheet = await sheetOf(addin, page);
        expect(sheet.formulas).toEqual({});
        expect(sheet.values[1]).toEqual(["", "Contact", "Email", "Email status"]);
        const seen = new Set<string>();
        for (const [i, [contact, email]] of data.entries()) {
          const row = sheet.values[i + 2]!;
          expect(row.slice(1, 3)).toEqual([contact, email]);
          if (i === BLANK) expect(row[3] ?? "").toBe("");
          else if (i === NOT_AN_EMAIL) expect(row[3]).toMatch(/^skipped: /);
          else {
            const expected = await answer(account, "/v5.1/verify-email", { email: email!.trim() });
            expect({ row: i + 3, email, status: row[3] }).toEqual({
              row: i + 3,
              email,
              status: expected.email_status,
            });
            seen.add(expected.email_status);
          }
        }
        // Every outcome of a verification is among the rows.
        expect([...seen].sort()).toEqual(["invalid", "risky", "valid"]);
      }
    );

    browserTest(
      "decision makers (ceo, sales) for an Excel table: new table columns, each row what decision-maker answers",
      async () => {
        const examples = await examplesOf(addin);
        const domain = (op: string, outcome: string) =>
          (examples[op]![outcome] as { domain: string }).domain;
        // Companies from the examples: one with a CEO found valid, one risky, none found, one
        // blacklisted, one without an MX, and the domain-file company (a CEO and sales people).
        const [ceo, catchAll, nobody, removed, noMx, many] = [
          domain("decision_maker", "valid"),
          domain("decision_maker", "risky"),
          domain("decision_maker", "not_found"),
          domain("decision_maker", "blacklisted"),
          domain("company", "not_found"),
          (examples.domain_file as unknown as { domain: string }).domain,
        ];
        // The company's name, as a list may hold it instead of the website.
        const checker = await addin.sandbox.account(100);
        const named = (await answer(checker, "/v5.1/find-email/person", examples.person!.valid!))
          .person_company_name as string;
        // What row i's cell holds, and the company it names in a lookup's body.
        const forms: Array<(i: number) => [string, Company]> = [
          () => [ceo, { domain: ceo }],
          () => [many, { domain: many }],
          () => [catchAll, { domain: catchAll }],
          () => [`www.${many}`, { domain: many }],
          () => [nobody, { domain: nobody }],
          () => [removed, { domain: removed }],
          () => [`https://${ceo}/about`, { domain: ceo }],
          () => [noMx, { domain: noMx }],
          () => [named, { company_name: named }],
          (i) => [`dm-${i}.example`, { domain: `dm-${i}.example` }],
          () => [many.toUpperCase(), { domain: many }],
        ];
        const ROWS = 44;
        const companies = Array.from({ length: ROWS }, (_, i) => forms[i % forms.length]!(i));
        const categories = ["ceo", "sales"];

        const { page, account } = await openWithAccount(addin, 1000);
        // A table whose header is B3 (not the sheet's first row or column).
        await fillList(
          page,
          [["Company", "Notes"], ...companies.map(([cell], i) => [cell, `note ${i}`])],
          "C10",
          "B3"
        );
        await page.evaluate(
          (last) =>
            Excel.run(async (context) => {
              context.workbook.tables.add(`Sheet1!B3:C${last}`, true);
              await context.sync();
            }),
          ROWS + 3
        );
        await showEnrich(page);
        await page.getByTestId("enrich-operation").selectOption("decision_maker");
        // No cost before the categories are given.
        await readSelection(page, ROWS, false);
        await page.getByTestId("enrich-categories").fill(categories.join(", "));
        await page.getByTestId("enrich-output-valid_email").check();
        await page.getByTestId("enrich-output-decision_maker_category").check();
        await asBulk(page, ROWS);
        expect(await page.getByTestId("enrich-map-company_name").inputValue()).toBe("0");
        const tableName = (await addin.workbook(page)).tables[0]!.name;
        const id = await submitAsBulk(page);
        const before = await account.credits();
        const { saved, message, costText } = await downloadIntoList(addin, page, id, ROWS);
        expect(costText).toMatch(/credits/);
        expect(await account.credits()).toBeLessThan(before);
        expect(saved.enrich).toMatchObject({
          operation: "decision_maker",
          tableName,
          outputs: ["email", "email_status", "valid_email", "decision_maker_category"],
        });
        expect(message).toMatch(new RegExp(`^${ROWS} rows written in table ${tableName}\\.$`));

        const workbook = await addin.workbook(page);
        const table = workbook.tables.find((t) => t.name === tableName)!;
        expect(table.address.replace(/^.*!/, "")).toBe(`B3:G${ROWS + 3}`);
        expect(table.headers).toEqual([
          "Company",
          "Notes",
          "Email found",
          "Email status",
          "Valid email",
          "Decision-maker category",
        ]);
        const sheet = workbook.sheets.find((s) => s.name === "Sheet1")!;
        expect(sheet.formulas).toEqual({});
        let orderMatters = false;
        for (const [i, [cell, company]] of companies.entries()) {
          const row = sheet.values[i + 3]!;
          const expected = await answer(account, "/v5.1/find-email/decision-maker", {
            ...company,
            decision_maker_category: categories,
          });
          expect({ row: i + 4, cells: row.slice(1, 7) }).toEqual({
            row: i + 4,
            cells: [
              cell,
              `note ${i}`,
              expected.email ?? NO_VALUE,
              expected.email_status,
              expected.valid_email ?? NO_VALUE,
              expected.decision_maker_category ?? NO_VALUE,
            ],
          });
          const reversed = await answer(checker, "/v5.1/find-email/decision-maker", {
            ...company,
            decision_maker_category: [...categories].reverse(),
          });
          if (reversed.email !== expected.email) orderMatters = true;
        }
        // The list has a company whose answer depends on the order of the categories.
        expect(orderMatters).toBe(true);
      }
    );
  }
);
