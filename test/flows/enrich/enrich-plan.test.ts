import type { CellValue } from "../../../src/lists/cell-values";
import { suggestMapping, type ColumnMapping } from "../../../src/lists/mapping";
import {
  decisionMakerRequest,
  personRequest,
  profileRequest,
  verifyRequest,
} from "../../../src/functions/requests";
import { lookupKey } from "../../../src/client/lookup-key";
import {
  existingOutputsOf,
  planEnrichment,
  suggestEnrichMapping,
  type EnrichPlan,
  type EnrichPlanInput,
} from "../../../src/flows/enrich/enrich-plan";
import {
  DEFAULT_OUTPUTS,
  NO_VALUE,
  OUTPUT_FIELDS,
  OUTPUT_HEADERS,
  answerCells,
  leftOutForStatus,
  notPossibleCells,
  outputFieldOfHeader,
} from "../../../src/lists/enrich-outputs";
import {
  DECISION_MAKER_FIELDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
} from "../../../src/functions/answer-fields";
import { fieldOfHeader } from "../../../src/lists/mapping";

const PEOPLE_HEADER = ["First name", "Last name", "Company", "Website", "LinkedIn URL"];
const PEOPLE: ColumnMapping = {
  first_name: 0,
  last_name: 1,
  company_name: 2,
  domain: 3,
  linkedin_url: 4,
};

function plan(input: Partial<EnrichPlanInput> & Pick<EnrichPlanInput, "rows">): EnrichPlan {
  const result = planEnrichment({
    hasHeader: true,
    mapping: PEOPLE,
    operation: "person",
    categories: [],
    outputs: DEFAULT_OUTPUTS.person,
    existingOutputs: [],
    ...input,
  });
  if ("error" in result) throw new Error(result.error);
  return result;
}

const people = (count: number, from = 0): CellValue[][] =>
  Array.from({ length: count }, (_, i) => [
    `Ada${i + from}`,
    `Lovelace${i + from}`,
    null,
    `example${i + from}.com`,
    null,
  ]);

describe("mapping: the bulk tab's, without our own output columns", () => {
  const header = ["First name", "Last name", "Company", "Email", "Email status"];
  const rows = [header, ["Ada", "Lovelace", "Acme", "ada@acme.com", "valid"]];
  const present = [
    { field: "email" as const, column: 3, values: ["ada@acme.com"] },
    { field: "email_status" as const, column: 4, values: ["valid"] },
  ];

  test("a person list enriched before: its Email column is ours, not an input", () => {
    expect(suggestEnrichMapping(rows, true, "person", present)).toEqual({
      first_name: 0,
      last_name: 1,
      company_name: 2,
    });
    // The bulk tab is unchanged: it maps the same column as an email to verify.
    expect(suggestMapping(rows, true)).toEqual({
      first_name: 0,
      last_name: 1,
      company_name: 2,
      email: 3,
    });
  });

  test("verifying: Email is not an output of verify, so it stays the input", () => {
    expect(suggestEnrichMapping(rows, true, "verify", present).email).toBe(3);
  });

  test("without a header, ignored columns are not mapped from their contents either", () => {
    const values = [
      ["ada@acme.com", "bob@acme.com"],
      ["cy@acme.com", "di@acme.com"],
    ];
    expect(suggestMapping(values, false)).toEqual({ email: 0 });
    expect(suggestMapping(values, false, { ignoreColumns: [0] })).toEqual({ email: 1 });
  });

  test("output headers are recognised, and only Email is also an input header", () => {
    for (const [field, header] of Object.entries(OUTPUT_HEADERS)) {
      expect(outputFieldOfHeader(header)).toBe(field);
      expect(outputFieldOfHeader(` ${header.toUpperCase()} `)).toBe(field);
      if (field !== "email") expect(fieldOfHeader(header)).toBeNull();
    }
    expect(outputFieldOfHeader("Notes")).toBeNull();
    expect(outputFieldOfHeader(42)).toBeNull();
  });
});

