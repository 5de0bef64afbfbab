import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/sandbox/app";
import { EmailServiceClient } from "../../src/client/client";
import { JobStore, type WorkbookSettings } from "../../src/workbook/job-store";
import { JobTracker, isFinished } from "../../src/flows/jobs/job-tracker";
import { downloadTable } from "../../src/flows/jobs/results-import";
import {
  installCustomFunctionsGlobal,
  installServices,
  invoke,
  isExcelError,
  settledAll,
} from "../helpers/custom-functions";
import { call, eventually } from "../helpers/sandbox";
import { NO_FAULTS } from "../../src/sandbox/services/faults";

installCustomFunctionsGlobal();

const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

// The fault matrix (issue 6): the sandbox's fault knobs against the worksheet functions and
// the jobs. For every fault: every cell ends with a value or a typed error, no request is
// sent beyond the failures that forced a retry, no credit is spent twice, no job is lost.
// The matrix is printed at the end.

interface Row {
  fault: string;
  target: string;
  cells: string;
  typedErrors: number | string;
  requests: number | string;
  failedAttempts: number | string;
  needless: number | string;
  credits: string;
  jobs: string;
}

const matrix: Row[] = [];

afterAll(() => {
  const columns: Array<keyof Row> = [
    "fault",
    "target",
    "cells",
    "typedErrors",
    "requests",
    "failedAttempts",
    "needless",
    "credits",
    "jobs",
  ];
  const widths = columns.map((c) => Math.max(c.length, ...matrix.map((r) => String(r[c]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join("  ");
  process.stdout.write(
    `\nFault matrix\n${line(columns)}\n${line(widths.map((w) => "-".repeat(w)))}\n${matrix.map((r) => line(columns.map((c) => String(r[c])))).join("\n")}\n\n`
  );
});

/** A sandbox on a file that can be stopped and started again on the same port (a restart). */
class RestartableSandbox {
  app!: FastifyInstance;
  port = 0;
  constructor(
    readonly db: string,
    private readonly options: Parameters<typeof buildApp>[0] = {}
  ) {}
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    this.app = await buildApp({ ...this.options, db: this.db });
    await this.app.listen({ port: this.port, host: "127.0.0.1" });
    this.port = (this.app.server.address() as AddressInfo).port;
  }
  async stop(): Promise<void> {
    await this.app.close();
  }
}

function workbookSettings(): WorkbookSettings {
  const values = new Map<string, unknown>();
  return {
    get: (name: string) => values.get(name) ?? null,
    set: (name: string, value: unknown) => void values.set(name, JSON.parse(JSON.stringify(value))),
    saveAsync: (callback?: (result: { status: string }) => void) =>
      callback?.({ status: "succeeded" }),
  } as unknown as WorkbookSettings;
}

describe("fault matrix", () => {
  const dir = mkdtempSync(join(tmpdir(), "mf-faults-"));
  const sandbox = new RestartableSandbox(join(dir, "sandbox.db"), {
    jobStepMs: 40,
    jobChunkSize: 4,
    webhooks: { retryDelaysMs: [20] },
  });
  let examples: Record<string, Record<string, any>>;

  beforeAll(async () => {
    await sandbox.start();
    examples = (await call(sandbox.baseUrl, "GET", "/sandbox/examples")).body;
  });
  afterAll(async () => {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const faults = (settings: Record<string, unknown>) =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", { ...NO_FAULTS, ...settings });

  /** Ten people found valid, each asked by four cells written differently: 40 cells, 10 lookups. */
  function fillDown(): unknown[][] {
    const p = examples.person!.valid;
    const people = Array.from({ length: 10 }, (_, i) => ({
      first: `Ada${i}`,
      last: `Fault${i}`,
      domain: `fault-matrix-${i}.example.com`,
    }));
    people[0] = { first: p.first_name, last: p.last_name, domain: p.domain };
    return people.flatMap((x) => [
      [x.first, x.last, x.domain],
      [x.first.toUpperCase(), x.last, `https://www.${x.domain}/`],
      [` ${x.first}`, x.last, x.domain.toUpperCase()],
      [x.first, ` ${x.last} `, x.domain],
    ]);
  }

  /**
   * Runs the 40 cells through the functions with the fault on, then once more with the fault
   * off (a recalculation), and checks cells, requests and credits.
   */
  async function cellScenario(
    fault: string,
    settings: Record<string, unknown>,
    client: { timeoutMs?: number; retries?: number } = {}
  ): Promise<void> {
    await faults({});
    const account = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", { credits: 100 });
    const key: string = account.body.api_key;
    const runtime = installServices(sandbox.baseUrl, key, {
      timeoutMs: client.timeoutMs ?? 2_000,
      retries: client.retries ?? 4,
    });
    // Count what came back unusable: each such attempt is one retry the client was owed.
    let failedAttempts = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      try {
        const response = await realFetch(input, init);
        const text = await response.clone().text();
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        if (!response.ok || !parsed) failedAttempts++;
        return response;
      } catch (error) {
        failedAttempts++;
        throw error;
      }
    }) as typeof fetch;
    try {
      await faults(settings);
      const cells = fillDown();
      const results = await settledAll(
        cells.map((args) => invoke(fns.findEmail, ...args, null, "email,email_status").result),
        30_000
      );
      const answered = results.filter((r) => Array.isArray(r) || isExcelError(r)).length;
      const typedErrors = results.filter((r) => isExcelError(r)).length;
      for (const r of results) if (isExcelError(r)) expect(["#N/A", "#VALUE!"]).toContain(r.code);
      expect(answered).toBe(cells.length);
      const distinct = 10;
      // Every request is a first attempt of a distinct lookup or a retry after a failed attempt.
      const needless = runtime.sent.length - distinct - failedAttempts;
      expect(needless).toBeLessThanOrEqual(0);

      // Recalculate with the service healthy: failed cells are answered, none is re-bought.
      await faults({});
      const again = await settledAll(
        cells.map((args) => invoke(fns.findEmail, ...args, null, "email,email_status").result),
        30_000
      );
      const credits = (
        await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
          authorization: `Bearer ${key}`,
        })
      ).body.credits_left;
      expect(again.every((r) => Array.isArray(r) || isExcelError(r, "#N/A"))).toBe(true);
      const isValid = (r: unknown): boolean =>
        Array.isArray(r) && (r as string[][])[0]![1] === "valid";
      const valid = again.filter(isValid).length;
      // One credit per distinct valid person (risky ones are free), whatever failed on the way.
      const charged = 100 - credits;
      const validLookups = valid / 4;
      expect(Number.isInteger(validLookups)).toBe(true);
      expect(charged).toBe(validLookups);
      matrix.push({
        fault,
        target: "40 cells, 10 lookups",
        cells: `${answered}/${cells.length}`,
        typedErrors,
        requests: runtime.sent.length,
        failedAttempts,
        needless: Math.max(0, needless),
        credits: `${charged} for ${validLookups} valid lookups (${valid} cells)`,
        jobs: "-",
      });
    } finally {
      globalThis.fetch = realFetch;
      await faults({});
    }
  }

  test("no fault", () => cellScenario("none", {}));
  test("503 burst (6 requests)", () => cellScenario("503 burst x6", { burst503: 6 }));
  test("503 on 30% of requests", () => cellScenario("503 30%", { rate503: 0.3 }));
  test(
    "answers slower than the client timeout",
    () => cellScenario("slow > timeout", { slowRate: 1, slowMs: 1_500 }, { timeoutMs: 400 }),
    60_000
  );
  test("connections dropped after the work", () =>
    cellScenario("drop 30% after work", { dropRate: 0.3, dropAfterWork: true }));
  test("connections dropped before the work", () =>
    cellScenario("drop 30% before work", { dropRate: 0.3, dropAfterWork: false }));
  test("malformed JSON answers", () => cellScenario("malformed JSON 30%", { malformedRate: 0.3 }));
  test("500 internal errors", () => cellScenario("HTTP 500 30%", { rate500: 0.3 }));

  /** A bulk search followed by the tracker through the fault, then downloaded (paid) twice. */
  async function jobScenario(
    fault: string,
    during: (searchId: string, key: string) => Promise<string | void>,
    timeoutMs = 5_000
  ): Promise<void> {
    await faults({});
    const account = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", { credits: 1000 });
    const key: string = account.body.api_key;
    // The product's retry bound (8), with short delays. The downloads below fail 28% of their
    // attempts: one download fails for good with a chance of 0.28^9 (1 in 100,000). (At 44%, 0.06%
    // a download, eight downloads a run failed about one CI run in 200: seen once.)
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: key,
      retry: { retries: 8, baseDelayMs: 10, maxDelayMs: 50 },
      timeoutMs,
      allowShortTimeout: true,
    });
    const p = examples.person!;
    const rows = [
      ["first", "last", "domain"],
      ...Array.from({ length: 40 }, (_, i) => {
        const person = [p.valid, p.risky, p.not_found][i % 3];
        return [
          person.first_name,
          i < 3 ? person.last_name : `${person.last_name}${i}`,
          person.domain,
        ];
      }),
    ];
    const store = new JobStore(workbookSettings());
    const search = await client.bulk.createJson({
      data: rows,
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
      file_name: fault,
    });
    await store.add({
      kind: "bulk",
      id: search.id,
      label: fault,
      createdAt: search.created_at,
      lastStatus: search.status,
      lastCounts: search.counts,
      lastCheckedAt: null,
      lastError: null,
      resultSheets: [],
    });
    const tracker = new JobTracker(store, async () => client, {
      intervalMs: 50,
      maxBackoffMs: 200,
    });
    tracker.start();
    let note: string | void;
    try {
      note = await during(search.id, key);
      const jobs = await eventually(
        async () => {
          const list = await store.load();
          return list.every(isFinished) ? list : undefined;
        },
        30_000,
        `the job to finish after ${fault}`
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.lastStatus).toBe("completed");
      expect(jobs[0]!.lastCounts?.total).toBe(40);
    } finally {
      tracker.stop();
    }
    const before = (await client.account()).credits_left;
    const needed = (await client.bulk.get(search.id)).credits_needed;
    await faults({ dropRate: 0.2, malformedRate: 0.1 }); // the download too is retried through faults
    const job = (await store.load())[0]!;
    const first = await downloadTable(client, job, {
      preview: false,
      fullyVerified: true,
      partiallyVerified: true,
      notFound: true,
    });
    const second = await downloadTable(client, job, {
      preview: false,
      fullyVerified: true,
      partiallyVerified: true,
      notFound: true,
    });
    await faults({});
    const after = (await client.account()).credits_left;
    expect(first.rows).toHaveLength(40);
    expect(second.rows).toEqual(first.rows);
    expect(before - after).toBe(needed);
    matrix.push({
      fault,
      target: "bulk job, 40 rows",
      cells: "-",
      typedErrors: "-",
      requests: "-",
      failedAttempts: "-",
      needless: "-",
      credits: `${before - after} (needed ${needed}), 2 downloads`,
      jobs: `1/1 completed${note ? ` (${note})` : ""}`,
    });
  }

  test("503 bursts while a job runs", () =>
    jobScenario("503 burst x20 (job)", async () => {
      await faults({ burst503: 20 });
    }));

  test(
    "the service restarting in the middle of a bulk job",
    () =>
      jobScenario("service restart (job)", async (searchId, key) => {
        const running = await eventually(async () => {
          const search = (
            await call(sandbox.baseUrl, "GET", `/v5.1/bulk/${searchId}`, undefined, {
              authorization: `Bearer ${key}`,
            })
          ).body;
          const processed =
            search.counts.found_valid +
            search.counts.found_unknown +
            search.counts.not_found +
            search.counts.failed;
          return search.status === "running" && processed > 0 ? processed : undefined;
        });
        expect(running).toBeLessThan(40);
        await sandbox.stop();
        await new Promise((resolve) => setTimeout(resolve, 300)); // polls fail meanwhile
        await sandbox.start();
        return `restarted at ${running}/40 rows`;
      }),
    60_000
  );

  test("500 internal errors while a job runs", () =>
    jobScenario("HTTP 500 40% (job)", async () => {
      await faults({ rate500: 0.4 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await faults({});
    }));

  test(
    "answers slower than the client timeout while a job runs",
    () =>
      jobScenario(
        "slow > timeout (job)",
        async () => {
          await faults({ slowRate: 1, slowMs: 600 });
          await new Promise((resolve) => setTimeout(resolve, 800));
          await faults({});
        },
        300
      ),
    60_000
  );

  test("the service down for a while", () =>
    jobScenario("service down (job)", async () => {
      await faults({ down: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await faults({ down: false });
    }));
});
