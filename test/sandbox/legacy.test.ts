import {
  ManualClock,
  startSandbox,
  type TestAccount,
  type TestResponse,
  type TestSandbox,
} from "../helpers/sandbox";

// The legacy generation (docs/interface.md, Legacy v5.0 and Errors) and its own charging rules
// (docs/interface.md, Credits).

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const ACCOUNT = "/v5.0/meta/account.json";
const PERSON = "/v5.0/search/person.json";
const COMPANY = "/v5.0/search/company.json";
const EMPLOYEES = "/v5.0/search/employees.json";
const VALIDATE = "/v5.0/validate.json";

/** Every accepted field of each request, for the input echo (docs/interface.md, Legacy v5.0). */
const FIELDS: Record<string, string[]> = {
  [PERSON]: ["full_name", "first_name", "last_name", "domain", "company_name", "country_code"],
  [COMPANY]: ["domain", "company_name"],
  [EMPLOYEES]: ["domain", "company_name", "preferred_title", "country_code"],
  [VALIDATE]: ["email"],
};

const echoOf = (path: string, body: Body): Body =>
  Object.fromEntries(FIELDS[path]!.map((field) => [field, body[field] ?? null]));

function expectLegacyError(response: TestResponse, status: number, error: string): void {
  expect([response.status, response.body?.error]).toEqual([status, error]);
  expect(response.body.success).toBe(false);
  expect(typeof response.body.error_explained).toBe("string");
  expect(response.body.error_explained.length).toBeGreaterThan(0);
}

interface LegacyAccount {
  success: boolean;
  credits_left: number;
  credits_total: number;
  credits_used_not_verified: number;
  credits_used_verified: number;
}

