import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type BuildServerOptions } from "../../src/server/app";
import { parseServerArgs } from "../../src/server/options";
import { Directory } from "../../src/sandbox/directory/directory";
import { buildExamples } from "../../src/sandbox/services/examples";

// Try mode's sandbox at /demo-api: only the service's interface and the demo
// accounts are reachable, each address is held to its rate, and the demo keeps its own database.

/** The demo sandbox's directory is the default one: its examples are these. */
const examples = buildExamples(new Directory({})) as unknown as Record<
  string,
  Record<string, Record<string, unknown>>
>;

describe("the production host's Try mode (--demo)", () => {
  let directory: string;
  const hosts: FastifyInstance[] = [];

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-demo-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function host(options: Partial<BuildServerOptions> = {}): Promise<FastifyInstance> {
    const app = await buildServer({
      dist: directory,
      upstream: "http://127.0.0.1:9",
      log: false,
      demo: true,
      demoDb: ":memory:",
      ...options,
    });
    hosts.push(app);
    return app;
  }

  async function demoAccount(
    app: FastifyInstance,
    remoteAddress = "192.0.2.1"
  ): Promise<{ api_key: string; credits_left: number }> {
    const created = await app.inject({
      method: "POST",
      url: "/demo-api/demo/accounts",
      remoteAddress,
    });
    expect(created.statusCode).toBe(200);
    return created.json();
  }

  test("parses --demo and its options, flags over the environment", () => {
    const base = ["--dist", "d", "--upstream", "https://x"];
    expect(parseServerArgs(base, {})).toMatchObject({
      demo: false,
      demoDb: ".demo/demo.db",
      demoCredits: 50,
      demoRateLimit: 300,
    });
    expect(
      parseServerArgs(
        [
          ...base,
          "--demo",
          "--demo-db",
          "/var/demo.db",
          "--demo-credits",
          "20",
          "--demo-rate-limit",
          "600",
        ],
        {}
      )
    ).toMatchObject({ demo: true, demoDb: "/var/demo.db", demoCredits: 20, demoRateLimit: 600 });
    expect(
      parseServerArgs(base, { DEMO: "1", DEMO_DB: "e.db", DEMO_CREDITS: "5", DEMO_RATE_LIMIT: "9" })
    ).toMatchObject({ demo: true, demoDb: "e.db", demoCredits: 5, demoRateLimit: 9 });
    expect(() => parseServerArgs([...base, "--demo-credits", "0"], {})).toThrow(
      /--demo-credits needs a whole number/
    );
    expect(() => parseServerArgs([...base, "--demo-rate-limit", "x"], {})).toThrow(
      /--demo-rate-limit needs a whole number/
    );
  });

  test("a demo account has the allowance; /status and a v5.1 lookup answer with its key", async () => {
    const app = await host({ demoCredits: 7 });
    const account = await demoAccount(app);
    expect(account.credits_left).toBe(7);
    expect(account.api_key).toMatch(/^\S{16,}$/);

    const status = await app.inject({ method: "GET", url: "/demo-api/status" });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ healthy: true });

    const auth = { authorization: `Bearer ${account.api_key}`, "content-type": "application/json" };
    const found = await app.inject({
      method: "POST",
      url: "/demo-api/v5.1/find-email/person",
      headers: auth,
      payload: JSON.stringify(examples.person!.valid),
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ email_status: "valid", credits_charged: 1 });
    const after = await app.inject({ method: "GET", url: "/demo-api/v5.1/account", headers: auth });
    expect(after.json()).toMatchObject({ credits_left: 6 });

    // The sandbox's errors come back in the interface's shape, unchanged.
    const noKey = await app.inject({ method: "GET", url: "/demo-api/v5.1/account" });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toMatchObject({ error: "unauthorized" });
    // The sandbox's own built-in demo key is not one here.
    const builtIn = await app.inject({
      method: "GET",
      url: "/demo-api/v5.1/account",
      headers: { authorization: "Bearer sandbox-demo-key" },
    });
    expect(builtIn.statusCode).toBe(401);
  });

  test("the sandbox's own endpoints are not reachable through /demo-api", async () => {
    const app = await host();
    for (const [method, url] of [
      ["POST", "/demo-api/sandbox/accounts"],
      ["GET", "/demo-api/sandbox/faults"],
      ["POST", "/demo-api/sandbox/faults"],
      ["GET", "/demo-api/sandbox/examples"],
      ["POST", "/demo-api/sandbox/clock"],
      ["GET", "/demo-api/pricing"],
    ] as const) {
      const answer = await app.inject({
        method,
        url,
        headers: { "content-type": "application/json" },
        payload: method === "POST" ? JSON.stringify({ credits: 1e6, rate503: 1 }) : undefined,
      });
      expect([url, answer.statusCode, answer.json().error]).toEqual([url, 404, "not_found"]);
    }
  });

  test("a flood from one address gets 429 with a clear message and retry-after; another address is still served", async () => {
    const app = await host({ demoRateLimit: 5 });
    const from = (remoteAddress: string) =>
      app.inject({ method: "GET", url: "/demo-api/status", remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from("198.51.100.7")).statusCode).toBe(200);
    const refused = await from("198.51.100.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: "rate_limited",
      message: expect.stringMatching(
        /^Too many requests from this address to the demo: try again in \d+ seconds\.$/
      ),
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await from("198.51.100.8")).statusCode).toBe(200);
    // The add-in itself is not held to the demo's rate.
    const page = await app.inject({
      method: "GET",
      url: "/taskpane.html",
      remoteAddress: "198.51.100.7",
    });
    expect(page.statusCode).toBe(200);
  });

  test("demo accounts are rationed per address", async () => {
    const app = await host();
    for (let i = 0; i < 10; i++) await demoAccount(app, "203.0.113.5");
    const refused = await app.inject({
      method: "POST",
      url: "/demo-api/demo/accounts",
      remoteAddress: "203.0.113.5",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many demo accounts from this address/);
    expect(refused.headers["retry-after"]).toBeDefined();
    await demoAccount(app, "203.0.113.6");
  });

  test("without --demo, /demo-api is not served", async () => {
    const app = await host({ demo: false });
    for (const [method, url] of [
      ["GET", "/demo-api/status"],
      ["POST", "/demo-api/demo/accounts"],
      ["GET", "/demo-api/v5.1/account"],
    ] as const) {
      const answer = await app.inject({ method, url });
      expect([url, answer.statusCode]).toEqual([url, 404]);
    }
  });

  test("the demo keeps its own database file, created with its folder", async () => {
    const file = join(directory, "nested", "demo.db");
    const first = await host({ demoDb: file });
    const account = await demoAccount(first);
    expect(existsSync(file)).toBe(true);
    await first.close();
    hosts.splice(hosts.indexOf(first), 1);

    const second = await host({ demoDb: file });
    const kept = await second.inject({
      method: "GET",
      url: "/demo-api/v5.1/account",
      headers: { authorization: `Bearer ${account.api_key}` },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ credits_left: 50 });
  });
});
