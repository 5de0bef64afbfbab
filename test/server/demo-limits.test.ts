import Database from "better-sqlite3";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import type { FastifyInstance } from "fastify";
import { EmailServiceClient } from "../../src/client/client";
import { ApiError } from "../../src/client/errors";
import { buildServer, type BuildServerOptions } from "../../src/server/app";
import { DEMO_ALLOWANCE, RATE_LIMIT_NETWORKS } from "../../src/server/demo";
import { Directory } from "../../src/sandbox/directory/directory";
import { buildExamples } from "../../src/sandbox/services/examples";
import { actionError } from "../../src/taskpane/ui/async-action";
import { call, eventually, type TestResponse } from "../helpers/sandbox";

// Try mode is bounded (issue 42 item 4): one demo key makes at most 10 searches and 10,000 rows
// in all, counted in the demo's own database; demo accounts and what they made are removed
// after 24 hours; the rate limits count a client's IPv6 /48 as one, and remember a bounded
// number of clients however many come. Over real HTTP against the host with --demo, but for
// the 100,000 addresses, handed in with fastify's inject.

const examples = buildExamples(new Directory({})) as unknown as {
  bulk: { completed: Record<string, unknown> };
  geo_lead: Record<string, unknown>;
  person: { valid: Record<string, unknown> };
  domain_file: { domain: string };
};

/** The searches of the account `?`. */
const SEARCHES = "SELECT id FROM searches WHERE account_id = ?";

/** A bulk body of `rows` data rows under a header. */
function bulkOf(rows: number): Record<string, unknown> {
  return {
    data: [
      ["first_name", "last_name", "domain"],
      ...Array.from({ length: rows }, (_, i) => [`Ada${i}`, "Lovelace", "example.com"]),
    ],
    has_header: true,
    first_name_field_index: 0,
    last_name_field_index: 1,
    domain_field_index: 2,
  };
}

/** A multipart upload of a CSV of `rows` data rows. */
function multipartOf(rows: number): FormData {
  const form = new FormData();
  const lines = ["first,last,domain", ...Array.from({ length: rows }, (_, i) => `Ada${i},L,x.com`)];
  form.append("file", new Blob([`${lines.join("\n")}\n`]), "leads.csv");
  form.append("first_name_field_index", "0");
  form.append("last_name_field_index", "1");
  form.append("domain_field_index", "2");
  return form;
}

function expectDemoLimit(answer: TestResponse, message: RegExp): void {
  expect([answer.status, answer.body]).toEqual([
    429,
    { error: "demo_limit", message: expect.stringMatching(message) },
  ]);
}

