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
  csvObjects,
  expectGeoLead,
  fetchBytes,
  parseXlsx,
  statusTrail,
  waitForStatus,
} from "../helpers/searches";

// GeoLead searches (docs/interface.md, GeoLead searches and Search states): validation and
// defaults, the extraction states, the places found, per-place results equal to single lookups,
// downloads and payment, webhooks.

type Body = Record<string, any>;

describe("GeoLead searches", () => {
  let sandbox: TestSandbox;
  let example: Body;
  beforeAll(async () => {
    sandbox = await startSandbox({ jobChunkSize: 40 });
    example = (await sandbox.examples()).geo_lead as Body;
  });
  afterAll(() => sandbox.close());

  const create = async (
    account: TestAccount,
    body: Body,
    headers: Record<string, string> = {}
  ): Promise<Body> => {
    const response = await account.request("POST", "/v5.1/geo-lead", body, headers);
    if (response.status !== 200) throw new Error(`geo-lead: ${response.status} ${response.text}`);
    return response.body;
  };
  const completed = async (account: TestAccount, body: Body): Promise<Body> =>
    waitForStatus(account, `/v5.1/geo-lead/${(await create(account, body)).id}`, [
      "completed",
      "failed",
    ]);

  test("POST /v5.1/geo-lead answers the GeoLead object, extraction_queued, every field typed", async () => {
    const account = await sandbox.account(10);
    const created = await create(account, example);
    expectGeoLead(created);
    expect(created).toMatchObject({
      status: "extraction_queued",
      paid: false,
      started_running_at: null,
      credits_needed: 0,
      result_limit: null,
      query: example.query,
      latitude: example.latitude,
      longitude: example.longitude,
      radius_km: 25,
      find_company_emails: true,
      find_decision_maker_categories: ["ceo"],
      file_name: example.file_name,
      counts: { failed: 0, found_unknown: 0, found_valid: 0, not_found: 0, total: 0 },
    });
    const done = await waitForStatus(account, `/v5.1/geo-lead/${created.id}`, ["completed"]);
    expectGeoLead(done);
    // The example finds places, with every kind of answer.
    expect(done.counts.total).toBeGreaterThan(10);
    expect(done.counts.found_valid).toBeGreaterThan(0);
    expect(done.counts.found_unknown).toBeGreaterThan(0);
    expect(done.counts.not_found).toBeGreaterThan(0);
    expect(
      done.counts.found_valid +
        done.counts.found_unknown +
        done.counts.not_found +
        done.counts.failed
    ).toBe(done.counts.total);
    expect(done.credits_needed).toBeGreaterThan(0);
    expect(done.started_running_at).not.toBeNull();
  });

  test('defaults (docs/interface.md, GeoLead searches): company emails on, decision makers ["ceo"], a file name', async () => {
    const account = await sandbox.account(10);
    const created = await create(account, {
      query: "bakery",
      latitude: 0,
      longitude: 0,
      radius_km: 1,
    });
    expect(created).toMatchObject({
      find_company_emails: true,
      find_decision_maker_categories: ["ceo"],
      result_limit: null,
    });
    expect(created.file_name).toMatch(/bakery/);
    const none = await create(account, {
      ...example,
      find_company_emails: false,
      find_decision_maker_categories: ["sales", "ceo"],
      result_limit: 3,
    });
    expect(none).toMatchObject({
      find_company_emails: false,
      find_decision_maker_categories: ["sales", "ceo"],
      result_limit: 3,
    });
    // Nothing matches in the middle of the ocean: completed with no rows.
    const empty = await waitForStatus(account, `/v5.1/geo-lead/${created.id}`, ["completed"]);
    expect(empty.counts).toEqual({
      failed: 0,
      found_unknown: 0,
      found_valid: 0,
      not_found: 0,
      total: 0,
    });
    const file = await account.request("GET", `/v5.1/geo-lead/${created.id}/download`);
    expect(file.status).toBe(200);
    expect(csvObjects(file.text)).toEqual([]);
  });

  test("the query matches category or name, case-insensitive and plural-tolerant; result_limit caps it", async () => {
    const account = await sandbox.account(10);
    const totals: number[] = [];
    for (const query of ["dentist", "Dentists", "DENTIST"])
      totals.push((await completed(account, { ...example, query })).counts.total);
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);
    const limited = await completed(account, { ...example, result_limit: 5 });
    expect(limited.counts.total).toBe(5);
    expect((await completed(account, { ...example, query: "submarine base" })).counts.total).toBe(
      0
    );
    // A smaller radius finds fewer places, all of them within it.
    const near = await completed(account, { ...example, radius_km: 5 });
    expect(near.counts.total).toBeLessThan(totals[0]!);
  });

  test("the file: places (nearest first) with company and decision-maker results equal to single lookups", async () => {
    const account = await sandbox.account(1000);
    const single = await sandbox.account(1000);
    const done = await completed(account, example);
    const response = await account.request(
      "GET",
      `/v5.1/geo-lead/${done.id}/download?download_as=json_obj`
    );
    expect(response.status).toBe(200);
    const rows: Body[] = response.body;
    expect(rows).toHaveLength(done.counts.total);
    expect(Object.keys(rows[0]!)).toEqual([
      "name",
      "category",
      "address",
      "city",
      "latitude",
      "longitude",
      "phone",
      "website",
      "company_emails",
      "company_email_status",
      "decision_maker_category",
      "decision_maker_email",
      "decision_maker_email_status",
      "decision_maker_full_name",
      "decision_maker_job_title",
      "decision_maker_linkedin_url",
      "mx_host",
      "mx_domain",
    ]);
    const km = (r: Body): number => {
      const rad = Math.PI / 180;
      const a =
        Math.sin(((r.latitude - example.latitude) * rad) / 2) ** 2 +
        Math.cos(example.latitude * rad) *
          Math.cos(r.latitude * rad) *
          Math.sin(((r.longitude - example.longitude) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(a));
    };
    for (let i = 0; i < rows.length; i++) {
      expect(rows[i]!.category).toBe("dentist");
      expect(km(rows[i]!)).toBeLessThanOrEqual(25.01);
      if (i > 0) expect(km(rows[i]!)).toBeGreaterThanOrEqual(km(rows[i - 1]!) - 1e-9);
    }
    const withSite = rows.filter((r) => r.website !== "").slice(0, 6);
    for (const row of withSite) {
      const company = (
        await single.request("POST", "/v5.1/find-email/company", { domain: row.website })
      ).body;
      expect(row.company_email_status).toBe(company.email_status);
      expect(row.company_emails ?? "").toBe(company.emails.join(", "));
      const dm = (
        await single.request("POST", "/v5.1/find-email/decision-maker", {
          domain: row.website,
          decision_maker_category: ["ceo"],
        })
      ).body;
      expect(row.decision_maker_email_status).toBe(dm.email_status);
      expect(row.decision_maker_email).toBe(dm.email);
    }
    const withoutSite = rows.find((r) => r.website === "");
    expect(withoutSite).toMatchObject({
      company_email_status: "not_found",
      decision_maker_email_status: "not_found",
      decision_maker_email: null,
    });
    // Counts follow each place's best answer.
    const best = (r: Body): string => {
      const statuses = [r.company_email_status, r.decision_maker_email_status];
      return statuses.includes("valid")
        ? "found_valid"
        : statuses.includes("risky")
          ? "found_unknown"
          : "not_found";
    };
    for (const key of ["found_valid", "found_unknown", "not_found"])
      expect(rows.filter((r) => best(r) === key).length).toBe(done.counts[key]);
  });

  test("only the searches asked for: company emails off, or no decision-maker categories", async () => {
    const account = await sandbox.account(10);
    const dmOnly = await completed(account, {
      ...example,
      find_company_emails: false,
      result_limit: 4,
    });
    const dmFile = (
      await account.request(
        "GET",
        `/v5.1/geo-lead/${dmOnly.id}/download?preview_only=true&download_as=json_obj`
      )
    ).body;
    expect(Object.keys(dmFile[0])).not.toContain("company_emails");
    expect(Object.keys(dmFile[0])).toContain("decision_maker_email");
    const companyOnly = await completed(account, {
      ...example,
      find_decision_maker_categories: [],
      result_limit: 4,
    });
    expect(companyOnly.find_decision_maker_categories).toEqual([]);
    const companyFile = (
      await account.request(
        "GET",
        `/v5.1/geo-lead/${companyOnly.id}/download?preview_only=true&download_as=json_obj`
      )
    ).body;
    expect(Object.keys(companyFile[0])).toContain("company_emails");
    expect(Object.keys(companyFile[0])).not.toContain("decision_maker_email");
  });

  test("payment: preview free without emails, first full download pays credits_needed once, xlsx and filters", async () => {
    const account = await sandbox.account(1000);
    const done = await completed(account, { ...example, result_limit: 20 });
    const needed = done.credits_needed;
    expect(needed).toBeGreaterThan(0);

    const preview = await account.request(
      "GET",
      `/v5.1/geo-lead/${done.id}/download?preview_only=true`
    );
    expect(preview.status).toBe(200);
    expect(preview.text).not.toMatch(/@/);
    expect(csvObjects(preview.text)).toHaveLength(20);
    expect(await account.credits()).toBe(1000);

    const xlsx = await fetchBytes(
      sandbox,
      account,
      `/v5.1/geo-lead/${done.id}/download?download_as=xlsx`
    );
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    const sheet = await parseXlsx(xlsx.bytes);
    expect(sheet).toHaveLength(21);
    expect(sheet[0]![0]).toBe("name");
    expect(await account.credits()).toBeCloseTo(1000 - needed, 9);
    const after = (await account.request("GET", `/v5.1/geo-lead/${done.id}`)).body;
    expect(after).toMatchObject({ paid: true, credits_needed: 0 });

    const arr = await account.request(
      "GET",
      `/v5.1/geo-lead/${done.id}/download?download_as=json_arr&file_name_column_name=list`
    );
    expect(arr.body[0].at(-1)).toBe("list");
    expect(arr.body[1].at(-1)).toBe(done.file_name);
    const validOnly = csvObjects(
      (
        await account.request(
          "GET",
          `/v5.1/geo-lead/${done.id}/download?partially_verified=0&not_found=0`
        )
      ).text
    );
    expect(validOnly).toHaveLength(done.counts.found_valid);
    const notFoundOnly = csvObjects(
      (
        await account.request(
          "GET",
          `/v5.1/geo-lead/${done.id}/download?fully_verified=0&partially_verified=0`
        )
      ).text
    );
    expect(notFoundOnly).toHaveLength(done.counts.not_found);
    expect(await account.credits()).toBeCloseTo(1000 - needed, 9);

    // A company bought here is free as a single lookup (same billing key).
    const bought = csvObjects(
      (await account.request("GET", `/v5.1/geo-lead/${done.id}/download`)).text
    ).find((r) => r.company_email_status === "valid")!;
    const single = await account.request("POST", "/v5.1/find-email/company", {
      domain: bought.website,
    });
    expect(single.body).toMatchObject({ email_status: "valid", credits_charged: 0 });
  });

  test("402 when the balance is short, with nothing charged", async () => {
    const account = await sandbox.account(1);
    const done = await completed(account, example);
    expect(done.credits_needed).toBeGreaterThan(1);
    const response = await account.request("GET", `/v5.1/geo-lead/${done.id}/download`);
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ error: "upgrade_needed", message: expect.any(String) });
    expect(await account.credits()).toBe(1);
    expect((await account.request("GET", `/v5.1/geo-lead/${done.id}`)).body.paid).toBe(false);
  });

  describe("bad input answers 400 naming the field, and charges nothing", () => {
    let account: TestAccount;
    beforeAll(async () => {
      account = await sandbox.account(5);
    });
    afterAll(async () => {
      expect(await account.credits()).toBe(5);
    });
    const cases: Array<[string, () => unknown, RegExp]> = [
      ["malformed JSON", () => '{"query": ', /JSON/],
      ["no query", () => ({ ...example, query: undefined }), /query/],
      ["an empty query", () => ({ ...example, query: "" }), /query/],
      ["a blank query", () => ({ ...example, query: "   " }), /query/],
      ["a query that is not a string", () => ({ ...example, query: 7 }), /query/],
      ["no latitude", () => ({ ...example, latitude: undefined }), /latitude/],
      ["latitude 91", () => ({ ...example, latitude: 91 }), /latitude/],
      ["latitude as a string", () => ({ ...example, latitude: "48.8" }), /latitude/],
      ["longitude -181", () => ({ ...example, longitude: -181 }), /longitude/],
      ["radius_km 0.5", () => ({ ...example, radius_km: 0.5 }), /radius_km/],
      ["radius_km 26", () => ({ ...example, radius_km: 26 }), /radius_km/],
      ["no radius_km", () => ({ ...example, radius_km: undefined }), /radius_km/],
      [
        "find_company_emails not a boolean",
        () => ({ ...example, find_company_emails: "yes" }),
        /find_company_emails/,
      ],
      [
        "an unknown category",
        () => ({ ...example, find_decision_maker_categories: ["ceo", "boss"] }),
        /find_decision_maker_categories/,
      ],
      [
        "nothing to search",
        () => ({ ...example, find_company_emails: false, find_decision_maker_categories: [] }),
        /find_decision_maker_categories/,
      ],
      ["result_limit 0", () => ({ ...example, result_limit: 0 }), /result_limit/],
      ["result_limit 2.5", () => ({ ...example, result_limit: 2.5 }), /result_limit/],
      ["file_name not a string", () => ({ ...example, file_name: 3 }), /file_name/],
    ];
    test.each(cases)("%s", async (_name, body, message) => {
      const response = await account.request("POST", "/v5.1/geo-lead", body());
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.message).toMatch(message);
    });

    test("result_limit null is accepted", async () => {
      expect(
        (await account.request("POST", "/v5.1/geo-lead", { ...example, result_limit: null })).status
      ).toBe(200);
    });

    test("bad download parameters", async () => {
      const created = await create(account, { ...example, result_limit: 2 });
      for (const query of [
        "preview_only=no",
        "not_found=yes",
        "download_as=xls",
        "fully_verified=10",
      ]) {
        const response = await account.request(
          "GET",
          `/v5.1/geo-lead/${created.id}/download?${query}`
        );
        expect(response.status).toBe(400);
        expect(response.body.message).toContain(query.split("=")[0]);
      }
    });
  });

  test("unknown ids and other accounts' searches are 404 not_found", async () => {
    const owner = await sandbox.account(5);
    const other = await sandbox.account(5);
    const created = await create(owner, { ...example, result_limit: 2 });
    for (const path of [
      "/v5.1/geo-lead/geo_nope",
      "/v5.1/geo-lead/geo_nope/download",
      `/v5.1/geo-lead/${created.id}`,
      `/v5.1/geo-lead/${created.id}/download?preview_only=true`,
    ]) {
      const response = await other.request("GET", path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: "not_found", message: expect.any(String) });
    }
    expect((await owner.request("GET", `/v5.1/bulk/${created.id}`)).status).toBe(404);
  });

  describe("states, with a slow worker", () => {
    let slow: TestSandbox;
    let account: TestAccount;
    beforeAll(async () => {
      slow = await startSandbox({ jobChunkSize: 2, jobStepMs: 150 });
      account = await slow.account(100);
    });
    afterAll(() => slow.close());
    const control = (id: string, action: string) =>
      call(slow.baseUrl, "POST", `/sandbox/searches/${id}/${action}`);

    test("extraction_queued -> extraction_running -> queued -> running -> completed", async () => {
      const created = (
        await account.request("POST", "/v5.1/geo-lead", { ...example, result_limit: 4 })
      ).body;
      const trail = await statusTrail(account, `/v5.1/geo-lead/${created.id}`, created.status, [
        "completed",
        "failed",
      ]);
      expect(trail).toEqual([
        "extraction_queued",
        "extraction_running",
        "queued",
        "running",
        "completed",
      ]);
      const done = (await account.request("GET", `/v5.1/geo-lead/${created.id}`)).body;
      expect(done.counts.total).toBe(4);
    });

    test("a file_name with [sandbox:fail] fails half-way", async () => {
      const created = (
        await account.request("POST", "/v5.1/geo-lead", {
          ...example,
          result_limit: 4,
          file_name: "x [sandbox:fail]",
        })
      ).body;
      const trail = await statusTrail(account, `/v5.1/geo-lead/${created.id}`, created.status, [
        "completed",
        "failed",
      ]);
      expect(trail.at(-1)).toBe("failed");
      expect(trail).toContain("running");
      const failed = (await account.request("GET", `/v5.1/geo-lead/${created.id}`)).body;
      expectGeoLead(failed);
      expect(
        failed.counts.found_valid + failed.counts.found_unknown + failed.counts.not_found
      ).toBe(2);
      expect((await account.request("GET", `/v5.1/geo-lead/${created.id}/download`)).status).toBe(
        400
      );
    });

    test("pause during extraction, resume, delete", async () => {
      const created = (
        await account.request("POST", "/v5.1/geo-lead", { ...example, result_limit: 6 })
      ).body;
      const paused = await control(created.id, "pause");
      expect(paused.status).toBe(200);
      expectGeoLead(paused.body);
      expect(paused.body.status).toBe("paused");
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await account.request("GET", `/v5.1/geo-lead/${created.id}`)).body.status).toBe(
        "paused"
      );
      expect((await control(created.id, "resume")).body.status).toMatch(/^extraction_/);
      await waitForStatus(account, `/v5.1/geo-lead/${created.id}`, ["running"]);
      expect((await control(created.id, "delete")).body.status).toBe("deleted");
      expect((await account.request("GET", `/v5.1/geo-lead/${created.id}`)).status).toBe(404);
    });
  });

  describe("webhooks", () => {
    let server: Server;
    let hookUrl: string;
    const received: Array<{ headers: IncomingHttpHeaders; body: Body }> = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        let text = "";
        request.on("data", (chunk) => {
          text += chunk;
        });
        request.on("end", () => {
          received.push({ headers: request.headers, body: JSON.parse(text) });
          response.writeHead(200).end("ok");
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geo`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    test("x-webhook-url receives the completed GeoLead object; the answer is still the GeoLead object", async () => {
      const account = await sandbox.account(5);
      const created = await create(
        account,
        { ...example, result_limit: 3 },
        { "x-webhook-url": hookUrl }
      );
      expectGeoLead(created);
      const hook = await eventually(
        async () => received.find((r) => r.body.id === created.id),
        10_000,
        "the webhook"
      );
      expect(hook.headers["x-webhook-event"]).toBe("geo-lead.completed");
      expectGeoLead(hook.body);
      expect(hook.body).toMatchObject({ status: "completed", counts: { total: 3 } });
    });
  });
});
