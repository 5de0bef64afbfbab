import { OfficeMockObject } from "office-addin-mock";
import { enrichInfo } from "../flows/enrich/enrich-fixtures";
import {
  JOBS_SETTING_KEY,
  JobStore,
  JobStoreError,
  parseJobs,
  type JobRecord,
} from "../../src/workbook/job-store";

// Office.context.document.settings as office-addin-mock objects over a fake workbook file:
// `set` changes the open workbook's settings, `saveAsync` writes them into the file (as
// JSON, asynchronously), and reopening reads the file again.

class WorkbookFile {
  /** What the saved file holds under each settings key, as JSON text. */
  saved = new Map<string, string>();
  saves = 0;
  failSaves = false;

  /** Opens the workbook: installs `Office` with the file's settings. */
  open(): void {
    const live = new Map<string, unknown>([...this.saved].map(([k, v]) => [k, JSON.parse(v)]));
    const settings = {
      get: (name: string) => (live.has(name) ? live.get(name) : null),
      set: (name: string, value: unknown) => {
        live.set(name, value);
      },
      saveAsync: (callback: (result: { status: string; error?: { message: string } }) => void) => {
        setTimeout(() => {
          this.saves++;
          if (this.failSaves)
            return callback({ status: "failed", error: { message: "The workbook is read-only." } });
          for (const [k, v] of live) this.saved.set(k, JSON.stringify(v));
          callback({ status: "succeeded" });
        }, 1);
      },
    };
    const office = new OfficeMockObject({ context: { document: { settings } } });
    office.AsyncResultStatus = { Succeeded: "succeeded", Failed: "failed" };
    (globalThis as Record<string, unknown>).Office = office;
  }

  savedJobs(): unknown {
    const json = this.saved.get(JOBS_SETTING_KEY);
    return json === undefined ? undefined : JSON.parse(json);
  }
}

const bulk: JobRecord = {
  kind: "bulk",
  id: "5f1c9a",
  label: "Leads May",
  createdAt: "2024-05-01T10:00:00.000Z",
  lastStatus: "queued",
  lastCounts: null,
  lastCheckedAt: null,
  lastError: null,
  resultSheets: [],
};
const geo: JobRecord = { ...bulk, kind: "geo_lead", id: "geo-1", label: "Cafés in Lyon" };
const domain: JobRecord = {
  ...bulk,
  kind: "domain_file",
  id: "acme.com",
  label: "acme.com",
  lastStatus: null,
};

afterEach(() => {
  delete (globalThis as Record<string, unknown>).Office;
});

