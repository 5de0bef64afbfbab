import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";
import {
  completedBulk,
  createBulk,
  csvObjects,
  expectBulkSearch,
  waitForStatus,
} from "../helpers/searches";

// Bulk search creation (docs/interface.md, Bulk searches), the search types derived from the index
// fields, row outcomes equal to single lookups, bad input, and the completion webhook
// (docs/interface.md, Webhooks).

type Body = Record<string, any>;

describe("bulk searches: creation, outcomes, errors, webhooks", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, Body>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ jobChunkSize: 50 });
    examples = (await sandbox.examples()) as typeof examples;
  });
  afterAll(() => sandbox.close());

  /** Downloads the full CSV of a completed search as objects. */
  async function rowsOf(account: TestAccount, id: string): Promise<Array<Record<string, string>>> {
    const response = await account.request("GET", `/v5.1/bulk/${id}/download`);
    expect(response.status).toBe(200);
    return csvObjects(response.text);
  }

  test("POST /v5.1/bulk/json answers the bulk search object, queued, with every field typed", async () => {
    const account = await sandbox.account(10);
    const before = Date.now();
    const created = await createBulk(account, {
      ...examples.bulk!.completed,
      file_name: undefined,
    });
    expectBulkSearch(created);
    expect(created.status).toBe("queued");
    expect(created.paid).toBe(false);
    expect(created.started_running_at).toBeNull();
    expect(created.decision_maker_category).toBeNull();
    expect(created.counts).toEqual({
      failed: 0,
      found_unknown: 0,
      found_valid: 0,
      not_found: 0,
      total: 5,
    });
    expect(created.file_name).toMatch(/^Bulk search \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const done = await waitForStatus(account, `/v5.1/bulk/${created.id}`, ["completed"]);
    expectBulkSearch(done);
    expect(done.id).toBe(created.id);
    expect(done.started_running_at).not.toBeNull();
    // The example has one row per outcome: valid, risky, blacklisted, not found, and a row with no name.
    expect(done.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 2,
      total: 5,
    });
    expect(done.credits_needed).toBe(1);
  });

  test("person rows answer exactly what single person lookups answer", async () => {
    const account = await sandbox.account(100);
    const single = await sandbox.account(100);
    const bodies = Object.values(examples.person!);
    const data = [
      ["Who", "First", "Last", "Company site", "Company"],
      ...bodies.map((b) => [
        `${b.first_name} ${b.last_name}`,
        b.first_name,
        b.last_name,
        b.domain,
        null,
      ]),
      ["Nobody", "", "", "", "Some Company"],
    ];
    const done = await completedBulk(account, {
      data,
      first_name_field_index: 1,
      last_name_field_index: 2,
      domain_field_index: 3,
      company_name_field_index: 4,
    });
    expect(done.status).toBe("completed");
    expect(done.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 2,
      total: 5,
    });
    const rows = await rowsOf(account, done.id);
    expect(Object.keys(rows[0]!)).toEqual([
      "Who",
      "First",
      "Last",
      "Company site",
      "Company",
      "email",
      "email_status",
      "person_full_name",
      "person_job_title",
      "person_company_name",
      "mx_host",
      "mx_domain",
    ]);
    for (const [i, body] of bodies.entries()) {
      const answer = (await single.request("POST", "/v5.1/find-email/person", body)).body;
      expect(rows[i]).toMatchObject({
        Who: `${body.first_name} ${body.last_name}`,
        email: answer.email ?? "",
        email_status: answer.email_status,
        person_full_name: answer.person_full_name ?? "",
        person_company_name: answer.person_company_name ?? "",
        mx_host: answer.mx_host ?? "",
      });
    }
    expect(rows[4]).toMatchObject({ Who: "Nobody", email: "", email_status: "failed" });
  });

  test("full names, profile-URL rows and the profile fallback of person rows", async () => {
    const account = await sandbox.account(100);
    const single = await sandbox.account(100);
    const valid = examples.person!.valid!;
    const profile = examples.linkedin_url!.valid!.linkedin_url as string;
    // By full name; then a name unknown at its company with the profile URL as fallback
    // (docs/interface.md, Person).
    const byName = await completedBulk(account, {
      data: [
        ["name", "domain", "profile"],
        [`${valid.first_name} ${valid.last_name}`, valid.domain, ""],
        ["Zebedee Nobodyhere", valid.domain, profile],
        ["Cher", valid.domain, ""],
      ],
      full_name_field_index: 0,
      domain_field_index: 1,
      linkedin_url_field_index: 2,
    });
    expect(byName.counts).toMatchObject({ found_valid: 2, failed: 1, total: 3 });
    const fallback = (
      await single.request("POST", "/v5.1/find-email/person", {
        full_name: "Zebedee Nobodyhere",
        domain: valid.domain,
        linkedin_url: profile,
      })
    ).body;
    expect((await rowsOf(account, byName.id))[1]).toMatchObject({
      email: fallback.email,
      email_status: "valid",
    });

    // A profile column alone: profile-URL rows (docs/interface.md, Profile URL); a malformed URL is
    // a failed row.
    const byProfile = await completedBulk(account, {
      data: [
        ["url"],
        ...Object.values(examples.linkedin_url!).map((b) => [b.linkedin_url]),
        ["not a url"],
      ],
      linkedin_url_field_index: 0,
    });
    expect(byProfile.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 2,
      total: 5,
    });
    const rows = await rowsOf(account, byProfile.id);
    for (const [i, body] of Object.values(examples.linkedin_url!).entries()) {
      const answer = (await single.request("POST", "/v5.1/find-email/linkedin-url", body)).body;
      expect(rows[i]).toMatchObject({
        email: answer.email ?? "",
        email_status: answer.email_status,
        person_job_title: answer.person_job_title ?? "",
      });
    }
  });

  test("company, decision-maker and verification rows answer what the single lookups answer", async () => {
    const account = await sandbox.account(100);
    const single = await sandbox.account(100);

    const company = await completedBulk(account, {
      data: [
        ["site"],
        ...Object.values(examples.company!).map((b) => [b.domain]),
        ["not a domain"],
      ],
      domain_field_index: 0,
    });
    expect(company.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 2,
      total: 5,
    });
    const companyRows = await rowsOf(account, company.id);
    expect(Object.keys(companyRows[0]!)).toEqual([
      "site",
      "emails",
      "email_status",
      "mx_host",
      "mx_domain",
    ]);
    for (const [i, body] of Object.values(examples.company!).entries()) {
      const answer = (await single.request("POST", "/v5.1/find-email/company", body)).body;
      expect(companyRows[i]).toMatchObject({
        emails: answer.emails.join(", "),
        email_status: answer.email_status,
      });
    }

    const dm = await completedBulk(account, {
      data: [
        ["company", "site"],
        ...Object.values(examples.decision_maker!).map((b) => ["", b.domain]),
        ["", ""],
      ],
      domain_field_index: 1,
      company_name_field_index: 0,
      decision_maker_category: ["ceo", "sales"],
    });
    expect(dm.decision_maker_category).toBe("ceo,sales");
    expect(dm.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 2,
      total: 5,
    });
    // Two credits for a decision maker (docs/interface.md, Credits).
    expect(dm.credits_needed).toBe(2);
    const dmRows = await rowsOf(account, dm.id);
    expect(Object.keys(dmRows[0]!).slice(2)).toEqual([
      "decision_maker_category",
      "email",
      "email_status",
      "person_first_name",
      "person_last_name",
      "person_full_name",
      "person_job_title",
      "person_linkedin_url",
      "mx_host",
      "mx_domain",
    ]);
    for (const [i, body] of Object.values(examples.decision_maker!).entries()) {
      const answer = (
        await single.request("POST", "/v5.1/find-email/decision-maker", {
          ...body,
          decision_maker_category: ["ceo", "sales"],
        })
      ).body;
      expect(dmRows[i]).toMatchObject({
        decision_maker_category: answer.decision_maker_category ?? "",
        email: answer.email ?? "",
        email_status: answer.email_status,
        person_full_name: answer.person_full_name ?? "",
        person_linkedin_url: answer.person_linkedin_url ?? "",
      });
    }

    const verify = await completedBulk(account, {
      data: [
        ["mail", "note"],
        ...Object.values(examples.verify!).map((b) => [b.email, "x"]),
        ["not-an-email", "x"],
      ],
      email_field_index: 0,
    });
    expect(verify.counts).toEqual({
      failed: 1,
      found_unknown: 1,
      found_valid: 1,
      not_found: 1,
      total: 4,
    });
    expect(verify.credits_needed).toBe(0.2);
    const verifyRows = await rowsOf(account, verify.id);
    for (const [i, body] of Object.values(examples.verify!).entries()) {
      const answer = (await single.request("POST", "/v5.1/verify-email", body)).body;
      expect(verifyRows[i]).toMatchObject({
        mail: body.email,
        email_status: answer.email_status,
        mx_host: answer.mx_host ?? "",
      });
    }
  });

  test("has_header=false names the columns column_1..N and searches every row", async () => {
    const account = await sandbox.account(10);
    const done = await completedBulk(account, {
      data: [[examples.company!.valid!.domain, 42, true], [examples.company!.risky!.domain]],
      has_header: false,
      domain_field_index: 0,
    });
    expect(done.counts.total).toBe(2);
    const rows = await rowsOf(account, done.id);
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(["column_1", "column_2", "column_3"]);
    expect(rows[0]).toMatchObject({ column_2: "42", column_3: "true" });
    expect(rows[1]).toMatchObject({ column_2: "", column_3: "" });
  });

  test("a file_name with [sandbox:fail] fails half-way (the examples' failed body)", async () => {
    const account = await sandbox.account(10);
    const done = await completedBulk(account, examples.bulk!.failed);
    expectBulkSearch(done);
    expect(done.status).toBe("failed");
    const processed =
      done.counts.found_valid +
      done.counts.found_unknown +
      done.counts.not_found +
      done.counts.failed;
    expect(processed).toBe(Math.floor(done.counts.total / 2));
    // Not completed: only a preview can be downloaded.
    expect((await account.request("GET", `/v5.1/bulk/${done.id}/download`)).status).toBe(400);
    const preview = await account.request(
      "GET",
      `/v5.1/bulk/${done.id}/download?preview_only=true`
    );
    expect(preview.status).toBe(200);
    expect(csvObjects(preview.text)).toHaveLength(processed);
  });

  describe("bad input answers 400 with the interface's error body and charges nothing", () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await sandbox.account(50);
    });
    afterAll(async () => {
      expect(await account.credits()).toBe(50);
    });

    const domains = (n: number) => Array.from({ length: n }, (_, i) => [`site${i}.example.com`]);
    const cases: Array<[string, () => unknown, RegExp]> = [
      ["malformed JSON", () => '{"data": [["a"]', /JSON/],
      ["no body", () => undefined, /body/],
      ["missing data", () => ({ domain_field_index: 0 }), /data/],
      ["data not an array", () => ({ data: "a,b", domain_field_index: 0 }), /data/],
      ["a row that is not an array", () => ({ data: [["h"], "x"], domain_field_index: 0 }), /data/],
      [
        "an object in a cell",
        () => ({ data: [["h"], [{ a: 1 }]], domain_field_index: 0 }),
        /data\[1\]\[0\]/,
      ],
      ["only a header row", () => ({ data: [["domain"]], domain_field_index: 0 }), /data/],
      ["no rows at all", () => ({ data: [], domain_field_index: 0 }), /data/],
      [
        "more than 100,000 rows",
        () => ({ data: [["d"], ...domains(100_001)], domain_field_index: 0 }),
        /data/,
      ],
      [
        "more than 100,000 rows without a header",
        () => ({ data: domains(100_001), has_header: false, domain_field_index: 0 }),
        /100000|100,000/,
      ],
      [
        "an index beyond the columns",
        () => ({
          data: [
            ["a", "b"],
            ["x", "y"],
          ],
          domain_field_index: 2,
        }),
        /domain_field_index/,
      ],
      [
        "a negative index",
        () => ({ data: [["a"], ["x"]], email_field_index: -1 }),
        /email_field_index/,
      ],
      [
        "a fractional index",
        () => ({ data: [["a"], ["x"]], domain_field_index: 0.5 }),
        /domain_field_index/,
      ],
      [
        "an index given as a string",
        () => ({ data: [["a"], ["x"]], domain_field_index: "0" }),
        /domain_field_index/,
      ],
      [
        "an unknown category",
        () => ({
          data: [["a"], ["x.com"]],
          domain_field_index: 0,
          decision_maker_category: ["boss"],
        }),
        /decision_maker_category/,
      ],
      [
        "an empty category list",
        () => ({ data: [["a"], ["x.com"]], domain_field_index: 0, decision_maker_category: [] }),
        /decision_maker_category/,
      ],
      [
        "categories without a company column",
        () => ({
          data: [["a"], ["x"]],
          full_name_field_index: 0,
          decision_maker_category: ["ceo"],
        }),
        /decision_maker_category|domain_field_index/,
      ],
      [
        "a first name without a last name",
        () => ({
          data: [
            ["a", "b"],
            ["x", "y.com"],
          ],
          first_name_field_index: 0,
          domain_field_index: 1,
        }),
        /last_name_field_index/,
      ],
      [
        "names without a company",
        () => ({ data: [["a"], ["x y"]], full_name_field_index: 0 }),
        /domain_field_index|company_name_field_index/,
      ],
      ["no index at all", () => ({ data: [["a"], ["x"]] }), /email_field_index/],
      [
        "has_header not a boolean",
        () => ({ data: [["a"], ["x.com"]], domain_field_index: 0, has_header: "yes" }),
        /has_header/,
      ],
      [
        "a bad webhook_url",
        () => ({ data: [["a"], ["x.com"]], domain_field_index: 0, webhook_url: "ftp://x" }),
        /webhook_url/,
      ],
    ];
    test.each(cases)("%s", async (_name, body, message) => {
      const response = await account.request("POST", "/v5.1/bulk/json", body());
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.error).toBe("bad_request");
      expect(response.body.message).toMatch(message);
    });

    test("a bad x-webhook-url header", async () => {
      const response = await account.request(
        "POST",
        "/v5.1/bulk/json",
        { data: [["a"], ["x.com"]], domain_field_index: 0 },
        { "x-webhook-url": "nope" }
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/x-webhook-url/);
    });

    test("100,000 rows exactly are accepted", async () => {
      const response = await account.request("POST", "/v5.1/bulk/json", {
        data: domains(100_000),
        has_header: false,
        domain_field_index: 0,
      });
      expect(response.status).toBe(200);
      expect(response.body.counts.total).toBe(100_000);
      // Not needed any further: stop it from taking the worker's time.
      expect(
        (await call(sandbox.baseUrl, "POST", `/sandbox/searches/${response.body.id}/delete`)).status
      ).toBe(200);
    });
  });

  test("unknown ids, other accounts' searches and missing keys", async () => {
    const owner = await sandbox.account(10);
    const other = await sandbox.account(10);
    const created = await createBulk(owner, examples.bulk!.completed);
    for (const path of [
      `/v5.1/bulk/blk_doesnotexist`,
      `/v5.1/bulk/blk_doesnotexist/download`,
      `/v5.1/bulk/${created.id}`,
      `/v5.1/bulk/${created.id}/download`,
    ]) {
      const response = await other.request("GET", path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "not_found", message: expect.any(String) });
    }
    const anonymous = await call(sandbox.baseUrl, "GET", `/v5.1/bulk/${created.id}`);
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body).sort()).toEqual(["error", "message"]);
    // A bulk id is not a GeoLead id.
    expect((await owner.request("GET", `/v5.1/geo-lead/${created.id}`)).status).toBe(404);
  });

  describe("webhooks", () => {
    let server: Server;
    let hookUrl: string;
    const received: Array<{ headers: IncomingHttpHeaders; body: Body; path: string }> = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        let text = "";
        request.on("data", (chunk) => {
          text += chunk;
        });
        request.on("end", () => {
          received.push({
            headers: request.headers,
            body: JSON.parse(text),
            path: request.url ?? "",
          });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test("webhook_url receives the completed bulk search object", async () => {
      const account = await sandbox.account(10);
      const created = await createBulk(account, {
        ...examples.bulk!.completed,
        webhook_url: `${hookUrl}/body`,
      });
      expectBulkSearch(created); // the answer is still the search (the caller needs its id)
      const hook = await eventually(
        async () => received.find((r) => r.body.id === created.id),
        10_000,
        "the webhook"
      );
      expect(hook.path).toBe("/body");
      expect(hook.headers["x-webhook-event"]).toBe("bulk.completed");
      expectBulkSearch(hook.body);
      expect(hook.body.status).toBe("completed");
      expect(hook.body.counts).toEqual(
        (await account.request("GET", `/v5.1/bulk/${created.id}`)).body.counts
      );
    });

    test("the x-webhook-url header receives the failed bulk search object", async () => {
      const account = await sandbox.account(10);
      const created = await createBulk(account, examples.bulk!.failed, {
        "x-webhook-url": `${hookUrl}/header`,
      });
      const hook = await eventually(
        async () => received.find((r) => r.body.id === created.id),
        10_000,
        "the webhook"
      );
      expect(hook.path).toBe("/header");
      expect(hook.headers["x-webhook-event"]).toBe("bulk.failed");
      expect(hook.body.status).toBe("failed");
    });
  });
});
