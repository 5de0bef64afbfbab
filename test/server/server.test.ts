import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { FastifyInstance } from "fastify";
import { EmailServiceClient } from "../../src/client/client";
import { buildServer, type BuildServerOptions } from "../../src/server/app";
import { parseServerArgs } from "../../src/server/options";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { selfSignedCertificate } from "../helpers/self-signed";

// The production host (DESIGN 6b) over real HTTP/1.1 and HTTP/2, with the sandbox as its
// upstream: every operation through the relay, bodies and statuses unchanged, the header
// allowlist, limits, failures, logs without the key, static caching and security headers,
// and a graceful stop.

const ROOT = join(__dirname, "../..");
const DIST = join(ROOT, "dist");

interface Running {
  app: FastifyInstance;
  url: string;
  log: string[];
}

async function serve(options: BuildServerOptions): Promise<Running> {
  const log: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  const app = await buildServer({ log: true, logStream, ...options });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url: address, log };
}

/** One request over HTTP/2 (TLS, self-signed): status, headers, body and the protocol agreed. */
function h2Request(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {}
): Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; alpn: string }> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.on("error", reject);
    const request = session.request({
      ":method": init.method ?? "GET",
      ":path": path,
      ...init.headers,
    });
    let body = "";
    let headers: http2.IncomingHttpHeaders = {};
    request.setEncoding("utf8");
    request.on("response", (h) => (headers = h));
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const alpn = String(session.alpnProtocol);
      session.close();
      resolve({ status: Number(headers[":status"]), headers, body, alpn });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/** An upstream of our own that records what reaches it, answering after `delayMs`. */