describe("JobStore", () => {
  test("jobs are saved in the workbook's settings and are there again after reopening", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    expect(await store.load()).toEqual([]);
    await store.add(bulk);
    await store.add(geo);
    await store.add(domain);
    const counts = {
      total: 100,
      processed: 40,
      found_valid: 30,
      found_unknown: 5,
      not_found: 4,
      failed: 1,
    };
    await store.update("bulk", bulk.id, {
      lastStatus: "running",
      lastCounts: counts,
      lastCheckedAt: "2024-05-01T10:01:00.000Z",
    });
    await store.update("geo_lead", geo.id, {
      resultSheets: ["Cafés in Lyon"],
      lastStatus: "completed",
    });
    await store.remove("domain_file", "acme.com");

    const expected = [
      {
        ...bulk,
        lastStatus: "running",
        lastCounts: counts,
        lastCheckedAt: "2024-05-01T10:01:00.000Z",
      },
      { ...geo, lastStatus: "completed", resultSheets: ["Cafés in Lyon"] },
    ];
    expect(file.savedJobs()).toEqual(expected);

    // Closing and reopening the workbook: a new runtime, a new store, the same jobs.
    file.open();
    expect(await new JobStore().load()).toEqual(expected);
  });

  test("a result sheet is recorded on its job; a job not in the list (a domain file ordered elsewhere) is added with it", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    await store.add(geo);
    await store.recordSheet(geo, "Cafés in Lyon");
    // A stale copy of the record does not lose the sheets recorded since.
    await store.recordSheet(geo, "Cafés in Lyon (2)");
    const ordered: JobRecord = { ...domain, label: "acme.com emails", lastStatus: "ready" };
    await store.recordSheet(ordered, "acme.com emails");
    file.open();
    expect(await new JobStore().load()).toEqual([
      { ...geo, resultSheets: ["Cafés in Lyon", "Cafés in Lyon (2)"] },
      { ...ordered, resultSheets: ["acme.com emails"] },
    ]);
  });

  test("the store finds Office's settings at first use, not when it is created", async () => {
    const store = new JobStore();
    const file = new WorkbookFile();
    file.open();
    await store.add(bulk);
    expect(file.savedJobs()).toEqual([bulk]);
  });

  test("one job per kind and id; the same id of another kind is another job", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    await store.add(bulk);
    await store.add({ ...bulk, label: "again" });
    await store.add({ ...bulk, kind: "geo_lead" });
    expect((await store.load()).map((j) => [j.kind, j.id, j.label])).toEqual([
      ["bulk", bulk.id, "Leads May"],
      ["geo_lead", bulk.id, "Leads May"],
    ]);
  });

  test("a change that changes nothing, or names no job, does not save", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    await store.add(bulk);
    const saves = file.saves;
    await store.update("bulk", bulk.id, { lastStatus: "queued" });
    await store.update("bulk", "unknown", { lastStatus: "running" });
    await store.remove("geo_lead", "unknown");
    expect(file.saves).toBe(saves);
  });

  test("only the record's fields are saved: nothing else given with a job reaches the workbook", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    await store.add({
      ...bulk,
      apiKey: "live-secret-key",
      headers: { authorization: "Bearer live-secret-key" },
    } as JobRecord);
    await store.update("bulk", bulk.id, {
      lastError: "HTTP 503",
      token: "live-secret-key",
    } as Partial<JobRecord>);
    expect(file.saved.get(JOBS_SETTING_KEY)).not.toContain("live-secret-key");
    expect(Object.keys((file.savedJobs() as object[])[0]!).sort()).toEqual([
      "createdAt",
      "id",
      "kind",
      "label",
      "lastCheckedAt",
      "lastCounts",
      "lastError",
      "lastStatus",
      "resultSheets",
    ]);
  });

  test("a damaged setting is never fatal: malformed entries are left out", async () => {
    for (const damaged of ["not json", '{"a":1}', "42", "null"]) {
      const file = new WorkbookFile();
      file.saved.set(JOBS_SETTING_KEY, damaged === "not json" ? JSON.stringify(damaged) : damaged);
      file.open();
      expect(await new JobStore().load()).toEqual([]);
    }
    const file = new WorkbookFile();
    file.saved.set(
      JOBS_SETTING_KEY,
      JSON.stringify([
        null,
        7,
        "bulk",
        [],
        { kind: "unknown", id: "x", createdAt: "2024" },
        { kind: "bulk", id: "", createdAt: "2024" },
        { kind: "bulk", id: "no-date" },
        bulk,
        { ...bulk, label: "duplicate" },
        {
          kind: "geo_lead",
          id: "g2",
          createdAt: "2024-05-02",
          lastCounts: { total: "many" },
          resultSheets: ["ok", 3, null],
        },
      ])
    );
    file.open();
    const store = new JobStore();
    expect(await store.load()).toEqual([
      bulk,
      {
        kind: "geo_lead",
        id: "g2",
        label: "g2",
        createdAt: "2024-05-02",
        lastStatus: null,
        lastCounts: null,
        lastCheckedAt: null,
        lastError: null,
        resultSheets: ["ok"],
      },
    ]);
    // The store works on from what was readable, and saves the cleaned list.
    await store.update("geo_lead", "g2", { lastStatus: "running" });
    expect((file.savedJobs() as JobRecord[]).map((j) => j.id)).toEqual([bulk.id, "g2"]);
  });

  test("an Enrich run's record keeps where it writes and its row counts; damaged counts are left out", async () => {
    const enrich = enrichInfo({
      operation: "decision_maker",
      inputs: [["domain", 2]],
      rows: "2-31",
      hashes: "",
      categories: ["sales", "ceo"],
      columns: [3, 4],
    });
    const run = {
      total: 30,
      done: 12,
      written: 10,
      failed: 1,
      notRun: 1,
      typedInto: 0,
      reason: "Stopped",
    };
    const file = new WorkbookFile();
    file.saved.set(
      JOBS_SETTING_KEY,
      JSON.stringify([
        { ...bulk, kind: "enrich_lookups", id: "run_1", enrich, run },
        { ...bulk, kind: "enrich_lookups", id: "run_2", enrich, run: { ...run, done: -1 } },
        {
          ...bulk,
          kind: "enrich_lookups",
          id: "run_3",
          enrich: { ...enrich, categories: ["boss"] },
        },
        { ...bulk, kind: "enrich_lookups", id: "run_4", enrich: { ...enrich, columns: [3] } },
        { ...bulk, kind: "enrich_lookups", id: "run_5" },
      ])
    );
    file.open();
    const jobs = await new JobStore().load();
    expect(jobs.map((job) => job.id)).toEqual(["run_1", "run_2"]);
    expect(jobs[0]).toMatchObject({ enrich, run });
    expect(jobs[1]!.run).toBeUndefined();
  });

  test("an enrichment written back keeps its place but no longer the rows it sent", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    const enrich = enrichInfo({
      outputs: ["email"],
      inputs: [["full_name", 0]],
      rows: "2-100001",
      hashes: "abcd".repeat(100_000),
    });
    await store.add({ ...bulk, kind: "enrich", id: "blk_1", enrich });
    expect(JSON.stringify(file.savedJobs()).length).toBeGreaterThan(400_000);
    await store.recordWrittenBack({ ...bulk, kind: "enrich", id: "blk_1", enrich });
    const [saved] = file.savedJobs() as JobRecord[];
    expect(saved).toMatchObject({
      resultSheets: ["Leads"],
      enrich: { ...enrich, rows: "", hashes: "" },
    });
    expect(JSON.stringify(saved).length).toBeLessThan(1_000);
  });

  test("a JSON string (a setting written by hand) is read too", () => {
    expect(parseJobs(JSON.stringify([bulk]))).toEqual([bulk]);
    expect(parseJobs("[{")).toEqual([]);
  });

  test("a failed save rejects clearly, keeps the job, and the next change saves it", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    const heard: string[][] = [];
    store.subscribe((jobs) => heard.push(jobs.map((j) => j.id)));
    file.failSaves = true;
    const failure = store.add(bulk);
    await expect(failure).rejects.toBeInstanceOf(JobStoreError);
    await expect(failure).rejects.toThrow(
      /could not be saved in the workbook \(The workbook is read-only\.\).*kept/
    );
    expect((await store.load()).map((j) => j.id)).toEqual([bulk.id]);
    expect(heard).toEqual([[bulk.id]]);
    expect(file.savedJobs()).toBeUndefined();

    // Even a change that changes nothing retries the pending save.
    file.failSaves = false;
    await store.update("bulk", bulk.id, { lastStatus: "queued" });
    expect(file.savedJobs()).toEqual([bulk]);
    await store.add(geo);
    expect((file.savedJobs() as JobRecord[]).map((j) => j.id)).toEqual([bulk.id, geo.id]);
  });

  test("listeners hear each change until they unsubscribe, and get copies", async () => {
    const file = new WorkbookFile();
    file.open();
    const store = new JobStore();
    const heard: JobRecord[][] = [];
    const unsubscribe = store.subscribe((jobs) => heard.push(jobs));
    await store.add(bulk);
    await store.update("bulk", bulk.id, { lastStatus: "running" });
    heard[1]![0]!.resultSheets.push("tampered");
    expect((await store.load())[0]!.resultSheets).toEqual([]);
    unsubscribe();
    await store.remove("bulk", bulk.id);
    expect(heard.map((jobs) => jobs.map((j) => j.lastStatus))).toEqual([["queued"], ["running"]]);
    expect(file.savedJobs()).toEqual([]);
    file.open();
    expect(await new JobStore().load()).toEqual([]);
  });

  test("an invalid job is refused", async () => {
    new WorkbookFile().open();
    await expect(
      new JobStore().add({ ...bulk, kind: "order" as JobRecord["kind"] })
    ).rejects.toThrow(JobStoreError);
    await expect(new JobStore().add({ ...bulk, id: "  " })).rejects.toThrow(/Not a job/);
  });
});
