import { startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";

// POST /v5.1/report/bad-email (docs/interface.md, Bad-email reports) and the refund rule
// (docs/interface.md, Credits): "If a verified email hard-bounces and is reported, the credit is
// returned."

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

const REPORT = "/v5.1/report/bad-email";

describe("bad-email reports", () => {
  let sandbox: TestSandbox;
  let examples: Examples;

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as Examples;
  });
  afterAll(() => sandbox.close());

  const report = (account: TestAccount, body: unknown) => account.request("POST", REPORT, body);
  const reason = { additional_info: "Hard bounce: mailbox does not exist." };

  test("a 200 answer is exactly {input} echoing the report", async () => {
    const account = await sandbox.account(5);
    const body = {
      email: "someone@example.com",
      additional_info: "bounced",
      bounce_message: "550 5.1.1 User unknown",
    };
    const response = await report(account, body);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ input: body });
    const withoutBounce = { email: "someone@example.com", additional_info: "bounced" };
    expect((await report(account, withoutBounce)).body).toEqual({ input: withoutBounce });
  });

  test("reporting a charged person email returns its credit exactly once", async () => {
    const account = await sandbox.account(10);
    const found = await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
    expect(found.body.credits_charged).toBe(1);
    expect(await account.credits()).toBe(9);
    const first = await report(account, { email: found.body.email, ...reason });
    expect(first.status).toBe(200);
    expect(await account.credits()).toBe(10);
    const second = await report(account, {
      email: found.body.email,
      ...reason,
      bounce_message: "550 again",
    });
    expect(second.status).toBe(200);
    expect(await account.credits()).toBe(10);
  });

  test("the report matches the email whatever its case and surrounding spaces", async () => {
    const account = await sandbox.account(10);
    const found = await account.request(
      "POST",
      "/v5.1/find-email/linkedin-url",
      examples.linkedin_url!.valid!
    );
    expect(found.body.credits_charged).toBe(1);
    const response = await report(account, {
      email: ` ${String(found.body.email).toUpperCase()} `,
      ...reason,
    });
    expect(response.status).toBe(200);
    expect(await account.credits()).toBe(10);
  });

  test("a decision maker's email returns its two credits; a verification its 0.2", async () => {
    const account = await sandbox.account(10);
    const dm = await account.request(
      "POST",
      "/v5.1/find-email/decision-maker",
      examples.decision_maker!.valid!
    );
    expect(dm.body.credits_charged).toBe(2);
    const verified = await account.request("POST", "/v5.1/verify-email", examples.verify!.invalid!);
    expect(verified.body.credits_charged).toBe(0);
    const email = examples.verify!.valid!.email as string;
    const verify = await account.request("POST", "/v5.1/verify-email", { email });
    expect(verify.body.credits_charged).toBe(0.2);
    expect(await account.credits()).toBe(7.8);
    await report(account, { email: dm.body.email, ...reason });
    const afterDm = await account.credits();
    // The verified address may be the decision maker's own: then both charges came back at once.
    expect(afterDm).toBe(dm.body.email === email.toLowerCase() ? 10 : 9.8);
    await report(account, { email, ...reason });
    expect(await account.credits()).toBe(10);
  });

  test("a report of an email never charged to this account refunds nothing", async () => {
    const payer = await sandbox.account(10);
    const found = await payer.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
    expect(found.body.credits_charged).toBe(1);
    const other = await sandbox.account(10);
    // Another account's charged email, a risky (free) email, an unknown address.
    const risky = await other.request("POST", "/v5.1/find-email/person", examples.person!.risky!);
    expect(risky.body.credits_charged).toBe(0);
    for (const email of [found.body.email, risky.body.email, "nobody@example.com"]) {
      const response = await report(other, { email, ...reason });
      expect(response.status).toBe(200);
    }
    expect(await other.credits()).toBe(10);
    expect(await payer.credits()).toBe(9);
  });

  test("a free repeat of a refunded search stays free, and reporting again refunds nothing", async () => {
    const account = await sandbox.account(10);
    const found = await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
    await report(account, { email: found.body.email, ...reason });
    expect(await account.credits()).toBe(10);
    const repeat = await account.request(
      "POST",
      "/v5.1/find-email/person",
      examples.person!.valid!
    );
    expect(repeat.body.credits_charged).toBe(0);
    await report(account, { email: found.body.email, ...reason });
    expect(await account.credits()).toBe(10);
  });

  describe("validation: 400 bad_request and nothing changes", () => {
    let account: TestAccount;
    let charged: string;

    beforeAll(async () => {
      account = await sandbox.account(10);
      charged = (await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!))
        .body.email;
    });

    const bad: Array<[string, unknown]> = [
      ["no body", undefined],
      ["malformed JSON", '{"email": '],
      ["not an object", "[]"],
      ["no email", { additional_info: "bounced" }],
      ["email not an address", { email: "not-an-email", additional_info: "bounced" }],
      ["email without domain", { email: "someone@", additional_info: "bounced" }],
      ["email a number", { email: 42, additional_info: "bounced" }],
      [
        "email too long",
        { email: `${"a".repeat(100 * 1024)}@example.com`, additional_info: "bounced" },
      ],
      ["no additional_info", { email: "x@example.com" }],
      ["empty additional_info", { email: "x@example.com", additional_info: "" }],
      ["blank additional_info", { email: "x@example.com", additional_info: "   " }],
      ["additional_info a number", { email: "x@example.com", additional_info: 5 }],
      [
        "additional_info of 501 characters",
        { email: "x@example.com", additional_info: "a".repeat(501) },
      ],
      [
        "bounce_message a number",
        { email: "x@example.com", additional_info: "bounced", bounce_message: 550 },
      ],
    ];

    test.each(bad)("%s", async (_name, body) => {
      const before = await account.credits();
      const response = await report(account, body);
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.error).toBe("bad_request");
      expect(await account.credits()).toBe(before);
    });

    test("a rejected report of a charged email does not refund it", async () => {
      const before = await account.credits();
      const response = await report(account, { email: charged, additional_info: "a".repeat(501) });
      expect(response.status).toBe(400);
      expect(await account.credits()).toBe(before);
      expect((await report(account, { email: charged })).status).toBe(400);
      expect(await account.credits()).toBe(before);
    });

    test("500 characters of additional_info are accepted (the limit is inclusive)", async () => {
      const before = await account.credits();
      const response = await report(account, { email: charged, additional_info: "a".repeat(500) });
      expect(response.status).toBe(200);
      expect(await account.credits()).toBe(before + 1);
    });
  });
});
