import {
  call,
  startSandbox,
  type TestAccount,
  type TestResponse,
  type TestSandbox,
} from "../helpers/sandbox";

// Authentication (docs/interface.md, Authentication), /status (docs/interface.md, Status), unknown
// routes, and the sandbox-only account endpoint.

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

/**
 * Every v5.1 operation (docs/interface.md, Operations) except /status, with a body that would
 * otherwise be valid.
 */
function v51Endpoints(examples: Examples): Array<[string, string, unknown]> {
  const domain = String(examples.domain_file!.domain);
  return [
    ["GET", "/v5.1/account", undefined],
    ["GET", `/v5.1/domain/${domain}/email`, undefined],
    ["POST", `/v5.1/domain/${domain}/email/order`, undefined],
    ["GET", `/v5.1/domain/${domain}/email/download`, undefined],
    [
      "POST",
      "/v5.1/report/bad-email",
      { email: "someone@example.com", additional_info: "bounced" },
    ],
    [
      "POST",
      "/v5.1/bulk/json",
      {
        data: [
          ["full_name", "domain"],
          ["Ada Lovelace", "example.com"],
        ],
        full_name_field_index: 0,
        domain_field_index: 1,
      },
    ],
    ["POST", "/v5.1/bulk/multipart", undefined],
    ["GET", "/v5.1/bulk/blk_unknown", undefined],
    ["GET", "/v5.1/bulk/blk_unknown/download", undefined],
    ["POST", "/v5.1/find-email/company", examples.company!.valid!],
    ["POST", "/v5.1/find-email/decision-maker", examples.decision_maker!.valid!],
    ["POST", "/v5.1/find-email/linkedin-url", examples.linkedin_url!.valid!],
    ["POST", "/v5.1/find-email/person", examples.person!.valid!],
    ["POST", "/v5.1/geo-lead", examples.geo_lead!],
    ["GET", "/v5.1/geo-lead/geo_unknown", undefined],
    ["GET", "/v5.1/geo-lead/geo_unknown/download", undefined],
    ["POST", "/v5.1/verify-email", examples.verify!.valid!],
  ];
}

function v50Endpoints(examples: Examples): Array<[string, string, unknown]> {
  return [
    ["GET", "/v5.0/meta/account.json", undefined],
    ["POST", "/v5.0/search/person.json", examples.legacy_person!.valid!],
    ["POST", "/v5.0/search/company.json", examples.legacy_company!.valid!],
    ["POST", "/v5.0/search/employees.json", examples.legacy_employees!.valid!],
    ["POST", "/v5.0/validate.json", examples.legacy_validate!.valid!],
  ];
}

function expectV51Unauthorized(response: TestResponse, what: string): void {
  expect([what, response.status]).toEqual([what, 401]);
  expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
  expect(response.body.error).toBe("unauthorized");
  expect(typeof response.body.message).toBe("string");
  expect(response.body.message.length).toBeGreaterThan(0);
}

function expectV50Unauthorized(response: TestResponse, what: string): void {
  expect([what, response.status]).toEqual([what, 401]);
  expect(Object.keys(response.body).sort()).toEqual(["error", "error_explained", "success"]);
  expect(response.body.success).toBe(false);
  expect(response.body.error).toBe("not_authorized");
  expect(typeof response.body.error_explained).toBe("string");
  expect(response.body.error_explained.length).toBeGreaterThan(0);
}

