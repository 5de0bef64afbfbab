import { FakeExcel, fillCells } from "./fake-excel";
import { prepareEnrichTarget } from "../../src/workbook/enrich-columns";
import { readEnrichSource } from "../../src/workbook/enrich-source";
import { writeEnrichedRows } from "../../src/workbook/enrich-write";
import { enrichHeadersEn } from "../../src/i18n/catalogs/pane/en-US/enrich-headers";
import { paneEn } from "../../src/i18n/catalogs/pane/en-US";
import { addPaneCatalog, setLanguage } from "../../src/i18n/i18n";
import { LOCALES, type Locale } from "../../src/i18n/locales";
import {
  OUTPUT_FIELDS,
  OUTPUT_HEADERS,
  answerCells,
  outputFieldOfHeader,
  outputHeader,
  type OutputField,
} from "../../src/lists/enrich-outputs";
import { fieldOfHeader } from "../../src/lists/mapping";
import { planOf } from "../flows/enrich/enrich-fixtures";

// Enrich writes its output columns' headers in the user's language and finds them again in
// any language: a list enriched in German is run again in French or English
// without new columns, and without looking up its done rows again.

const headersOf = (locale: Locale): Record<string, string> =>
  locale === "en-US"
    ? enrichHeadersEn
    : (
        require(`../../src/i18n/catalogs/pane/${locale}/enrich-headers`) as {
          enrichHeaders: Record<string, string>;
        }
      ).enrichHeaders;

function useLanguage(locale: Locale): void {
  setLanguage(locale);
  const pane =
    locale === "en-US"
      ? paneEn
      : (require(`../../src/i18n/catalogs/pane/${locale}`) as { pane: Record<string, string> })
          .pane;
  addPaneCatalog(pane, paneEn);
}

const ALL_FIELDS = Object.keys(OUTPUT_HEADERS) as OutputField[];

afterAll(() => useLanguage("en-US"));

describe("the output columns' headers", () => {
  test.each([...LOCALES])("%s: each is found again as its field, never as an input", (locale) => {
    useLanguage(locale);
    for (const field of ALL_FIELDS) {
      const header = outputHeader(field);
      expect(Object.values(headersOf(locale))).toContain(header);
      expect(outputFieldOfHeader(header)).toBe(field);
      expect(outputFieldOfHeader(`  ${header.toUpperCase()} `)).toBe(field);
      // A list's own columns are suggested as inputs; ours never are.
      expect([header, fieldOfHeader(header)]).toEqual([header, null]);
      // Plain text: what the catalog holds is what the cell shows.
      expect(header).not.toMatch(/[{}#']/);
    }
  });

  test("no header names two fields, in any pair of languages", () => {
    const seen = new Map<string, string>();
    for (const locale of LOCALES)
      for (const [id, header] of Object.entries(headersOf(locale))) {
        const key = header.trim().toLowerCase();
        expect([header, seen.get(key) ?? id]).toEqual([header, id]);
        seen.set(key, id);
      }
  });
});

describe("a list enriched in one language, run again in another", () => {
  const PEOPLE = [
    ["First name", "Last name", "Website"],
    ["Ada", "Lovelace", "example.com"],
    ["Grace", "Hopper", "navy.mil"],
    ["Alan", "Turing", "bletchley.uk"],
  ];
  const outputs: OutputField[] = ["email", "email_status", "person_job_title"];

  test.each([
    ["de-DE", "fr-FR"],
    ["ja-JP", "en-US"],
    ["en-US", "pt-BR"],
  ] as Array<[Locale, Locale]>)(
    "written in %s, read in %s: the same columns, the rows done",
    async (first, second) => {
      const excel = new FakeExcel({ sheetNames: ["Leads"] });
      excel.install();
      const sheet = excel.sheets[0]!;
      excel.selection = { sheet: "Leads", address: "A1:C4" };
      fillCells(sheet, "A1", PEOPLE);
      expect(OUTPUT_FIELDS.person).toEqual(expect.arrayContaining(outputs));

      useLanguage(first);
      const source = await readEnrichSource();
      const target = await prepareEnrichTarget(source, outputs);
      expect(target.columns).toEqual([3, 4, 5]);
      expect(sheet.shown()[0]!.slice(3)).toEqual(outputs.map(outputHeader));
      const values = answerCells(outputs, {
        status: "ok",
        value: { email: "a@example.com", email_status: "valid", person_job_title: "CTO" },
      });
      await writeEnrichedRows(
        target,
        [0, 1, 2].map((row) => ({ row, values }))
      );

      useLanguage(second);
      const again = await readEnrichSource();
      expect(again.outputs.map(({ field, column }) => [field, column])).toEqual([
        ["email", 3],
        ["email_status", 4],
        ["person_job_title", 5],
      ]);
      const plan = planOf(again, { outputs });
      expect([plan.toDo.length, plan.done]).toEqual([0, [0, 1, 2]]);
      // Nothing added: the columns there are checked under their header and written again.
      expect((await prepareEnrichTarget(again, outputs)).columns).toEqual([3, 4, 5]);
      expect(sheet.shown()[0]!.length).toBe(6);
    }
  );
});

describe("rows that cannot be looked up", () => {
  test("say why in the user's language", () => {
    useLanguage("de-DE");
    const plan = planOf({
      header: ["First name", "Last name", "Website"],
      rows: [
        ["Ada", "Lovelace", null],
        [null, null, "example.com"],
      ],
      outputs: [],
    });
    expect(plan.notPossible.map((row) => row.reason)).toEqual([
      "übersprungen: kein Unternehmen",
      "übersprungen: kein Name",
    ]);
    useLanguage("en-US");
  });
});
