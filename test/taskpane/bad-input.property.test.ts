import fc from "fast-check";
import { planBulk } from "../../src/lists/bulk-request";
import { previewFile } from "../../src/lists/file-preview";
import { detectHeader, searchKind, suggestMapping } from "../../src/lists/mapping";
import { parseCategories } from "../../src/lists/categories";
import { writeTableToNewSheet } from "../../src/workbook/sheet-writer";
import { geoLeadRequest } from "../../src/lists/geo-lead-form";
import { SettingsError, validateSettings } from "../../src/runtime/settings";
import { FakeExcel } from "../workbook/fake-excel";

// Generated hostile input for every task pane field and for file and service text: nothing
// throws unmapped, nothing reaches a sheet as a formula, invalid input never becomes a request.

const hostile = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom(
    "=1+1",
    "+SUM(A1:A9)",
    "-2+3",
    "@A1",
    "\t=cmd|'/C calc'!A0",
    '\r=HYPERLINK("http://evil")',
    "'=quoted",
    "=",
    "+",
    "-",
    "@",
    "\u0000\u0007",
    "a\ud800b",
    "\udfff",
    "x".repeat(100_000),
    "é".repeat(40_000),
    "00123",
    "TRUE",
    "1/2",
    "5%",
    " ",
    ""
  )
);
const hostileCell = fc.oneof(
  { weight: 5, arbitrary: hostile },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null)
    ),
  }
);

/** What Excel keeps of a string: lone surrogates become U+FFFD, NULs go, at most 32,767 characters. */
function expectedText(value: string): string {
  const wellFormed = value
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd")
    .replace(/\u0000/g, "");
  return wellFormed;
}

describe("task pane fields never throw and refuse what the interface forbids", () => {
  test("GeoLead form: any text in any field is a request inside the interface's bounds or a field error", () => {
    fc.assert(
      fc.property(
        hostile,
        hostile,
        hostile,
        hostile,
        hostile,
        hostile,
        fc.boolean(),
        (query, latitude, longitude, radius, categories, resultLimit, companyEmails) => {
          const checked = geoLeadRequest({
            query,
            latitude,
            longitude,
            radius,
            categories,
            resultLimit,
            companyEmails,
            label: query,
          });
          if ("request" in checked) {
            const r = checked.request;
            expect(r.query.trim()).not.toBe("");
            expect(r.latitude).toBeGreaterThanOrEqual(-90);
            expect(r.latitude).toBeLessThanOrEqual(90);
            expect(r.longitude).toBeGreaterThanOrEqual(-180);
            expect(r.longitude).toBeLessThanOrEqual(180);
            expect(r.radius_km).toBeGreaterThanOrEqual(1);
            expect(r.radius_km).toBeLessThanOrEqual(25);
            expect(
              r.result_limit == null || (Number.isInteger(r.result_limit) && r.result_limit >= 1)
            ).toBe(true);
          } else {
            expect([
              "query",
              "latitude",
              "longitude",
              "radius",
              "categories",
              "resultLimit",
            ]).toContain(checked.field);
            expect(checked.message.length).toBeGreaterThan(0);
          }
        }
      ),
      { numRuns: 400, seed: 1 }
    );
  });

  test("categories: known names only, in order", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const parsed = parseCategories(text);
        if (parsed.ok)
          for (const c of parsed.value)
            expect([
              "ceo",
              "engineering",
              "finance",
              "hr",
              "it",
              "logistics",
              "marketing",
              "operations",
              "buyer",
              "sales",
            ]).toContain(c);
        else expect(parsed.error).toMatch(/is not a category/);
      }),
      { numRuns: 300, seed: 2 }
    );
  });

  test("settings: a saved base URL is https or loopback http; a key is one printable word; errors name their field", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (apiKey, baseUrl, webhookUrl) => {
        for (const change of [{ apiKey }, { baseUrl }, { webhookUrl }]) {
          try {
            const clean = validateSettings(change);
            if (clean.baseUrl)
              expect(
                clean.baseUrl.startsWith("https://") ||
                  /^http:\/\/(localhost|127\.|\[::1\])/.test(clean.baseUrl) ||
                  clean.baseUrl.startsWith("/")
              ).toBe(true);
            if (clean.webhookUrl) expect(clean.webhookUrl.startsWith("https://")).toBe(true);
            if (clean.apiKey) expect(clean.apiKey).toMatch(/^[^\s\u0000-\u001f]+$/);
          } catch (error) {
            expect(error).toBeInstanceOf(SettingsError);
            expect(Object.keys(change)).toContain((error as SettingsError).field);
          }
        }
      }),
      { numRuns: 300, seed: 3 }
    );
  });

  test("selections of hostile cells: mapping and planning never throw, and no blank row is sent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(hostileCell, { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 8,
        }),
        (values) => {
          const header = detectHeader(values as never);
          const mapping = suggestMapping(values as never, header);
          const kind = searchKind(mapping, false);
          if (typeof kind !== "string") return;
          const plan = planBulk({
            values: values as never,
            hasHeader: header,
            mapping,
            categories: [],
            fileName: "x",
            kind,
          });
          for (const request of plan.requests) {
            for (const row of request.data.slice(request.has_header ? 1 : 0))
              expect(row.some((cell) => String(cell).trim() !== "")).toBe(true);
            for (const row of request.data)
              for (const cell of row) expect(typeof cell).toBe("string");
          }
        }
      ),
      { numRuns: 300, seed: 4 }
    );
  });

  test("files of hostile bytes: the preview reads them or refuses them with a message", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc.string({ maxLength: 300 }).map((s) => new TextEncoder().encode(s))
        ),
        fc.constantFrom("a.csv", "a.xlsx", "a.xls", "a.txt"),
        async (bytes, name) => {
          try {
            const preview = await previewFile(new Blob([new Uint8Array(bytes)]), name);
            expect(preview.rows.length).toBeGreaterThan(0);
          } catch (error) {
            expect(error).toBeInstanceOf(Error);
            expect((error as Error).message.length).toBeGreaterThan(0);
          }
        }
      ),
      { numRuns: 200, seed: 5 }
    );
  });
});

describe("hostile text from files and service answers, written to a sheet", () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Excel;
  });

  test("no cell is ever stored as a formula, and every text shows as it came", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(hostileCell, { minLength: 3, maxLength: 3 }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (rows) => {
          const excel = new FakeExcel();
          const header = ["=header", "+b", "@c"];
          const result = await writeTableToNewSheet(
            { header, rows },
            { baseName: "=Results", context: excel.context() }
          );
          const sheet = excel.sheet(result.sheetName);
          const shown = sheet.shown();
          for (const [r, row] of [header, ...rows].entries()) {
            for (let c = 0; c < 3; c++) {
              const value = row[c];
              const stored = sheet.cell(r, c);
              expect(stored.kind).not.toBe("formula");
              if (typeof value === "string" && value !== "") {
                const text = expectedText(value);
                const cell = shown[r]![c];
                if (text.length <= 32_767) expect(cell).toBe(text);
                else expect(String(cell).length).toBeLessThanOrEqual(32_767);
              }
            }
          }
        }
      ),
      { numRuns: 60, seed: 6 }
    );
  });
});
