import { Directory } from "../../src/sandbox/directory/directory";
import { call } from "../helpers/sandbox";
import {
  FakeCustomFunctionsError,
  installCustomFunctionsGlobal,
  installServices,
  useFunctionsSandbox,
  invoke,
  isExcelError,
  settled,
  settledAll,
} from "../helpers/custom-functions";

installCustomFunctionsGlobal();
// Imported after the global exists, as in the shared runtime.

const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

describe("worksheet functions against the sandbox", () => {
  const env = useFunctionsSandbox();

  const findEmail = (...args: unknown[]) => settled(invoke(fns.findEmail, ...args).result);

  describe("FINDEMAIL", () => {
    test("valid: the email alone, as a 1x1 matrix", async () => {
      const p = env.examples.person!.valid;
      expect(await findEmail(p.first_name, p.last_name, p.domain, null, null)).toEqual([
        [expect.stringContaining(`@${p.domain}`)],
      ]);
      expect(await env.account.credits()).toBe(99);
    });

    test("risky: the best-guess email is returned; fields can show the status", async () => {
      const p = env.examples.person!.risky;
      const row = await findEmail(
        p.first_name,
        p.last_name,
        p.domain,
        null,
        "email, email_status,person_company_name"
      );
      expect(row).toEqual([[expect.stringContaining("@"), "risky", expect.any(String)]]);
    });

    test("not_found and blacklisted: #N/A saying which", async () => {
      const nf = env.examples.person!.not_found;
      const notFound = await findEmail(nf.first_name, nf.last_name, nf.domain, null, null);
      expect(isExcelError(notFound, "#N/A") && notFound.message).toMatch(/No email found/);
      const bl = env.examples.person!.blacklisted;
      const banned = await findEmail(bl.first_name, bl.last_name, bl.domain, null, null);
      expect(isExcelError(banned, "#N/A") && banned.message).toMatch(/blacklisted/);
    });

    test('last_name empty or "" makes name the full name; a URL is reduced to its domain', async () => {
      const p = env.examples.person!.valid;
      const expected = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(
        await findEmail(
          `${p.first_name} ${p.last_name}`,
          "",
          `https://www.${p.domain}/about-us`,
          null,
          null
        )
      ).toEqual(expected);
      expect(
        await findEmail(`${p.first_name} ${p.last_name}`, null, p.domain.toUpperCase(), null, null)
      ).toEqual(expected);
    });

    test("a company name (not a domain) is sent as company_name and finds the same person", async () => {
      const p = env.examples.person!.valid;
      const company = new Directory().findCompanyByDomain(p.domain)!;
      const byDomain = await findEmail(
        p.first_name,
        p.last_name,
        p.domain,
        null,
        "email,person_company_name"
      );
      const byName = await findEmail(
        p.first_name,
        p.last_name,
        company.name,
        null,
        "email,person_company_name"
      );
      expect(byName).toEqual(byDomain);
      expect(env.runtime.sent).toHaveLength(2);
    });

    test("the profile URL refines and falls back", async () => {
      const profile = env.examples.linkedin_url!.valid.linkedin_url as string;
      const row = await findEmail(
        "Someone",
        "Else",
        env.examples.company!.valid.domain,
        profile,
        "email,person_job_title"
      );
      expect(row).toEqual([[expect.stringContaining("@"), expect.any(String)]]);
      expect((row as string[][])[0]![1]).not.toBe("");
    });

    test("fields spill one row, never a header; unknown fields are #VALUE! without a request", async () => {
      const p = env.examples.person!.valid;
      const row = await findEmail(
        p.first_name,
        p.last_name,
        p.domain,
        null,
        "email_status,mx_domain,credits_charged"
      );
      expect(row).toEqual([["valid", expect.any(String), 1]]);
      const sentBefore = env.runtime.sent.length;
      const bad = await findEmail(p.first_name, p.last_name, p.domain, null, "email,phone");
      expect(isExcelError(bad, "#VALUE!") && bad.message).toMatch(/"phone" is not a field/);
      expect(env.runtime.sent.length).toBe(sentBefore);
    });

    test.each([
      ["no name", [null, "Doe", "example.com"], /name is required/],
      ["no company", ["Jane", "Doe", null], /company is required/],
      ["empty company", ["Jane", "Doe", "   "], /company is required/],
      ["boolean name", [true, "Doe", "example.com"], /name must be text/],
      ["a range as name", [[["a", "b"]], "Doe", "example.com"], /single cell/],
      ["error-valued name", [new Error("#REF!"), "Doe", "example.com"], /error value/],
      ["100 KB name", ["x".repeat(100_000), "Doe", "example.com"], /too long/],
      [
        "malformed profile URL",
        ["Jane", "Doe", "example.com", "https://example.com/jane"],
        /profile URL/,
      ],
      ["bad website", ["Jane", "Doe", "https://"], /not a valid website/],
    ])("%s: #VALUE! naming the argument, and no request", async (_, args, message) => {
      const result = await findEmail(
        ...(args as unknown[]),
        ...Array(5 - (args as unknown[]).length).fill(null)
      );
      expect(isExcelError(result, "#VALUE!")).toBe(true);
      expect((result as unknown as Error).message).toMatch(message);
      expect(env.runtime.sent).toEqual([]);
    });

    test("numbers are text: a numeric cell is a name or domain as typed", async () => {
      const result = await findEmail(123, "Doe", "example.com", null, "email_status");
      expect(Array.isArray(result) || isExcelError(result, "#N/A")).toBe(true);
      expect(env.runtime.sent).toHaveLength(1);
    });
  });

  describe("many cells at once", () => {
    test("300 cells, 3 distinct lookups: 3 requests, every cell answered, one charge each", async () => {
      const p = env.examples.person!;
      const rows = [p.valid, p.risky, p.not_found];
      const cells = Array.from({ length: 300 }, (_, i) => {
        const r = rows[i % 3]!;
        return invoke(
          fns.findEmail,
          i % 2 ? r.first_name.toUpperCase() : r.first_name,
          r.last_name,
          r.domain,
          null,
          null
        ).result;
      });
      const results = await settledAll(cells);
      expect(env.runtime.sent).toHaveLength(3);
      expect(results.filter((r) => Array.isArray(r))).toHaveLength(200);
      expect(results.filter((r) => isExcelError(r, "#N/A"))).toHaveLength(100);
      expect(await env.account.credits()).toBe(99);
      // Recalculation: all from the cache.
      await settledAll(
        Array.from(
          { length: 300 },
          (_, i) =>
            invoke(
              fns.findEmail,
              rows[i % 3]!.first_name,
              rows[i % 3]!.last_name,
              rows[i % 3]!.domain,
              null,
              null
            ).result
        )
      );
      expect(env.runtime.sent).toHaveLength(3);
    });

    test("a cancelled cell does not disturb the others", async () => {
      const p = env.examples.person!.valid;
      const a = invoke(fns.findEmail, p.first_name, p.last_name, p.domain, null, null);
      const b = invoke(fns.findEmail, p.first_name, p.last_name, p.domain, null, null);
      a.invocation.onCanceled!();
      expect(isExcelError(await settled(a.result), "#N/A")).toBe(true);
      expect(await settled(b.result)).toEqual([[expect.stringContaining("@")]]);
    });
  });

  describe("service failures become typed errors, never a pending cell", () => {
    test("a cell's error is thrown: the promise rejects with the CustomFunctions.Error", async () => {
      const nf = env.examples.person!.not_found;
      await expect(
        invoke(fns.findEmail, nf.first_name, nf.last_name, nf.domain, null, null).result
      ).rejects.toEqual(expect.objectContaining({ code: "#N/A", message: "No email found." }));
      await expect(invoke(fns.verifyEmail, "not an email").result).rejects.toBeInstanceOf(
        FakeCustomFunctionsError
      );
      installServices(env.sandbox.baseUrl, "wrong-key-1234567890");
      const p = env.examples.person!.valid;
      const { result } = invoke(fns.findEmail, p.first_name, p.last_name, p.domain, null, null);
      const rejection = await result.then(
        () => null,
        (error: unknown) => error
      );
      expect(rejection).toBeInstanceOf(FakeCustomFunctionsError);
      expect(rejection).toMatchObject({
        code: "#VALUE!",
        message: "API key missing or rejected: set it in the task pane.",
      });
    });

    test("401: #VALUE! asking for the key in the task pane; the key is not in the message", async () => {
      installServices(env.sandbox.baseUrl, "wrong-key-1234567890");
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#VALUE!") && result.message).toBe(
        "API key missing or rejected: set it in the task pane."
      );
      installServices(env.sandbox.baseUrl, null);
      const missing = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(missing, "#VALUE!") && missing.message).toMatch(/API key missing/);
    });

    test("402: #N/A Out of credits", async () => {
      const poor = await env.sandbox.account(0);
      installServices(env.sandbox.baseUrl, poor.apiKey);
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#N/A") && result.message).toBe("Out of credits.");
    });

    test("503 after retries: #N/A with the reason; a later recalculation asks again", async () => {
      await call(env.sandbox.baseUrl, "POST", "/sandbox/faults", { burst503: 4 });
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#N/A") && result.message).toMatch(
        /busy \(503\) after 4 attempts/
      );
      expect(await findEmail(p.first_name, p.last_name, p.domain, null, null)).toEqual([
        [expect.stringContaining("@")],
      ]);
    });

    test("network failure: #N/A with the reason", async () => {
      installServices("http://127.0.0.1:9", env.account.apiKey);
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#N/A") && result.message).toMatch(/Could not reach the service/);
    });

    test("timeout: #N/A", async () => {
      installServices(env.sandbox.baseUrl, env.account.apiKey, { timeoutMs: 200 });
      await call(env.sandbox.baseUrl, "POST", "/sandbox/faults", { slowRate: 1, slowMs: 1000 });
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#N/A") && result.message).toMatch(
        /No answer from the service within/
      );
    });

    test("a base URL that is not https: #VALUE! pointing at the settings", async () => {
      installServices("http://api.example.com", env.account.apiKey);
      const p = env.examples.person!.valid;
      const result = await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(isExcelError(result, "#VALUE!") && result.message).toMatch(/^Settings: .*https/);
    });
  });

  describe("VERIFYEMAIL", () => {
    test.each(["valid", "risky", "invalid"])("%s", async (outcome) => {
      expect(
        await settled(invoke(fns.verifyEmail, env.examples.verify![outcome].email).result)
      ).toBe(outcome);
    });

    test.each([["not an email"], [""], [null], [42], ["a@b"], ["x".repeat(400) + "@example.com"]])(
      "%p: #VALUE! and no request",
      async (value) => {
        const result = await settled(invoke(fns.verifyEmail, value).result);
        expect(isExcelError(result, "#VALUE!")).toBe(true);
        expect(env.runtime.sent).toEqual([]);
      }
    );
  });

  describe("DECISIONMAKER", () => {
    test("one category, a comma list, or a range, in order of importance", async () => {
      const { domain } = env.examples.decision_maker!.valid;
      const one = await settled(
        invoke(fns.decisionMaker, domain, [["ceo"]], "email,decision_maker_category").result
      );
      expect(one).toEqual([[expect.stringContaining("@"), "ceo"]]);
      const list = await settled(
        invoke(fns.decisionMaker, domain, [["hr, ceo"]], "decision_maker_category").result
      );
      const range = await settled(
        invoke(fns.decisionMaker, domain, [["HR"], ["ceo"]], "decision_maker_category").result
      );
      expect(range).toEqual(list);
      expect(await env.account.credits()).toBeLessThanOrEqual(98);
    });

    test("risky, not_found and blacklisted", async () => {
      const risky = await settled(
        invoke(fns.decisionMaker, env.examples.decision_maker!.risky.domain, [["ceo"]], null).result
      );
      expect(risky).toEqual([[expect.stringContaining("@")]]);
      for (const outcome of ["not_found", "blacklisted"]) {
        const result = await settled(
          invoke(fns.decisionMaker, env.examples.decision_maker![outcome].domain, [["ceo"]], null)
            .result
        );
        expect(isExcelError(result, "#N/A")).toBe(true);
      }
    });

    test("an unknown or missing category: #VALUE! naming it, no request", async () => {
      const unknown = await settled(
        invoke(fns.decisionMaker, "example.com", [["ceo, chef"]], null).result
      );
      expect(isExcelError(unknown, "#VALUE!") && unknown.message).toMatch(
        /"chef" is not a category/
      );
      const missing = await settled(
        invoke(fns.decisionMaker, "example.com", [[null]], null).result
      );
      expect(isExcelError(missing, "#VALUE!") && missing.message).toMatch(/categories is required/);
      expect(env.runtime.sent).toEqual([]);
    });
  });

  describe("COMPANYEMAILS", () => {
    test("up to 20 emails spilled down a column", async () => {
      const result = (await settled(
        invoke(fns.companyEmails, env.examples.company!.valid.domain, null).result
      )) as string[][];
      expect(result.length).toBeGreaterThan(0);
      expect(result.length).toBeLessThanOrEqual(20);
      for (const row of result) expect(row).toEqual([expect.stringContaining("@")]);
      const generic = (await settled(
        invoke(fns.companyEmails, env.examples.company!.valid.domain, "Generic").result
      )) as string[][];
      expect(
        generic.every(([e]) => /^(info|contact|hello|sales|support|press|jobs|billing)@/.test(e!))
      ).toBe(true);
    });

    test("not found, blacklisted, bad email_type", async () => {
      expect(
        isExcelError(
          await settled(
            invoke(fns.companyEmails, env.examples.company!.not_found.domain, null).result
          ),
          "#N/A"
        )
      ).toBe(true);
      expect(
        isExcelError(
          await settled(
            invoke(fns.companyEmails, env.examples.company!.blacklisted.domain, null).result
          ),
          "#N/A"
        )
      ).toBe(true);
      const bad = await settled(invoke(fns.companyEmails, "example.com", "everything").result);
      expect(isExcelError(bad, "#VALUE!") && bad.message).toMatch(/email_type/);
    });
  });

  describe("LINKEDINEMAIL", () => {
    test("every outcome", async () => {
      const ask = (outcome: string, fields: string | null = null) =>
        settled(
          invoke(fns.linkedinEmail, env.examples.linkedin_url![outcome].linkedin_url, fields).result
        );
      expect(await ask("valid", "email,person_full_name,person_job_title")).toEqual([
        [expect.stringContaining("@"), expect.any(String), expect.any(String)],
      ]);
      expect(await ask("risky")).toEqual([[expect.stringContaining("@")]]);
      expect(isExcelError(await ask("not_found"), "#N/A")).toBe(true);
      expect(isExcelError(await ask("blacklisted"), "#N/A")).toBe(true);
      const missing = await settled(invoke(fns.linkedinEmail, null, null).result);
      expect(isExcelError(missing, "#VALUE!")).toBe(true);
    });
  });

  describe("EMPLOYEES", () => {
    test("a spilled table: name, title, company, profile URL; no header", async () => {
      const { domain, preferred_title } = env.examples.legacy_employees!.valid;
      const table = (await settled(
        invoke(fns.employees, domain, preferred_title, null).result
      )) as string[][];
      expect(table.length).toBeGreaterThan(0);
      for (const row of table) expect(row).toHaveLength(4);
      expect(table[0]![0]).not.toBe("name");
    });

    test("not found, bad country code, missing title", async () => {
      const nf = env.examples.legacy_employees!.not_found;
      expect(
        isExcelError(
          await settled(invoke(fns.employees, nf.domain, nf.preferred_title, null).result),
          "#N/A"
        )
      ).toBe(true);
      const country = await settled(invoke(fns.employees, "example.com", "CEO", "USA").result);
      expect(isExcelError(country, "#VALUE!") && country.message).toMatch(/country_code/);
      const title = await settled(invoke(fns.employees, "example.com", "", null).result);
      expect(isExcelError(title, "#VALUE!") && title.message).toMatch(
        /preferred_title is required/
      );
    });
  });

  describe("CREDITS", () => {
    test("streams the balance and follows what the add-in spends", async () => {
      const values: unknown[] = [];
      const invocation = {
        setResult: (v: unknown) => values.push(v),
        onCanceled: undefined as (() => void) | undefined,
      };
      fns.credits(invocation as never);
      await settled(
        (async () => {
          while (!values.includes(100)) await new Promise((r) => setTimeout(r, 10));
        })()
      );
      const p = env.examples.person!.valid;
      await findEmail(p.first_name, p.last_name, p.domain, null, null);
      expect(values[values.length - 1]).toBe(99);
      invocation.onCanceled!();
      await findEmail(
        env.examples.person!.risky.first_name,
        "x",
        env.examples.company!.valid.domain,
        null,
        null
      );
      await settled(
        invoke(fns.decisionMaker, env.examples.decision_maker!.valid.domain, [["ceo"]], null).result
      );
      expect(values[values.length - 1]).toBe(99);
    });

    test("an error value when the env.account cannot be read", async () => {
      installServices(env.sandbox.baseUrl, "wrong-key-1234567890");
      const values: unknown[] = [];
      fns.credits({ setResult: (v: unknown) => values.push(v) } as never);
      await settled(
        (async () => {
          while (values.length === 0) await new Promise((r) => setTimeout(r, 10));
        })()
      );
      expect(isExcelError(values[0], "#VALUE!")).toBe(true);
    });
  });
});
