import type { Person } from "../../src/sandbox/directory/directory";
import { ManualClock, startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";
import {
  completedBulk,
  csvObjects,
  expectBulkSearch,
  fetchBytes,
  parseCsv,
  parseXlsx,
} from "../helpers/searches";

// Bulk downloads (docs/interface.md, Downloading results): every download_as, the filters, the
// company layout, the file-name column, previews; and payment (docs/interface.md, Credits and
// Limits): the first full download pays once for the distinct valid queries, 30-day repeats (single
// lookups included) are free, 402 charges nothing.

type Body = Record<string, any>;

describe("bulk downloads and payment", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, Body>>;
  let validPeople: Person[];
  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as typeof examples;
    validPeople = sandbox.app.sandbox.directory.companies
      .filter((c) => c.mailServer === "verifying")
      .flatMap((c) => c.people.filter((p) => !p.blacklisted && p.nameSplittable))
      .slice(0, 5);
  });
  afterAll(() => sandbox.close());

  const personRow = (p: Person): string[] => [p.firstName, p.lastName, p.company.domain];
  const personBulk = (rows: string[][], fileName = "People") => ({
    data: [["first", "last", "domain"], ...rows],
    file_name: fileName,
    first_name_field_index: 0,
    last_name_field_index: 1,
    domain_field_index: 2,
  });

  describe("formats, filters and options", () => {
    let account: TestAccount;
    let search: Body;
    let company: Body;
    beforeAll(async () => {
      account = await sandbox.account(100);
      search = await completedBulk(account, examples.bulk!.completed);
      company = await completedBulk(account, {
        data: [["site", "n"], ...Object.values(examples.company!).map((b, i) => [b.domain, i])],
        domain_field_index: 0,
        file_name: "Companies",
      });
      // Pay once, so that the rest of these downloads are free and compare like with like.
      expect((await account.request("GET", `/v5.1/bulk/${search.id}/download`)).status).toBe(200);
      expect((await account.request("GET", `/v5.1/bulk/${company.id}/download`)).status).toBe(200);
    });

    test("csv (the default): text/csv attachment, the input columns then the result columns", async () => {
      const response = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?download_as=csv`
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="Sandbox example\.csv"/
      );
      const rows = parseCsv(response.text);
      expect(rows[0]).toEqual([
        "first_name",
        "last_name",
        "domain",
        "email",
        "email_status",
        "person_full_name",
        "person_job_title",
        "person_company_name",
        "mx_host",
        "mx_domain",
      ]);
      expect(rows).toHaveLength(6);
      expect(rows.slice(1).map((r) => r[4])).toEqual([
        "valid",
        "risky",
        "blacklisted",
        "not_found",
        "failed",
      ]);
      expect(rows[1]![3]).toMatch(/@/);
    });

    test("json_arr: an array of arrays, header first; json_obj: objects keyed by the header", async () => {
      const csv = parseCsv((await account.request("GET", `/v5.1/bulk/${search.id}/download`)).text);
      const arr = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?download_as=json_arr`
      );
      expect(arr.status).toBe(200);
      expect(arr.headers.get("content-type")).toMatch(/^application\/json/);
      expect(arr.headers.get("content-disposition")).toMatch(/^attachment; filename=".*\.json"/);
      expect(arr.body[0]).toEqual(csv[0]);
      expect(arr.body.map((r: unknown[]) => r.map((c) => (c === null ? "" : String(c))))).toEqual(
        csv
      );

      const obj = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?download_as=json_obj`
      );
      expect(obj.status).toBe(200);
      expect(obj.headers.get("content-type")).toMatch(/^application\/json/);
      expect(obj.body).toHaveLength(csv.length - 1);
      expect(Object.keys(obj.body[0])).toEqual(csv[0]);
      expect(obj.body[0].email_status).toBe("valid");
      expect(obj.body[3].email).toBeNull();
    });

    test("xlsx: a workbook whose first sheet holds the same table", async () => {
      const csv = parseCsv((await account.request("GET", `/v5.1/bulk/${search.id}/download`)).text);
      const response = await fetchBytes(
        sandbox,
        account,
        `/v5.1/bulk/${search.id}/download?download_as=xlsx`
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      );
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename=".*\.xlsx"/
      );
      const rows = await parseXlsx(response.bytes);
      expect(rows.map((r) => r.map((c) => (c === null ? "" : String(c))))).toEqual(csv);
    });

    test("filters: fully_verified, partially_verified and not_found (0 leaves those rows out)", async () => {
      const statuses = async (query: string): Promise<string[]> => {
        const response = await account.request("GET", `/v5.1/bulk/${search.id}/download?${query}`);
        expect(response.status).toBe(200);
        return csvObjects(response.text).map((r) => r.email_status!);
      };
      expect(await statuses("fully_verified=1&partially_verified=1&not_found=1")).toEqual([
        "valid",
        "risky",
        "blacklisted",
        "not_found",
        "failed",
      ]);
      expect(await statuses("fully_verified=0")).toEqual([
        "risky",
        "blacklisted",
        "not_found",
        "failed",
      ]);
      expect(await statuses("partially_verified=0")).toEqual([
        "valid",
        "blacklisted",
        "not_found",
        "failed",
      ]);
      expect(await statuses("not_found=0")).toEqual(["valid", "risky"]);
      expect(await statuses("fully_verified=1&partially_verified=0&not_found=0")).toEqual([
        "valid",
      ]);
      expect(await statuses("fully_verified=0&partially_verified=0&not_found=0")).toEqual([]);
    });

    test("file_name_column_name appends a column holding the file name", async () => {
      const response = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?file_name_column_name=Source%20file&download_as=json_obj`
      );
      expect(response.status).toBe(200);
      for (const row of response.body) {
        expect(Object.keys(row).at(-1)).toBe("Source file");
        expect(row["Source file"]).toBe("Sandbox example");
      }
    });

    test("format: company searches as one comma list per row, or one line per email", async () => {
      const listed = csvObjects(
        (await account.request("GET", `/v5.1/bulk/${company.id}/download`)).text
      );
      expect(listed).toHaveLength(4);
      expect(Object.keys(listed[0]!)).toEqual([
        "site",
        "n",
        "emails",
        "email_status",
        "mx_host",
        "mx_domain",
      ]);
      const emails = listed.map((r) => (r.emails === "" ? [] : r.emails!.split(", ")));
      expect(emails[0]!.length).toBeGreaterThan(1);

      const perLine = await account.request(
        "GET",
        `/v5.1/bulk/${company.id}/download?format=company-one-email-per-line&download_as=json_obj`
      );
      expect(perLine.status).toBe(200);
      const expected = emails.flatMap((list, i): Array<{ n: number; email: string | null }> =>
        list.length === 0 ? [{ n: i, email: null }] : list.map((email) => ({ n: i, email }))
      );
      expect(perLine.body.map((r: Body) => ({ n: r.n, email: r.email }))).toEqual(expected);
      expect(Object.keys(perLine.body[0])).toEqual([
        "site",
        "n",
        "email",
        "email_status",
        "mx_host",
        "mx_domain",
      ]);
      // For other search types the layout is the default one.
      const person = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?format=company-one-email-per-line`
      );
      expect(person.text).toBe(
        (await account.request("GET", `/v5.1/bulk/${search.id}/download?format=default`)).text
      );
    });

    test.each([
      ["preview_only=yes", "preview_only"],
      ["preview_only=1", "preview_only"],
      ["partially_verified=true", "partially_verified"],
      ["not_found=2", "not_found"],
      ["fully_verified=", "fully_verified"],
      ["format=compact", "format"],
      ["download_as=pdf", "download_as"],
      ["download_as=csv&download_as=xlsx", "download_as"],
      ["file_name_column_name=", "file_name_column_name"],
    ])("bad download parameter %s -> 400 naming %s", async (query, name) => {
      const before = await account.credits();
      const response = await account.request("GET", `/v5.1/bulk/${search.id}/download?${query}`);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.message).toContain(name);
      expect(await account.credits()).toBe(before);
    });
  });

  describe("payment", () => {
    test("a preview is free and has no emails; the first full download pays once; later ones are free", async () => {
      const account = await sandbox.account(10);
      const [a, b] = validPeople;
      const risky = examples.person!.risky!;
      const search = await completedBulk(
        account,
        personBulk([
          personRow(a!),
          // The same query written differently, and a plain repeat: paid once (docs/interface.md,
          // Credits).
          [` ${a!.firstName.toUpperCase()}`, a!.lastName, `https://www.${a!.company.domain}/team`],
          personRow(a!),
          personRow(b!),
          [risky.first_name, risky.last_name, risky.domain],
          ["Zebedee", "Nobodyhere", a!.company.domain],
        ])
      );
      expect(search.counts).toMatchObject({ found_valid: 4, found_unknown: 1, not_found: 1 });
      expect(search.credits_needed).toBe(2);
      expect(search.paid).toBe(false);

      const preview = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?preview_only=true`
      );
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-disposition")).toMatch(/preview/);
      const previewRows = csvObjects(preview.text);
      expect(previewRows).toHaveLength(6);
      expect(previewRows.every((r) => r.email === "")).toBe(true);
      expect(preview.text).not.toMatch(/@/);
      expect(previewRows.map((r) => r.email_status)).toEqual([
        "valid",
        "valid",
        "valid",
        "valid",
        "risky",
        "not_found",
      ]);
      expect(await account.credits()).toBe(10);

      const full = await account.request("GET", `/v5.1/bulk/${search.id}/download`);
      expect(full.status).toBe(200);
      expect(csvObjects(full.text)[0]!.email).toBe(a!.email);
      expect(await account.credits()).toBe(8);
      const paid = (await account.request("GET", `/v5.1/bulk/${search.id}`)).body;
      expectBulkSearch(paid);
      expect(paid.paid).toBe(true);
      expect(paid.credits_needed).toBe(0);

      expect(
        (await account.request("GET", `/v5.1/bulk/${search.id}/download?download_as=xlsx`)).status
      ).toBe(200);
      expect((await account.request("GET", `/v5.1/bulk/${search.id}/download`)).status).toBe(200);
      expect(await account.credits()).toBe(8);

      // A later single lookup of a query the bulk search bought is a free repeat.
      const single = await account.request("POST", "/v5.1/find-email/person", {
        first_name: b!.firstName,
        last_name: b!.lastName,
        domain: b!.company.domain,
      });
      expect(single.body).toMatchObject({ email_status: "valid", credits_charged: 0 });
    });

    test("a query bought by a single lookup (or another bulk search) is free in a bulk search", async () => {
      const account = await sandbox.account(10);
      const [, , c, d, e] = validPeople;
      const single = await account.request("POST", "/v5.1/find-email/person", {
        first_name: c!.firstName,
        last_name: c!.lastName,
        domain: c!.company.domain,
      });
      expect(single.body.credits_charged).toBe(1);
      expect(await account.credits()).toBe(9);

      const first = await completedBulk(account, personBulk([personRow(c!), personRow(d!)]));
      expect(first.credits_needed).toBe(1);
      expect((await account.request("GET", `/v5.1/bulk/${first.id}/download`)).status).toBe(200);
      expect(await account.credits()).toBe(8);

      const second = await completedBulk(
        account,
        personBulk([personRow(d!), personRow(e!), personRow(c!)])
      );
      expect(second.credits_needed).toBe(1);
      expect(
        (await account.request("GET", `/v5.1/bulk/${second.id}/download?download_as=json_obj`))
          .status
      ).toBe(200);
      expect(await account.credits()).toBe(7);
    });

    test("decision makers cost two credits and verifications 0.2 (docs/interface.md, Credits)", async () => {
      const account = await sandbox.account(10);
      const dm = await completedBulk(account, {
        data: [["site"], [examples.decision_maker!.valid!.domain]],
        domain_field_index: 0,
        decision_maker_category: ["ceo"],
      });
      const verify = await completedBulk(account, {
        data: [["email"], [examples.verify!.valid!.email]],
        email_field_index: 0,
      });
      expect([dm.credits_needed, verify.credits_needed]).toEqual([2, 0.2]);
      await account.request("GET", `/v5.1/bulk/${dm.id}/download`);
      await account.request("GET", `/v5.1/bulk/${verify.id}/download`);
      expect(await account.credits()).toBeCloseTo(7.8, 9);
    });

    test("402 upgrade_needed when the balance is short: nothing charged, not paid, preview still free", async () => {
      const account = await sandbox.account(1.5);
      const [a, b] = validPeople;
      const search = await completedBulk(account, personBulk([personRow(a!), personRow(b!)]));
      expect(search.credits_needed).toBe(2);
      const response = await account.request("GET", `/v5.1/bulk/${search.id}/download`);
      expect(response.status).toBe(402);
      expect(response.body).toEqual({
        error: "upgrade_needed",
        message: expect.stringMatching(/2/),
      });
      expect(await account.credits()).toBe(1.5);
      const after = (await account.request("GET", `/v5.1/bulk/${search.id}`)).body;
      expect(after).toMatchObject({ paid: false, credits_needed: 2 });
      expect(
        (await account.request("GET", `/v5.1/bulk/${search.id}/download?preview_only=true`)).status
      ).toBe(200);
      // After a single lookup of one of the two, the search costs one credit, still more than the 0.5 left.
      await account.request("POST", "/v5.1/find-email/person", {
        first_name: a!.firstName,
        last_name: a!.lastName,
        domain: a!.company.domain,
      });
      expect(await account.credits()).toBe(0.5);
      expect((await account.request("GET", `/v5.1/bulk/${search.id}`)).body.credits_needed).toBe(1);
      const again = await account.request(
        "GET",
        `/v5.1/bulk/${search.id}/download?download_as=xlsx`
      );
      expect(again.status).toBe(402);
      expect(again.body.message).toMatch(/needs 1 .* has 0\.5/);
      expect(await account.credits()).toBe(0.5);
    });

    test("the free repeat lasts 30 days: after that a bulk row is charged again", async () => {
      const clock = new ManualClock();
      const timed = await startSandbox({ clock });
      try {
        const account = await timed.account(10);
        const [a] = validPeople;
        await account.request("POST", "/v5.1/find-email/person", {
          first_name: a!.firstName,
          last_name: a!.lastName,
          domain: a!.company.domain,
        });
        expect(await account.credits()).toBe(9);
        clock.advance(29 * 24 * 3600 * 1000);
        const within = await completedBulk(account, personBulk([personRow(a!)]));
        expect(within.credits_needed).toBe(0);
        clock.advance(2 * 24 * 3600 * 1000);
        expect((await account.request("GET", `/v5.1/bulk/${within.id}`)).body.credits_needed).toBe(
          1
        );
        expect((await account.request("GET", `/v5.1/bulk/${within.id}/download`)).status).toBe(200);
        expect(await account.credits()).toBe(8);
      } finally {
        await timed.close();
      }
    });

    test("a search with nothing valid costs nothing", async () => {
      const account = await sandbox.account(0);
      const search = await completedBulk(
        account,
        personBulk([
          ["Zebedee", "Nobodyhere", examples.person!.valid!.domain],
          ["", "", ""],
        ])
      );
      expect(search.credits_needed).toBe(0);
      expect((await account.request("GET", `/v5.1/bulk/${search.id}/download`)).status).toBe(200);
      expect((await account.request("GET", `/v5.1/bulk/${search.id}`)).body.paid).toBe(true);
    });
  });
});