describe("authentication and errors", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  let account: TestAccount;
  /** Authorization values that must all be refused, built around a real key. */
  let badAuthorizations: Array<[string, Record<string, string>]>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as Examples;
    account = await sandbox.account(50);
    const key = account.apiKey;
    badAuthorizations = [
      ["no Authorization", {}],
      ["a wrong key", { authorization: "Bearer sbx_this-key-does-not-exist" }],
      ["a wrong bare key", { authorization: "sbx_this-key-does-not-exist" }],
      [
        "a key with one character changed",
        { authorization: `Bearer ${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` },
      ],
      [
        "a bare key with one character changed",
        { authorization: `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}` },
      ],
      ["Basic scheme", { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` }],
      ["Token scheme", { authorization: `Token ${key}` }],
      ["the bare key and another word", { authorization: `${key} extra` }],
      ["Bearer without a key", { authorization: "Bearer" }],
      ["Bearer and two words", { authorization: `Bearer ${key} extra` }],
      ["the key in another header", { "x-api-key": key }],
    ];
  });
  afterAll(() => sandbox.close());

  test("the real key is accepted on every path, as `Bearer <key>` and as the bare key", async () => {
    // Clients written for the production service send both (docs/interface.md, Authentication: an
    // API key in the header).
    const forms: Array<[string, string]> = [
      ["Bearer", `Bearer ${account.apiKey}`],
      ["bearer, lower case", `bearer ${account.apiKey}`],
      ["bare", account.apiKey],
      ["bare, padded", `  ${account.apiKey} `],
    ];
    for (const [form, authorization] of forms) {
      for (const [method, path, body] of [...v51Endpoints(examples), ...v50Endpoints(examples)]) {
        const response = await call(sandbox.baseUrl, method, path, body, { authorization });
        expect([form, method, path, response.status === 401]).toEqual([form, method, path, false]);
      }
    }
  });

  test("a bare key is the same account as its Bearer form: it spends the same credits", async () => {
    const mine = await sandbox.account(10);
    const bare = await call(
      sandbox.baseUrl,
      "POST",
      "/v5.1/verify-email",
      examples.verify!.valid!,
      {
        authorization: mine.apiKey,
      }
    );
    expect(bare.status).toBe(200);
    expect(await mine.credits()).toBeCloseTo(9.8, 6);
    const legacy = await call(sandbox.baseUrl, "GET", "/v5.0/meta/account.json", undefined, {
      authorization: mine.apiKey,
    });
    expect(legacy.body).toMatchObject({ success: true, credits_left: 9 });
  });

  test("every v5.1 endpoint answers 401 {error: unauthorized, message} without a valid Bearer key", async () => {
    for (const [method, path, body] of v51Endpoints(examples)) {
      for (const [name, headers] of badAuthorizations) {
        const response = await call(sandbox.baseUrl, method, path, body, headers);
        expectV51Unauthorized(response, `${method} ${path} with ${name}`);
      }
    }
  });

  test("every v5.0 endpoint answers 401 {success: false, error: not_authorized, error_explained}", async () => {
    for (const [method, path, body] of v50Endpoints(examples)) {
      for (const [name, headers] of badAuthorizations) {
        const response = await call(sandbox.baseUrl, method, path, body, headers);
        expectV50Unauthorized(response, `${method} ${path} with ${name}`);
      }
    }
  });

  test("a refused request charges nobody", async () => {
    const before = await account.credits();
    await call(sandbox.baseUrl, "POST", "/v5.1/find-email/person", examples.person!.valid!, {
      authorization: `Token ${account.apiKey}`,
    });
    await call(sandbox.baseUrl, "POST", "/v5.0/validate.json", examples.legacy_validate!.valid!, {
      authorization: `Basic ${account.apiKey}`,
    });
    expect(await account.credits()).toBe(before);
  });

  test("authentication is checked before the body: a bad body without a key is still a 401", async () => {
    expectV51Unauthorized(
      await call(sandbox.baseUrl, "POST", "/v5.1/verify-email", '{"email": '),
      "malformed body"
    );
    expectV50Unauthorized(
      await call(sandbox.baseUrl, "POST", "/v5.0/validate.json", {}),
      "legacy empty body"
    );
  });

  test("GET /status needs no authentication", async () => {
    for (const headers of [{}, { authorization: "Bearer nonsense" }] as Array<
      Record<string, string>
    >) {
      const response = await call(sandbox.baseUrl, "GET", "/status", undefined, headers);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ healthy: true });
    }
  });

  test("unknown routes answer 404 in the error shape of their generation", async () => {
    const v51 = await account.request("GET", "/v5.1/nothing-here");
    expect(v51.status).toBe(404);
    expect(Object.keys(v51.body).sort()).toEqual(["error", "message"]);
    expect(v51.body.error).toBe("not_found");
    const wrongMethod = await account.request("GET", "/v5.1/find-email/person");
    expect(wrongMethod.status).toBe(404);
    expect(Object.keys(wrongMethod.body).sort()).toEqual(["error", "message"]);
    const v50 = await account.request("POST", "/v5.0/search/nothing.json", {});
    expect(v50.status).toBe(404);
    expect(Object.keys(v50.body).sort()).toEqual(["error", "error_explained", "success"]);
    expect(v50.body).toMatchObject({ success: false, error: "not_found" });
    const outside = await call(sandbox.baseUrl, "GET", "/nothing-here");
    expect(outside.status).toBe(404);
    expect(Object.keys(outside.body).sort()).toEqual(["error", "message"]);
  });

  test("an unknown path answers 404 before its body is read: a form body is no 400", async () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const auth = { authorization: `Bearer ${account.apiKey}` };
    const v51 = await call(sandbox.baseUrl, "POST", "/v5.1/find-email/persons", "a=1&b=2", {
      ...form,
      ...auth,
    });
    expect(v51.status).toBe(404);
    expect(v51.body).toEqual({
      error: "not_found",
      message: "No route POST /v5.1/find-email/persons.",
    });
    const v50 = await call(sandbox.baseUrl, "POST", "/v5.0/search/people.json", "a=1", {
      ...form,
      ...auth,
    });
    expect(v50.status).toBe(404);
    expect(v50.body).toMatchObject({ success: false, error: "not_found" });
    const garbage = await call(sandbox.baseUrl, "POST", "/v5.1/nope", "{not json", auth);
    expect(garbage.status).toBe(404);
    const outside = await call(sandbox.baseUrl, "POST", "/v5/find-email/person", "a=1", form);
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe("not_found");
    // A real path with a form body is still the 400 it was (v5.1 takes JSON only).
    const real = await call(sandbox.baseUrl, "POST", "/v5.1/verify-email", "email=a@b.co", {
      ...form,
      ...auth,
    });
    expect(real.status).toBe(400);
  });

  test("the legacy 402 names the sandbox's own upgrade page, not a placeholder", async () => {
    const broke = await sandbox.account(0);
    const response = await broke.request(
      "POST",
      "/v5.0/search/person.json",
      examples.legacy_person!.valid!
    );
    expect(response.status).toBe(402);
    expect(response.body.status).toBe(
      `Out of credits: upgrade your plan at ${sandbox.baseUrl}/pricing to continue.`
    );
    expect(response.text).not.toContain("{base_url}");
  });

  test("an unknown API route without a key is refused first (nothing is revealed)", async () => {
    expectV51Unauthorized(
      await call(sandbox.baseUrl, "GET", "/v5.1/nothing-here"),
      "unknown v5.1 route"
    );
    expectV50Unauthorized(
      await call(sandbox.baseUrl, "GET", "/v5.0/nothing.json"),
      "unknown v5.0 route"
    );
  });

  describe("POST /sandbox/accounts", () => {
    test("creates an account with the given credits and email, whose key works", async () => {
      const created = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", {
        credits: 42,
        email: "ada@example.org",
      });
      expect(created.status).toBe(200);
      expect(Object.keys(created.body).sort()).toEqual(["api_key", "credits_left", "email"]);
      expect(created.body.credits_left).toBe(42);
      expect(created.body.email).toBe("ada@example.org");
      expect(typeof created.body.api_key).toBe("string");
      const auth = { authorization: `Bearer ${created.body.api_key}` };
      expect((await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, auth)).body).toEqual({
        credits_left: 42,
        email: "ada@example.org",
      });
      const legacy = await call(sandbox.baseUrl, "GET", "/v5.0/meta/account.json", undefined, auth);
      expect(legacy.body).toMatchObject({ success: true, credits_left: 42, credits_total: 42 });
    });

    test("without an email one is made up; fractional and zero credits are fine; keys are distinct", async () => {
      const keys = new Set<string>();
      for (const credits of [0, 0.5, 1000]) {
        const created = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", { credits });
        expect(created.status).toBe(200);
        expect(created.body.credits_left).toBe(credits);
        expect(created.body.email).toMatch(/^[^@\s]+@[^@\s]+$/);
        keys.add(created.body.api_key);
      }
      expect(keys.size).toBe(3);
    });

    test.each<[string, unknown]>([
      ["negative credits", { credits: -1 }],
      ["credits as a string", { credits: "10" }],
      ["credits as a boolean", { credits: true }],
      ["credits null", { credits: null }],
      ["an email that is not an address", { credits: 5, email: "not-an-email" }],
      ["an email as a number", { credits: 5, email: 5 }],
      ["an array", [5]],
      ["malformed JSON", '{"credits": '],
    ])("a bad body is a 400: %s", async (_name, body) => {
      const response = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", body);
      expect(response.status).toBe(400);
      expect(response.body.error).toBe("bad_request");
    });
  });
});
