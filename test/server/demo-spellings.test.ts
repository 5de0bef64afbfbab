import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { buildServer, type BuildServerOptions } from "../../src/server/app";
import { parseServerArgs } from "../../src/server/options";
import { rawRequest } from "../helpers/recording-proxy";

// Try mode inside the service's interface (issue 34 item 3), over real HTTP so that every
// spelling reaches the host exactly as written: the sandbox's own routes (accounts with any
// credits, faults, clock, the world) are out of reach however the path is spelled, and the
// demo's rate limits key on the client behind a trusted proxy.

describe("Try mode: only the service's interface, in every spelling", () => {
  let directory: string;
  const hosts: FastifyInstance[] = [];

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-demo-spellings-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function listen(options: Partial<BuildServerOptions> = {}): Promise<string> {
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
    return app.listen({ port: 0, host: "127.0.0.1" });
  }

  const json = { "content-type": "application/json" };
  const mint = JSON.stringify({ credits: 1_000_000_000, down: true });

  test("dot segments plain or encoded, encoded slashes, `;` and backslashes never reach /sandbox/*", async () => {
    const url = await listen();
    const targets = [
      "/demo-api/v5.1/../sandbox/accounts",
      "/demo-api/v5.1/%2e%2e/sandbox/accounts",
      "/demo-api/v5.1/%2E%2E/sandbox/accounts",
      "/demo-api/v5.1/%2e%2e/sandbox/faults",
      "/demo-api/v5.1/..%2Fsandbox/accounts",
      "/demo-api/v5.1/%2E%2E%2Fsandbox%2Faccounts",
      "/demo-api/v5.0/../../demo-api/sandbox/accounts",
      "/demo-api/./sandbox/accounts",
      "/demo-api//sandbox/accounts",
      "/demo-api/sandbox%2Faccounts",
      "/demo-api/v5.1/..;/sandbox/accounts",
      "/demo-api/v5.1\\..\\sandbox\\accounts",
      "/demo-api/v5.1/x/../../sandbox/clock",
      "/demo-api/%73andbox/accounts",
      "/demo-api/SANDBOX/accounts",
    ];
    for (const target of targets) {
      const answer = (await rawRequest(url, "POST", target, { headers: json, body: mint }))!;
      expect([target, answer.status]).toEqual([target, expect.any(Number)]);
      expect([target, [400, 404].includes(answer.status)]).toEqual([target, true]);
      expect(JSON.parse(answer.text)).toEqual({
        error: expect.any(String),
        message: expect.any(String),
      });
      expect(answer.text).not.toContain("api_key");
    }
    // Nothing changed there: the demo is up, and the only accounts are the demo's.
    const status = (await rawRequest(url, "GET", "/demo-api/status"))!;
    expect([status.status, JSON.parse(status.text)]).toEqual([200, { healthy: true }]);
    const account = (await rawRequest(url, "POST", "/demo-api/demo/accounts"))!;
    expect(JSON.parse(account.text)).toMatchObject({ credits_left: 50 });
  });

  test("random spellings under /demo-api: the interface or a refusal, never the sandbox's own routes", async () => {
    const url = await listen();
    const { api_key: key } = JSON.parse(
      (await rawRequest(url, "POST", "/demo-api/demo/accounts"))!.text
    ) as {
      api_key: string;
    };
    // An attack's shape (a way up, the sandbox's prefix, one of its routes) in random spellings,
    // with random segments around it.
    const up = fc.constantFrom("..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "x/..", "x/%2e%2e");
    const sandboxPrefix = fc.constantFrom("sandbox", "%73andbox", "sandbo%78", "SANDBOX");
    const route = fc.constantFrom("accounts", "faults", "clock", "world", "%61ccounts", "faults/");
    const noise = fc.constantFrom(".", "", ";", "\\", "x", "v5.1", "status", "%2f", "..;");
    const attack = fc
      .tuple(
        fc.array(noise, { maxLength: 1 }),
        fc.array(up, { minLength: 0, maxLength: 2 }),
        sandboxPrefix,
        fc.constantFrom("/", "%2F", "%2f", "//"),
        route
      )
      .map(([before, ups, prefix, slash, name]) =>
        [...before, ...ups, `${prefix}${slash}${name}`].join("/")
      );
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("POST", "POST", "GET", "PUT", "DELETE", "HEAD"),
        fc.constantFrom("", "v5.1/", "v5.0/", "v5.1/x/", "status/"),
        attack,
        async (method, start, path) => {
          const target = `/demo-api/${start}${path}`;
          const answer = (await rawRequest(url, method, target, {
            headers: { ...json, authorization: `Bearer ${key}` },
            ...(method === "POST" || method === "PUT" ? { body: mint } : {}),
          }))!;
          expect([target, answer.status]).not.toEqual([target, 500]);
          expect(answer.text).not.toContain("api_key");
          if (answer.status >= 400) refused++;
        }
      ),
      { numRuns: 600, seed: 34 }
    );
    expect(refused).toBeGreaterThan(0);
    const status = (await rawRequest(url, "GET", "/demo-api/status"))!;
    expect(status.status).toBe(200);
    const account = (await rawRequest(url, "GET", "/demo-api/v5.1/account", {
      headers: { authorization: `Bearer ${key}` },
    }))!;
    expect(JSON.parse(account.text)).toMatchObject({ credits_left: 50 });
  });

  test("behind a trusted proxy, each client named in X-Forwarded-For has its own limit; an untrusted one's word is ignored", async () => {
    const trusted = await listen({ demoRateLimit: 3, trustProxy: ["127.0.0.1"] });
    const from = (base: string, client: string) =>
      rawRequest(base, "GET", "/demo-api/status", { headers: { "x-forwarded-for": client } });
    for (let i = 0; i < 3; i++) expect((await from(trusted, "203.0.113.5"))!.status).toBe(200);
    expect((await from(trusted, "203.0.113.5"))!.status).toBe(429);
    expect((await from(trusted, "203.0.113.6"))!.status).toBe(200);

    // Not the proxy in front: X-Forwarded-For is anybody's word, and the socket's address counts.
    const untrusted = await listen({ demoRateLimit: 3, trustProxy: ["192.0.2.10"] });
    for (let i = 0; i < 3; i++) expect((await from(untrusted, `203.0.113.${i}`))!.status).toBe(200);
    expect((await from(untrusted, "203.0.113.99"))!.status).toBe(429);
  });

  test("--trust-proxy takes addresses and CIDR ranges, from the flag or TRUST_PROXY, and refuses the rest", () => {
    const base = ["--dist", "d", "--upstream", "https://x"];
    expect(parseServerArgs(base, {}).trustProxy).toEqual([]);
    expect(
      parseServerArgs([...base, "--trust-proxy", "10.0.0.1, 10.1.0.0/16,::1"], {}).trustProxy
    ).toEqual(["10.0.0.1", "10.1.0.0/16", "::1"]);
    expect(parseServerArgs(base, { TRUST_PROXY: "fd00::/8" }).trustProxy).toEqual(["fd00::/8"]);
    for (const bad of [
      "proxy.example",
      "10.0.0.1/33",
      "10.0.0.0/0",
      "::/0",
      "10.0.0.1/8/2",
      "10.0.0.1/x",
      "",
    ])
      if (bad !== "")
        expect(() => parseServerArgs([...base, "--trust-proxy", bad], {})).toThrow(/--trust-proxy/);
  });
});