describe("request bodies: exactly the worksheet functions' own", () => {
  const rows: CellValue[][] = [
    PEOPLE_HEADER,
    ["Ada", "Lovelace", null, "https://www.Example.com/about", null],
    ["Ada Lovelace", null, "Example Corp", null, null],
    ["  Ada ", "Lovelace", "example.com", null, "https://www.linkedin.com/in/ada"],
    [null, null, null, null, "https://www.linkedin.com/in/ada-lovelace/"],
    ["Ada", null, null, null, "https://linkedin.com/in/ada"],
    [12345, "Lovelace", null, "example.com", null],
  ];

  test("person rows: name rules, company as domain or company_name, URL reduced to domain", () => {
    const result = plan({ rows });
    expect(result.toDo.map(({ row, operation, body }) => ({ row, operation, body }))).toEqual([
      {
        row: 0,
        operation: "person",
        body: personRequest("Ada", "Lovelace", "https://www.Example.com/about", null),
      },
      {
        row: 1,
        operation: "person",
        body: personRequest("Ada Lovelace", null, "Example Corp", null),
      },
      {
        row: 2,
        operation: "person",
        body: personRequest("  Ada ", "Lovelace", "example.com", "https://www.linkedin.com/in/ada"),
      },
      {
        row: 3,
        operation: "linkedin_url",
        body: profileRequest("https://www.linkedin.com/in/ada-lovelace/"),
      },
      // A name without a company: the profile URL alone, as FINDEMAIL falls back to it.
      { row: 4, operation: "linkedin_url", body: profileRequest("https://linkedin.com/in/ada") },
      { row: 5, operation: "person", body: personRequest(12345, "Lovelace", "example.com", null) },
    ]);
    expect(result.toDo[0]!.body).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      domain: "example.com",
    });
    expect(result.toDo[1]!.body).toEqual({
      full_name: "Ada Lovelace",
      company_name: "Example Corp",
    });
    expect(result.toDo.map((r) => r.key)).toEqual(
      result.toDo.map((r) => lookupKey(r.operation, r.body))
    );
  });

  test("a full name column is used when first or last name is empty", () => {
    const result = plan({
      rows: [
        ["First", "Last", "Name", "Domain"],
        ["Ada", null, "Ada Lovelace", "example.com"],
        ["Ada", "Lovelace", "Someone Else", "example.com"],
      ],
      mapping: { first_name: 0, last_name: 1, full_name: 2, domain: 3 },
    });
    expect(result.toDo.map((r) => r.body)).toEqual([
      personRequest("Ada Lovelace", null, "example.com", null),
      personRequest("Ada", "Lovelace", "example.com", null),
    ]);
  });

  test("verify and decision-maker rows", () => {
    const verify = plan({
      rows: [["Email"], [" Ada@Example.com "], ["bob@example.org"]],
      mapping: { email: 0 },
      operation: "verify",
      outputs: ["email_status"],
    });
    expect(verify.toDo.map((r) => [r.operation, r.body])).toEqual([
      ["verify", verifyRequest(" Ada@Example.com ")],
      ["verify", verifyRequest("bob@example.org")],
    ]);
    const makers = plan({
      rows: [["Company"], ["acme.com"], ["Acme Inc"]],
      mapping: { company_name: 0 },
      operation: "decision_maker",
      categories: ["hr, CEO", "sales"],
    });
    expect(makers.toDo.map((r) => [r.operation, r.body])).toEqual([
      ["decision_maker", decisionMakerRequest("acme.com", [["hr, CEO", "sales"]])],
      ["decision_maker", decisionMakerRequest("Acme Inc", [["hr, CEO", "sales"]])],
    ]);
    expect(makers.toDo[0]!.body).toEqual({
      domain: "acme.com",
      decision_maker_category: ["hr", "ceo", "sales"],
    });
  });

  test("rows the service would refuse are not sent: not possible, with a short reason", () => {
    const result = plan({
      rows: [
        PEOPLE_HEADER,
        ["Ada", "Lovelace", null, null, null],
        [null, "Lovelace", "Acme", null, null],
        ["Ada", "Lovelace", "https://", null, null],
        ["Ada", "Lovelace", "Acme", null, "https://example.com/ada"],
        [true, "Lovelace", "Acme", null, null],
        [null, null, null, null, "not a profile"],
      ],
    });
    expect(result.toDo).toEqual([]);
    expect(result.notPossible.map((r) => [r.row, r.reason])).toEqual([
      [0, "skipped: no company"],
      [1, "skipped: no name"],
      [2, "skipped: company is not a valid website address"],
      [3, "skipped: profile URL must be a profile URL such as https://www.linkedin.com/in/name"],
      [4, "skipped: name must be text, not TRUE or FALSE"],
      [5, "skipped: profile URL must be a profile URL such as https://www.linkedin.com/in/name"],
    ]);
    const verify = plan({
      rows: [["Email"], ["not-an-email"], ["x".repeat(400) + "@example.com"]],
      mapping: { email: 0 },
      operation: "verify",
      outputs: ["email_status"],
    });
    expect(verify.notPossible.map((r) => r.reason)).toEqual([
      "skipped: email is not a valid email address",
      "skipped: email is too long (at most 320 characters)",
    ]);
  });

  test("mapping, categories and outputs that cannot make a plan say why", () => {
    const base = { rows: [PEOPLE_HEADER], hasHeader: true, categories: [], existingOutputs: [] };
    expect(
      planEnrichment({
        ...base,
        mapping: { first_name: 0, company_name: 2 },
        operation: "person",
        outputs: ["email"],
      })
    ).toEqual({ error: "Map both first and last name, or a full name column." });
    expect(
      planEnrichment({
        ...base,
        mapping: { first_name: 0 },
        operation: "verify",
        outputs: ["email_status"],
      })
    ).toEqual({ error: "Map the email column to verify." });
    expect(
      planEnrichment({
        ...base,
        mapping: { domain: 3 },
        operation: "decision_maker",
        outputs: ["email"],
      })
    ).toEqual({ error: expect.stringMatching(/^categories is required/) });
    expect(
      planEnrichment({
        ...base,
        mapping: { domain: 3 },
        operation: "decision_maker",
        categories: ["ceo", "chef"],
        outputs: ["email"],
      })
    ).toEqual({ error: expect.stringMatching(/"chef" is not a category/) });
    expect(
      planEnrichment({ ...base, mapping: { email: 0 }, operation: "verify", outputs: ["email"] })
    ).toEqual({ error: '"email" is not an answer field of this lookup.' });
    expect(planEnrichment({ ...base, mapping: PEOPLE, operation: "person", outputs: [] })).toEqual({
      error: "Choose at least one column to write.",
    });
  });
});

