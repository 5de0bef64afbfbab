import { DECISION_MAKER_CATEGORIES } from "../../src/api/types";
import {
  startSandbox,
  type TestAccount,
  type TestResponse,
  type TestSandbox,
} from "../helpers/sandbox";

// v5.1 single lookups over HTTP (docs/interface.md, Common answer fields and Lookups): every
// outcome the sandbox offers in /sandbox/examples, the shape of every answer, and the 400s of bad
// input.

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

const PATHS = {
  person: "/v5.1/find-email/person",
  company: "/v5.1/find-email/company",
  decision_maker: "/v5.1/find-email/decision-maker",
  linkedin_url: "/v5.1/find-email/linkedin-url",
  verify: "/v5.1/verify-email",
} as const;
type Operation = keyof typeof PATHS;

const FIND_STATUSES = ["valid", "risky", "not_found", "blacklisted"];
const VERIFY_STATUSES = ["valid", "risky", "invalid"];
const COMMON = ["input", "credits_charged", "email_status", "mx_host", "mx_domain"];
/** The common answer fields plus each lookup's own (docs/interface.md, Lookups). */
const FIELDS: Record<Operation, string[]> = {
  person: [
    ...COMMON,
    "email",
    "valid_email",
    "person_full_name",
    "person_company_name",
    "person_job_title",
  ],
  company: [...COMMON, "emails", "valid_emails"],
  decision_maker: [
    ...COMMON,
    "decision_maker_category",
    "email",
    "valid_email",
    "person_first_name",
    "person_last_name",
    "person_full_name",
    "person_job_title",
    "person_linkedin_url",
  ],
  linkedin_url: [
    ...COMMON,
    "email",
    "valid_email",
    "person_full_name",
    "person_job_title",
    "person_company_name",
  ],
  verify: [...COMMON],
};

const isStringOrNull = (value: unknown): boolean => value === null || typeof value === "string";
const domainOfEmail = (email: string): string => email.slice(email.lastIndexOf("@") + 1);

/** Checks every field and rule that holds whatever the endpoint and outcome. */
function expectCommonShape(operation: Operation, body: Body, sent: Body): void {
  expect(Object.keys(body).sort()).toEqual([...FIELDS[operation]].sort());
  expect(body.input).toEqual(sent);
  expect(typeof body.credits_charged).toBe("number");
  expect(operation === "verify" ? VERIFY_STATUSES : FIND_STATUSES).toContain(body.email_status);
  expect(isStringOrNull(body.mx_host)).toBe(true);
  expect(isStringOrNull(body.mx_domain)).toBe(true);
  // mx_domain is null exactly when mx_host is null, and is the root of mx_host.
  expect(body.mx_domain === null).toBe(body.mx_host === null);
  if (typeof body.mx_host === "string")
    expect((body.mx_host as string).endsWith(body.mx_domain as string)).toBe(true);
  for (const field of FIELDS[operation]) {
    if (["input", "credits_charged", "email_status", "emails", "valid_emails"].includes(field))
      continue;
    expect([field, isStringOrNull(body[field])]).toEqual([field, true]);
  }
}

