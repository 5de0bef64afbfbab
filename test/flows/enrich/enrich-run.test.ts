import { FakeExcel, fillCells, storeInput } from "../../workbook/fake-excel";
import { fakeScheduler, found, type Answer } from "./fake-scheduler";
import { ApiError } from "../../../src/client/errors";
import { refusal } from "../../../src/client/spending";
import { prepareEnrichTarget } from "../../../src/workbook/enrich-columns";
import { readEnrichSource } from "../../../src/workbook/enrich-source";
import { NO_VALUE, type OutputField } from "../../../src/lists/enrich-outputs";
import { runEnrichment, type EnrichProgress } from "../../../src/flows/enrich/enrich-run";
import { planOf } from "./enrich-fixtures";

const OUTPUTS: OutputField[] = ["email", "email_status"];

function setup(rows: unknown[][]) {
  const excel = new FakeExcel({ sheetNames: ["Leads"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  fillCells(sheet, "A1", rows);
  excel.selection = { sheet: "Leads", address: `A1:C${rows.length}` };
  return { excel, sheet };
}

const HEADER = ["First name", "Last name", "Website"];

async function run(rows: unknown[][], answer: Answer, onProgress?: (p: EnrichProgress) => void) {
  const { excel, sheet } = setup(rows);
  const source = await readEnrichSource();
  const plan = planOf(source);
  const target = await prepareEnrichTarget(source, OUTPUTS);
  const { asked, scheduler } = fakeScheduler(answer);
  const summary = await runEnrichment({
    plan,
    target,
    outputs: OUTPUTS,
    scheduler,
    onProgress,
    flushAfterMs: 5,
  });
  return { excel, sheet, plan, summary, asked };
}

describe("an enrichment through the cells' lookups", () => {
  test("each answer lands in its own row; equal rows are one lookup; text stays text", async () => {
    const { sheet, summary, asked } = await run(
      [
        HEADER,
        ["Ada", "Lovelace", "example.com"],
        ["Grace", "Hopper", "navy.mil"],
        ["Ada", "Lovelace", "example.com"],
        ["Alan", "Turing", "bletchley.uk"],
      ],
      async (body) =>
        body.domain === "navy.mil"
          ? { status: "ok", value: { email: "=cmd|x", email_status: "valid" } }
          : found(body)
    );
    expect(asked).toHaveLength(3);
    expect(sheet.shown().map((row) => row.slice(3, 5))).toEqual([
      ["Email found", "Email status"],
      ["ada.lovelace@example.com", "valid"],
      ["=cmd|x", "valid"],
      ["ada.lovelace@example.com", "valid"],
      ["alan.turing@bletchley.uk", "valid"],
    ]);
    // Written as text, never as a formula.
    expect(sheet.cell(2, 3).kind).not.toBe("formula");
    expect(summary).toMatchObject({ done: 4, total: 4, written: 4, failed: 0, notRun: 0 });
  });

  test("rows not possible get their reason and are never sent", async () => {
    const { sheet, summary, asked } = await run(
      [HEADER, ["Ada", "Lovelace", "example.com"], ["Grace", "Hopper", null]],
      found
    );
    expect(asked).toHaveLength(1);
    expect(sheet.shown()[2]!.slice(3, 5)).toEqual([NO_VALUE, "skipped: no company"]);
    expect(summary).toMatchObject({ done: 2, total: 2, written: 2 });
  });

  test("not found is written as a status; failures and refusals leave the row empty, counted by reason", async () => {
    const { sheet, summary } = await run(
      [
        HEADER,
        ["Ada", "Lovelace", "example.com"],
        ["Nobody", "Here", "example.com"],
        ["Grace", "Hopper", "navy.mil"],
        ["Alan", "Turing", "bletchley.uk"],
        ["Linus", "Torvalds", "kernel.org"],
      ],
      async (body) => {
        if (body.first_name === "Nobody")
          return { status: "not_found", code: "not_found", message: "Not found." };
        if (body.domain === "navy.mil") throw refusal("stopped");
        if (body.domain === "bletchley.uk")
          throw new ApiError({ kind: "out_of_credits", status: 402, code: "x", message: "402" });
        if (body.domain === "kernel.org")
          throw new ApiError({ kind: "network", status: null, code: "x", message: "Offline." });
        return found(body);
      }
    );
    const shown = sheet.shown();
    expect(shown[2]!.slice(3, 5)).toEqual([NO_VALUE, "not_found"]);
    for (const row of [3, 4, 5]) expect(shown[row]?.[3] ?? null).toBeNull();
    expect(summary).toMatchObject({ done: 5, total: 5, written: 2, failed: 2, notRun: 1 });
    expect(summary.reasons).toEqual(
      expect.arrayContaining([
        { reason: refusal("stopped").message, rows: 1 },
        { reason: "Out of credits.", rows: 1 },
        { reason: "Offline.", rows: 1 },
      ])
    );
  });

  test("lookups are all started at once; answers are written in batches as they come", async () => {
    const rows = [HEADER, ...Array.from({ length: 30 }, (_, i) => [`P${i}`, "X", "example.com"])];
    const resolvers: Array<() => void> = [];
    const progress: EnrichProgress[] = [];
    const { excel, sheet } = setup(rows);
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, OUTPUTS);
    const { asked, scheduler } = fakeScheduler(
      (body) => new Promise((resolve) => resolvers.push(() => void resolve(found(body))))
    );
    const running = runEnrichment({
      plan: planOf(source),
      target,
      outputs: OUTPUTS,
      scheduler,
      onProgress: (p) => progress.push(p),
      flushAfterMs: 5,
      flushAtRows: 10,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toHaveLength(30);
    const syncsBefore = excel.syncs.length;
    resolvers.splice(0, 10).forEach((resolve) => resolve());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sheet.shown().filter((row) => typeof row[3] === "string")).toHaveLength(11);
    expect(excel.syncs.length).toBeGreaterThan(syncsBefore);
    resolvers.forEach((resolve) => resolve());
    const summary = await running;
    expect(summary).toMatchObject({ done: 30, total: 30, written: 30 });
    const dones = progress.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(dones).toContain(10);
    expect(progress.at(-1)).toMatchObject({ done: 30, total: 30 });
  });

  test("a row typed into during the run is not overwritten and is reported", async () => {
    const rows = [HEADER, ["Ada", "Lovelace", "example.com"], ["Grace", "Hopper", "navy.mil"]];
    const { sheet } = setup(rows);
    const source = await readEnrichSource();
    const target = await prepareEnrichTarget(source, OUTPUTS);
    const { scheduler } = fakeScheduler(async (body) => {
      if (body.domain === "navy.mil") sheet.write(2, 4, storeInput("mine"));
      return found(body);
    });
    const summary = await runEnrichment({
      plan: planOf(source),
      target,
      outputs: OUTPUTS,
      scheduler,
      flushAfterMs: 5,
    });
    expect(sheet.shown()[2]!.slice(3, 5)).toEqual([null, "mine"]);
    expect(summary).toMatchObject({ done: 2, written: 1, typedInto: 1 });
    expect(summary.typedCells.map((cell) => cell.address)).toEqual(["E3"]);
  });
});
