import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { EmailServiceClient } from "../../src/client/client";
import { OFFICE_FRAME_ANCESTORS } from "../../src/server/app";
import { parseServerArgs } from "../../src/server/options";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { selfSignedCertificate } from "../helpers/self-signed";
import { DIST, h2Connect, h2Request, recordingUpstream, serve, type Running } from "./helpers";

// The production host in this process, over real HTTP/1.1 and HTTP/2, with the
// sandbox as its upstream: every operation through the relay, bodies and statuses unchanged,
// the header allowlist, limits, failures, logs without the key, static caching and security
// headers. The host as its own process (flags, graceful stop) is in cli.test.ts.

type Examples = Record<string, Record<string, any>>;

/** Raw HTTP/1.1 GET: headers as sent (fetch would decode the body and hide content-encoding). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
  agent: http.Agent | false = false
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (res) => {
      res.resume();
      resolve(res);
    });
    request.on("error", reject);
  });
}

/** POSTs `size` bytes in chunks, with or without content-length; answers status and body. */
function postBytes(
  url: string,
  size: number,
  options: { chunked?: boolean; headers?: Record<string, string> } = {}
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        "content-type": "multipart/form-data; boundary=x",
        ...(options.chunked ? {} : { "content-length": String(size) }),
        ...options.headers,
      },
    });
    request.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The host may close the connection once it has answered: the rest of the upload is refused.
    request.on("error", (error) => reject(error));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!request.write(piece)) return void request.once("drain", pump);
      }
      request.end();
    };
    request.on("socket", (socket) => socket.on("error", () => undefined));
    pump();
  });
}

