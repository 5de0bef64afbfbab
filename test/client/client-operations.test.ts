import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EmailServiceClient } from "../../src/client/client";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";

// Every operation of the client against the sandbox over HTTP: the typed method reaches the
// right endpoint with the right body, and the answer comes back typed.

describe("client operations, both generations", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, any>>;
  let account: TestAccount;
  let client: EmailServiceClient;
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ headers: IncomingMessage["headers"]; body: any }> = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ domainReadyMs: 50, webhooks: { retryDelaysMs: [20, 20] } });
    examples = await sandbox.examples();
    receiver = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk) => (text += chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body: JSON.parse(text) });
        response.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  beforeEach(async () => {
    account = await sandbox.account(500);
    client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  test("status and account", async () => {
    expect(await client.status()).toEqual({ healthy: true });
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: true });
    expect(await client.status()).toEqual({ healthy: false });
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: false });
    const info = await client.account();
    expect(info).toEqual({ credits_left: 500, email: account.email });
    expect(client.credits.snapshot.creditsLeft).toBe(500);
  });

  test("the four finds and the verification", async () => {
    const person = await client.cellLookup("person", examples.person!.valid);
    expect(person).toMatchObject({ email_status: "valid", credits_charged: 1 });
    expect(person.valid_email).toBe(person.email);
    const company = await client.cellLookup("company", {
      ...examples.company!.valid,
      email_type: "generic",
    });
    expect(company.email_status).toBe("valid");
    expect(company.emails.length).toBeGreaterThan(0);
    const dm = await client.cellLookup("decision_maker", examples.decision_maker!.valid);
    expect(dm).toMatchObject({
      email_status: "valid",
      decision_maker_category: "ceo",
      credits_charged: 2,
    });
    const profile = await client.cellLookup("linkedin_url", examples.linkedin_url!.risky);
    expect(profile).toMatchObject({ email_status: "risky", credits_charged: 0 });
    const verify = await client.cellLookup("verify", examples.verify!.valid);
    expect(verify).toMatchObject({ email_status: "valid", credits_charged: 0.2 });
    expect(client.credits.snapshot.sessionSpend).toBe(4.2);
    expect(await account.credits()).toBe(495.8);
  });

  test("lookups to a webhook answer {input} and deliver the result", async () => {
    const before = received.length;
    const answer = await client.toWebhook("find-email/person", examples.person!.valid, receiverUrl);
    expect(answer).toEqual({ input: examples.person!.valid });
    await client.toWebhook("verify-email", examples.verify!.invalid, receiverUrl);
    const bodies = await eventually(async () =>
      received.length >= before + 2 ? received.slice(before) : undefined
    );
    const person = bodies.find((b) => b.headers["x-webhook-event"] === "find-email.person")!;
    expect(person.body).toMatchObject({ email_status: "valid", input: examples.person!.valid });
    const verify = bodies.find((b) => b.headers["x-webhook-event"] === "verify-email")!;
    expect(verify.body.email_status).toBe("invalid");
  });

  test("bad-email report returns the credit of a charged email", async () => {
    const person = await client.cellLookup("person", examples.person!.valid);
    expect(await account.credits()).toBe(499);
    const report = await client.reportBadEmail({
      email: person.email!,
      additional_info: "hard bounce",
      bounce_message: "550 no such user",
    });
    expect(report.input.email).toBe(person.email);
    expect(await account.credits()).toBe(500);
  });

  test("domain email file: info, order, ready, download", async () => {
    const domain = examples.domain_file!.domain as string;
    const info = await client.domainEmailFile.info(domain);
    expect(info).toMatchObject({ domain, status: null });
    expect(await client.domainEmailFile.order(domain, { webhookUrl: receiverUrl })).toEqual({
      input: { domain },
    });
    expect(await account.credits()).toBe(500 - info.credits_required);
    await eventually(async () =>
      (await client.domainEmailFile.info(domain)).status === "ready" ? true : undefined
    );
    const file = await client.domainEmailFile.download(domain);
    expect(file.contentType).toMatch(/text\/csv/);
    expect(file.fileName).toContain(domain);
    expect(file.text().trim().split("\n")).toHaveLength(info.email_count + 1);
  });

  test("bulk from JSON rows and from a file: create, follow, download", async () => {
    const p = examples.person!;
    const rows = [
      ["first", "last", "domain"],
      ...["valid", "risky", "not_found"].map((o) => [p[o].first_name, p[o].last_name, p[o].domain]),
    ];
    const created = await client.bulk.createJson({
      data: rows,
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
      file_name: "three people",
    });
    expect(created).toMatchObject({ status: "queued", file_name: "three people", paid: false });
    const done = await eventually(async () => {
      const search = await client.bulk.get(created.id);
      return search.status === "completed" ? search : undefined;
    });
    expect(done.counts).toMatchObject({ total: 3, found_valid: 1, found_unknown: 1, not_found: 1 });
    const preview = await client.bulk.download(created.id, {
      preview_only: true,
      download_as: "json_arr",
    });
    expect(JSON.parse(preview.text())).toHaveLength(4);
    const validOnly = await client.bulk.download(created.id, {
      download_as: "json_obj",
      partially_verified: false,
      not_found: false,
    });
    const objects = JSON.parse(validOnly.text());
    expect(objects).toHaveLength(1);
    expect(JSON.stringify(objects[0])).toContain(p.valid.domain);

    const csv = rows.map((r) => r.join(",")).join("\n");
    const fromFile = await client.bulk.createMultipart({
      file: new Blob([csv], { type: "text/csv" }),
      fileName: "people.csv",
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
    });
    expect(fromFile.status).toBe("queued");
    const search = await eventually(async () => {
      const s = await client.bulk.get(fromFile.id);
      return s.status === "completed" ? s : undefined;
    });
    expect(search.counts.total).toBe(3);
  });

  test("GeoLead: create, follow, download", async () => {
    const created = await client.geoLead.create(examples.geo_lead as never);
    expect(created.status).toBe("extraction_queued");
    const done = await eventually(async () => {
      const search = await client.geoLead.get(created.id);
      return search.status === "completed" ? search : undefined;
    });
    expect(done.counts.total).toBeGreaterThan(0);
    const file = await client.geoLead.download(created.id, { preview_only: true });
    expect(file.text().trim().split("\n").length).toBe(done.counts.total + 1);
  });

  test("the legacy generation", async () => {
    const legacy = await client.legacy.account();
    expect(legacy).toMatchObject({ success: true, credits_left: 500 });
    const person = await client.legacy.person(examples.legacy_person!.valid);
    expect(person.results.validation).toBe("valid");
    const company = await client.legacy.company(examples.legacy_company!.unknown);
    expect(company.results.validation).toBe("unknown");
    const employees = await client.cellLookup("employees", examples.legacy_employees!.valid);
    expect(employees.employees.length).toBeGreaterThan(0);
    const validate = await client.legacy.validate(examples.legacy_validate!.invalid);
    expect(validate.validation).toBe("invalid");
  });
});
