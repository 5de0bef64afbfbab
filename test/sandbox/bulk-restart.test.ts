import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { parseCsv } from "../helpers/searches";

// Jobs survive a restart. A bulk search on a database file is interrupted by closing
// the service mid-way; a new service on the same file finishes it with every row processed
// exactly once: the same counts and the same file as an uninterrupted run.

type Body = Record<string, any>;

describe("bulk search across a restart", () => {
  let dir: string;
  const open: TestSandbox[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "bulk-restart-"));
  });
  afterAll(async () => {
    for (const sandbox of open) await sandbox.app.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  const processedOf = (search: Body): number =>
    search.counts.found_valid +
    search.counts.found_unknown +
    search.counts.not_found +
    search.counts.failed;

  test("a new service on the same file completes an interrupted search exactly", async () => {
    const reference = await startSandbox();
    open.push(reference);
    const examples = await reference.examples();
    const people = Object.values(examples.person!) as Body[];
    // 300 rows of every outcome, and some rows that fail.
    const rows = Array.from({ length: 300 }, (_, i) => {
      if (i % 10 === 9) return ["", "", "", `row ${i}`];
      const p = people[i % people.length]!;
      return i % 3 === 0
        ? [p.first_name, p.last_name, p.domain, `row ${i}`]
        : [`Person${i}`, `Surname${i % 17}`, `made-up-${i % 23}.example.org`, `row ${i}`];
    });
    const body = {
      data: [["first", "last", "domain", "note"], ...rows],
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
      file_name: "Restart",
    };

    // What an uninterrupted run gives.
    const referenceAccount = await reference.account(1000);
    const expectedId = (await referenceAccount.request("POST", "/v5.1/bulk/json", body)).body.id;
    const expected = await eventually(async () => {
      const { body: search } = await referenceAccount.request("GET", `/v5.1/bulk/${expectedId}`);
      return search.status === "completed" ? search : undefined;
    });
    const expectedCsv = (await referenceAccount.request("GET", `/v5.1/bulk/${expectedId}/download`))
      .text;
    await reference.close();

    // First service: ten rows per step, interrupted part-way.
    const file = join(dir, "sandbox.db");
    const first = await startSandbox({ db: file, jobChunkSize: 10, jobStepMs: 25 });
    open.push(first);
    const account = await first.account(1000);
    const created = (await account.request("POST", "/v5.1/bulk/json", body)).body;
    const before = await eventually(async () => {
      const { body: search } = await account.request("GET", `/v5.1/bulk/${created.id}`);
      return search.status === "running" && processedOf(search) >= 50 ? search : undefined;
    });
    await first.close();
    expect(processedOf(before)).toBeLessThan(300);

    // Second service on the same file, with a different chunk size: it resumes at the cursor.
    const second = await startSandbox({ db: file, jobChunkSize: 64 });
    open.push(second);
    const get = (path: string) =>
      call(second.baseUrl, "GET", path, undefined, { authorization: `Bearer ${account.apiKey}` });
    const resumedAt = (await get(`/v5.1/bulk/${created.id}`)).body;
    expect(processedOf(resumedAt)).toBeGreaterThanOrEqual(processedOf(before));
    const done = await eventually(async () => {
      const { body: search } = await get(`/v5.1/bulk/${created.id}`);
      return search.status === "completed" ? search : undefined;
    });
    expect(done.counts).toEqual(expected.counts);
    expect(done.counts.total).toBe(300);
    expect(processedOf(done)).toBe(300);
    expect(done.started_running_at).toBe(resumedAt.started_running_at);
    expect(done.credits_needed).toBe(expected.credits_needed);

    const csv = (await get(`/v5.1/bulk/${created.id}/download`)).text;
    const lines = parseCsv(csv);
    expect(lines).toHaveLength(301);
    expect(lines.slice(1).map((r) => r[3])).toEqual(rows.map((r) => r[3]));
    expect(csv).toBe(expectedCsv);
    expect((await get("/v5.1/account")).body.credits_left).toBe(1000 - expected.credits_needed);
    await second.close();
  });
});