describe("the worksheet functions send these very bodies", () => {
  // The functions run with a fetch that records each request's body and answers not_found.
  const { installCustomFunctionsGlobal, installServices, invoke, settled } =
    require("../../helpers/custom-functions") as typeof import("../../helpers/custom-functions");
  installCustomFunctionsGlobal();
  const fns =
    require("../../../src/functions/functions") as typeof import("../../../src/functions/functions");
  const sent: Array<{ path: string; body: unknown }> = [];
  const realFetch = globalThis.fetch;

  beforeAll(() => {
    globalThis.fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      const body = JSON.parse(String(init?.body ?? "null")) as Record<string, unknown>;
      sent.push({ path, body });
      return new Response(
        JSON.stringify({
          input: body,
          email_status: path.endsWith("verify-email") ? "invalid" : "not_found",
          credits_charged: 0,
          mx_host: null,
          mx_domain: null,
        }),
        { status: 200, headers: { "content-type": "application/json" } }
      );
    };
    installServices("http://localhost:9", "test-key");
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  test("FINDEMAIL, LINKEDINEMAIL, VERIFYEMAIL and DECISIONMAKER against the plan", async () => {
    const person = plan({
      rows: [
        PEOPLE_HEADER,
        ["Grace", "Hopper", null, "https://www.Navy.mil/x", null],
        ["Grace Hopper", null, "US Navy", null, "https://www.linkedin.com/in/grace"],
        [null, null, null, null, "https://www.linkedin.com/in/hopper"],
      ],
    });
    await settled(
      invoke(fns.findEmail, "Grace", "Hopper", "https://www.Navy.mil/x", null, null).result
    );
    await settled(
      invoke(
        fns.findEmail,
        "Grace Hopper",
        "",
        "US Navy",
        "https://www.linkedin.com/in/grace",
        null
      ).result
    );
    await settled(invoke(fns.linkedinEmail, "https://www.linkedin.com/in/hopper", null).result);
    const verify = plan({
      rows: [["Email"], ["Grace@Navy.mil"]],
      mapping: { email: 0 },
      operation: "verify",
      outputs: ["email_status"],
    });
    await settled(invoke(fns.verifyEmail, "Grace@Navy.mil").result);
    const maker = plan({
      rows: [["Domain"], ["navy.mil"]],
      mapping: { domain: 0 },
      operation: "decision_maker",
      categories: ["hr", "ceo"],
    });
    await settled(invoke(fns.decisionMaker, "navy.mil", [["hr"], ["ceo"]], null).result);

    const planned = [...person.toDo, ...verify.toDo, ...maker.toDo].map((r) => r.body);
    expect(sent.map((s) => s.body)).toEqual(planned);
    expect(sent.map((s) => s.path)).toEqual([
      "/v5.1/find-email/person",
      "/v5.1/find-email/person",
      "/v5.1/find-email/linkedin-url",
      "/v5.1/verify-email",
      "/v5.1/find-email/decision-maker",
    ]);
  });
});

describe("rows to do, done, and typed into", () => {
  const rows = [PEOPLE_HEADER, ...people(6)];
  const E = "ada@example.com";

  test("all output cells filled: done; none: to do; some: conflict, naming those cells", () => {
    const result = plan({
      rows,
      existingOutputs: [
        [E, "valid"],
        [null, null],
        [E, null],
        [null, "risky"],
        [NO_VALUE, "not_found"],
        // A space typed in is something the user typed.
        [" ", null],
      ],
    });
    expect(result.done).toEqual([0, 4]);
    expect(result.toDo.map((r) => r.row)).toEqual([1]);
    expect(result.conflicts).toEqual([
      { row: 2, outputIndex: 0 },
      { row: 3, outputIndex: 1 },
      { row: 5, outputIndex: 0 },
    ]);
  });

  test("rows without any input are left alone, even with something in their output cells", () => {
    const result = plan({
      rows: [PEOPLE_HEADER, [null, " ", null, null, null], ...people(1)],
      existingOutputs: [["a note", null]],
    });
    expect(result.blank).toEqual([0]);
    expect(result.conflicts).toEqual([]);
    expect(result.toDo.map((r) => r.row)).toEqual([1]);
  });

  test("re-run after adding 20 rows plans exactly those 20", () => {
    const first = plan({ rows: [PEOPLE_HEADER, ...people(100)] });
    expect(first.toDo).toHaveLength(100);
    // The first run wrote every row: each output cell holds a value.
    const written = first.toDo.map((r) =>
      answerCells(DEFAULT_OUTPUTS.person, {
        status: "ok",
        value: { email: `a${r.row}@x.com`, email_status: "valid" },
      })
    );
    const second = plan({
      rows: [PEOPLE_HEADER, ...people(100), ...people(20, 100)],
      existingOutputs: written,
    });
    expect(second.toDo.map((r) => r.row)).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(second.done).toHaveLength(100);
    expect(second.conflicts).toEqual([]);
    expect(second.maxCredits).toBe(20);
  });

  test("rows waiting in a bulk search of the list are not sent again, nor counted in the cost", () => {
    const result = plan({ rows: [PEOPLE_HEADER, ...people(10)], waiting: new Set([0, 1, 2, 9]) });
    expect(result.waiting).toEqual([0, 1, 2, 9]);
    expect(result.toDo.map((r) => r.row)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(result.maxCredits).toBe(6);
    // Written back meanwhile: done, whatever the jobs say.
    const filled = [["a@x.com", "valid"]];
    const after = plan({
      rows: [PEOPLE_HEADER, ...people(2)],
      existingOutputs: filled,
      waiting: new Set([0, 1]),
    });
    expect(after.done).toEqual([0]);
    expect(after.waiting).toEqual([1]);
  });

  test("present output columns give existingOutputs; a new column is empty", () => {
    const present = [{ field: "email_status" as const, column: 7, values: ["valid", null] }];
    expect(existingOutputsOf(3, present, ["email", "email_status"])).toEqual([
      [null, "valid"],
      [null, null],
      [null, null],
    ]);
  });

  test("each row to do carries a fingerprint of its input values", () => {
    const result = plan({
      rows: [
        PEOPLE_HEADER,
        ["Ada", "L", null, "a.com", null],
        ["Ada", "L", null, "a.com", null],
        ["Ada", "L", null, "b.com", null],
      ],
    });
    const [a, b, c] = result.toDo.map((r) => r.fingerprint);
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(JSON.parse(a!)).toEqual([
      ["first_name", "Ada"],
      ["last_name", "L"],
      ["company_name", null],
      ["domain", "a.com"],
      ["linkedin_url", null],
    ]);
  });
});

describe("distinct lookups and their cost", () => {
  test("rows with the same normalized request are one lookup, costed once", () => {
    const result = plan({
      rows: [
        PEOPLE_HEADER,
        ["Ada", "Lovelace", null, "example.com", null],
        ["ADA ", "lovelace", null, "https://www.example.com/team", null],
        ["Ada", "Lovelace", null, "example.org", null],
        [null, null, null, null, "https://www.linkedin.com/in/ada"],
        [null, null, null, null, "https://linkedin.com/in/Ada/"],
      ],
    });
    expect(result.toDo).toHaveLength(5);
    expect(result.lookups.map((l) => [l.operation, l.rows])).toEqual([
      ["person", [0, 1]],
      ["person", [2]],
      ["linkedin_url", [3, 4]],
    ]);
    expect(result.maxCredits).toBe(3);
  });

  test("prices: 2 per decision maker, 0.2 per verification", () => {
    const makers = plan({
      rows: [["Domain"], ["a.com"], ["b.com"], ["A.com"]],
      mapping: { domain: 0 },
      operation: "decision_maker",
      categories: ["ceo"],
    });
    expect(makers.maxCredits).toBe(4);
    const verify = plan({
      rows: [["Email"], ...Array.from({ length: 7 }, (_, i) => [`p${i}@example.com`])],
      mapping: { email: 0 },
      operation: "verify",
      outputs: ["email_status", "mx_host"],
    });
    expect(verify.maxCredits).toBe(1.4);
    expect(verify.lookups).toHaveLength(7);
  });
});

describe("output cells", () => {
  test("each operation offers the fields of its worksheet function", () => {
    expect([...OUTPUT_FIELDS.person].sort()).toEqual(
      [...new Set([...PERSON_FIELDS, ...PROFILE_FIELDS])].sort()
    );
    expect(OUTPUT_FIELDS.decision_maker).toEqual(DECISION_MAKER_FIELDS);
    expect(OUTPUT_FIELDS.verify).toEqual([
      "email_status",
      "mx_host",
      "mx_domain",
      "credits_charged",
      "checked_on",
    ]);
  });

  test("typed as the answer gives them; a missing or null field is a dash; the status always", () => {
    const outputs = [
      "email",
      "email_status",
      "person_job_title",
      "credits_charged",
      "valid_email",
    ] as const;
    expect(
      answerCells(outputs, {
        status: "ok",
        value: {
          email: "ada@example.com",
          email_status: "risky",
          person_job_title: null,
          credits_charged: 0,
        },
      })
    ).toEqual(["ada@example.com", "risky", NO_VALUE, 0, NO_VALUE]);
    expect(
      answerCells(outputs, { status: "not_found", code: "no_result", message: "Nothing." })
    ).toEqual([NO_VALUE, "not_found", NO_VALUE, NO_VALUE, NO_VALUE]);
    expect(
      answerCells(["email_status", "mx_host"], {
        status: "ok",
        value: { email_status: "invalid", mx_host: "mx.example.com" },
      })
    ).toEqual(["invalid", "mx.example.com"]);
  });

  test("a row not possible: the reason in the status cell, else the first; dashes elsewhere", () => {
    expect(notPossibleCells(["email", "email_status", "mx_host"], "skipped: no company")).toEqual([
      NO_VALUE,
      "skipped: no company",
      NO_VALUE,
    ]);
    expect(notPossibleCells(["person_job_title", "email"], "skipped: no name")).toEqual([
      "skipped: no name",
      NO_VALUE,
    ]);
  });
});

describe("only valid emails (lists that go straight to sending)", () => {
  const outputs = ["email", "email_status", "checked_on"] as const;
  const found = (status: string) => ({
    status: "ok" as const,
    value: { email: "ada@example.com", email_status: status },
    checkedAt: Date.parse("2026-11-26T00:00:00Z"),
  });

  test("a risky or invalid email's cell is left empty, its status written; a valid one is written", () => {
    const day = 25_569 + Math.floor(Date.parse("2026-11-26T00:00:00Z") / 86_400_000);
    expect(answerCells(outputs, found("valid"), { onlyValid: true })).toEqual([
      "ada@example.com",
      "valid",
      day,
    ]);
    expect(answerCells(outputs, found("risky"), { onlyValid: true })).toEqual(["", "risky", day]);
    expect(
      answerCells(
        outputs,
        { status: "not_found", code: "no_result", message: "" },
        { onlyValid: true }
      )
    ).toEqual(["", "not_found", NO_VALUE]);
    // Without the option, as before.
    expect(answerCells(outputs, found("risky"))[0]).toBe("ada@example.com");
  });

  test("a row with its email left out for its status is done; a typed status alone is not", () => {
    const result = plan({
      rows: [PEOPLE_HEADER, ...people(4)],
      outputs,
      onlyValid: true,
      existingOutputs: [
        ["", "risky", 46_000],
        [null, "invalid", 46_000],
        // The email left out but "valid" written: not ours, a conflict.
        [null, "valid", 46_000],
        // Only a status typed in: a conflict too (its Checked on is empty).
        [null, "risky", null],
      ],
    });
    expect(result.done).toEqual([0, 1]);
    expect(result.conflicts.map((c) => c.row)).toEqual([2, 2, 3]);
    expect(result.toDo).toEqual([]);
    // A status the service never gives is someone's typing, whatever the option.
    expect(leftOutForStatus(outputs, [null, "called, no email", 46_000])).toBe(false);
    expect(leftOutForStatus(outputs, [null, "not_found", 46_000])).toBe(true);
    // A list not written that way: such a row is someone's typing, a conflict.
    const typed = plan({
      rows: [PEOPLE_HEADER, ...people(1)],
      outputs,
      existingOutputs: [["", "risky", 46_000]],
    });
    expect(typed.done).toEqual([]);
    expect(typed.conflicts.map((c) => c.outputIndex)).toEqual([1, 2]);
  });
});
