import ExcelJS from "exceljs";
import fc from "fast-check";
import { isValidEmail } from "../../src/api/normalize";
import {
  MAX_BOUNCE_ROWS,
  additionalInfo,
  bounceHeader,
  bounceList,
  bounceMessage,
  emailColumnOf,
  type BounceListError,
} from "../../src/lists/bounce-list";
import { readFileRows } from "../../src/lists/file-preview";
import type { CellValue } from "../../src/lists/cell-values";

// A bounce list: distinct addresses, duplicates and malformed
// cells counted and left out, hostile text never taken for an address, and lists that cannot
// be used refused with a message before anything is sent.

const errorOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return (error as BounceListError).message;
  }
  return "";
};

describe("a bounce list from rows", () => {
  test("duplicates (case, spaces) collapse onto the first row; malformed and empty rows are counted", () => {
    const rows: CellValue[][] = [
      ["Email", "Bounce message"],
      ["Ann@Example.com", "550 5.1.1 user unknown"],
      [" ann@example.COM ", "again"],
      ["bob@example.com", null],
      ['=HYPERLINK("http://evil.example","click")', "x"],
      ["=bob@example.com", null],
      ["bad\u0007@example.com", null],
      ["x".repeat(100_000), null],
      [null, "no address"],
      ["not an address", null],
      [42, null],
      ["carol@example.org", "\u0000\u0007 mailbox\tfull "],
    ];
    expect(bounceHeader(rows, 0)).toBe(true);
    const list = bounceList(rows, { emailColumn: 0, messageColumn: 1, hasHeader: true });
    expect(list.entries).toEqual([
      { email: "ann@example.com", message: "550 5.1.1 user unknown", rows: [0, 1] },
      { email: "bob@example.com", rows: [2] },
      { email: "carol@example.org", message: "mailbox\tfull", rows: [10] },
    ]);
    expect(list).toMatchObject({ rows: 11, duplicates: 1, malformed: 6, empty: 1 });
    expect(list.rowKinds).toEqual([
      "entry",
      "duplicate",
      "entry",
      "malformed",
      "malformed",
      "malformed",
      "malformed",
      "empty",
      "malformed",
      "malformed",
      "entry",
    ]);
  });

  test("a message is cut to a bounded length and lone surrogates replaced", () => {
    expect(bounceMessage("a\ud800b")).toBe("a\ufffdb");
    expect(bounceMessage("m".repeat(50_000))!.length).toBe(2_000);
    expect(bounceMessage("   ")).toBeUndefined();
  });

  test("no email column, too many rows: refused with a message", () => {
    const noEmails: CellValue[][] = [["Name"], ["Ann"], ['=HYPERLINK("x")']];
    expect(emailColumnOf(noEmails, true)).toBeNull();
    expect(errorOf(() => bounceList(noEmails, { emailColumn: null, hasHeader: true }))).toMatch(
      /No column of email addresses/
    );
    expect(errorOf(() => bounceList(noEmails, { emailColumn: 0, hasHeader: true }))).toMatch(
      /No column of email addresses/
    );
    const many: CellValue[][] = Array.from({ length: MAX_BOUNCE_ROWS + 2 }, (_, i) => [
      `u${i}@example.com`,
    ]);
    expect(errorOf(() => bounceList(many, { emailColumn: 0, hasHeader: true }))).toMatch(
      /more than 100,000 rows/
    );
    expect(
      bounceList(many.slice(0, MAX_BOUNCE_ROWS + 1), { emailColumn: 0, hasHeader: true }).entries
    ).toHaveLength(MAX_BOUNCE_ROWS);
  });

  test("the email column is found among others, with or without a header", () => {
    const rows: CellValue[][] = [
      ["Date", "Recipient", "Reason"],
      ["2026-11-01", "a@example.com", "550"],
      ["2026-11-02", "b@example.com", "550"],
    ];
    expect(emailColumnOf(rows, true)).toBe(1);
    expect(emailColumnOf(rows.slice(1), false)).toBe(1);
  });

  test("additional_info: required, at most 500 characters (docs/interface.md, Bad-email reports)", () => {
    expect(additionalInfo(" Hard bounce ")).toBe("Hard bounce");
    expect(errorOf(() => additionalInfo("  "))).toMatch(/Say why/);
    expect(errorOf(() => additionalInfo("x".repeat(501)))).toMatch(/500/);
  });
});

describe("a bounce export read whole", () => {
  test("CSV: every row, up to the limit plus one", async () => {
    const csv = ["email,reason", ...Array.from({ length: 30 }, (_, i) => `u${i}@example.com,550`)];
    const rows = await readFileRows(new Blob([`\ufeff${csv.join("\r\n")}\r\n`]), "b.csv", 100);
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual(["email", "reason"]);
    expect(rows[30]).toEqual(["u29@example.com", "550"]);
    expect(await readFileRows(new Blob([csv.join("\n")]), "b.csv", 10)).toHaveLength(11);
  });

  test("XLSX (written by exceljs): every row of the first sheet, shared strings resolved", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Bounces");
    sheet.addRow(["Recipient", "Diagnostic"]);
    for (let i = 0; i < 2_000; i++) sheet.addRow([`user${i}@example.com`, "550 5.1.1"]);
    const blob = new Blob([await workbook.xlsx.writeBuffer()]);
    const rows = await readFileRows(blob, "bounces.xlsx", MAX_BOUNCE_ROWS);
    expect(rows).toHaveLength(2_001);
    expect(rows[2_000]).toEqual(["user1999@example.com", "550 5.1.1"]);
  });

  test("not a file it can read: a message", async () => {
    await expect(readFileRows(new Blob(["a\u0000b"]), "x.csv", 10)).rejects.toThrow(
      /neither CSV nor XLSX/
    );
    await expect(readFileRows(new Blob(["plain"]), "x.xlsx", 10)).rejects.toThrow();
  });
});

describe("hostile cells never become a report", () => {
  const hostile = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom(
      '=HYPERLINK("http://evil.example","x")',
      "=a@example.com",
      "+a@example.com",
      "-a@example.com",
      "@a@example.com",
      "\ta@example.com",
      "'a@example.com",
      "a\u0000@example.com",
      "a@exa\u0007mple.com",
      `${"x".repeat(400)}@example.com`,
      "a@example.com",
      " B@Example.com "
    ),
    fc.integer(),
    fc.boolean(),
    fc.constant(null)
  );
  test("every entry is one well-formed address, every row counted once", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hostile, hostile), { maxLength: 40 }), (pairs) => {
        const rows: CellValue[][] = [["a@example.com", null], ...pairs.map(([a, b]) => [a, b])];
        const list = bounceList(rows, { emailColumn: 0, messageColumn: 1, hasHeader: false });
        for (const entry of list.entries) {
          expect(isValidEmail(entry.email)).toBe(true);
          expect(entry.email).not.toMatch(/^[=+\-@\t\r']|[\u0000-\u001f]/);
          expect(entry.email).toBe(entry.email.trim().toLowerCase());
          expect((entry.message ?? "").length).toBeLessThanOrEqual(2_000);
          expect(entry.message ?? "").not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
        }
        expect(list.entries.length + list.duplicates + list.malformed + list.empty).toBe(
          rows.length
        );
        expect(new Set(list.entries.map((e) => e.email)).size).toBe(list.entries.length);
      })
    );
  });
});
