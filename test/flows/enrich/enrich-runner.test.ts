import { FakeExcel, fillCells } from "../../workbook/fake-excel";
import { fakeScheduler, found, type Answer } from "./fake-scheduler";
import { refusal } from "../../../src/client/spending";
import { JobStore, type JobRecord, type WorkbookSettings } from "../../../src/workbook/job-store";
import { rowsWaitingInJobs } from "../../../src/flows/enrich/enrich-job";
import type { EnrichChoices, EnrichPlan } from "../../../src/flows/enrich/enrich-plan";
import { EnrichRunner } from "../../../src/flows/enrich/enrich-runner";
import { StoredOwnRuns } from "../../../src/flows/enrich/own-runs";
import { MemorySettingsStorage } from "../../../src/runtime/settings";
import {
  firstDataRow,
  readEnrichSource,
  type EnrichSource,
} from "../../../src/workbook/enrich-source";
import type { OutputField } from "../../../src/lists/enrich-outputs";
import type { ColumnMapping } from "../../../src/lists/mapping";
import { planOf } from "./enrich-fixtures";

// An Enrich run through lookups as a job of the workbook: recorded
// before its first lookup, continued after the workbook is closed and opened again, continued
// on request after it stopped, and its rows left to it by another run meanwhile.

/** Document settings over a saved file: reopening reads what the last save wrote. */
class WorkbookFile {
  saved = "[]";
  open(): WorkbookSettings {
    const live = new Map<string, unknown>([["mailFinder.jobs", JSON.parse(this.saved)]]);
    return {
      get: (name: string) => live.get(name) ?? null,
      set: (name: string, value: unknown) => void live.set(name, value),
      saveAsync: (callback?: (result: Office.AsyncResult<void>) => void) => {
        this.saved = JSON.stringify(live.get("mailFinder.jobs") ?? []);
        callback?.({ status: "succeeded" } as unknown as Office.AsyncResult<void>);
      },
    } as WorkbookSettings;
  }
}

const never: Answer = () => new Promise(() => undefined);

const OUTPUTS: OutputField[] = ["email", "email_status"];
const HEADER = ["First name", "Last name", "Website"];
const PERSON: ColumnMapping = { first_name: 0, last_name: 1, domain: 2 };
const people = (n: number, from = 0): unknown[][] =>
  Array.from({ length: n }, (_, i) => [`P${from + i}`, "X", "example.com"]);
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/** The plan of a run (of a list read now), leaving rows to the jobs not over. */
const planWith = (
  source: EnrichSource,
  { jobs = [], ...choices }: Partial<EnrichChoices> & { jobs?: JobRecord[] } = {}
): EnrichPlan =>
  planOf(source, {
    ...choices,
    waiting: rowsWaitingInJobs(jobs, { ...source, firstDataRow: firstDataRow(source) }),
  });

function workbook(rows: unknown[][]) {
  const excel = new FakeExcel({ sheetNames: ["Leads"] });
  excel.install();
  const sheet = excel.sheets[0]!;
  fillCells(sheet, "A1", rows);
  excel.selection = { sheet: "Leads", address: `A1:C${rows.length}` };
  return { excel, sheet, file: new WorkbookFile() };
}

/** The user's own storage (OfficeRuntime.storage): one user unless a test says otherwise. */
const me = new MemorySettingsStorage();

/** A pane over the workbook file: its job store and runner (what createWorkbookJobs makes). */
function pane(file: WorkbookFile, answer: Answer, user: MemorySettingsStorage = me) {
  const store = new JobStore(file.open());
  const { bodies, scheduler } = fakeScheduler(answer);
  const runner = new EnrichRunner(store, async () => scheduler, {
    saveEveryMs: 0,
    ownRuns: new StoredOwnRuns(() => user),
  });
  const finished: JobRecord[] = [];
  runner.onFinished((job) => finished.push(job));
  return { store, runner, asked: bodies, finished };
}

async function startRun(runner: EnrichRunner, source: EnrichSource, plan: EnrichPlan) {
  return runner.start({
    source,
    plan,
    mapping: PERSON,
    operation: "person",
    categories: [],
    outputs: OUTPUTS,
    label: "Enrich Leads",
  });
}

const emails = (sheet: FakeExcel["sheets"][number]) =>
  sheet
    .shown()
    .slice(1)
    .map((row) => row[3] ?? null);

