import { EmailServiceClient } from "../../../src/client/client";
import { KeyValueAnswerStore } from "../../../src/client/answer-store-key-value";
import { lookupKey } from "../../../src/client/lookup-key";
import { AnswerCache } from "../../../src/client/answer-cache";
import { LookupScheduler } from "../../../src/client/scheduler";
import { MemoryStore } from "../../../src/client/key-value-store";
import { countOldListAnswers, listOutputs } from "../../../src/flows/refresh/refresh-list";
import type { EnrichSource } from "../../../src/workbook/enrich-source";

// Which rows of an enriched list a Refresh counts as old: a row's age is its kept
// answer's, else its Checked on cell's; a row with neither is old (nobody knows when it was
// checked). Rows not done are not the refresh's, and equal rows are one lookup.

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-26T12:00:00Z");
const excelDay = (ms: number): number => Math.floor(ms / DAY) + 25_569;

const row = (i: number) => [`Ada${i}`, "Lovelace", `list-${i}.example`];
const body = (i: number) => ({
  first_name: `Ada${i}`,
  last_name: "Lovelace",
  domain: `list-${i}.example`,
});

function source(checkedOn: Array<number | null>): EnrichSource {
  const rows = checkedOn.map((_, i) => row(i));
  return {
    sheetName: "Leads",
    tableName: null,
    rowIndex: 0,
    columnIndex: 0,
    columnCount: 3,
    header: ["First name", "Last name", "Company"],
    rows,
    outputs: [
      // Out of order on purpose: the list's own column order is kept.
      { field: "checked_on", column: 5, values: checkedOn },
      {
        field: "email",
        column: 3,
        values: checkedOn.map((_, i) => (i === 4 ? null : `a${i}@x.co`)),
      },
      { field: "email_status", column: 4, values: checkedOn.map(() => "valid") },
    ],
  };
}

/** A scheduler over kept answers in memory; counting sends nothing (its client reaches nobody). */
function keptAnswers(): { cache: AnswerCache; scheduler: LookupScheduler } {
  const cache = new AnswerCache({
    store: new KeyValueAnswerStore(new MemoryStore()),
    namespace: "refresh-list",
    flushDelayMs: 1,
  });
  const client = new EmailServiceClient({ baseUrl: "http://127.0.0.1:9", apiKey: "unused" });
  return { cache, scheduler: new LookupScheduler({ client, cache }) };
}

test("kept answers' ages first, else Checked on; undated rows are old; rows not done are left", async () => {
  const { cache, scheduler } = keptAnswers();
  const ok = { status: "ok" as const, value: { email: "k@x.co", email_status: "valid" } };
  // Row 0: kept 10 days ago although its cell says 100 (the kept answer is newer: a cell bought it).
  cache.set(lookupKey("person", body(0)), ok, NOW - 10 * DAY);
  // Row 1: kept 70 days ago.
  cache.set(lookupKey("person", body(1)), ok, NOW - 70 * DAY);
  const list = source([
    excelDay(NOW - 100 * DAY),
    excelDay(NOW - 5 * DAY),
    excelDay(NOW - 5 * DAY), // row 2: not kept, checked 5 days ago: young
    excelDay(NOW - 80 * DAY), // row 3: not kept, checked 80 days ago: old
    excelDay(NOW - 90 * DAY), // row 4: an output empty: not done, not the refresh's
    null, // row 5: Checked on empty: not done either
  ]);
  const choices = {
    mapping: { first_name: 0, last_name: 1, domain: 2 },
    operation: "person" as const,
    categories: [],
    outputs: ["email" as const],
  };
  expect(listOutputs(list, choices)).toEqual(["email", "email_status", "checked_on"]);
  const count = await countOldListAnswers(scheduler, list, choices, 60, NOW);
  if ("error" in count) throw new Error(count.error);
  expect(count.old.map((lookup) => lookup.rows)).toEqual([[1], [3]]);
  expect(count.maxCredits).toBe(2);
  expect(count.outputs).toEqual(["email", "email_status", "checked_on"]);

  // Without a Checked on column, a row whose answer is not kept has no known age: old.
  const undated = { ...list, outputs: list.outputs.filter((o) => o.field !== "checked_on") };
  const again = await countOldListAnswers(scheduler, undated, choices, 60, NOW);
  if ("error" in again) throw new Error(again.error);
  expect(again.old.map((lookup) => lookup.rows)).toEqual([[1], [2], [3], [5]]);
});

test("a row whose address was reported bounced is not bought again: rewritten as bounced", async () => {
  const { cache, scheduler } = keptAnswers();
  const ok = (email: string) => ({
    status: "ok" as const,
    value: { email, email_status: "valid" },
  });
  // Both bought 100 days ago; row 0's address was reported bounced since.
  cache.set(lookupKey("person", body(0)), ok("a0@x.co"), NOW - 100 * DAY);
  cache.set(lookupKey("person", body(1)), ok("a1@x.co"), NOW - 100 * DAY);
  await cache.markBounced(["a0@x.co"], NOW - DAY);
  const list = source([excelDay(NOW - 100 * DAY), excelDay(NOW - 100 * DAY)]);
  const choices = {
    mapping: { first_name: 0, last_name: 1, domain: 2 },
    operation: "person" as const,
    categories: [],
    outputs: ["email" as const],
  };
  const count = await countOldListAnswers(scheduler, list, choices, 60, NOW);
  if ("error" in count) throw new Error(count.error);
  expect(count.old.map((lookup) => lookup.rows)).toEqual([[1]]);
  expect(count.maxCredits).toBe(1);
  expect(count.bounced.map(({ lookup }) => lookup.rows)).toEqual([[0]]);
});
