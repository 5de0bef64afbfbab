import fc from "fast-check";
import { call, startSandbox, type TestSandbox } from "../helpers/sandbox";
import {
  FakeCustomFunctionsError,
  installCustomFunctionsGlobal,
  installServices,
  invoke,
  settled,
  type RuntimeHarness,
} from "../helpers/custom-functions";

installCustomFunctionsGlobal();

const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

// Generated arguments for every function: whatever a cell holds, the function ends with a
// value or a typed error (never throws, never stays pending), and an argument it rejects
// (#VALUE!) never costs a request.

const RUNS = 120;

function cellArbitrary(valid: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...valid) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        null,
        "",
        "  ",
        "ceo",
        "it, sales",
        "any",
        "personal",
        "US",
        "email,email_status",
        '=HYPERLINK("http://x")',
        "+1",
        "@SUM(A1)",
        "-2",
        "\t",
        "\r\n"
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "\u0000\u0001",
        "a\ud800b",
        "\udfff",
        "x".repeat(100_000),
        "é".repeat(600)
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(Infinity, -0)),
    },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(new FakeCustomFunctionsError("#REF!", "")) }
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    {
      weight: 1,
      arbitrary: fc.array(fc.array(scalar, { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
      }),
    }
  );
}

function isCellValue(value: unknown): boolean {
  if (value instanceof FakeCustomFunctionsError)
    return value.code === "#VALUE!" || value.code === "#N/A";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return true;
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (row) =>
        Array.isArray(row) &&
        row.length > 0 &&
        row.every((v) => ["string", "number", "boolean"].includes(typeof v))
    )
  );
}

describe("every argument combination ends in a value or a typed error", () => {
  let sandbox: TestSandbox;
  let runtime: RuntimeHarness;
  let cell: fc.Arbitrary<unknown>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const examples = await sandbox.examples();
    // Few credits, and a service that fails often: every failure path is on the table.
    const account = await sandbox.account(5);
    runtime = installServices(sandbox.baseUrl, account.apiKey, { retries: 1 });
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", {
      rate503: 0.25,
      rate500: 0.1,
      malformedRate: 0.05,
      dropRate: 0.05,
    });
    const e = examples as Record<string, Record<string, Record<string, string>>>;
    cell = cellArbitrary([
      e.person!.valid!.first_name!,
      e.person!.valid!.last_name!,
      e.person!.valid!.domain!,
      e.person!.risky!.domain!,
      e.verify!.valid!.email!,
      e.verify!.invalid!.email!,
      e.linkedin_url!.valid!.linkedin_url!,
      `https://www.${e.company!.valid!.domain}/contact`,
      "Acme Labs",
      "CEO",
    ]);
  });
  afterAll(() => sandbox.close());

  // [name, function, required arguments, optional arguments]
  const cases: Array<[string, (...args: never[]) => Promise<unknown>, number, number]> = [
    ["FINDEMAIL", fns.findEmail, 3, 2],
    ["VERIFYEMAIL", fns.verifyEmail, 1, 0],
    ["DECISIONMAKER", fns.decisionMaker, 2, 1],
    ["COMPANYEMAILS", fns.companyEmails, 1, 1],
    ["LINKEDINEMAIL", fns.linkedinEmail, 1, 1],
    ["EMPLOYEES", fns.employees, 2, 1],
  ];

  test.each(cases)("%s", async (_, fn, requiredCount, optionalCount) => {
    // Optional arguments are mostly omitted (null), as in real sheets; sometimes anything.
    const optional = fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: cell }
    );
    const argumentList = fc
      .tuple(
        fc.array(cell, { minLength: requiredCount, maxLength: requiredCount }),
        fc.array(optional, { minLength: optionalCount, maxLength: optionalCount })
      )
      .map(([required, rest]) => [...required, ...rest]);
    let requests = 0;
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(argumentList, async (args) => {
        const before = runtime.sent.length;
        let result: unknown;
        expect(() => (result = invoke(fn, ...args).result)).not.toThrow();
        const value = await settled(result as Promise<unknown>, 10_000);
        expect(isCellValue(value)).toBe(true);
        const sent = runtime.sent.length - before;
        requests += sent;
        if (value instanceof FakeCustomFunctionsError && value.code === "#VALUE!") {
          rejected++;
          expect(sent).toBe(0);
        }
      }),
      { numRuns: RUNS, seed: 20261121 }
    );
    // The generator reaches both sides: input refused locally, and input sent to the service.
    expect(rejected).toBeGreaterThan(0);
    expect(requests).toBeGreaterThan(0);
  });
});
