import { EmailServiceClient } from "../../src/client/client";
import { JobStore, type WorkbookSettings } from "../../src/taskpane/excel/job-store";
import { JobTracker, isFinished, progressOf } from "../../src/taskpane/jobs/job-tracker";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";

/** Office document settings as a workbook keeps them. */
function workbookSettings(): WorkbookSettings & { saves: number; values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  const settings = {
    saves: 0,
    values,
    get: (name: string) => values.get(name) ?? null,
    set: (name: string, value: unknown) => void values.set(name, JSON.parse(JSON.stringify(value))),
    saveAsync: (callback?: (result: { status: string }) => void) => {
      settings.saves++;
      callback?.({ status: "succeeded" });
    },
  };
  return settings as unknown as WorkbookSettings & { saves: number; values: Map<string, unknown> };
}

describe("job tracking against the sandbox", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ jobStepMs: 20, jobChunkSize: 2, domainReadyMs: 200 });
  });
  afterAll(() => sandbox.close());

  test("bulk, GeoLead and domain jobs are followed to the end, progress shown, state kept in the workbook", async () => {
    const account = await sandbox.account(100);
    const examples = await sandbox.examples();
    const client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
    const settings = workbookSettings();
    const store = new JobStore(settings);
    const rows = Array.from({ length: 12 }, (_, i) => [`p${i}@example.com`]);
    const bulk = await client.bulk.createJson({
      data: [["email"], ...rows],
      email_field_index: 0,
      file_name: "Twelve",
    });
    const geo = await client.geoLead.create(examples.geo_lead as never);
    const domain = (examples.domain_file as { domain: string }).domain;
    await client.domainEmailFile.order(domain);
    const base = {
      createdAt: new Date().toISOString(),
      lastCheckedAt: null,
      lastError: null,
      resultSheets: [],
    };
    await store.add({
      kind: "bulk",
      id: bulk.id,
      label: "Twelve",
      lastStatus: bulk.status,
      lastCounts: bulk.counts,
      ...base,
    });
    await store.add({
      kind: "geo_lead",
      id: geo.id,
      label: "Geo",
      lastStatus: geo.status,
      lastCounts: geo.counts,
      ...base,
    });
    await store.add({
      kind: "domain_file",
      id: domain,
      label: domain,
      lastStatus: "queued",
      lastCounts: null,
      ...base,
    });

    const tracker = new JobTracker(store, async () => client, { intervalMs: 30 });
    const seenProgress = new Set<number | null>();
    store.subscribe((jobs) => jobs.forEach((j) => seenProgress.add(progressOf(j))));
    tracker.start();
    const finished = await eventually(
      async () => {
        const jobs = await store.load();
        return jobs.every(isFinished) ? jobs : undefined;
      },
      20_000,
      "every job finished"
    );
    tracker.stop();
    expect(finished.map((j) => j.lastStatus)).toEqual(["completed", "completed", "ready"]);
    expect(finished[0]!.lastCounts).toMatchObject({ total: 12 });
    expect([...seenProgress].some((p) => p !== null && p > 0 && p < 1)).toBe(true);

    // Reopening: a new store over the same workbook settings knows every job.
    const reopened = await new JobStore(settings).load();
    expect(reopened.map((j) => [j.kind, j.id, j.lastStatus])).toEqual(
      finished.map((j) => [j.kind, j.id, j.lastStatus])
    );
    expect(JSON.stringify([...settings.values])).not.toContain(account.apiKey);
  });

  test("a failed poll keeps the job, records why, and the next poll recovers", async () => {
    const account = await sandbox.account(10);
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      retry: { retries: 0 },
    });
    const store = new JobStore(workbookSettings());
    const bulk = await client.bulk.createJson({
      data: [["email"], ["a@example.com"]],
      email_field_index: 0,
    });
    await store.add({
      kind: "bulk",
      id: bulk.id,
      label: "One",
      createdAt: bulk.created_at,
      lastStatus: "queued",
      lastCounts: bulk.counts,
      lastCheckedAt: null,
      lastError: null,
      resultSheets: [],
    });
    await store.add({
      kind: "bulk",
      id: "blk_unknown",
      label: "Gone",
      createdAt: bulk.created_at,
      lastStatus: "queued",
      lastCounts: null,
      lastCheckedAt: null,
      lastError: null,
      resultSheets: [],
    });
    const tracker = new JobTracker(store, async () => client);

    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: true });
    await tracker.pollNow();
    let jobs = await store.load();
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.lastError).toMatch(/busy/);
    expect(jobs[0]!.lastStatus).toBe("queued");

    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: false });
    await eventually(async () => {
      await tracker.pollNow();
      jobs = await store.load();
      return jobs[0]!.lastStatus === "completed" ? true : undefined;
    });
    expect(jobs[0]!.lastError).toBeNull();
    expect(jobs[1]!.lastError).toMatch(/does not know this job \(404\)/);
    expect(jobs).toHaveLength(2);
  });
});
