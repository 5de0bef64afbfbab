import ExcelJS from "exceljs";
import { MAX_BULK_ROWS, planBulk } from "../../src/taskpane/bulk/bulk-request";
import { previewFile } from "../../src/taskpane/bulk/file-preview";
import {
  detectHeader,
  fieldOfHeader,
  searchKind,
  suggestMapping,
} from "../../src/taskpane/bulk/mapping";

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

describe("file preview", () => {
  test("CSV: first rows, BOM and quotes handled", async () => {
    const csv = '\uFEFFFirst,Last,"Company, Inc"\nAda,Lovelace,"Acme, Inc"\n';
    const preview = await previewFile(new Blob([csv]), "people.csv");
    expect(preview).toEqual({
      kind: "csv",
      rows: [
        ["First", "Last", "Company, Inc"],
        ["Ada", "Lovelace", "Acme, Inc"],
      ],
    });
  });

  test("XLSX: the first worksheet's first rows, shared and inline strings, numbers, gaps", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    sheet.addRow(["First", "Last", "Website", "Score"]);
    sheet.addRow(["Zoë", "O'Brien & Co", "example.com", 42]);
    sheet.getCell("A3").value = { richText: [{ text: "Ri" }, { text: "ch" }] };
    sheet.getCell("C3").value = "gap.example";
    for (let i = 0; i < 5000; i++) sheet.addRow([`p${i}`, "x", "y.com", i]);
    workbook.addWorksheet("Other").addRow(["not", "this"]);
    const bytes = await workbook.xlsx.writeBuffer();
    const preview = await previewFile(new Blob([bytes]), "people.xlsx");
    expect(preview.kind).toBe("xlsx");
    expect(preview.rows.slice(0, 3)).toEqual([
      ["First", "Last", "Website", "Score"],
      ["Zoë", "O'Brien & Co", "example.com", "42"],
      ["Rich", "", "gap.example"],
    ]);
    expect(preview.rows).toHaveLength(6);
  });

  test("refuses what it cannot read, with a message", async () => {
    await expect(previewFile(new Blob(["PK\u0003\u0004garbage"]), "x.xlsx")).rejects.toThrow(
      /damaged/
    );
    await expect(previewFile(new Blob(["a,b"]), "old.xls")).rejects.toThrow(/\.xls/);
    await expect(previewFile(new Blob([""]), "empty.csv")).rejects.toThrow(/empty/);
    await expect(previewFile(new Blob(["\u0000\u0001\u0002"]), "bin.csv")).rejects.toThrow(
      /neither CSV nor XLSX/
    );
  });
});
