import {
  MAX_BULK_ROWS,
  noDataRowsAsRead,
  noDataRowsMessage,
  planBulk,
} from "../../src/lists/bulk-request";
import { detectHeader, fieldOfHeader, searchKind, suggestMapping } from "../../src/lists/mapping";

describe("column mapping", () => {
  test("header names in several languages and spellings", () => {
    expect(["First Name", "first_name", "Prénom", "given-name"].map(fieldOfHeader)).toEqual([
      "first_name",
      "first_name",
      "first_name",
      "first_name",
    ]);
    expect(["Website", "Company Domain", "URL"].map(fieldOfHeader)).toEqual([
      "domain",
      "domain",
      "domain",
    ]);
    expect(
      ["E-mail", "Email Address", "LinkedIn URL", "Organisation", "Name", "Notes"].map(
        fieldOfHeader
      )
    ).toEqual(["email", "email", "linkedin_url", "company_name", "full_name", null]);
  });

  test("a header is detected when the first row names fields and holds no data", () => {
    expect(
      detectHeader([
        ["First", "Last", "Website"],
        ["Ada", "Lovelace", "example.com"],
      ])
    ).toBe(true);
    expect(
      detectHeader([
        ["Ada", "Lovelace", "example.com"],
        ["Bob", "Stone", "example.org"],
      ])
    ).toBe(false);
    expect(detectHeader([["email"], ["ada@example.com"]])).toBe(true);
    expect(detectHeader([["ada@example.com"], ["bob@example.com"]])).toBe(false);
    expect(detectHeader([["First", "Last"]])).toBe(false);
  });

  test("mapping from headers, and from contents without one", () => {
    expect(
      suggestMapping(
        [
          ["Notes", "First Name", "Last Name", "Website"],
          ["x", "Ada", "L", "a.com"],
        ],
        true
      )
    ).toEqual({ first_name: 1, last_name: 2, domain: 3 });
    expect(
      suggestMapping(
        [
          ["Ada", "ada@example.com", "https://www.linkedin.com/in/ada"],
          ["Bob", "bob@example.org", "https://www.linkedin.com/in/bob"],
        ],
        false
      )
    ).toEqual({ email: 1, linkedin_url: 2 });
  });

  test("the search kind follows the columns; incomplete mappings say what is missing", () => {
    expect(searchKind({ first_name: 0, last_name: 1, domain: 2 }, false)).toBe("person");
    expect(searchKind({ full_name: 0, company_name: 1, linkedin_url: 2 }, false)).toBe("person");
    expect(searchKind({ email: 0 }, false)).toBe("verify");
    expect(searchKind({ linkedin_url: 0 }, false)).toBe("linkedin_url");
    expect(searchKind({ domain: 0 }, true)).toBe("decision_maker");
    expect(searchKind({ company_name: 0 }, false)).toBe("company");
    expect(searchKind({ first_name: 0, domain: 1 }, false)).toEqual({
      error: expect.stringMatching(/first and last/),
    });
    expect(searchKind({ full_name: 0 }, false)).toEqual({
      error: expect.stringMatching(/company/),
    });
    expect(searchKind({ full_name: 0, domain: 1 }, true)).toEqual({
      error: expect.stringMatching(/by company/),
    });
    expect(searchKind({}, false)).toEqual({ error: expect.any(String) });
  });
});

