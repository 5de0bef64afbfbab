import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";
import {
  createBulk,
  csvObjects,
  expectBulkSearch,
  statusTrail,
  waitForStatus,
} from "../helpers/searches";

// The worker (docs/interface.md, Search states): queued -> running -> completed observed over HTTP,
// with a slow worker (one row per step, 150 ms between steps); previews while running; pause,
// resume and delete through the sandbox-only endpoints.

type Body = Record<string, any>;

describe("bulk search states", () => {
  let sandbox: TestSandbox;
  let account: TestAccount;
  const domains = (n: number): string[][] => [
    ["site"],
    ...Array.from({ length: n }, (_, i) => [`company-${i}.example.com`]),
  ];
  const processedOf = (search: Body): number =>
    search.counts.found_valid +
    search.counts.found_unknown +
    search.counts.not_found +
    search.counts.failed;
  const control = (id: string, action: string) =>
    call(sandbox.baseUrl, "POST", `/sandbox/searches/${id}/${action}`);

  beforeAll(async () => {
    sandbox = await startSandbox({ jobChunkSize: 1, jobStepMs: 500 });
    account = await sandbox.account(100);
  });
  afterAll(() => sandbox.close());

  test("queued, then running (started_running_at set, counts growing), then completed", async () => {
    const created = await createBulk(account, { data: domains(6), domain_field_index: 0 });
    expect(created.status).toBe("queued");
    const path = `/v5.1/bulk/${created.id}`;
    const queued = (await account.request("GET", path)).body;
    expect(queued).toMatchObject({ status: "queued", started_running_at: null });

    const running = await waitForStatus(account, path, ["running"]);
    expectBulkSearch(running);
    expect(Date.parse(running.started_running_at)).toBeGreaterThanOrEqual(
      Date.parse(running.created_at)
    );
    const partway = await eventually(async () => {
      const { body } = await account.request("GET", path);
      return body.status === "running" && processedOf(body) > 0 ? body : undefined;
    });
    expect(processedOf(partway)).toBeLessThan(6);

    // A preview is allowed at any time and shows the rows processed so far; a full download is not.
    const preview = await account.request("GET", `${path}/download?preview_only=true`);
    expect(preview.status).toBe(200);
    const previewRows = csvObjects(preview.text).length;
    expect(previewRows).toBeGreaterThan(0);
    expect(previewRows).toBeLessThan(6);
    const full = await account.request("GET", `${path}/download`);
    expect(full.status).toBe(400);
    expect(full.body).toEqual({
      error: "bad_request",
      message: expect.stringMatching(/preview_only/),
    });

    const trail = await statusTrail(account, path, "running", ["completed"]);
    expect(trail.at(-1)).toBe("completed");
    const done = (await account.request("GET", path)).body;
    expect(processedOf(done)).toBe(6);
    expect(done.started_running_at).toBe(running.started_running_at);
  });

  test("the whole trail: queued -> running -> completed, never backwards", async () => {
    const created = await createBulk(account, { data: domains(3), domain_field_index: 0 });
    const trail = await statusTrail(account, `/v5.1/bulk/${created.id}`, created.status, [
      "completed",
    ]);
    expect(trail).toEqual(["queued", "running", "completed"]);
  });

  test("a failing search goes queued -> running -> failed", async () => {
    const created = await createBulk(account, {
      data: domains(4),
      domain_field_index: 0,
      file_name: "Broken [sandbox:fail]",
    });
    const trail = await statusTrail(account, `/v5.1/bulk/${created.id}`, created.status, [
      "failed",
      "completed",
    ]);
    expect(trail).toEqual(["queued", "running", "failed"]);
  });

  test("pause stops progress where it is; resume continues from there to completion", async () => {
    const created = await createBulk(account, { data: domains(8), domain_field_index: 0 });
    const path = `/v5.1/bulk/${created.id}`;
    await eventually(async () => {
      const { body } = await account.request("GET", path);
      return processedOf(body) >= 2 ? body : undefined;
    });
    const paused = await control(created.id, "pause");
    expect(paused.status).toBe(200);
    expectBulkSearch(paused.body);
    expect(paused.body.status).toBe("paused");
    const at = processedOf(paused.body);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const still = (await account.request("GET", path)).body;
    expect(still.status).toBe("paused");
    expect(processedOf(still)).toBe(at);
    expect((await control(created.id, "pause")).body.status).toBe("paused"); // idempotent

    const resumed = await control(created.id, "resume");
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe("running");
    const done = await waitForStatus(account, path, ["completed"]);
    expect(processedOf(done)).toBe(8);
    expect(done.counts.total).toBe(8);
    // A completed search cannot be paused.
    const late = await control(created.id, "pause");
    expect(late.status).toBe(400);
    expect(Object.keys(late.body).sort()).toEqual(["error", "message"]);
  });

  test("a search paused while queued resumes as queued", async () => {
    const created = await createBulk(account, { data: domains(2), domain_field_index: 0 });
    const paused = await control(created.id, "pause");
    expect(paused.body).toMatchObject({ status: "paused", started_running_at: null });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await account.request("GET", `/v5.1/bulk/${created.id}`)).body.status).toBe("paused");
    expect((await control(created.id, "resume")).body.status).toBe("queued");
    await waitForStatus(account, `/v5.1/bulk/${created.id}`, ["completed"]);
  });

  test("delete: the search is gone (404) and the worker drops it", async () => {
    const created = await createBulk(account, { data: domains(50), domain_field_index: 0 });
    await waitForStatus(account, `/v5.1/bulk/${created.id}`, ["running"]);
    const deleted = await control(created.id, "delete");
    expect(deleted.status).toBe(200);
    expect(deleted.body.status).toBe("deleted");
    for (const path of [
      `/v5.1/bulk/${created.id}`,
      `/v5.1/bulk/${created.id}/download?preview_only=true`,
    ]) {
      const response = await account.request("GET", path);
      expect(response.status).toBe(404);
      expect(response.body.error).toBe("not_found");
    }
    for (const action of ["pause", "resume", "delete"])
      expect((await control(created.id, action)).status).toBe(404);
    expect(sandbox.app.sandbox.searches.activeIds()).not.toContain(created.id);
  });

  test("the sandbox controls answer 404 for unknown ids", async () => {
    const response = await control("blk_unknown", "pause");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "not_found", message: expect.any(String) });
  });
});