/** Person-like answers (person, linkedin-url, decision maker). */
function expectPersonRules(body: Body): void {
  const status = body.email_status;
  const found = status === "valid" || status === "risky";
  if (found) {
    expect(typeof body.email).toBe("string");
    expect(body.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
    expect(typeof body.mx_host).toBe("string");
    expect(typeof body.person_full_name).toBe("string");
  } else {
    expect(body.email).toBeNull();
    expect(body.mx_host).toBeNull();
    expect(body.mx_domain).toBeNull();
    expect(body.person_full_name).toBeNull();
    expect(body.person_job_title).toBeNull();
  }
  expect(body.valid_email).toBe(status === "valid" ? body.email : null);
}

describe("v5.1 lookups", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  let account: TestAccount;

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as Examples;
    account = await sandbox.account(100_000);
  });
  afterAll(() => sandbox.close());

  const lookup = (
    operation: Operation,
    body: unknown,
    headers?: Record<string, string>
  ): Promise<TestResponse> => account.request("POST", PATHS[operation], body, headers);

  describe("every example outcome", () => {
    test("the examples offer every outcome the sandbox documents", () => {
      for (const operation of ["person", "company", "decision_maker", "linkedin_url"]) {
        expect(Object.keys(examples[operation]!).sort()).toEqual([...FIND_STATUSES].sort());
      }
      expect(Object.keys(examples.verify!).sort()).toEqual([...VERIFY_STATUSES].sort());
    });

    test.each(["person", "company", "decision_maker", "linkedin_url", "verify"] as Operation[])(
      "%s: each example answers 200 with its outcome and every field",
      async (operation) => {
        for (const [outcome, body] of Object.entries(examples[operation]!)) {
          const response = await lookup(operation, body);
          expect([outcome, response.status]).toEqual([outcome, 200]);
          expect(response.headers.get("content-type")).toMatch(/^application\/json/);
          expect(response.body.email_status).toBe(outcome);
          expectCommonShape(operation, response.body, body);
        }
      }
    );

    test("person: email, valid_email, name and company by outcome; no title without a profile URL", async () => {
      for (const [outcome, body] of Object.entries(examples.person!)) {
        const { body: result } = await lookup("person", body);
        expectPersonRules(result);
        if (outcome === "valid" || outcome === "risky") {
          // The address lives at the requested domain, and the name is the person asked for.
          expect(domainOfEmail(result.email)).toBe(body.domain);
          expect(result.person_full_name).toContain(String(body.first_name));
          expect(result.person_full_name).toContain(String(body.last_name));
          expect(typeof result.person_company_name).toBe("string");
          expect(result.person_company_name.length).toBeGreaterThan(0);
        } else {
          expect(result.person_company_name).toBeNull();
        }
        // No profile URL was supplied, so no job title (docs/interface.md, Person).
        expect(result.person_job_title).toBeNull();
      }
    });

    test("person: a supplied and fetched profile URL fills person_job_title", async () => {
      for (const outcome of ["valid", "risky"]) {
        const byName = examples.person![outcome]!;
        const withProfile = {
          ...byName,
          linkedin_url: examples.linkedin_url![outcome]!.linkedin_url,
        };
        const response = await lookup("person", withProfile);
        expect(response.status).toBe(200);
        expect(response.body.email_status).toBe(outcome);
        expect(response.body.input).toEqual(withProfile);
        expect(typeof response.body.person_job_title).toBe("string");
        expect(response.body.person_job_title.length).toBeGreaterThan(0);
        // The same person as without the URL.
        const plain = await lookup("person", byName);
        expect(response.body.email).toBe(plain.body.email);
        expect(response.body.person_company_name).toBe(plain.body.person_company_name);
      }
    });

    test("person: the profile URL sent alone finds the person", async () => {
      const url = examples.linkedin_url!.valid!.linkedin_url;
      const response = await lookup("person", { linkedin_url: url });
      expect(response.status).toBe(200);
      expect(response.body.email_status).toBe("valid");
      expect(response.body.input).toEqual({ linkedin_url: url });
      const byProfile = await lookup("linkedin_url", { linkedin_url: url });
      expect(response.body.email).toBe(byProfile.body.email);
      expect(typeof response.body.person_job_title).toBe("string");
    });

    test("person: the profile URL is the fallback when name plus company finds no verified email", async () => {
      const stranger = examples.person!.not_found!;
      const url = examples.linkedin_url!.valid!.linkedin_url;
      const alone = await lookup("person", stranger);
      expect(alone.body.email_status).toBe("not_found");
      const withFallback = await lookup("person", { ...stranger, linkedin_url: url });
      expect(withFallback.status).toBe(200);
      expect(withFallback.body.email_status).toBe("valid");
      const byProfile = await lookup("linkedin_url", { linkedin_url: url });
      expect(withFallback.body.email).toBe(byProfile.body.email);
      expect(withFallback.body.valid_email).toBe(byProfile.body.email);
    });

    test("person: full_name works like first_name plus last_name", async () => {
      const { domain, first_name, last_name } = examples.person!.valid! as Record<string, string>;
      const split = await lookup("person", { domain, first_name, last_name });
      const full = await lookup("person", { domain, full_name: `${first_name} ${last_name}` });
      expect(full.status).toBe(200);
      expect(full.body.email_status).toBe("valid");
      expect(full.body.email).toBe(split.body.email);
      expect(full.body.input).toEqual({ domain, full_name: `${first_name} ${last_name}` });
    });

    test("person: company_name is used when there is no domain", async () => {
      const byDomain = await lookup("person", examples.person!.valid!);
      const { first_name, last_name } = examples.person!.valid! as Record<string, string>;
      const body = { company_name: byDomain.body.person_company_name, first_name, last_name };
      const byName = await lookup("person", body);
      expect(byName.status).toBe(200);
      expect(byName.body.email_status).toBe("valid");
      expect(byName.body.email).toBe(byDomain.body.email);
      expect(byName.body.input).toEqual(body);
    });

    test("domain is preferred over company_name (docs/interface.md, Lookups)", async () => {
      const valid = await lookup("person", examples.person!.valid!);
      const companyName = valid.body.person_company_name as string;
      const { first_name, last_name } = examples.person!.valid! as Record<string, string>;
      const noMail = examples.company!.not_found!.domain as string;
      // The domain decides, whatever the name says.
      const wrongName = await lookup("person", {
        ...examples.person!.valid!,
        company_name: "Zebedee Nonexistent Holdings",
      });
      expect(wrongName.body.email).toBe(valid.body.email);
      const wrongDomain = await lookup("person", {
        domain: noMail,
        company_name: companyName,
        first_name,
        last_name,
      });
      expect(wrongDomain.body.email_status).toBe("not_found");
      // company and decision maker accept the name alone.
      const company = await lookup("company", { company_name: companyName });
      expect(company.status).toBe(200);
      expect(company.body.email_status).toBe("valid");
      expect(company.body.emails).toEqual(
        (await lookup("company", { domain: examples.person!.valid!.domain })).body.emails
      );
      const dm = await lookup("decision_maker", {
        company_name: companyName,
        decision_maker_category: ["ceo"],
      });
      expect(dm.status).toBe(200);
      expect(dm.body.email_status).toBe("valid");
      expect(dm.body.input).toEqual({
        company_name: companyName,
        decision_maker_category: ["ceo"],
      });
      const unknown = await lookup("company", { company_name: "Zebedee Nonexistent Holdings" });
      expect(unknown.status).toBe(200);
      expect(unknown.body.email_status).toBe("not_found");
      expect(unknown.body.emails).toEqual([]);
    });

    test("linkedin-url: every outcome follows the person rules; title filled when found", async () => {
      for (const [outcome, body] of Object.entries(examples.linkedin_url!)) {
        const { body: result } = await lookup("linkedin_url", body);
        expectPersonRules(result);
        if (outcome === "valid" || outcome === "risky") {
          expect(typeof result.person_job_title).toBe("string");
          expect(typeof result.person_company_name).toBe("string");
        } else {
          expect(result.person_company_name).toBeNull();
        }
      }
    });

    test("linkedin-url and person examples describe the same people", async () => {
      for (const outcome of ["valid", "risky"]) {
        const byProfile = await lookup("linkedin_url", examples.linkedin_url![outcome]!);
        const byName = await lookup("person", examples.person![outcome]!);
        expect(byProfile.body.email).toBe(byName.body.email);
      }
    });

    test("company: emails by outcome, valid_emails only when valid, at most 20", async () => {
      for (const [outcome, body] of Object.entries(examples.company!)) {
        const { body: result } = await lookup("company", body);
        expect(Array.isArray(result.emails)).toBe(true);
        expect(Array.isArray(result.valid_emails)).toBe(true);
        expect(result.emails.length).toBeLessThanOrEqual(20);
        for (const email of result.emails) {
          expect(typeof email).toBe("string");
          expect(domainOfEmail(email)).toBe(body.domain);
        }
        expect(new Set(result.emails).size).toBe(result.emails.length);
        if (outcome === "valid" || outcome === "risky") {
          expect(result.emails.length).toBeGreaterThan(0);
          expect(typeof result.mx_host).toBe("string");
        } else {
          expect(result.emails).toEqual([]);
          expect(result.mx_host).toBeNull();
          expect(result.mx_domain).toBeNull();
        }
        expect(result.valid_emails).toEqual(outcome === "valid" ? result.emails : []);
      }
    });

    test("company: email_type narrows the list and is echoed", async () => {
      const domain = examples.company!.valid!.domain as string;
      const any = await lookup("company", { domain });
      const generic = await lookup("company", { domain, email_type: "generic" });
      const personal = await lookup("company", { domain, email_type: "personal" });
      for (const response of [generic, personal]) {
        expect(response.status).toBe(200);
        expect(response.body.emails.length).toBeGreaterThan(0);
        for (const email of response.body.emails) expect(domainOfEmail(email)).toBe(domain);
      }
      expect(generic.body.input).toEqual({ domain, email_type: "generic" });
      // Generic and personal addresses are disjoint, and "any" draws from both.
      const genericSet = new Set<string>(generic.body.emails);
      for (const email of personal.body.emails) expect(genericSet.has(email)).toBe(false);
      for (const email of any.body.emails) {
        expect(
          genericSet.has(email) ||
            personal.body.emails.includes(email) ||
            personal.body.emails.length === 20
        ).toBe(true);
      }
    });

    test("decision maker: category, person fields and names by outcome", async () => {
      for (const [outcome, body] of Object.entries(examples.decision_maker!)) {
        const { body: result } = await lookup("decision_maker", body);
        expectPersonRules(result);
        if (outcome === "valid" || outcome === "risky") {
          expect(result.decision_maker_category).toBe(
            (body.decision_maker_category as string[])[0]
          );
          expect(domainOfEmail(result.email)).toBe(body.domain);
          expect(typeof result.person_job_title).toBe("string");
          const words = (result.person_full_name as string).split(/\s+/);
          if (words.length === 2) {
            expect(result.person_first_name).toBe(words[0]);
            expect(result.person_last_name).toBe(words[1]);
          }
        } else {
          expect(result.decision_maker_category).toBeNull();
          expect(result.person_first_name).toBeNull();
          expect(result.person_last_name).toBeNull();
          expect(result.person_linkedin_url).toBeNull();
        }
      }
    });

    test("verify: status by outcome; the valid person example's email verifies as valid", async () => {
      const found = await lookup("person", examples.person!.valid!);
      const verified = await lookup("verify", { email: found.body.email });
      expect(verified.status).toBe(200);
      expect(verified.body.email_status).toBe("valid");
      expect(typeof verified.body.mx_host).toBe("string");
      for (const [outcome, body] of Object.entries(examples.verify!)) {
        const { body: result } = await lookup("verify", body);
        expect(result.email_status).toBe(outcome);
        if (outcome !== "invalid") expect(typeof result.mx_host).toBe("string");
      }
    });
  });

  describe("decision-maker categories (docs/interface.md, Decision-maker categories)", () => {
    /** Domains from the examples whose mail server verifies (their valid outcomes). */
    const verifyingDomains = (): string[] => [
      ...new Set([
        examples.decision_maker!.valid!.domain as string,
        examples.company!.valid!.domain as string,
        String(examples.domain_file!.domain),
      ]),
    ];

    /** The answer of each single category at a domain. */
    async function byCategory(domain: string): Promise<Map<string, Body>> {
      const answers = new Map<string, Body>();
      for (const category of DECISION_MAKER_CATEGORIES) {
        const response = await lookup("decision_maker", {
          domain,
          decision_maker_category: [category],
        });
        expect(response.status).toBe(200);
        answers.set(category, response.body);
      }
      return answers;
    }

    test("the first category that resolves to a valid email wins, in the order given", async () => {
      let checkedMissing = false;
      let checkedOrder = false;
      for (const domain of verifyingDomains()) {
        const answers = await byCategory(domain);
        const valid = [...answers].filter(([, a]) => a.email_status === "valid").map(([c]) => c);
        const missing = [...answers].filter(([, a]) => a.email_status !== "valid").map(([c]) => c);
        if (valid.length > 0 && missing.length > 0) {
          // e.g. ["hr", "ceo"] at a company with no hr person gives ceo.
          const body = { domain, decision_maker_category: [missing[0], valid[0]] };
          const response = await lookup("decision_maker", body);
          expect(response.body.email_status).toBe("valid");
          expect(response.body.decision_maker_category).toBe(valid[0]);
          expect(response.body.email).toBe(answers.get(valid[0]!)!.email);
          expect(response.body.input).toEqual(body);
          checkedMissing = true;
        }
        if (valid.length >= 2) {
          for (const order of [
            [valid[0]!, valid[1]!],
            [valid[1]!, valid[0]!],
          ]) {
            const response = await lookup("decision_maker", {
              domain,
              decision_maker_category: order,
            });
            expect(response.body.decision_maker_category).toBe(order[0]);
            expect(response.body.email).toBe(answers.get(order[0]!)!.email);
          }
          checkedOrder = true;
        }
        if (checkedMissing && checkedOrder) break;
      }
      expect(checkedMissing).toBe(true);
      expect(checkedOrder).toBe(true);
    });

    test("several categories cost two credits, like one", async () => {
      const other = await sandbox.account(10);
      const domain = examples.decision_maker!.valid!.domain as string;
      const response = await other.request("POST", PATHS.decision_maker, {
        domain,
        decision_maker_category: [...DECISION_MAKER_CATEGORIES],
      });
      expect(response.body.email_status).toBe("valid");
      expect(response.body.credits_charged).toBe(2);
      expect(await other.credits()).toBe(8);
    });

    test("a compound name is not split into first and last name", async () => {
      // Look for a decision maker whose full name has three words or more; the directory is
      // the fallback when none of the example domains has one.
      let found: Body | undefined;
      for (const domain of verifyingDomains()) {
        for (const answer of (await byCategory(domain)).values()) {
          if (
            typeof answer.person_full_name === "string" &&
            answer.person_full_name.trim().split(/\s+/).length >= 3
          ) {
            found = answer;
            break;
          }
        }
        if (found) break;
      }
      if (!found) {
        const { directory } = sandbox.app.sandbox;
        for (const company of directory.companies) {
          if (company.mailServer !== "verifying") continue;
          const person = company.people.find(
            (p) => !p.nameSplittable && p.category && !p.blacklisted && p.rank === 0
          );
          if (!person) continue;
          found = (
            await lookup("decision_maker", {
              domain: company.domain,
              decision_maker_category: [person.category],
            })
          ).body;
          break;
        }
      }
      expect(found).toBeDefined();
      expect(found!.email_status).toBe("valid");
      expect((found!.person_full_name as string).split(/\s+/).length).toBeGreaterThanOrEqual(3);
      expect(found!.person_first_name).toBeNull();
      expect(found!.person_last_name).toBeNull();
      expect(typeof found!.person_job_title).toBe("string");
    });
  });

  describe("bad input answers 400 bad_request, charges nothing and logs no charge", () => {
    const big = "x".repeat(100 * 1024);
    let victim: TestAccount;

    beforeAll(async () => {
      victim = await sandbox.account(50);
    });

    const chargeRows = (apiKey: string): number =>
      sandbox.app.sandbox.db
        .prepare<[string], { n: number }>(
          "SELECT COUNT(*) AS n FROM charges c JOIN accounts a ON a.id = c.account_id WHERE a.api_key = ?"
        )
        .get(apiKey)!.n;

    async function expectBadRequest(
      operation: Operation,
      body: unknown,
      headers?: Record<string, string>
    ): Promise<void> {
      const before = await victim.credits();
      const rows = chargeRows(victim.apiKey);
      const response = await victim.request("POST", PATHS[operation], body, headers);
      expect([operation, JSON.stringify(body).slice(0, 120), response.status]).toEqual([
        operation,
        JSON.stringify(body).slice(0, 120),
        400,
      ]);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.error).toBe("bad_request");
      expect(typeof response.body.message).toBe("string");
      expect(response.body.message.length).toBeGreaterThan(0);
      expect(await victim.credits()).toBe(before);
      expect(chargeRows(victim.apiKey)).toBe(rows);
    }

    test("malformed JSON and bodies that are not objects", async () => {
      for (const operation of Object.keys(PATHS) as Operation[]) {
        for (const raw of [
          '{"domain": ',
          "{'a': 1}",
          "[1, 2]",
          '"acme.com"',
          "42",
          "null",
          "true",
          "",
        ]) {
          await expectBadRequest(operation, raw);
        }
      }
    });

    test("person: missing company, missing name, half a name, bad fields", async () => {
      const { domain, first_name, last_name } = examples.person!.valid! as Record<string, string>;
      const cases: unknown[] = [
        {},
        { first_name, last_name },
        { full_name: `${first_name} ${last_name}` },
        { domain },
        { domain, first_name },
        { domain, last_name },
        { domain, first_name: "  ", last_name: "  " },
        { domain: "   ", first_name, last_name },
        { domain: 42, first_name, last_name },
        { domain, first_name: 1, last_name },
        { domain, full_name: ["a", "b"] },
        { domain, first_name, last_name, linkedin_url: 7 },
        { domain: "not a domain", first_name, last_name },
        { domain: "localhost", first_name, last_name },
        { domain: big, first_name, last_name },
        { domain, full_name: big },
        { domain, first_name: big, last_name },
        { company_name: big, first_name, last_name },
        { linkedin_url: "https://www.linkedin.com/company/acme" },
        { linkedin_url: "https://example.com/in/someone" },
        { linkedin_url: big },
        { domain, first_name, last_name, linkedin_url: "not a profile" },
      ];
      for (const body of cases) await expectBadRequest("person", body);
    });

    test("company: neither domain nor company_name, bad email_type, bad types", async () => {
      const domain = examples.company!.valid!.domain as string;
      const cases: unknown[] = [
        {},
        { email_type: "any" },
        { domain: "", company_name: "" },
        { domain, email_type: "everything" },
        { domain, email_type: 1 },
        { domain: 42 },
        { company_name: 42 },
        { domain: ["a.com"] },
        { domain: "no_underscores_allowed.com" },
        { domain: big },
        { company_name: big },
      ];
      for (const body of cases) await expectBadRequest("company", body);
    });

    test("decision maker: no categories, unknown category, no company, bad types", async () => {
      const domain = examples.decision_maker!.valid!.domain as string;
      const cases: unknown[] = [
        { domain },
        { domain, decision_maker_category: [] },
        { domain, decision_maker_category: ["cto"] },
        { domain, decision_maker_category: ["ceo", "janitor"] },
        { domain, decision_maker_category: "ceo" },
        { domain, decision_maker_category: [1] },
        { decision_maker_category: ["ceo"] },
        { domain: 42, decision_maker_category: ["ceo"] },
        { domain: "bad domain", decision_maker_category: ["ceo"] },
        { domain: big, decision_maker_category: ["ceo"] },
        { company_name: big, decision_maker_category: ["ceo"] },
      ];
      for (const body of cases) await expectBadRequest("decision_maker", body);
    });

    test("linkedin-url: missing, not a profile URL, bad types", async () => {
      const cases: unknown[] = [
        {},
        { linkedin_url: "" },
        { linkedin_url: 42 },
        { linkedin_url: "https://www.linkedin.com/company/acme" },
        { linkedin_url: "https://www.linkedin.com/in/" },
        { linkedin_url: "https://example.com/in/someone" },
        { linkedin_url: "someone" },
        { linkedin_url: big },
      ];
      for (const body of cases) await expectBadRequest("linkedin_url", body);
    });

    test("verify: missing or malformed email, bad types", async () => {
      const cases: unknown[] = [
        {},
        { email: "" },
        { email: 42 },
        { email: ["a@b.com"] },
        { email: "not-an-email" },
        { email: "someone@" },
        { email: "@acme.com" },
        { email: "a@b@acme.com" },
        { email: "someone@localhost" },
        { email: `${big}@acme.com` },
      ];
      for (const body of cases) await expectBadRequest("verify", body);
    });

    test("a malformed x-webhook-url header on any lookup", async () => {
      for (const operation of Object.keys(PATHS) as Operation[]) {
        const body = examples[operation]!.valid!;
        for (const url of [
          "not a url",
          "ftp://127.0.0.1/hook",
          "/relative/hook",
          "javascript:alert(1)",
        ]) {
          await expectBadRequest(operation, body, { "x-webhook-url": url });
        }
      }
    });

    test("a valid request still charges afterwards (the checks above are not vacuous)", async () => {
      const before = await victim.credits();
      const rows = chargeRows(victim.apiKey);
      const response = await victim.request("POST", PATHS.person, examples.person!.valid!);
      expect(response.status).toBe(200);
      expect(await victim.credits()).toBe(before - 1);
      expect(chargeRows(victim.apiKey)).toBe(rows + 1);
    });
  });
});
