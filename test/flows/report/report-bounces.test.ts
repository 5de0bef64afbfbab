import { EmailServiceClient } from "../../../src/client/client";
import type { BounceOutcome } from "../../../src/flows/report/bounce-report";
import { reportBounces, type BounceRun } from "../../../src/flows/report/report-bounces";
import { bounceList } from "../../../src/lists/bounce-list";
import type { CellValue } from "../../../src/lists/cell-values";
import { readBounceSelection } from "../../../src/workbook/bounce-sheet";
import { startSandbox, type TestSandbox } from "../../helpers/sandbox";
import { FakeExcel, fillCells } from "../../workbook/fake-excel";

// The Report tab's run: the addresses not reported yet are sent to the sandbox, the credits
// come back, the reported ones are marked bounced, each row's outcome is written beside the
// selected list, and a run again sends only what was not reported.

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ latencyMs: 2 });
});
afterAll(async () => {
  await sandbox.close();
});

function selectList(rows: CellValue[][]) {
  const excel = new FakeExcel({ sheetNames: ["Bounces"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  fillCells(sheet, "A1", rows);
  excel.selection = { sheet: "Bounces", address: `A1:A${rows.length}` };
  return { excel, sheet };
}

test("bought addresses pay back, outcomes beside the list, a run again sends only the unreported", async () => {
  const account = await sandbox.account(50);
  const client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
  const examples = (await sandbox.examples()) as Record<string, Record<string, any>>;
  const bought = (await client.cellLookup("person", examples.person!.valid)).email!.toLowerCase();
  // One report is lost on the way the first time (the connection drops before it is sent).
  let dropped = "never-bought@example.com";
  const { sheet } = selectList([
    ["Email"],
    [bought],
    ["never-bought@example.com"],
    ["not an address"],
  ]);
  const selection = await readBounceSelection();
  const list = bounceList(selection.values, { emailColumn: 0, hasHeader: true });
  const sent: string[] = [];
  const marked: string[][] = [];
  let outcomes: ReadonlyMap<string, BounceOutcome> = new Map();
  const run = (written: Array<string | null> | null): BounceRun => ({
    list,
    hasHeader: true,
    outcomes,
    additionalInfo: "Hard bounce",
    place: { at: selection, written },
    balance: async () => (await client.account()).credits_left,
    report: async (body, signal) => {
      sent.push(body.email);
      if (body.email === dropped) throw new Error("connection reset");
      return client.reportBadEmail(body, signal);
    },
    markBounced: async (emails) => void marked.push(emails),
    onOutcomes: (all) => (outcomes = all),
  });

  const first = await reportBounces(run(null));
  expect(first.report).toMatchObject({ reported: 1, refused: 0, failed: 1, unsent: 0 });
  // The bought address's credit comes back.
  expect(first.after).toBeCloseTo(first.before + 1, 3);
  expect(first.marked).toBe(1);
  expect(marked).toEqual([[bought]]);
  expect(first.refused).toEqual([
    {
      email: "never-bought@example.com",
      outcome: { status: "failed", reason: expect.stringContaining("connection reset") },
    },
  ]);
  expect(first.write).toEqual({ written: true, column: "B" });
  const column = () => sheet.shown().map((row) => row[1] ?? null);
  expect(column()).toEqual([
    "Report outcome",
    "reported",
    expect.stringMatching(/^not reported: .*connection reset/),
    "not an email address",
  ]);
  expect(first.written).toEqual(column());
  expect([...outcomes.values()].map((o) => o.status)).toEqual(["reported", "failed"]);

  // Again: only the address not reported is sent, and the run writes over its own outcomes.
  sent.length = 0;
  dropped = "";
  const second = await reportBounces(run(first.written));
  expect(sent).toEqual(["never-bought@example.com"]);
  expect(second.report).toMatchObject({ reported: 1, failed: 0 });
  expect(second.write?.written).toBe(true);
  expect(column()).toEqual(["Report outcome", "reported", "reported", "not an email address"]);
  expect(second.written).toEqual(column());
});
test("sent is sent: a balance or marks that fail after the reports are said, not thrown", async () => {
  const list = bounceList([["a@example.com"], ["b@example.com"]], {
    emailColumn: 0,
    hasHeader: false,
  });
  let balances = 0;
  const result = await reportBounces({
    list,
    hasHeader: false,
    outcomes: new Map(),
    additionalInfo: "Hard bounce",
    balance: async () => {
      if (++balances > 1) throw new Error("offline");
      return 10;
    },
    report: async () => undefined,
    markBounced: async () => {
      throw new Error("storage full");
    },
    onOutcomes: () => undefined,
  });
  expect(result).toMatchObject({
    before: 10,
    after: { error: "offline" },
    marked: 2,
    markError: "storage full",
    write: null,
    written: null,
  });
});

test("sent is sent: the outcomes are heard before the sheet is written", async () => {
  const { excel } = selectList([["a@example.com"], ["b@example.com"]]);
  const selection = await readBounceSelection();
  const list = bounceList(selection.values, { emailColumn: 0, hasHeader: false });
  excel.sheets.splice(0, 1); // the sheet is deleted while the reports go
  const heard: Array<Map<string, BounceOutcome>> = [];
  await expect(
    reportBounces({
      list,
      hasHeader: false,
      outcomes: new Map(),
      additionalInfo: "Hard bounce",
      place: { at: selection, written: null },
      balance: async () => 10,
      report: async () => undefined,
      markBounced: async () => undefined,
      onOutcomes: (all) => void heard.push(all),
    })
  ).rejects.toThrow(/Bounces|not found|ItemNotFound/i);
  expect(heard.map((all) => [...all.entries()])).toEqual([
    [
      ["a@example.com", { status: "reported" }],
      ["b@example.com", { status: "reported" }],
    ],
  ]);
});