async function recordingUpstream(
  delayMs = 0
): Promise<{ url: string; seen: http.IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () =>
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true }));
      }, delayMs)
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe("production host (npm run serve)", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, any>>;
  let directory: string;
  let tls: { cert: string; key: string };
  let plain: Running;
  let secure: Running;

  beforeAll(async () => {
    if (!existsSync(join(DIST, "taskpane.html"))) throw new Error("run npm run build first");
    directory = mkdtempSync(join(tmpdir(), "mf-host-"));
    tls = selfSignedCertificate(directory);
    sandbox = await startSandbox({ jobStepMs: 10, jobChunkSize: 50, domainReadyMs: 50 });
    examples = await sandbox.examples();
    [plain, secure] = await Promise.all([
      serve({ dist: DIST, upstream: sandbox.baseUrl }),
      serve({ dist: DIST, upstream: sandbox.baseUrl, ...tls }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain?.app.close(), secure?.app.close()]);
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test("every operation of both generations works through the relay", async () => {
    const account = await sandbox.account(1000);
    const client = new EmailServiceClient({
      baseUrl: `${plain.url}/api`,
      apiKey: account.apiKey,
      retry: { retries: 2, baseDelayMs: 10, maxDelayMs: 20 },
    });
    expect(await client.status()).toEqual({ healthy: true });
    expect((await client.account()).credits_left).toBe(1000);
    expect((await client.findEmail.person(examples.person!.valid)).email_status).toBe("valid");
    expect((await client.findEmail.company(examples.company!.valid)).emails.length).toBeGreaterThan(
      0
    );
    expect(
      (await client.findEmail.decisionMaker(examples.decision_maker!.valid)).email
    ).toBeTruthy();
    expect((await client.findEmail.linkedinUrl(examples.linkedin_url!.valid)).email).toBeTruthy();
    expect((await client.verifyEmail(examples.verify!.valid)).email_status).toBe("valid");
    const found = await client.findEmail.person(examples.person!.valid);
    expect(
      (await client.reportBadEmail({ email: found.email!, additional_info: "bounced" })).input
    ).toBeTruthy();
    const domain = examples.domain_file!.domain as string;
    expect((await client.domainEmailFile.info(domain)).email_count).toBeGreaterThan(0);
    await client.domainEmailFile.order(domain);
    const file = await eventually(async () => {
      try {
        return await client.domainEmailFile.download(domain);
      } catch {
        return undefined;
      }
    });
    expect(file.contentType).toMatch(/text\/csv/);

    const bulk = await client.bulk.createJson({
      data: [
        ["first", "last", "domain"],
        [
          examples.person!.valid.first_name,
          examples.person!.valid.last_name,
          examples.person!.valid.domain,
        ],
      ],
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
    });
    const csv = new Blob(["full_name,domain\nAda Lovelace,example.com\n"], { type: "text/csv" });
    const fromCsv = await client.bulk.createMultipart({
      file: csv,
      fileName: "leads.csv",
      full_name_field_index: 0,
      domain_field_index: 1,
    });
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Leads").addRows([
      ["full_name", "domain"],
      ["Grace Hopper", "example.org"],
    ]);
    const xlsx = new Blob([await workbook.xlsx.writeBuffer()]);
    const fromXlsx = await client.bulk.createMultipart({
      file: xlsx,
      fileName: "leads.xlsx",
      full_name_field_index: 0,
      domain_field_index: 1,
    });
    for (const id of [bulk.id, fromCsv.id, fromXlsx.id])
      await eventually(async () =>
        (await client.bulk.get(id)).status === "completed" ? true : undefined
      );
    expect((await client.bulk.download(bulk.id, { preview_only: true })).text()).toContain(
      "domain"
    );
    expect((await client.bulk.downloadTable(bulk.id)).length).toBe(2);
    const asXlsx = await client.bulk.download(fromXlsx.id, { download_as: "xlsx" });
    expect(asXlsx.bytes.subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect(asXlsx.contentType).toMatch(/spreadsheetml/);

    const geo = await client.geoLead.create(examples.geo_lead as never);
    await eventually(async () =>
      (await client.geoLead.get(geo.id)).status === "completed" ? true : undefined
    );
    expect((await client.geoLead.download(geo.id)).text().length).toBeGreaterThan(0);

    expect((await client.legacy.account()).success).toBe(true);
    expect((await client.legacy.person(examples.legacy_person!.valid)).success).toBe(true);
    expect((await client.legacy.company(examples.legacy_company!.valid)).success).toBe(true);
    expect((await client.legacy.employees(examples.legacy_employees!.valid)).success).toBe(true);
    expect((await client.legacy.validate(examples.legacy_validate!.valid)).success).toBe(true);
  }, 60_000);

  test("4xx and 5xx answers come back byte for byte, status and type unchanged", async () => {
    const broke = await sandbox.account(0);
    const cases: Array<[string, string, unknown, Record<string, string>]> = [
      ["GET", "/v5.1/account", undefined, {}],
      ["GET", "/v5.0/meta/account.json", undefined, { authorization: "nope" }],
      ["POST", "/v5.1/verify-email", "{broken", { authorization: `Bearer ${broke.apiKey}` }],
      ["POST", "/v5.1/find-email/person", examples.person!.valid, { authorization: broke.apiKey }],
      [
        "POST",
        "/v5.0/search/person.json",
        examples.legacy_person!.valid,
        { authorization: broke.apiKey },
      ],
      ["GET", "/v5.1/bulk/blk_nothing", undefined, { authorization: broke.apiKey }],
      ["GET", "/v5.1/nowhere", undefined, { authorization: broke.apiKey }],
    ];
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { rate503: 0 });
    for (const [method, path, body, headers] of cases) {
      const direct = await call(sandbox.baseUrl, method, path, body, headers);
      const relayed = await call(`${plain.url}/api`, method, path, body, headers);
      expect([path, relayed.status, relayed.text]).toEqual([path, direct.status, direct.text]);
      expect(relayed.headers.get("content-type")).toBe(direct.headers.get("content-type"));
      expect(relayed.status).toBeGreaterThanOrEqual(400);
    }
    // A 503 of the service is passed on as it is (the client retries it, the relay never).
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { rate503: 1 });
    try {
      const busy = await call(`${plain.url}/api`, "GET", "/v5.1/account", undefined, {
        authorization: broke.apiKey,
      });
      expect(busy.status).toBe(503);
      expect(busy.body.error).toBe("server_busy");
    } finally {
      await call(sandbox.baseUrl, "POST", "/sandbox/faults", { rate503: 0 });
    }
  });

  test("HTTP/2 is negotiated over TLS, and HTTP/1.1 still works there", async () => {
    const account = await sandbox.account(5);
    const answer = await h2Request(secure.url, "/api/v5.1/account", {
      headers: { authorization: `Bearer ${account.apiKey}` },
    });
    expect(answer.alpn).toBe("h2");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).credits_left).toBe(5);
    const posted = await h2Request(secure.url, "/api/v5.1/verify-email", {
      method: "POST",
      headers: { authorization: account.apiKey, "content-type": "application/json" },
      body: JSON.stringify(examples.verify!.valid),
    });
    expect(JSON.parse(posted.body).email_status).toBe("valid");
    const http1 = await new Promise<{ status: number; alpn: string | false | null }>(
      (resolve, reject) => {
        const request = https.get(
          `${secure.url}/healthz`,
          { rejectUnauthorized: false, ALPNProtocols: ["http/1.1"] } as https.RequestOptions,
          (res) => {
            res.resume();
            resolve({
              status: res.statusCode ?? 0,
              alpn: (res.socket as import("tls").TLSSocket).alpnProtocol,
            });
          }
        );
        request.on("error", reject);
      }
    );
    expect(http1).toEqual({ status: 200, alpn: "http/1.1" });
  });

  test("only the allowlisted request headers reach the service", async () => {
    const upstream = await recordingUpstream();
    const host = await serve({ dist: DIST, upstream: upstream.url });
    try {
      await fetch(`${host.url}/api/v5.1/verify-email`, {
        method: "POST",
        headers: {
          authorization: "Bearer secret-key",
          "content-type": "application/json",
          accept: "application/json",
          "x-webhook-url": "https://hooks.example.com/x",
          cookie: "session=abc",
          "x-forwarded-for": "10.1.2.3",
          "x-api-key": "leak",
          origin: "https://evil.example",
        },
        body: JSON.stringify({ email: "a@b.co" }),
      });
      const seen = upstream.seen[0]!;
      expect(seen.authorization).toBe("Bearer secret-key");
      expect(seen["x-webhook-url"]).toBe("https://hooks.example.com/x");
      expect(seen["content-type"]).toBe("application/json");
      for (const dropped of ["cookie", "x-forwarded-for", "x-api-key", "origin"])
        expect([dropped, seen[dropped]]).toEqual([dropped, undefined]);
    } finally {
      await host.app.close();
      await upstream.close();
    }
  });

  test("a body over the limit is 413 and never reaches the service", async () => {
    const upstream = await recordingUpstream();
    const host = await serve({ dist: DIST, upstream: upstream.url, bodyLimit: 2048 });
    try {
      const big = JSON.stringify({ data: "x".repeat(4096) });
      const response = await fetch(`${host.url}/api/v5.1/bulk/json`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer k" },
        body: big,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        error: "payload_too_large",
        message: "The request body is larger than 2048 bytes.",
      });
      expect(upstream.seen).toHaveLength(0);
      const small = await fetch(`${host.url}/api/v5.1/verify-email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(small.status).toBe(200);
    } finally {
      await host.app.close();
      await upstream.close();
    }
  });

  test("upstream down: 502 with a clear body; the key is in no log line", async () => {
    const host = await serve({ dist: DIST, upstream: "http://127.0.0.1:9" });
    try {
      const key = "sbx_key-that-must-never-be-logged";
      const response = await fetch(`${host.url}/api/v5.1/account`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(502);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe("bad_gateway");
      expect(body.message).toMatch(/^The service at http:\/\/127\.0\.0\.1:9 could not be reached/);
      expect(JSON.stringify(body)).not.toContain(key);
      await fetch(`${host.url}/api/v5.1/verify-email`, {
        method: "POST",
        headers: { authorization: key, "content-type": "application/json" },
        body: JSON.stringify({ email: "a@b.co" }),
      });
      expect(host.log.join("")).toContain("upstream failed");
      expect(host.log.join("")).not.toContain(key);
    } finally {
      await host.app.close();
    }
  });

  test("the key is in no log line of a busy run with errors, over HTTP/2 too", async () => {
    const account = await sandbox.account(3);
    await h2Request(secure.url, "/api/v5.1/account", {
      headers: { authorization: account.apiKey },
    });
    await h2Request(secure.url, "/api/v5.1/account", {
      headers: { authorization: "Bearer wrong" },
    });
    await call(`${plain.url}/api`, "POST", "/v5.1/find-email/person", examples.person!.valid, {
      authorization: `Bearer ${account.apiKey}`,
    });
    const lines = [...secure.log, ...plain.log].join("");
    expect(lines.length).toBeGreaterThan(0);
    expect(lines).not.toContain(account.apiKey);
    expect(lines.toLowerCase()).not.toContain("authorization");
  });

  test("static files: hashed chunks immutable, the rest no-cache, compressed, framable by Office", async () => {
    const page = await fetch(`${plain.url}/taskpane.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(page.headers.get("x-frame-options")).toBeNull();
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/frame-ancestors 'self' https:\/\/\*\.officeapps\.live\.com/);
    expect(csp).toContain("script-src 'self' https://appsforoffice.microsoft.com");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const chunk = readdirSync(DIST).find((f) => /\.[0-9a-f]{8}\.js$/.test(f))!;
    const hashed = await fetch(`${plain.url}/${chunk}`, { headers: { "accept-encoding": "gzip" } });
    expect(hashed.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const raw = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${plain.url}/functions.js`, { headers: { "accept-encoding": "gzip" } }, resolve)
    );
    raw.resume();
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["cache-control"]).toBe("no-cache");
    const health = await fetch(`${secure.url.replace("https", "http")}/healthz`).catch(() => null);
    expect(health).toBeNull(); // TLS only on the secure port
    expect(await (await fetch(`${plain.url}/healthz`)).json()).toEqual({ ok: true });
  });

  test("flags and environment: required values, pairs and limits are checked", () => {
    expect(() => parseServerArgs([], {})).toThrow(/--dist is required/);
    expect(() => parseServerArgs(["--dist", "d"], {})).toThrow(/--upstream is required/);
    expect(() => parseServerArgs(["--dist", "d", "--upstream", "ftp://x"], {})).toThrow(
      /http\(s\)/
    );
    expect(() =>
      parseServerArgs(["--dist", "d", "--upstream", "https://x", "--cert", "c"], {})
    ).toThrow(/go together/);
    expect(() =>
      parseServerArgs(["--dist", "d", "--upstream", "https://x", "--port", "x"], {})
    ).toThrow(/whole number/);
    expect(
      parseServerArgs([], {
        ADDIN_DIST: "/srv/addin",
        UPSTREAM_URL: "https://api.example.com/",
        TLS_CERT_FILE: "/c",
        TLS_KEY_FILE: "/k",
        UPSTREAM_CONNECTIONS: "64",
      })
    ).toMatchObject({
      dist: "/srv/addin",
      upstream: "https://api.example.com",
      port: 8443,
      cert: "/c",
      key: "/k",
      upstreamConnections: 64,
    });
  });

  test("SIGTERM: requests in flight finish, then the process exits 0 and refuses connections", async () => {
    const upstream = await recordingUpstream(1500);
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        join(ROOT, "src/server/cli.ts"),
        "--port",
        "0",
        "--host",
        "127.0.0.1",
      ].concat(["--dist", DIST, "--upstream", upstream.url]),
      { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }
    );
    try {
      let output = "";
      const url = await new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer): void => {
          output += chunk.toString();
          const found = /Mail Finder host listening at (http:\/\/[^\s"]+)/.exec(output);
          if (found) resolve(found[1]!.replace("localhost", "127.0.0.1"));
        };
        child.stdout!.on("data", read);
        child.stderr!.on("data", read);
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      const inFlight = fetch(`${url}/api/v5.1/account`, { headers: { authorization: "k" } });
      await eventually(async () => (upstream.seen.length > 0 ? true : undefined));
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      expect(await exited).toBe(0);
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
      expect(output).toContain("SIGTERM: finishing the requests in flight");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await upstream.close();
    }
  });
});