describe("bulk plan", () => {
  test("indexes, categories, blank rows dropped, cost as a maximum", () => {
    const plan = planBulk({
      values: [
        ["Company", "Site"],
        ["Acme", "acme.com"],
        [null, ""],
        ["Beta", 42],
      ],
      hasHeader: true,
      mapping: { company_name: 0, domain: 1 },
      categories: ["ceo", "it"],
      fileName: "Leads",
      kind: "decision_maker",
    });
    expect(plan.rows).toBe(2);
    expect(plan.maxCredits).toBe(4);
    expect(plan.requests).toEqual([
      {
        data: [
          ["Company", "Site"],
          ["Acme", "acme.com"],
          ["Beta", "42"],
        ],
        has_header: true,
        file_name: "Leads",
        company_name_field_index: 0,
        domain_field_index: 1,
        decision_maker_category: ["ceo", "it"],
      },
    ]);
  });

  test("no data rows, no request: a header alone or blank rows plan nothing, and say why", () => {
    const plan = (values: (string | null)[][], hasHeader: boolean) =>
      planBulk({
        values,
        hasHeader,
        mapping: { email: 0 },
        categories: [],
        fileName: "Leads",
        kind: "verify",
      });
    for (const [values, hasHeader] of [
      [[["Email"]], true],
      [[["Email"], [null], ["  "]], true],
      [[[null], [""]], false],
      [[], false],
    ] as const) {
      const refused = plan(
        values.map((row) => [...row]),
        hasHeader
      );
      expect(refused).toEqual({ requests: [], rows: 0, maxCredits: 0 });
      expect(
        noDataRowsMessage(
          "selection",
          values.map((row) => [...row]),
          hasHeader
        )
      ).toMatch(/^The selection has no data rows/);
    }
    // The header box, both ways: one row is one data row without a header, none with one.
    expect(plan([["ada@example.com"]], false).requests).toHaveLength(1);
    expect(noDataRowsMessage("selection", [["ada@example.com"]], false)).toBeNull();
    expect(noDataRowsMessage("selection", [["Email"]], true)).toBe(
      "The selection has no data rows below its header."
    );
    expect(noDataRowsMessage("file", [["Email"]], true)).toBe(
      "The file has a header row and no data rows."
    );
    expect(noDataRowsMessage("file", [["Email"]], false)).toBeNull();
    expect(noDataRowsMessage("file", [[null, " "]], false)).toBe(
      "The file has no data rows: every row is empty."
    );
    expect(noDataRowsMessage("file", [["Email"], ["a@b.example"]], true)).toBeNull();
  });

  test("as read, before the header box: a lone row that reads as a header is refused", () => {
    expect(noDataRowsAsRead("selection", [["First name", "Last name", "Company"]])).toBe(
      "The selection has no data rows below its header."
    );
    expect(
      noDataRowsAsRead("file", [
        [null, null],
        ["Email", null],
        [" ", ""],
      ])
    ).toBe("The file has a header row and no data rows.");
    expect(noDataRowsAsRead("file", [])).toBe("The file has no data rows: every row is empty.");
    // A lone row of data is one data row; two rows of anything leave the choice to the user.
    expect(noDataRowsAsRead("file", [["Acme", "acme.com"]])).toBeNull();
    expect(noDataRowsAsRead("selection", [["ada@example.com"]])).toBeNull();
    expect(noDataRowsAsRead("selection", [["Email"], ["Name"]])).toBeNull();
  });

  test("more than 100,000 rows are split into searches of at most 100,000, each with the header", () => {
    const rows = Array.from({ length: 2 * MAX_BULK_ROWS + 5 }, (_, i) => [`p${i}@example.com`]);
    const plan = planBulk({
      values: [["Email"], ...rows],
      hasHeader: true,
      mapping: { email: 0 },
      categories: [],
      fileName: "Big",
      kind: "verify",
    });
    expect(plan.requests.map((r) => r.data.length)).toEqual([
      MAX_BULK_ROWS + 1,
      MAX_BULK_ROWS + 1,
      6,
    ]);
    expect(plan.requests.map((r) => r.file_name)).toEqual([
      "Big (1 of 3)",
      "Big (2 of 3)",
      "Big (3 of 3)",
    ]);
    expect(plan.requests.every((r) => r.data[0]![0] === "Email")).toBe(true);
    expect(plan.maxCredits).toBe(40001);
    expect(plan.requests.flatMap((r) => r.data.slice(1)).map((r) => r[0])).toEqual(
      rows.map((r) => r[0])
    );
  });
});
