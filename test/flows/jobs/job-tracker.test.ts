import { EmailServiceClient } from "../../../src/client/client";
import type { Services } from "../../../src/runtime/services";
import { MemorySettingsStorage, SettingsStore } from "../../../src/runtime/settings";
import { JobStore, type JobRecord, type WorkbookSettings } from "../../../src/workbook/job-store";
import { jobRecord as record, workbookSettings } from "../../helpers/workbook-settings";
import {
  JobAnnouncer,
  MAX_NOTICES,
  finishedJobNotice,
} from "../../../src/flows/jobs/job-announcements";
import { JobTracker, isFinished, progressOf } from "../../../src/flows/jobs/job-tracker";
import { createWorkbookJobs } from "../../../src/flows/jobs/workbook-jobs";
import { createPaneContext, type PaneContext } from "../../../src/taskpane/ui/pane-context";
import { call, eventually, startSandbox, type TestSandbox } from "../../helpers/sandbox";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

describe("the pane's tracker: from the pane's start, and telling when a job finishes", () => {
  let sandbox: TestSandbox;
  const panes: PaneContext[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({ jobStepMs: 20, jobChunkSize: 2 });
  });
  afterEach(() => panes.splice(0).forEach((pane) => pane.tracker.stop()));
  afterAll(() => sandbox.close());

  /** The task pane opening over a workbook: its context, as App makes it. */
  function openPane(settings: WorkbookSettings, client: EmailServiceClient): PaneContext {
    const userSettings = new SettingsStore(new MemorySettingsStorage(), {
      apiKey: null,
      baseUrl: sandbox.baseUrl,
      webhookUrl: null,
    });
    const services = { client: async () => client, settings: userSettings } as unknown as Services;
    const pane = createPaneContext(
      services,
      () => undefined,
      createWorkbookJobs(services, { settings, tracker: { intervalMs: 30 }, startup: null })
    );
    panes.push(pane);
    return pane;
  }

  async function twelveRows(client: EmailServiceClient, fileName: string) {
    const rows = Array.from({ length: 12 }, (_, i) => [`p${i}@example.com`]);
    return client.bulk.createJson({
      data: [["email"], ...rows],
      email_field_index: 0,
      file_name: fileName,
    });
  }

  test("the tracker runs as soon as the pane context exists: a job completes and is told once, a job finished before is not", async () => {
    const account = await sandbox.account(100);
    const client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
    const settings = workbookSettings();
    const before = new JobStore(settings);
    const bulk = await twelveRows(client, "leads.csv");
    await before.add({
      ...record("bulk", bulk.id, "leads.csv", bulk.status),
      lastCounts: bulk.counts,
    });
    await before.add(record("bulk", "blk_finished_last_week", "Old leads", "completed"));

    const pane = openPane(settings, client);
    // Nothing else: no Jobs tab, no submit, no start().
    expect(pane.tracker.running).toBe(true);
    const finished: string[] = [];
    pane.tracker.onFinished((job) => finished.push(job.id));
    await eventually(
      async () => ((await pane.jobs.load())[0]!.lastStatus === "completed" ? true : undefined),
      20_000,
      "the bulk job to complete"
    );
    await pane.tracker.pollNow();
    await sleep(100);
    expect(finished).toEqual([bulk.id]);
    expect(pane.announcer.getSnapshot()).toEqual({
      unseen: 1,
      notices: [
        {
          key: `bulk:${bulk.id}`,
          intent: "success",
          text: "Bulk search “leads.csv” is complete: 12 rows. Open Jobs to download.",
        },
      ],
    });

    // Reopened: both jobs are saved as finished, so nothing is told again.
    pane.tracker.stop();
    const reopened = openPane(settings, client);
    await reopened.tracker.pollNow();
    await sleep(100);
    expect(reopened.announcer.getSnapshot()).toEqual({ unseen: 0, notices: [] });
    expect((await reopened.jobs.load()).map((j) => j.lastStatus)).toEqual([
      "completed",
      "completed",
    ]);
  });

  test("a job that finished while the workbook was closed is told once when it is reopened", async () => {
    const account = await sandbox.account(100);
    const client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
    const settings = workbookSettings();
    const bulk = await twelveRows(client, "Closed leads");
    await new JobStore(settings).add(record("bulk", bulk.id, "Closed leads", "queued"));
    // The workbook stays closed until the service has finished the job.
    await eventually(
      async () => ((await client.bulk.get(bulk.id)).status === "completed" ? true : undefined),
      20_000,
      "the job to complete on the service"
    );

    const pane = openPane(settings, client);
    const notices = await eventually(
      async () => {
        const snapshot = pane.announcer.getSnapshot();
        return snapshot.unseen > 0 ? snapshot : undefined;
      },
      10_000,
      "the announcement"
    );
    expect(notices.unseen).toBe(1);
    expect(notices.notices.map((n) => n.text)).toEqual([
      "Bulk search “Closed leads” is complete: 12 rows. Open Jobs to download.",
    ]);
    pane.tracker.stop();
    const again = openPane(settings, client);
    await again.tracker.pollNow();
    expect(again.announcer.getSnapshot().unseen).toBe(0);
  });

  test("a workbook that refuses to save: the end is still told once and the tracker keeps running", async () => {
    const account = await sandbox.account(100);
    const client = new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: account.apiKey });
    const settings = workbookSettings();
    const bulk = await twelveRows(client, "Read-only");
    await new JobStore(settings).add(record("bulk", bulk.id, "Read-only", "queued"));
    settings.failSaves = true;

    const pane = openPane(settings, client);
    await eventually(
      async () => (pane.announcer.getSnapshot().unseen > 0 ? true : undefined),
      20_000,
      "the announcement"
    );
    await sleep(150);
    expect(pane.tracker.running).toBe(true);
    expect(pane.announcer.getSnapshot().unseen).toBe(1);
    expect((await pane.jobs.load())[0]!.lastStatus).toBe("completed");
  });
});

