import { FakeExcel, fillCells } from "../../workbook/fake-excel";
import { enrichBulkParts, jobOfEnrichment } from "../../../src/flows/enrich/enrich-bulk";
import { readEnrichSource } from "../../../src/workbook/enrich-source";
import {
  JOBS_SETTING_KEY,
  JobStore,
  parseJobs,
  type JobRecord,
  type WorkbookSettings,
} from "../../../src/workbook/job-store";
import type { BulkSearch } from "../../../src/api/types";
import { PERSON_MAPPING, planOf } from "./enrich-fixtures";

// The record of an enrichment's bulk search lives in the workbook's document settings,
// which Office caps for all of an add-in's settings together:
// "A maximum of 2MB is available for the settings of each add-in" (Office.Settings.set,
// https://learn.microsoft.com/javascript/api/office/office.settings#office-office-settings-set-member(1);
// Microsoft repeats it in https://github.com/OfficeDev/office-js/issues/621). A bulk search
// takes up to 100,000 rows (docs/interface.md, Limits), so one search's record must fit well under
// that cap.

/** 2 MB read as the smaller, decimal value. Reading and planning 100,000 rows takes seconds. */
const SETTINGS_LIMIT_BYTES = 2_000_000;
const ROWS = 100_000;
const HEADER = ["First name", "Last name", "Company"];
const person = (i: number): string[] => [`Ada${i}`, `Lovelace${i}`, `company-${i}.example`];

/** Office.context.document.settings as Office keeps it: the bag saved as JSON. */
function documentSettings(): WorkbookSettings & { saved: () => string } {
  const bag: Record<string, unknown> = {};
  let saved = "{}";
  return {
    get: (name: string) => bag[name] ?? null,
    set: (name: string, value: unknown) => void (bag[name] = value),
    saveAsync: (callback?: (result: Office.AsyncResult<void>) => void) => {
      saved = JSON.stringify(bag);
      callback?.({ status: "succeeded" } as unknown as Office.AsyncResult<void>);
    },
    saved: () => saved,
  } as WorkbookSettings & { saved: () => string };
}

/**
 * The search as bulk/json answers it (docs/interface.md, The bulk search object), with a
 * sandbox-sized id.
 */
const searchOf = (rows: number): BulkSearch => ({
  id: `blk_${"0123456789abcdef".repeat(2).slice(0, 24)}`,
  status: "queued",
  counts: { failed: 0, found_unknown: 0, found_valid: 0, not_found: 0, total: rows },
  created_at: "2026-11-24T20:17:00.000Z",
  credits_needed: 0,
  decision_maker_category: null,
  file_name: "Enrich Leads",
  paid: false,
  started_running_at: null,
});

/**
 * The list put in a fake workbook, read as Enrich reads it, planned, and its bulk search's
 * record saved by the job store: the record and the size of the saved settings in bytes.
 */
async function savedRecord(list: Array<string[] | null>): Promise<{
  record: JobRecord;
  bytes: number;
  saved: string;
}> {
  const excel = new FakeExcel({ sheetNames: ["Leads"] });
  excel.install();
  fillCells(excel.sheets[0]!, "A1", [HEADER, ...list.map((row) => row ?? [null, null, null])]);
  excel.selection = { sheet: "Leads", address: `A1:C${list.length + 1}` };
  const source = await readEnrichSource();
  const outputs = ["email", "email_status"] as const;
  const mapping = PERSON_MAPPING;
  const plan = planOf(source);
  expect(plan.toDo).toHaveLength(ROWS);
  const parts = enrichBulkParts({
    source,
    toDo: plan.toDo,
    mapping,
    operation: "person",
    categories: [],
    outputs,
    label: "Enrich Leads",
  });
  expect(parts).toHaveLength(1);
  expect(parts[0]!.request.data).toHaveLength(ROWS + 1);
  const record = jobOfEnrichment(searchOf(ROWS), parts[0]!.info);
  const settings = documentSettings();
  await new JobStore(settings).add(record);
  const saved = settings.saved();
  return { record, bytes: Buffer.byteLength(saved, "utf8"), saved };
}

describe("an enrichment's job record for 100,000 rows, in the document settings", () => {
  test("100,000 rows in a row: the saved job list stays under the 2 MB settings cap", async () => {
    const { record, bytes, saved } = await savedRecord(
      Array.from({ length: ROWS }, (_, i) => person(i))
    );
    expect(record.enrich!.rows).toBe(`2-${ROWS + 1}`);
    expect(record.enrich!.hashes).toHaveLength(4 * ROWS);
    // What a reopened workbook reads back is the same record.
    expect(parseJobs(JSON.parse(saved)[JOBS_SETTING_KEY])).toEqual([record]);
    console.log(`enrich job record, 100,000 rows in a row: ${bytes.toLocaleString("en-US")} bytes`);
    expect(bytes).toBeLessThan(SETTINGS_LIMIT_BYTES);
  }, 120_000);

  test("100,000 rows every other row (blank rows between): still under the cap", async () => {
    // The row numbers can no longer be ranges: each is written out.
    const { record, bytes, saved } = await savedRecord(
      Array.from({ length: 2 * ROWS }, (_, i) => (i % 2 === 0 ? person(i) : null))
    );
    expect(record.enrich!.rows.startsWith("2,4,6,")).toBe(true);
    expect(record.enrich!.rows.endsWith(`,${2 * ROWS}`)).toBe(true);
    expect(parseJobs(JSON.parse(saved)[JOBS_SETTING_KEY])).toEqual([record]);
    console.log(`enrich job record, 100,000 rows apart: ${bytes.toLocaleString("en-US")} bytes`);
    expect(bytes).toBeLessThan(SETTINGS_LIMIT_BYTES);
  }, 120_000);
});
