import type { ColumnMapping } from "../../../src/lists/mapping";
import type { EnrichJobInfo } from "../../../src/workbook/enrich-record";
import {
  planOfSource,
  type EnrichChoices,
  type EnrichPlan,
} from "../../../src/flows/enrich/enrich-plan";
import type { EnrichSource } from "../../../src/workbook/enrich-source";

/** Where an enrichment of a 3-column list with a header row at A1 of "Leads" writes: change what a test is about. */
export const enrichInfo = (change: Partial<EnrichJobInfo> = {}): EnrichJobInfo => ({
  sheetName: "Leads",
  tableName: null,
  rowIndex: 0,
  columnIndex: 0,
  columnCount: 3,
  hasHeader: true,
  operation: "person",
  outputs: ["email", "email_status"],
  inputs: [["first_name", 0]],
  rows: "2-4,7",
  hashes: "AAAABBBBCCCCDDDD",
  ...change,
});

/** First name, last name and website in columns A to C. */
export const PERSON_MAPPING: ColumnMapping = { first_name: 0, last_name: 1, domain: 2 };

/**
 * The plan of a list as read (planOfSource), finding each person's email and status by default;
 * a refused plan fails the test.
 */
export function planOf(
  source: Pick<EnrichSource, "header" | "rows" | "outputs">,
  choices: Partial<EnrichChoices> = {}
): EnrichPlan {
  const plan = planOfSource(source, {
    mapping: PERSON_MAPPING,
    operation: "person",
    categories: [],
    outputs: ["email", "email_status"],
    ...choices,
  });
  if ("error" in plan) throw new Error(plan.error);
  return plan;
}