describe("legacy v5.0", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  const clock = new ManualClock();

  beforeAll(async () => {
    sandbox = await startSandbox({ clock });
    examples = (await sandbox.examples()) as Examples;
  });
  afterAll(() => sandbox.close());

  const legacyAccount = async (account: TestAccount): Promise<LegacyAccount> => {
    const response = await account.request("GET", ACCOUNT);
    expect(response.status).toBe(200);
    return response.body;
  };
  const chargeRows = (account: TestAccount): number =>
    sandbox.app.sandbox.db
      .prepare<[string], { n: number }>(
        "SELECT COUNT(*) AS n FROM charges c JOIN accounts a ON a.id = c.account_id WHERE a.api_key = ?"
      )
      .get(account.apiKey)!.n;

  test("account: success and four integer counters", async () => {
    const account = await sandbox.account(25);
    const body = await legacyAccount(account);
    expect(Object.keys(body).sort()).toEqual([
      "credits_left",
      "credits_total",
      "credits_used_not_verified",
      "credits_used_verified",
      "success",
    ]);
    expect(body).toEqual({
      success: true,
      credits_left: 25,
      credits_total: 25,
      credits_used_not_verified: 0,
      credits_used_verified: 0,
    });
    // Integers even when a v5.1 verification charged a fraction of a credit.
    await account.request("POST", "/v5.1/verify-email", examples.verify!.valid!);
    const after = await legacyAccount(account);
    for (const key of [
      "credits_left",
      "credits_total",
      "credits_used_not_verified",
      "credits_used_verified",
    ] as const) {
      expect([key, Number.isInteger(after[key])]).toEqual([key, true]);
    }
    expect(after.credits_total).toBe(25);
    expect(after.credits_left).toBeLessThan(25);
  });

  describe("person", () => {
    test("valid: email, validation valid, alternatives; one credit; echo of every field", async () => {
      const account = await sandbox.account(10);
      const body = examples.legacy_person!.valid!;
      const response = await account.request("POST", PERSON, body);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual(["input", "results", "success"]);
      expect(response.body.success).toBe(true);
      expect(response.body.input).toEqual(echoOf(PERSON, body));
      const { results } = response.body;
      expect(Object.keys(results).sort()).toEqual(["alternatives", "email", "validation"]);
      expect(results.validation).toBe("valid");
      expect(results.email.endsWith(`@${body.domain}`)).toBe(true);
      expect(Array.isArray(results.alternatives)).toBe(true);
      for (const alternative of results.alternatives) {
        expect(typeof alternative).toBe("string");
        expect(alternative).not.toBe(results.email);
      }
      const usage = await legacyAccount(account);
      expect(usage.credits_left).toBe(9);
      expect(usage.credits_used_verified).toBe(1);
      expect(usage.credits_used_not_verified).toBe(0);
      // The same person as the v5.1 person example.
      const v51 = await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
      expect(results.email).toBe(v51.body.email);
    });

    test("unknown: validation unknown, free, counted in credits_used_not_verified", async () => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", PERSON, examples.legacy_person!.unknown!);
      expect(response.status).toBe(200);
      expect(response.body.results.validation).toBe("unknown");
      expect(typeof response.body.results.email).toBe("string");
      const usage = await legacyAccount(account);
      expect(usage.credits_left).toBe(10);
      expect(usage.credits_used_verified).toBe(0);
      expect(usage.credits_used_not_verified).toBe(1);
    });

    test("not_found: 404 no_result, free", async () => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", PERSON, examples.legacy_person!.not_found!);
      expectLegacyError(response, 404, "no_result");
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });

    test("a company name that matches nothing: 404 domain_not_found", async () => {
      const account = await sandbox.account(10);
      const { first_name, last_name } = examples.legacy_person!.valid! as Record<string, string>;
      const response = await account.request("POST", PERSON, {
        company_name: "Zebedee Nonexistent Holdings 90210",
        first_name,
        last_name,
      });
      expectLegacyError(response, 404, "domain_not_found");
    });

    test("a domain without mail hosting: 404 domain_records_not_found", async () => {
      const account = await sandbox.account(10);
      const { first_name, last_name } = examples.legacy_person!.valid! as Record<string, string>;
      const response = await account.request("POST", PERSON, {
        domain: examples.legacy_company!.not_found!.domain,
        first_name,
        last_name,
      });
      expectLegacyError(response, 404, "domain_records_not_found");
    });

    test("a blacklisted person: 451 blacklisted, free", async () => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", PERSON, examples.person!.blacklisted!);
      expectLegacyError(response, 451, "blacklisted");
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });

    test("full_name and company_name work too, and country_code is echoed", async () => {
      const account = await sandbox.account(10);
      const valid = examples.legacy_person!.valid! as Record<string, string>;
      const companyName = (
        await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!)
      ).body.person_company_name;
      const body = {
        full_name: `${valid.first_name} ${valid.last_name}`,
        company_name: companyName,
        country_code: "US",
      };
      const response = await account.request("POST", PERSON, body);
      expect(response.status).toBe(200);
      expect(response.body.results.validation).toBe("valid");
      expect(response.body.input).toEqual({ ...echoOf(PERSON, body) });
      expect(response.body.input.country_code).toBe("US");
      expect(response.body.input.domain).toBeNull();
    });
  });

  describe("company", () => {
    test("valid: emails, validation valid, totalCount; one credit", async () => {
      const account = await sandbox.account(10);
      const body = examples.legacy_company!.valid!;
      const response = await account.request("POST", COMPANY, body);
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.input).toEqual(echoOf(COMPANY, body));
      const { results } = response.body;
      expect(Object.keys(results).sort()).toEqual(["emails", "totalCount", "validation"]);
      expect(results.validation).toBe("valid");
      expect(results.emails.length).toBeGreaterThan(0);
      for (const email of results.emails) expect(email.endsWith(`@${body.domain}`)).toBe(true);
      expect(Number.isInteger(results.totalCount)).toBe(true);
      expect(results.totalCount).toBeGreaterThanOrEqual(results.emails.length);
      expect((await legacyAccount(account)).credits_left).toBe(9);
    });

    test("unknown: validation unknown, free, counted as not verified", async () => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", COMPANY, examples.legacy_company!.unknown!);
      expect(response.status).toBe(200);
      expect(response.body.results.validation).toBe("unknown");
      expect(response.body.results.emails.length).toBeGreaterThan(0);
      const usage = await legacyAccount(account);
      expect(usage.credits_left).toBe(10);
      expect(usage.credits_used_not_verified).toBe(1);
    });

    test("not_found: 404 domain_records_not_found (no mail hosting)", async () => {
      const account = await sandbox.account(10);
      expectLegacyError(
        await account.request("POST", COMPANY, examples.legacy_company!.not_found!),
        404,
        "domain_records_not_found"
      );
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });

    test("a company name that matches nothing: 404 domain_not_found", async () => {
      const account = await sandbox.account(10);
      expectLegacyError(
        await account.request("POST", COMPANY, {
          company_name: "Zebedee Nonexistent Holdings 90210",
        }),
        404,
        "domain_not_found"
      );
    });

    test("a company whose emails were removed: 451 blacklisted", async () => {
      const account = await sandbox.account(10);
      expectLegacyError(
        await account.request("POST", COMPANY, examples.company!.blacklisted!),
        451,
        "blacklisted"
      );
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });
  });

  describe("employees", () => {
    test("valid: company_name_used and employees; charged on every call", async () => {
      const account = await sandbox.account(10);
      const body = examples.legacy_employees!.valid!;
      const response = await account.request("POST", EMPLOYEES, body);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body).sort()).toEqual([
        "company_name_used",
        "employees",
        "input",
        "success",
      ]);
      expect(response.body.input).toEqual(echoOf(EMPLOYEES, body));
      expect(typeof response.body.company_name_used).toBe("string");
      expect(response.body.employees.length).toBeGreaterThan(0);
      for (const employee of response.body.employees) {
        expect(Object.keys(employee).sort()).toEqual(["company", "linkedin_url", "name", "title"]);
        expect(typeof employee.company).toBe("string");
        expect(typeof employee.name).toBe("string");
        expect(typeof employee.title).toBe("string");
        expect(employee.linkedin_url === null || typeof employee.linkedin_url === "string").toBe(
          true
        );
      }
      // Employees whose title contains the preferred title come first.
      const wanted = String(body.preferred_title).toLowerCase();
      const matches = (e: { title: string }): boolean => e.title.toLowerCase().includes(wanted);
      expect(!response.body.employees.some(matches) || matches(response.body.employees[0])).toBe(
        true
      );
      const lastTitle: string = response.body.employees.at(-1).title;
      const titled = await account.request("POST", EMPLOYEES, {
        ...body,
        preferred_title: lastTitle,
      });
      const firstTitle = String(titled.body.employees[0].title).toLowerCase();
      for (const word of lastTitle.toLowerCase().split(/\s+/)) expect(firstTitle).toContain(word);
      expect((await legacyAccount(account)).credits_left).toBe(8);
      const again = await account.request("POST", EMPLOYEES, body);
      expect(again.status).toBe(200);
      expect((await legacyAccount(account)).credits_left).toBe(7);
      // The name used finds the same company.
      const byName = await account.request("POST", EMPLOYEES, {
        company_name: response.body.company_name_used,
        preferred_title: body.preferred_title,
      });
      expect(byName.status).toBe(200);
      expect(byName.body.company_name_used).toBe(response.body.company_name_used);
      expect((await legacyAccount(account)).credits_left).toBe(6);
    });

    test("not_found: 404 no_result, free", async () => {
      const account = await sandbox.account(10);
      expectLegacyError(
        await account.request("POST", EMPLOYEES, examples.legacy_employees!.not_found!),
        404,
        "no_result"
      );
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });

    test("an unknown domain: 404 company_name_not_found, free", async () => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", EMPLOYEES, {
        domain: "no-such-company-4711.example",
        preferred_title: "CEO",
      });
      expectLegacyError(response, 404, "company_name_not_found");
      expect((await legacyAccount(account)).credits_left).toBe(10);
    });
  });

  describe("validate", () => {
    test("each outcome is answered and charged one credit, every call", async () => {
      const account = await sandbox.account(10);
      let left = 10;
      for (const [outcome, body] of Object.entries(examples.legacy_validate!)) {
        for (let i = 0; i < 2; i++) {
          const response = await account.request("POST", VALIDATE, body);
          expect(response.status).toBe(200);
          expect(response.body).toEqual({
            success: true,
            input: echoOf(VALIDATE, body),
            validation: outcome,
          });
          left -= 1;
          expect([outcome, i, (await legacyAccount(account)).credits_left]).toEqual([
            outcome,
            i,
            left,
          ]);
        }
      }
      expect(left).toBe(4);
    });
  });

  describe("400 bad_request names the field, and charges nothing", () => {
    const cases: Array<[string, string, Body, string[]]> = [
      [
        "person without domain or company_name",
        PERSON,
        { first_name: "Ada", last_name: "Lovelace" },
        ["domain", "company_name"],
      ],
      ["person without a name", PERSON, { domain: "example.com" }, ["full_name"]],
      [
        "person with first_name only",
        PERSON,
        { domain: "example.com", first_name: "Ada" },
        ["last_name", "full_name"],
      ],
      [
        "person with an invalid domain",
        PERSON,
        { domain: "not a domain", full_name: "Ada Lovelace" },
        ["domain"],
      ],
      ["person with a number", PERSON, { domain: "example.com", full_name: 42 }, ["full_name"]],
      ["company without domain or company_name", COMPANY, {}, ["domain", "company_name"]],
      [
        "employees without domain or company_name",
        EMPLOYEES,
        { preferred_title: "CEO" },
        ["domain", "company_name"],
      ],
      [
        "employees without preferred_title",
        EMPLOYEES,
        { domain: "example.com" },
        ["preferred_title"],
      ],
      ["validate without email", VALIDATE, {}, ["email"]],
      ["validate with an empty email", VALIDATE, { email: "" }, ["email"]],
    ];

    test.each(cases)("%s", async (_name, path, body, fields) => {
      const account = await sandbox.account(10);
      const response = await account.request("POST", path, body);
      expectLegacyError(response, 400, "bad_request");
      expect(fields).toContain(response.body.field);
      expect((await legacyAccount(account)).credits_left).toBe(10);
      expect(chargeRows(account)).toBe(0);
    });

    test("a malformed JSON body", async () => {
      const account = await sandbox.account(10);
      expectLegacyError(await account.request("POST", PERSON, '{"domain":'), 400, "bad_request");
    });
  });

  describe("402 upgrade_needed", () => {
    test("the body has success false, error, error_explained and status; nothing charged", async () => {
      const account = await sandbox.account(0);
      const cases: Array<[string, Body]> = [
        [PERSON, examples.legacy_person!.valid!],
        [COMPANY, examples.legacy_company!.valid!],
        [EMPLOYEES, examples.legacy_employees!.valid!],
        ...Object.values(examples.legacy_validate!).map((body): [string, Body] => [VALIDATE, body]),
      ];
      for (const [path, body] of cases) {
        const response = await account.request("POST", path, body);
        expectLegacyError(response, 402, "upgrade_needed");
        expect(Object.keys(response.body).sort()).toEqual([
          "error",
          "error_explained",
          "status",
          "success",
        ]);
        expect(typeof response.body.status).toBe("string");
        expect(response.body.status.length).toBeGreaterThan(0);
      }
      expect(await legacyAccount(account)).toEqual({
        success: true,
        credits_left: 0,
        credits_total: 0,
        credits_used_not_verified: 0,
        credits_used_verified: 0,
      });
      expect(chargeRows(account)).toBe(0);
      // Free answers are still given at zero balance.
      const unknown = await account.request("POST", PERSON, examples.legacy_person!.unknown!);
      expect(unknown.status).toBe(200);
      expect(unknown.body.results.validation).toBe("unknown");
    });
  });

  describe("charging rules", () => {
    test("the same person or company query is never charged twice, even after 31 days", async () => {
      const account = await sandbox.account(10);
      const person = examples.legacy_person!.valid! as Record<string, string>;
      const company = examples.legacy_company!.valid! as Record<string, string>;
      expect((await account.request("POST", PERSON, person)).status).toBe(200);
      expect((await account.request("POST", COMPANY, company)).status).toBe(200);
      expect((await legacyAccount(account)).credits_left).toBe(8);
      // The same query in other forms.
      const variants: Array<[string, Body]> = [
        [PERSON, { ...person, domain: `https://www.${person.domain!.toUpperCase()}/team` }],
        [
          PERSON,
          {
            domain: person.domain!,
            full_name: `${person.first_name}  ${person.last_name!.toUpperCase()}`,
          },
        ],
        [COMPANY, { domain: ` ${company.domain!.toUpperCase()} ` }],
      ];
      for (const [path, body] of variants) {
        const response = await account.request("POST", path, body);
        expect([body, response.status]).toEqual([body, 200]);
      }
      expect((await legacyAccount(account)).credits_left).toBe(8);
      clock.advance(31 * DAY_MS);
      expect((await account.request("POST", PERSON, person)).status).toBe(200);
      expect((await account.request("POST", COMPANY, company)).status).toBe(200);
      clock.advance(400 * DAY_MS);
      expect((await account.request("POST", PERSON, person)).status).toBe(200);
      const usage = await legacyAccount(account);
      expect(usage.credits_left).toBe(8);
      expect(usage.credits_used_verified).toBe(2);
    });

    test("a query free in v5.1 after 31 days is independent from v5.0's record", async () => {
      const account = await sandbox.account(10);
      expect((await account.request("POST", PERSON, examples.legacy_person!.valid!)).status).toBe(
        200
      );
      const v51 = await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
      expect(v51.status).toBe(200);
      // Each generation keeps its own rules; whatever v5.1 did, v5.0 never charges the query again.
      const left = (await legacyAccount(account)).credits_left;
      expect((await account.request("POST", PERSON, examples.legacy_person!.valid!)).status).toBe(
        200
      );
      expect((await legacyAccount(account)).credits_left).toBe(left);
    });

    test("no charge on any error", async () => {
      const account = await sandbox.account(10);
      const errors: Array<[string, Body]> = [
        [PERSON, examples.legacy_person!.not_found!],
        [PERSON, examples.person!.blacklisted!],
        [COMPANY, examples.legacy_company!.not_found!],
        [COMPANY, examples.company!.blacklisted!],
        [EMPLOYEES, examples.legacy_employees!.not_found!],
        [EMPLOYEES, { domain: "no-such-company-4711.example", preferred_title: "CEO" }],
        [VALIDATE, {}],
      ];
      for (const [path, body] of errors) {
        const response = await account.request("POST", path, body);
        expect(response.status).toBeGreaterThanOrEqual(400);
      }
      const usage = await legacyAccount(account);
      expect(usage.credits_left).toBe(10);
      expect(usage.credits_used_verified).toBe(0);
      expect(usage.credits_used_not_verified).toBe(0);
    });
  });

  describe("form-encoded bodies", () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const encode = (body: Body): string =>
      new URLSearchParams(body as Record<string, string>).toString();

    test("person, company, employees and validate accept application/x-www-form-urlencoded", async () => {
      const account = await sandbox.account(10);
      const person = examples.legacy_person!.valid!;
      const json = await account.request("POST", PERSON, person);
      const byForm = await account.request("POST", PERSON, encode(person), form);
      expect(byForm.status).toBe(200);
      expect(byForm.body).toEqual(json.body);
      const company = await account.request(
        "POST",
        COMPANY,
        encode(examples.legacy_company!.valid!),
        form
      );
      expect(company.status).toBe(200);
      expect(company.body.results.validation).toBe("valid");
      const employees = await account.request(
        "POST",
        EMPLOYEES,
        encode(examples.legacy_employees!.valid!),
        form
      );
      expect(employees.status).toBe(200);
      expect(employees.body.input).toEqual(echoOf(EMPLOYEES, examples.legacy_employees!.valid!));
      const validate = await account.request(
        "POST",
        VALIDATE,
        encode(examples.legacy_validate!.invalid!),
        form
      );
      expect(validate.status).toBe(200);
      expect(validate.body.validation).toBe("invalid");
    });

    test("v5.1 takes JSON only: a form body is a 400 and charges nothing", async () => {
      const account = await sandbox.account(10);
      const response = await account.request(
        "POST",
        "/v5.1/find-email/person",
        encode(examples.person!.valid!),
        form
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: "bad_request",
        message: expect.stringMatching(/application\/json/),
      });
      expect(await account.credits()).toBe(10);
    });

    test("a form missing a field is a 400 naming it", async () => {
      const account = await sandbox.account(10);
      const response = await account.request(
        "POST",
        EMPLOYEES,
        encode({ domain: "example.com" }),
        form
      );
      expectLegacyError(response, 400, "bad_request");
      expect(response.body.field).toBe("preferred_title");
    });
  });
});