describe("an Enrich run through lookups is a job of the workbook", () => {
  test("recorded as running before its first lookup; completed with its counts; told once", async () => {
    const { sheet, file } = workbook([HEADER, ...people(4), ["Grace", "Hopper", null]]);
    const { store, runner, asked, finished } = pane(file, async (body) => {
      // The job is in the workbook's list before anything is asked.
      expect(JSON.parse(file.saved)).toEqual([
        expect.objectContaining({ kind: "enrich_lookups", lastStatus: "running" }),
      ]);
      return found(body);
    });
    const source = await readEnrichSource();
    expect(runner.running).toBe(false);
    const { jobId, finished: done } = await startRun(runner, source, planWith(source));
    expect(runner.isRunning(jobId)).toBe(true);
    // The Report tab counts no bought answers while a run goes (bought-count.ts).
    expect(runner.running).toBe(true);
    const summary = await done;
    expect(runner.running).toBe(false);
    expect(asked()).toHaveLength(4);
    expect(summary).toMatchObject({ total: 5, done: 5, written: 5, failed: 0, notRun: 0 });
    const [job] = await store.load();
    expect(job).toMatchObject({
      kind: "enrich_lookups",
      id: jobId,
      lastStatus: "completed",
      run: { total: 5, done: 5, written: 5, failed: 0, notRun: 0, typedInto: 0 },
      enrich: { sheetName: "Leads", rows: "2-6", outputs: OUTPUTS, columns: [3, 4] },
    });
    expect(finished.map((j) => j.lastStatus)).toEqual(["completed"]);
    expect(emails(sheet)).toEqual([
      "p0.x@example.com",
      "p1.x@example.com",
      "p2.x@example.com",
      "p3.x@example.com",
      "—",
    ]);
    expect(runner.view(jobId)?.summary).not.toBeNull();
  });

  test("closing the workbook during a run: reopened, it goes on with the rows not written, and only those", async () => {
    const { sheet, file } = workbook([HEADER, ...people(30)]);
    const first = pane(file, (body) =>
      Number(body.first_name!.slice(1)) < 10 ? found(body) : never(body)
    );
    const source = await readEnrichSource();
    await startRun(first.runner, source, planWith(source));
    // Ten answers come back and are written; then the workbook is closed.
    for (let i = 0; i < 20 && emails(sheet).filter(Boolean).length < 10; i++) await tick(10);
    await tick(300);
    expect(emails(sheet).filter(Boolean)).toHaveLength(10);
    const saved = JSON.parse(file.saved) as JobRecord[];
    expect(saved[0]).toMatchObject({ lastStatus: "running", run: { total: 30, written: 10 } });

    const reopened = pane(file, found);
    // Another run of the list meanwhile leaves the run's rows to it.
    const again = planWith(await readEnrichSource(), { jobs: await reopened.store.load() });
    expect(again.toDo).toHaveLength(0);
    expect(again.waiting).toHaveLength(20);

    await reopened.runner.resumeInterrupted();
    expect(reopened.asked().map((b) => b.first_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `P${i + 10}`)
    );
    expect(emails(sheet)).toEqual(Array.from({ length: 30 }, (_, i) => `p${i}.x@example.com`));
    const [job] = await reopened.store.load();
    expect(job).toMatchObject({
      lastStatus: "completed",
      run: { total: 30, done: 30, written: 30, failed: 0, notRun: 0 },
    });
    expect(reopened.finished).toHaveLength(1);
    // Over: nothing to continue at the next opening.
    const third = pane(file, found);
    await third.runner.resumeInterrupted();
    expect(third.asked()).toHaveLength(0);
  });

  test("a colleague opening the workbook during a run does not continue it by itself: Continue is theirs to press", async () => {
    const { sheet, file } = workbook([HEADER, ...people(8)]);
    const mine = pane(file, (body) =>
      Number(body.first_name!.slice(1)) < 4 ? found(body) : never(body)
    );
    const source = await readEnrichSource();
    await startRun(mine.runner, source, planWith(source));
    await tick(300);
    const colleague = new MemorySettingsStorage();
    const theirs = pane(file, found, colleague);
    await theirs.runner.resumeInterrupted();
    expect(theirs.asked()).toHaveLength(0);
    const [job] = await theirs.store.load();
    expect(job!.lastStatus).toBe("running");
    // Their Continue does the rows left.
    await theirs.runner.resume(job!);
    expect(theirs.asked()).toHaveLength(4);
    expect(emails(sheet).filter(Boolean)).toHaveLength(8);
  });

  test("a run that stopped (refused, out of credits) keeps its rows; Continue does those rows and no others", async () => {
    const { excel, sheet, file } = workbook([HEADER, ...people(6)]);
    const { store, runner, finished } = pane(file, async (body) =>
      Number(body.first_name!.slice(1)) % 2 === 0 ? found(body) : Promise.reject(refusal("stopped"))
    );
    const source = await readEnrichSource();
    const summary = await (await startRun(runner, source, planWith(source))).finished;
    expect(summary).toMatchObject({ total: 6, done: 6, written: 3, notRun: 3 });
    const [stopped] = await store.load();
    expect(stopped).toMatchObject({
      lastStatus: "stopped",
      run: { written: 3, notRun: 3, reason: refusal("stopped").message },
    });
    expect(finished[0]?.lastStatus).toBe("stopped");

    // Rows added to the list afterwards are not the run's: Continue leaves them.
    fillCells(sheet, "A8", people(2, 100));
    excel.selection = { sheet: "Leads", address: "A1:C9" };
    const later = pane(file, found);
    const resumed = await later.runner.resume(stopped!);
    expect(later.asked().map((b) => b.first_name)).toEqual(["P1", "P3", "P5"]);
    expect(resumed).toMatchObject({ total: 6, done: 6, written: 6, notRun: 0 });
    expect(emails(sheet).slice(0, 6)).toEqual(
      Array.from({ length: 6 }, (_, i) => `p${i}.x@example.com`)
    );
    expect(emails(sheet).slice(6)).toEqual([null, null]);
    expect((await later.store.load())[0]).toMatchObject({
      lastStatus: "completed",
      run: { written: 6 },
    });
  });

  test("a list deleted while the workbook was closed: the run fails with the reason, nothing is asked", async () => {
    const { excel, file } = workbook([HEADER, ...people(5)]);
    const first = pane(file, never);
    const source = await readEnrichSource();
    await startRun(first.runner, source, planWith(source));
    excel.sheets.splice(0, 1);
    const reopened = pane(file, found);
    await reopened.runner.resumeInterrupted();
    expect(reopened.asked()).toHaveLength(0);
    const [job] = await reopened.store.load();
    expect(job).toMatchObject({ lastStatus: "failed" });
    expect(job!.lastError).toMatch(/sheet "Leads" was deleted or renamed/);
    expect(reopened.finished[0]?.lastStatus).toBe("failed");
  });

  test("a list without a header row is continued into the columns the run started", async () => {
    const { sheet, file } = workbook(people(6));
    const first = pane(file, (body) =>
      Number(body.first_name!.slice(1)) < 3 ? found(body) : never(body)
    );
    const source = await readEnrichSource();
    expect(source.header).toBeNull();
    await startRun(first.runner, source, planWith(source));
    await tick(300);
    const reopened = pane(file, found);
    await reopened.runner.resumeInterrupted();
    expect(reopened.asked()).toHaveLength(3);
    expect(sheet.shown().map((row) => row[3])).toEqual(
      Array.from({ length: 6 }, (_, i) => `p${i}.x@example.com`)
    );
    // Nothing written further right.
    expect(sheet.shown().every((row) => (row[5] ?? null) === null)).toBe(true);
  });

  test("a decision-maker run is continued with its categories, in order", async () => {
    const { file } = workbook([["Company"], ["acme.com"], ["globex.com"]]);
    const mapping: ColumnMapping = { domain: 0 };
    const first = pane(file, never);
    const source = await readEnrichSource();
    const plan = planWith(source, {
      operation: "decision_maker",
      mapping,
      categories: ["sales, ceo"],
    });
    await first.runner.start({
      source,
      plan,
      mapping,
      operation: "decision_maker",
      categories: ["sales", "ceo"],
      outputs: OUTPUTS,
      label: "Enrich Leads",
    });
    const reopened = pane(file, async () => ({
      status: "ok",
      value: { email: "boss@acme.com", email_status: "valid" },
    }));
    await reopened.runner.resumeInterrupted();
    expect(reopened.asked().map((b) => b.decision_maker_category)).toEqual([
      ["sales", "ceo"],
      ["sales", "ceo"],
    ]);
  });
});