describe("what is told about finished jobs", () => {
  /** A tracker that only says which jobs finished. */
  function fakeTracker() {
    const listeners: Array<(job: JobRecord) => void> = [];
    return {
      onFinished: (listener: (job: JobRecord) => void) => {
        listeners.push(listener);
        return () => undefined;
      },
      finish: (job: JobRecord) => listeners.forEach((l) => l(job)),
    };
  }
  const completed = (id: string, label: string, total: number): JobRecord => ({
    ...record("bulk", id, label, "completed"),
    lastCounts: { total, found_valid: total, found_unknown: 0, not_found: 0, failed: 0 },
  });

  test("an Enrich run's message says what was written, or how many rows are left and why", () => {
    const run = (
      lastStatus: string,
      counts: Partial<NonNullable<JobRecord["run"]>>
    ): JobRecord => ({
      ...record("bulk", "run_1", "Enrich Leads", lastStatus),
      kind: "enrich_lookups",
      run: { total: 30, done: 30, written: 30, failed: 0, notRun: 0, typedInto: 0, ...counts },
    });
    expect(finishedJobNotice(run("completed", {}))).toEqual({
      key: "enrich_lookups:run_1",
      intent: "success",
      text: "Enrichment “Enrich Leads” is done: 30 rows written.",
    });
    expect(
      finishedJobNotice(run("stopped", { written: 20, notRun: 10, reason: "Out of credits." }))
    ).toMatchObject({
      intent: "error",
      text: "Enrichment “Enrich Leads” stopped with 10 rows left (Out of credits.). Open Jobs to continue it.",
    });
    expect(
      finishedJobNotice({
        ...run("failed", {}),
        lastError: 'The sheet "Leads" was deleted or renamed.',
      }).text
    ).toBe('Enrichment “Enrich Leads” failed: The sheet "Leads" was deleted or renamed.');
  });

  test("each message names the job and what to do", () => {
    expect(finishedJobNotice(completed("b1", "leads.csv", 40)).text).toBe(
      "Bulk search “leads.csv” is complete: 40 rows. Open Jobs to download."
    );
    expect(finishedJobNotice({ ...completed("g1", "Dentists", 1), kind: "geo_lead" }).text).toBe(
      "GeoLead search “Dentists” is complete: 1 row. Open Jobs to download."
    );
    expect(
      finishedJobNotice(record("domain_file", "acme.com", "acme.com emails", "ready"))
    ).toEqual({
      key: "domain_file:acme.com",
      intent: "success",
      text: "Domain file “acme.com emails” is ready. Open Jobs to download.",
    });
    expect(finishedJobNotice(record("bulk", "b2", "Broken", "failed"))).toMatchObject({
      intent: "error",
      text: "Bulk search “Broken” failed.",
    });
    expect(finishedJobNotice(record("bulk", "b3", "Gone", "deleted")).text).toBe(
      "Bulk search “Gone” was deleted by the service."
    );
  });

  test("the count grows while Jobs is not shown and is cleared, with the messages, when it is", () => {
    const tracker = fakeTracker();
    const announcer = new JobAnnouncer(tracker);
    let heard = 0;
    announcer.subscribe(() => heard++);
    tracker.finish(completed("b1", "One", 1));
    tracker.finish(completed("b2", "Two", 2));
    expect(announcer.getSnapshot().unseen).toBe(2);
    expect(announcer.getSnapshot().notices.map((n) => n.key)).toEqual(["bulk:b1", "bulk:b2"]);

    announcer.showingJobs(true);
    expect(announcer.getSnapshot()).toEqual({ unseen: 0, notices: [] });
    // Finishing in front of the user: the Jobs row shows it, no message; it is only said
    // (for a screen reader, through the live region).
    const said: string[] = [];
    announcer.onEndSeen((notice) => said.push(notice.text));
    tracker.finish(completed("b3", "Three", 3));
    expect(announcer.getSnapshot()).toEqual({ unseen: 0, notices: [] });
    expect(said).toEqual([finishedJobNotice(completed("b3", "Three", 3)).text]);
    announcer.showingJobs(false);
    tracker.finish(completed("b4", "Four", 4));
    expect(announcer.getSnapshot().unseen).toBe(1);
    expect(said).toHaveLength(1);
    expect(heard).toBe(4);
  });

  test("a dismissed message goes, the count stays; only the newest messages are kept", () => {
    const tracker = fakeTracker();
    const announcer = new JobAnnouncer(tracker);
    tracker.finish(completed("b1", "One", 1));
    tracker.finish(completed("b2", "Two", 2));
    announcer.dismiss("bulk:b1");
    expect(announcer.getSnapshot().notices.map((n) => n.key)).toEqual(["bulk:b2"]);
    expect(announcer.getSnapshot().unseen).toBe(2);
    announcer.dismiss("bulk:unknown");
    expect(announcer.getSnapshot().notices).toHaveLength(1);

    for (let i = 3; i <= 3 + MAX_NOTICES; i++) tracker.finish(completed(`b${i}`, `Job ${i}`, i));
    const { unseen, notices } = announcer.getSnapshot();
    expect(unseen).toBe(2 + MAX_NOTICES + 1);
    expect(notices).toHaveLength(MAX_NOTICES);
    expect(notices.at(-1)!.key).toBe(`bulk:b${3 + MAX_NOTICES}`);
  });
});