describe("production host (npm run serve): relay and site", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  let directory: string;
  let tls: { cert: string; key: string };
  let plain: Running;
  let secure: Running;
  const faults = (settings: Record<string, unknown>) =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", settings);
  const noFaults = () =>
    faults({ rate503: 0, rate500: 0, slowRate: 0, slowMs: 0, dropRate: 0, dropAfterWork: true });

  beforeAll(async () => {
    if (!existsSync(join(DIST, "taskpane.html"))) throw new Error("run npm run build first");
    directory = mkdtempSync(join(tmpdir(), "mf-host-"));
    tls = selfSignedCertificate(directory);
    sandbox = await startSandbox({ jobStepMs: 10, jobChunkSize: 50, domainReadyMs: 50 });
    examples = (await sandbox.examples()) as Examples;
    [plain, secure] = await Promise.all([
      serve({ dist: DIST, upstream: sandbox.baseUrl }),
      serve({ dist: DIST, upstream: sandbox.baseUrl, ...tls }),
    ]);
  });
  afterEach(() => noFaults());
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
    expect((await client.cellLookup("person", examples.person!.valid)).email_status).toBe("valid");
    expect(
      (await client.cellLookup("company", examples.company!.valid)).emails.length
    ).toBeGreaterThan(0);
    expect(
      (await client.cellLookup("decision_maker", examples.decision_maker!.valid)).email
    ).toBeTruthy();
    expect(
      (await client.cellLookup("linkedin_url", examples.linkedin_url!.valid)).email
    ).toBeTruthy();
    expect((await client.cellLookup("verify", examples.verify!.valid)).email_status).toBe("valid");
    const found = await client.cellLookup("person", examples.person!.valid);
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
    expect((await client.bulk.get(fromCsv.id)).counts.total).toBe(1);
    expect((await client.bulk.get(fromXlsx.id)).counts.total).toBe(1);
    expect((await client.bulk.download(bulk.id, { preview_only: true })).text()).toContain(
      "domain"
    );
    expect((await client.bulk.downloadTable(bulk.id)).length).toBe(2);
    const asXlsx = await client.bulk.download(fromXlsx.id, { download_as: "xlsx" });
    expect(asXlsx.bytes.subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    expect(asXlsx.contentType).toMatch(/spreadsheetml/);
    // A download comes back as the service sent it: the same bytes, type and file name.
    const auth = { authorization: `Bearer ${account.apiKey}` };
    for (const query of ["download_as=csv", "download_as=json_arr", "preview_only=true"]) {
      const path = `/v5.1/bulk/${bulk.id}/download?${query}`;
      const direct = await call(sandbox.baseUrl, "GET", path, undefined, auth);
      const relayed = await call(`${plain.url}/api`, "GET", path, undefined, auth);
      expect([query, relayed.status, relayed.text]).toEqual([query, 200, direct.text]);
      for (const header of ["content-type", "content-disposition", "content-length"])
        expect([header, relayed.headers.get(header)]).toEqual([header, direct.headers.get(header)]);
    }

    const geo = await client.geoLead.create(examples.geo_lead as never);
    await eventually(async () =>
      (await client.geoLead.get(geo.id)).status === "completed" ? true : undefined
    );
    expect((await client.geoLead.download(geo.id)).text().length).toBeGreaterThan(0);

    expect((await client.legacy.account()).success).toBe(true);
    expect((await client.legacy.person(examples.legacy_person!.valid)).success).toBe(true);
    expect((await client.legacy.company(examples.legacy_company!.valid)).success).toBe(true);
    expect((await client.cellLookup("employees", examples.legacy_employees!.valid)).success).toBe(
      true
    );
    expect((await client.legacy.validate(examples.legacy_validate!.valid)).success).toBe(true);
  }, 60_000);

  test("4xx and 5xx answers of both generations come back byte for byte, status and type unchanged", async () => {
    const broke = await sandbox.account(0);
    const funded = await sandbox.account(50);
    const cases: Array<[string, string, unknown, Record<string, string>]> = [
      ["GET", "/v5.1/account", undefined, {}],
      ["GET", "/v5.0/meta/account.json", undefined, { authorization: "nope" }],
      ["POST", "/v5.1/verify-email", "{broken", { authorization: `Bearer ${broke.apiKey}` }],
      ["POST", "/v5.1/find-email/person", { first_name: "Ada" }, { authorization: broke.apiKey }],
      ["POST", "/v5.0/search/person.json", { first_name: "Ada" }, { authorization: broke.apiKey }],
      ["POST", "/v5.1/find-email/person", examples.person!.valid, { authorization: broke.apiKey }],
      [
        "POST",
        "/v5.0/search/person.json",
        examples.legacy_person!.valid,
        { authorization: broke.apiKey },
      ],
      [
        "POST",
        "/v5.0/search/person.json",
        examples.person!.blacklisted,
        { authorization: funded.apiKey },
      ],
      ["GET", "/v5.1/bulk/blk_nothing", undefined, { authorization: broke.apiKey }],
    ];
    const statuses = new Set<number>();
    for (const [method, path, body, headers] of cases) {
      const direct = await call(sandbox.baseUrl, method, path, body, headers);
      const relayed = await call(`${plain.url}/api`, method, path, body, headers);
      expect([path, relayed.status, relayed.text]).toEqual([path, direct.status, direct.text]);
      expect(relayed.headers.get("content-type")).toBe(direct.headers.get("content-type"));
      statuses.add(relayed.status);
    }
    expect([...statuses].sort()).toEqual([400, 401, 402, 404, 451]);
    // The service's 500 and 503 are passed on as they are (the client retries a 503; the
    // relay never resends anything).
    for (const [fault, status, code] of [
      ["rate500", 500, "internal_error"],
      ["rate503", 503, "server_busy"],
    ] as const) {
      await faults({ [fault]: 1 });
      const relayed = await call(`${plain.url}/api`, "GET", "/v5.1/account", undefined, {
        authorization: funded.apiKey,
      });
      const direct = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
        authorization: funded.apiKey,
      });
      await noFaults();
      expect([relayed.status, relayed.body.error]).toEqual([status, code]);
      expect(relayed.text).toBe(direct.text);
    }
  });

  test("HTTP/2 is negotiated over TLS; uploads and downloads stream over it; HTTP/1.1 still works", async () => {
    const account = await sandbox.account(50);
    const auth = { authorization: `Bearer ${account.apiKey}` };
    const session = await h2Connect(secure.url);
    try {
      expect(session.alpnProtocol).toBe("h2");
      const answer = await h2Request(session, "/api/v5.1/account", { headers: auth });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).credits_left).toBe(50);
      const posted = await h2Request(session, "/api/v5.1/verify-email", {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify(examples.verify!.valid),
      });
      expect(JSON.parse(posted.text).email_status).toBe("valid");

      // A multipart upload (the browser's form body, as is) and the CSV that comes of it.
      const form = new FormData();
      form.append(
        "file",
        new Blob([`first,last,domain\nAda,Lovelace,${examples.person!.valid.domain}\n`]),
        "leads.csv"
      );
      form.append("first_name_field_index", "0");
      form.append("last_name_field_index", "1");
      form.append("domain_field_index", "2");
      const encoded = new Response(form);
      const upload = await h2Request(session, "/api/v5.1/bulk/multipart", {
        method: "POST",
        headers: { ...auth, "content-type": encoded.headers.get("content-type")! },
        body: Buffer.from(await encoded.arrayBuffer()),
      });
      expect(upload.status).toBe(200);
      const { id } = JSON.parse(upload.text) as { id: string };
      await eventually(async () =>
        JSON.parse((await h2Request(session, `/api/v5.1/bulk/${id}`, { headers: auth })).text)
          .status === "completed"
          ? true
          : undefined
      );
      for (const format of ["csv", "xlsx"]) {
        const path = `/v5.1/bulk/${id}/download?download_as=${format}`;
        const relayed = await h2Request(session, `/api${path}`, { headers: auth });
        const direct = await fetch(sandbox.baseUrl + path, { headers: auth });
        expect(relayed.status).toBe(200);
        expect(relayed.headers["content-type"]).toBe(direct.headers.get("content-type"));
        expect(relayed.headers["content-disposition"]).toBe(
          direct.headers.get("content-disposition")
        );
        if (format === "csv")
          expect(relayed.body.equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
        else expect(relayed.body.subarray(0, 2).toString("latin1")).toBe("PK");
      }
    } finally {
      session.close();
    }

    const http1 = await new Promise<{ status: number; alpn: string | false | null }>(
      (resolve, reject) => {
        const request = https.get(
          `${secure.url}/healthz`,
          { rejectUnauthorized: false, ALPNProtocols: ["http/1.1"] } as https.RequestOptions,
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, alpn: (res.socket as TLSSocket).alpnProtocol });
          }
        );
        request.on("error", reject);
      }
    );
    expect(http1).toEqual({ status: 200, alpn: "http/1.1" });
  });

  test("only the allowlisted request headers reach the service; its answer's headers come back, re-encoded by nobody", async () => {
    const csv = "email,status\n" + "someone@example.com,valid\n".repeat(200);
    const upstream = await recordingUpstream({
      answer: (res) => {
        res.writeHead(200, {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": 'attachment; filename="results.csv"',
          "content-length": Buffer.byteLength(csv),
          "keep-alive": "timeout=1",
        });
        res.end(csv);
      },
    });
    const host = await serve({ dist: DIST, upstream: `${upstream.url}/base` });
    try {
      await fetch(`${host.url}/api/v5.1/%76erify-email`, {
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
          referer: "https://addin.example.com/taskpane.html",
          "user-agent": "Excel",
        },
        body: JSON.stringify({ email: "a@b.co" }),
      });
      const seen = upstream.seen[0]!;
      // The prefix /api is replaced by the upstream's own path; the path goes in its canonical
      // spelling (src/server/api/canonical-request.ts).
      expect(seen.url).toBe("/base/v5.1/verify-email");
      // What the relay passes, and the connection header of its own pool; nothing else.
      expect(Object.keys(seen.headers).sort()).toEqual([
        "accept",
        "authorization",
        "connection",
        "content-length",
        "content-type",
        "host",
        "x-request-id",
        "x-webhook-url",
      ]);
      expect(seen.headers.connection).toBe("keep-alive");
      expect(seen.headers.authorization).toBe("Bearer secret-key");
      expect(seen.headers["x-webhook-url"]).toBe("https://hooks.example.com/x");

      const keepAlive = new http.Agent({ keepAlive: true });
      const answer = await rawGet(
        `${host.url}/api/v5.1/bulk/blk_1/download`,
        { "accept-encoding": "gzip, br" },
        keepAlive
      );
      keepAlive.destroy();
      expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers["content-disposition"]).toBe('attachment; filename="results.csv"');
      expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(csv)));
      expect(answer.headers["content-encoding"]).toBeUndefined();
      // The upstream's connection headers are its own: the host states its own keep-alive.
      expect(answer.headers["keep-alive"]).toBe("timeout=65");
      // The site's headers are for the site; the service's answer is data, never a page.
      expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    } finally {
      await host.app.close();
      await upstream.close();
    }
  });

  test("a body over the limit is 413 with a JSON body: never sent on when its length is declared, cut at the limit when not", async () => {
    const upstream = await recordingUpstream();
    const limit = 1024 * 1024;
    const host = await serve({ dist: DIST, upstream: upstream.url, bodyLimit: limit });
    const refused = {
      error: "payload_too_large",
      message: `The request body is larger than ${limit} bytes.`,
    };
    try {
      // With content-length: refused before a byte goes on, the rest of the upload unread.
      const big = await postBytes(`${host.url}/api/v5.1/bulk/multipart`, 8 * limit);
      expect(big.status).toBe(413);
      expect(JSON.parse(big.body)).toEqual(refused);
      expect(upstream.seen).toHaveLength(0);
      // Chunked (no content-length; browsers declare it for every body the add-in sends):
      // counted as it streams, and the request to the service is cut before the limit.
      const chunked = await postBytes(`${host.url}/api/v5.1/bulk/multipart`, 3 * limit, {
        chunked: true,
      });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.body)).toEqual(refused);
      for (const request of upstream.seen) expect(request.bodyBytes).toBeLessThanOrEqual(limit);
      // At the limit: passed on whole.
      const fits = await postBytes(`${host.url}/api/v5.1/bulk/multipart`, limit);
      expect(fits.status).toBe(200);
      expect(upstream.seen.at(-1)!.bodyBytes).toBe(limit);
    } finally {
      await host.app.close();
      await upstream.close();
    }
  });

  test("upstream down: 502 with a clear body; no answer in time: 504; a dropped connection: 502", async () => {
    const down = await serve({ dist: DIST, upstream: "http://127.0.0.1:9" });
    // Far later than the host's 1 s: undici times headers by ticks of its own (about 500 ms),
    // which a loaded machine delays, so 1.5 s once came before the host gave up.
    const slow = await recordingUpstream({ delayMs: 10_000 });
    const impatient = await serve({ dist: DIST, upstream: slow.url, upstreamTimeoutMs: 1_000 });
    try {
      const key = "sbx_key-that-must-never-be-shown";
      const response = await fetch(`${down.url}/api/v5.1/account`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(502);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await response.json()) as { error: string; message: string };
      expect(body).toEqual({
        error: "bad_gateway",
        message: expect.stringMatching(
          /^The service at http:\/\/127\.0\.0\.1:9 could not be reached: connect ECONNREFUSED 127\.0\.0\.1:9\.$/
        ),
      });

      const late = await fetch(`${impatient.url}/api/v5.1/find-email/person`, {
        method: "POST",
        headers: { authorization: key, "content-type": "application/json" },
        body: "{}",
      });
      expect(late.status).toBe(504);
      expect(await late.json()).toEqual({
        error: "gateway_timeout",
        message: `The service at ${slow.url} did not answer within 1 s.`,
      });

      const account = await sandbox.account(10);
      await faults({ dropRate: 1, dropAfterWork: false });
      const dropped = await call(`${plain.url}/api`, "GET", "/v5.1/account", undefined, {
        authorization: account.apiKey,
      });
      expect(dropped.status).toBe(502);
      expect(dropped.body.error).toBe("bad_gateway");
      expect(dropped.body.message).toMatch(
        /^The service at http:\/\/127\.0\.0\.1:\d+ could not be reached: /
      );
    } finally {
      await Promise.all([down.app.close(), impatient.app.close()]);
      await slow.close();
    }
  });

  test("the key and the Authorization header are in no log line, under every error, over HTTP/1.1 and HTTP/2", async () => {
    const account = await sandbox.account(3);
    const unknownKey = "sbx_unknown-key-0123456789";
    const secrets = [account.apiKey, unknownKey];
    // Far later than the host's 1 s: undici times headers by ticks of its own (about 500 ms),
    // which a loaded machine delays, so 1.5 s once came before the host gave up.
    const slow = await recordingUpstream({ delayMs: 10_000 });
    const down = await serve({ dist: DIST, upstream: "http://127.0.0.1:9" });
    const impatient = await serve({
      dist: DIST,
      upstream: slow.url,
      upstreamTimeoutMs: 1_000,
      bodyLimit: 4096,
    });
    const session = await h2Connect(secure.url);
    try {
      const auth = (key: string) => ({ authorization: `Bearer ${key}` });
      // Answers and 401s of the service, both generations, both transports.
      await call(
        `${plain.url}/api`,
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid,
        auth(account.apiKey)
      );
      await call(`${plain.url}/api`, "GET", "/v5.0/meta/account.json", undefined, {
        authorization: unknownKey,
      });
      expect(
        (await h2Request(session, "/api/v5.1/account", { headers: auth(unknownKey) })).status
      ).toBe(401);
      expect(
        (
          await h2Request(session, "/api/v5.1/account", {
            headers: { authorization: account.apiKey },
          })
        ).status
      ).toBe(200);
      // Upstream down, no answer in time, too large.
      expect(
        (await fetch(`${down.url}/api/v5.1/account`, { headers: auth(account.apiKey) })).status
      ).toBe(502);
      expect(
        (await fetch(`${impatient.url}/api/v5.1/account`, { headers: auth(account.apiKey) })).status
      ).toBe(504);
      const tooLarge = await postBytes(`${impatient.url}/api/v5.1/bulk/json`, 10_000, {
        headers: auth(account.apiKey),
      });
      expect(tooLarge.status).toBe(413);
      // Aborted by the client while the service works, over both transports.
      await faults({ slowRate: 1, slowMs: 800 });
      const controller = new AbortController();
      const aborted = fetch(`${plain.url}/api/v5.1/account`, {
        headers: auth(account.apiKey),
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 200);
      await expect(aborted).rejects.toThrow();
      const stream = session.request({ ":path": "/api/v5.1/account", ...auth(account.apiKey) });
      stream.on("error", () => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      stream.close(0x8); // CANCEL
      await new Promise((resolve) => setTimeout(resolve, 1_000));

      const lines = [...plain.log, ...secure.log, ...down.log, ...impatient.log].join("");
      expect(lines).toContain('"statusCode":401');
      expect(lines).toContain("bad_gateway");
      expect(lines).toContain("gateway_timeout");
      expect(lines).toContain("payload_too_large");
      for (const secret of secrets) expect(lines).not.toContain(secret);
      expect(lines.toLowerCase()).not.toContain("authorization");
      expect(lines.toLowerCase()).not.toContain("bearer");
    } finally {
      session.close();
      await Promise.all([down.app.close(), impatient.app.close()]);
      await slow.close();
    }
  });

  test("static files: hashed chunks immutable, the rest revalidated, compressed, framable by Office only", async () => {
    const page = await rawGet(`${plain.url}/taskpane.html`, { "accept-encoding": "gzip" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(page.headers["x-frame-options"]).toBeUndefined();
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect(page.headers["strict-transport-security"]).toBeUndefined(); // plain HTTP: the terminator's affair
    const csp = Object.fromEntries(
      String(page.headers["content-security-policy"])
        .split(";")
        .map((directive) => {
          const [name, ...values] = directive.trim().split(/\s+/);
          return [name!, values];
        })
    );
    expect(csp["frame-ancestors"]).toEqual(OFFICE_FRAME_ANCESTORS);
    for (const office of [
      "https://*.officeapps.live.com",
      "https://*.office.com",
      "https://*.office365.com",
      "https://*.sharepoint.com",
      "https://*.microsoft365.com",
    ])
      expect(csp["frame-ancestors"]).toContain(office);
    // office.js's CDN, and the pane's one inline script (it starts fetching the UI chunks) by
    // its hash: no other inline script runs.
    const inline = /<script data-preload="?chunks"?>([^<]*)<\/script>/.exec(
      readFileSync(join(DIST, "taskpane.html"), "utf8")
    )![1]!;
    expect(csp["script-src"]).toEqual([
      "'self'",
      "https://appsforoffice.microsoft.com",
      `'sha256-${createHash("sha256").update(inline).digest("base64")}'`,
    ]);
    expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp["connect-src"]).toEqual(["'self'", "https:"]);
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);

    const hashed = readdirSync(DIST).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
    expect(hashed.length).toBeGreaterThan(0);
    for (const chunk of hashed) {
      const res = await rawGet(`${plain.url}/${chunk}`, { "accept-encoding": "br" });
      expect([chunk, res.headers["cache-control"]]).toEqual([
        chunk,
        "public, max-age=31536000, immutable",
      ]);
      expect(res.headers["content-encoding"]).toBe("br");
      // The build's brotli copy, sent as it is (not compressed again for each request).
      expect(Number(res.headers["content-length"])).toBe(statSync(join(DIST, `${chunk}.br`)).size);
    }
    for (const name of ["functions.js", "taskpane.js", "functions.json", "support.html", ""]) {
      const res = await rawGet(`${plain.url}/${name}`);
      expect([name, res.statusCode, res.headers["cache-control"]]).toEqual([name, 200, "no-cache"]);
      // Revalidation: the same file answers 304 to its ETag.
      const again = await rawGet(`${plain.url}/${name}`, {
        "if-none-match": String(res.headers.etag),
      });
      expect([name, again.statusCode]).toEqual([name, 304]);
    }
    const secureHeaders = await fetch(`${secure.url.replace("https", "http")}/healthz`).catch(
      () => null
    );
    expect(secureHeaders).toBeNull(); // TLS only on the secure port
    const session = await h2Connect(secure.url);
    try {
      const overTls = await h2Request(session, "/taskpane.html");
      expect(overTls.headers["strict-transport-security"]).toBe(
        "max-age=31536000; includeSubDomains"
      );
    } finally {
      session.close();
    }
    const missing = await fetch(`${plain.url}/nothing-here.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: "not_found",
      message: "Nothing is served at this path.",
    });
  });

  test("/healthz: 200 while the built add-in is readable, 503 otherwise; no cache", async () => {
    const health = await fetch(`${plain.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ ok: true });
    const empty = mkdtempSync(join(tmpdir(), "mf-empty-dist-"));
    const host = await serve({ dist: empty, upstream: sandbox.baseUrl });
    try {
      const broken = await fetch(`${host.url}/healthz`);
      expect(broken.status).toBe(503);
      expect(await broken.json()).toEqual({
        ok: false,
        message: "The built add-in is not readable.",
      });
    } finally {
      await host.app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test("flags and environment: required values, pairs and limits are checked", () => {
    expect(() => parseServerArgs([], {})).toThrow(/--dist is required/);
    expect(() => parseServerArgs(["--dist", "d"], {})).toThrow(/--upstream is required/);
    expect(() => parseServerArgs(["--dist", "d", "--upstream", "ftp://x"], {})).toThrow(
      /http\(s\)/
    );
    expect(() => parseServerArgs(["--dist", "d", "--upstream", "https://u:p@x"], {})).toThrow(
      /no credentials/
    );
    expect(() =>
      parseServerArgs(["--dist", "d", "--upstream", "https://x", "--cert", "c"], {})
    ).toThrow(/go together/);
    expect(() =>
      parseServerArgs(["--dist", "d", "--upstream", "https://x", "--port", "x"], {})
    ).toThrow(/whole number/);
    expect(() => parseServerArgs(["--dist", "d", "--upstream", "https://x", "--tls"], {})).toThrow(
      /Unknown option --tls/
    );
    expect(parseServerArgs(["--dist", "d", "--upstream", "https://x/"], {})).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      upstreamConnections: 128,
      bodyLimit: 110 * 1024 * 1024,
      upstreamTimeoutMs: 120_000,
      requestLogs: true,
    });
    expect(
      parseServerArgs(["--port", "9443"], {
        PORT: "1",
        ADDIN_DIST: "/srv/addin",
        UPSTREAM_URL: "https://api.example.com/",
        TLS_CERT_FILE: "/c",
        TLS_KEY_FILE: "/k",
        UPSTREAM_CONNECTIONS: "64",
        BODY_LIMIT: "2048",
        LOG: "0",
      })
    ).toMatchObject({
      dist: "/srv/addin",
      upstream: "https://api.example.com",
      port: 9443,
      cert: "/c",
      key: "/k",
      upstreamConnections: 64,
      bodyLimit: 2048,
      requestLogs: false,
    });
  });

  test("team mode's flags: the files it needs, Entra ID's three together, the scope the pane asks", () => {
    const base = ["--dist", "d", "--upstream", "https://x", "--team"];
    expect(() => parseServerArgs(base, {})).toThrow(/--team needs --service-key-file/);
    const files = [...base, "--service-key-file", "/k", "--admin-token-file", "/a"];
    expect(parseServerArgs(files, {}).team).toMatchObject({ entra: null });
    expect(() => parseServerArgs([...files, "--entra-issuer", "https://i/v2.0"], {})).toThrow(
      /go together/
    );
    const entra = [
      ...files,
      "--entra-issuer",
      "https://login.microsoftonline.com/t/v2.0",
      "--entra-audience",
      "api://h/c",
      "--entra-client-id",
      "c",
    ];
    expect(parseServerArgs(entra, {}).team?.entra).toEqual({
      issuer: "https://login.microsoftonline.com/t/v2.0",
      audience: "api://h/c",
      clientId: "c",
    });
    expect(
      parseServerArgs(entra, { ENTRA_SCOPE: "api://h/c/access_as_user" }).team?.entra
    ).toMatchObject({ scope: "api://h/c/access_as_user" });
  });
});