describe("Try mode is bounded", () => {
  let directory: string;
  const hosts: FastifyInstance[] = [];

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-demo-limits-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function start(options: Partial<BuildServerOptions> = {}): Promise<{
    app: FastifyInstance;
    url: string;
  }> {
    const app = await buildServer({
      dist: directory,
      upstream: "http://127.0.0.1:9",
      log: false,
      demo: true,
      demoDb: ":memory:",
      demoRateLimit: 100_000,
      ...options,
    });
    hosts.push(app);
    return { app, url: `${await app.listen({ port: 0, host: "127.0.0.1" })}/demo-api` };
  }

  /** A demo account on `url`: its key and a way to call the demo with it. */
  async function demoKey(url: string, from?: string) {
    const created = await call(url, "POST", "/demo/accounts", undefined, {
      ...(from ? { "x-forwarded-for": from } : {}),
    });
    expect(created.status).toBe(200);
    const apiKey = created.body.api_key as string;
    return {
      apiKey,
      call: (method: string, path: string, body?: unknown) =>
        call(url, method, path, body, { authorization: `Bearer ${apiKey}` }),
    };
  }

  test("the defaults: 10 searches and 10,000 rows a key; 10,000 client networks remembered a limit", () => {
    expect(DEMO_ALLOWANCE).toEqual({ searches: 10, rows: 10_000 });
    expect(RATE_LIMIT_NETWORKS).toBe(10_000);
  });

  test("a key makes 10 searches, bulk or GeoLead, JSON or multipart; the 11th of any kind is 429 demo_limit, and another key goes on", async () => {
    const { url } = await start();
    const key = await demoKey(url);
    for (let i = 0; i < 4; i++)
      expect((await key.call("POST", "/v5.1/bulk/json", examples.bulk.completed)).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await key.call("POST", "/v5.1/bulk/multipart", multipartOf(3))).status).toBe(200);
    for (let i = 0; i < 3; i++)
      expect(
        (await key.call("POST", "/v5.1/geo-lead", { ...examples.geo_lead, result_limit: 2 })).status
      ).toBe(200);
    const searchesDone =
      /^This demo key has made its 10 searches, all a demo key may make\. Use your own API key to search more\.$/;
    expectDemoLimit(
      await key.call("POST", "/v5.1/bulk/json", examples.bulk.completed),
      searchesDone
    );
    expectDemoLimit(await key.call("POST", "/v5.1/bulk/multipart", multipartOf(1)), searchesDone);
    expectDemoLimit(await key.call("POST", "/v5.1/geo-lead", examples.geo_lead), searchesDone);
    // Refused searches made nothing, and the key still works for everything else.
    expect((await key.call("GET", "/v5.1/account")).status).toBe(200);
    const other = await demoKey(url);
    expect((await other.call("POST", "/v5.1/bulk/json", examples.bulk.completed)).status).toBe(200);
  });

  test("a key searches 10,000 rows in all: a search past what is left is refused and counts nothing; a GeoLead finds no more than is left", async () => {
    const { url } = await start();
    const key = await demoKey(url);
    // A GeoLead of another key, unbounded: how many places the example finds.
    const probe = await demoKey(url);
    const unbounded = await probe.call("POST", "/v5.1/geo-lead", examples.geo_lead);
    const found = await geoLeadTotal(probe.call, unbounded.body.id);
    expect(found).toBeGreaterThan(5);

    expect((await key.call("POST", "/v5.1/bulk/json", bulkOf(9_990))).status).toBe(200);
    expect((await key.call("POST", "/v5.1/bulk/multipart", multipartOf(3))).status).toBe(200);
    expectDemoLimit(
      await key.call("POST", "/v5.1/bulk/json", bulkOf(8)),
      /^This search has 8 rows and this demo key has 7 of its 10,000 left\. Search fewer rows, or use your own API key\.$/
    );
    expectDemoLimit(
      await key.call("POST", "/v5.1/bulk/multipart", multipartOf(8)),
      /has 7 of its 10,000 left/
    );
    expect((await key.call("POST", "/v5.1/bulk/json", bulkOf(2))).status).toBe(200);
    // 5 left: a GeoLead without result_limit finds 5 of its places, no more.
    const geo = await key.call("POST", "/v5.1/geo-lead", examples.geo_lead);
    expect([geo.status, geo.body.result_limit]).toEqual([200, null]);
    expect(await geoLeadTotal(key.call, geo.body.id)).toBe(5);
    const rowsDone =
      /^This demo key has searched its 10,000 rows, all a demo key may search\. Use your own API key to search more\.$/;
    expectDemoLimit(
      await key.call("POST", "/v5.1/geo-lead", { ...examples.geo_lead, result_limit: 1 }),
      rowsDone
    );
    expectDemoLimit(await key.call("POST", "/v5.1/bulk/json", bulkOf(1)), rowsDone);
  });

  test("a GeoLead counts the places it found: a result_limit reserves until then, and what it did not find is left", async () => {
    const { url } = await start();
    const key = await demoKey(url);
    expect((await key.call("POST", "/v5.1/bulk/json", bulkOf(9_000))).status).toBe(200);
    // 1,000 left, all reserved by a GeoLead that may find that many: nothing is left meanwhile...
    const geo = await key.call("POST", "/v5.1/geo-lead", {
      ...examples.geo_lead,
      result_limit: 1_000,
    });
    expect(geo.status).toBe(200);
    const found = await geoLeadTotal(key.call, geo.body.id);
    expect(found).toBeLessThan(1_000);
    // ...and once it found its places, the rest is the key's again.
    expect((await key.call("POST", "/v5.1/bulk/json", bulkOf(1_000 - found))).status).toBe(200);
    expectDemoLimit(
      await key.call("POST", "/v5.1/bulk/json", bulkOf(1)),
      /searched its 10,000 rows/
    );
  });

  test("the count is kept in the demo's own database: a restart forgets nothing", async () => {
    const file = join(directory, "restart", "demo.db");
    const first = await start({ demoDb: file });
    const key = await demoKey(first.url);
    for (let i = 0; i < 10; i++)
      expect((await key.call("POST", "/v5.1/bulk/json", examples.bulk.completed)).status).toBe(200);
    await first.app.close();
    hosts.splice(hosts.indexOf(first.app), 1);

    const second = await start({ demoDb: file });
    const again = (method: string, path: string, body?: unknown) =>
      call(second.url, method, path, body, { authorization: `Bearer ${key.apiKey}` });
    expectDemoLimit(
      await again("POST", "/v5.1/bulk/json", examples.bulk.completed),
      /made its 10 searches/
    );
  });

  test("the client does not retry a demo limit, and the pane shows its message where the search was asked", async () => {
    const { url } = await start();
    const key = await demoKey(url);
    let attempts = 0;
    const client = new EmailServiceClient({
      baseUrl: url,
      apiKey: key.apiKey,
      onAttempt: () => attempts++,
    });
    for (let i = 0; i < 10; i++) await client.bulk.createJson(examples.bulk.completed as never);
    attempts = 0;
    const refused = await client.bulk
      .createJson(examples.bulk.completed as never)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: "demo_limit", attempts: 1 });
    expect(attempts).toBe(1);
    // The bulk and GeoLead panels' submit (useAsyncAction's fallback field).
    expect(actionError(refused)).toEqual({
      field: "submit",
      message:
        "This demo key has made its 10 searches, all a demo key may make. Use your own API key to search more.",
    });
  });

  test("demo accounts older than 24 hours are removed with their searches, rows, charges, reports and orders; younger ones stay", async () => {
    const file = join(directory, "expiry", "demo.db");
    let now = Date.parse("2026-12-01T08:00:00Z");
    const { url } = await start({ demoDb: file, now: () => new Date(now), demoSweepEveryMs: 100 });
    const old = await demoKey(url);
    // Some of everything an account keeps: a charge, a bad-email report, a domain file order,
    // a search with its rows, keys and the webhook post announcing it.
    const found = await old.call("POST", "/v5.1/find-email/person", examples.person.valid);
    expect([found.status, found.body.credits_charged]).toEqual([200, 1]);
    const report = { email: found.body.email, additional_info: "bounced" };
    expect((await old.call("POST", "/v5.1/report/bad-email", report)).status).toBe(200);
    const order = `/v5.1/domain/${examples.domain_file.domain}/email/order`;
    expect((await old.call("POST", order)).status).toBe(200);
    const hooked = { ...examples.bulk.completed, webhook_url: "https://hooks.example/x" };
    expect((await old.call("POST", "/v5.1/bulk/json", hooked)).status).toBe(200);
    now += 23 * 3_600_000;
    const young = await demoKey(url);
    expect((await young.call("POST", "/v5.1/bulk/json", examples.bulk.completed)).status).toBe(200);

    const db = new Database(file, { readonly: true });
    try {
      const idOf = (apiKey: string) =>
        (db.prepare("SELECT id FROM accounts WHERE api_key = ?").get(apiKey) as { id: number }).id;
      const oldId = idOf(old.apiKey);
      const youngId = idOf(young.apiKey);
      const kept = (id: number) => ({
        searches: count(db, "SELECT COUNT(*) AS n FROM searches WHERE account_id = ?", id),
        rows: count(
          db,
          `SELECT COUNT(*) AS n FROM search_rows WHERE search_id IN (${SEARCHES})`,
          id
        ),
        keys: count(
          db,
          `SELECT COUNT(*) AS n FROM search_keys WHERE search_id IN (${SEARCHES})`,
          id
        ),
        webhooks: count(
          db,
          `SELECT COUNT(*) AS n FROM webhooks WHERE json_extract(body, '$.id') IN (${SEARCHES})`,
          id
        ),
        charges: count(db, "SELECT COUNT(*) AS n FROM charges WHERE account_id = ?", id),
        reports: count(db, "SELECT COUNT(*) AS n FROM reports WHERE account_id = ?", id),
        orders: count(db, "SELECT COUNT(*) AS n FROM domain_orders WHERE account_id = ?", id),
      });
      // The old search done (its keys found, its webhook post queued) before the day ends.
      await eventually(async () => (kept(oldId).webhooks === 1 ? true : undefined));
      // Charges: the lookup's and the domain file order's.
      expect(kept(oldId)).toEqual({
        searches: 1,
        rows: 5,
        keys: expect.any(Number),
        webhooks: 1,
        charges: 2,
        reports: 1,
        orders: 1,
      });
      expect(kept(oldId).keys).toBeGreaterThan(0);

      now += 3_600_000 + 60_000;
      await eventually(
        async () => ((await old.call("GET", "/v5.1/account")).status === 401 ? true : undefined),
        5_000,
        "the old key removed"
      );
      expect(kept(oldId)).toEqual({
        searches: 0,
        rows: 0,
        keys: 0,
        webhooks: 0,
        charges: 0,
        reports: 0,
        orders: 0,
      });
      expect((await young.call("GET", "/v5.1/account")).status).toBe(200);
      expect(kept(youngId)).toMatchObject({ searches: 1, rows: 5 });
    } finally {
      db.close();
    }
  });

  describe("rate limits count an IPv6 /48 as one client, behind a trusted proxy", () => {
    test("requests from addresses rotating through one /48 share its limit; another /48 is served", async () => {
      const { url } = await start({ demoRateLimit: 5, trustProxy: ["127.0.0.1"] });
      const from = (address: string) =>
        call(url, "GET", "/status", undefined, { "x-forwarded-for": address });
      for (let i = 0; i < 5; i++)
        expect((await from(`2001:db8:42:${(i * 4099).toString(16)}::${i + 1}`)).status).toBe(200);
      for (const address of ["2001:db8:42:ffff::1", "2001:db8:42::abcd", "2001:DB8:42:0:1:2:3:4"]) {
        const refused = await from(address);
        expect([address, refused.status, refused.body.error]).toEqual([
          address,
          429,
          "rate_limited",
        ]);
      }
      expect((await from("2001:db8:43::1")).status).toBe(200);
      expect((await from("198.51.100.7")).status).toBe(200);
    });

    test("demo accounts from addresses rotating through one /48 share its 10 an hour", async () => {
      const { url } = await start({ trustProxy: ["127.0.0.1"] });
      for (let i = 0; i < 10; i++) await demoKey(url, `2001:db8:77:${i.toString(16)}::1`);
      const refused = await call(url, "POST", "/demo/accounts", undefined, {
        "x-forwarded-for": "2001:db8:77:beef::2",
      });
      expect([refused.status, refused.body.message]).toEqual([
        429,
        expect.stringMatching(/^Too many demo accounts/),
      ]);
      await demoKey(url, "2001:db8:78::1");
    });
  });

  test("100,000 client addresses leave the rate limiter's memory within its bound of 10,000 networks", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const app = await buildServer({
      dist: directory,
      upstream: "http://127.0.0.1:9",
      log: false,
      demo: true,
      demoDb: ":memory:",
      demoRateLimit: 100_000,
    });
    hosts.push(app);
    await app.ready();
    const send = async (from: number, to: number): Promise<void> => {
      for (let i = from; i < to; i++) {
        // Half IPv4 addresses, half IPv6 addresses of as many /48s.
        const remoteAddress =
          i % 2 === 0
            ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
            : `2001:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`;
        const answer = await app.inject({ method: "GET", url: "/demo-api/status", remoteAddress });
        if (answer.statusCode !== 200) throw new Error(`${remoteAddress}: ${answer.statusCode}`);
        // Timers run now and then, as between a server's requests: inject's requests are freed
        // by timers of their own, and would pile up in a loop of promises alone.
        if (i % 1_000 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    /**
     * The heap in use once what the requests left behind is collected: inject's requests are
     * freed by timers of their own, later on a busy machine, so collected until it holds still.
     */
    const settledHeap = async (): Promise<number> => {
      let last = Infinity;
      for (let round = 0; round < 40; round++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        gc();
        const used = process.memoryUsage().heapUsed;
        if (Math.abs(used - last) < 256 * 1024) return used;
        last = used;
      }
      return last;
    };
    // The limiter full first, so that what grows after is what more addresses add.
    await send(0, RATE_LIMIT_NETWORKS);
    const full = await settledHeap();
    await send(RATE_LIMIT_NETWORKS, RATE_LIMIT_NETWORKS + 90_000);
    const grown = (await settledHeap()) - full;
    // Remembered without a bound (a cache of 200,000), the 90,000 more took 14 MB here.
    expect(grown).toBeLessThan(6 * 1024 * 1024);
  }, 300_000);
});

function count(db: Database.Database, sql: string, id: number): number {
  return (db.prepare(sql).get(id) as { n: number }).n;
}

async function geoLeadTotal(
  request: (method: string, path: string) => Promise<TestResponse>,
  id: string
): Promise<number> {
  const done = await eventually(
    async () => {
      const search = (await request("GET", `/v5.1/geo-lead/${id}`)).body;
      return search.status === "completed" ? search : undefined;
    },
    15_000,
    `GeoLead ${id} to complete`
  );
  return done.counts.total as number;
}
