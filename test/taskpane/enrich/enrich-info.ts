import type { EnrichJobInfo } from "../../../src/taskpane/enrich/enrich-job";

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
