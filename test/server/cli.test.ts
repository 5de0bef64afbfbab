import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { selfSignedCertificate } from "../helpers/self-signed";
import {
  DIST,
  h2Connect,
  h2Request,
  runHostProcess,
  startHostProcess,
  type HostProcess,
} from "./helpers";

// `npm run serve` as its own process: flags it refuses, and a graceful stop on
// SIGTERM over both transports: requests in flight finish (a slow lookup of the sandbox), idle
// connections are closed, the process exits 0, and nothing is accepted after. Its printed logs
// never hold the key.

type Examples = Record<string, Record<string, any>>;

/**
 * Waits for the request's answer, its connection left idle in a keep-alive pool; `closed`
 * settles when that connection closes.
 */
async function idleConnection(request: http.ClientRequest): Promise<{ closed: Promise<void> }> {
  const socket = await new Promise<Socket>((resolve) => request.once("socket", resolve));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    request.once("response", (res: http.IncomingMessage) => res.resume().once("end", resolve));
    request.once("error", reject);
  });
  return { closed };
}

/** Resolves with the time from now to the process's exit, and its code. */
async function stop(host: HostProcess): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  host.child.kill("SIGTERM");
  const code = await host.exited;
  return { code, ms: Date.now() - started };
}

describe("npm run serve, as a process", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  let directory: string;
  let tls: { cert: string; key: string };
  const slowLookups = (ms: number) =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", { slowRate: ms > 0 ? 1 : 0, slowMs: ms });

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "mf-cli-"));
    tls = selfSignedCertificate(directory);
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as Examples;
  });
  afterEach(() => slowLookups(0));
  afterAll(async () => {
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test("bad flags: exit 2 with the reason and the usage; a host that cannot start: exit 1", async () => {
    const missing = await runHostProcess(["--dist", DIST]);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain("--upstream is required");
    expect(missing.output).toContain("npm run serve -- --dist <dir> --upstream");
    const unknown = await runHostProcess(["--tls"]);
    expect([unknown.code, unknown.output]).toEqual([
      2,
      expect.stringContaining("Unknown option --tls"),
    ]);
    const fromEnv = await runHostProcess([], { ADDIN_DIST: DIST, UPSTREAM_URL: "not a url" });
    expect([fromEnv.code, fromEnv.output]).toEqual([
      2,
      expect.stringContaining("--upstream is not a URL"),
    ]);
    const notBuilt = await runHostProcess(["--dist", directory, "--upstream", sandbox.baseUrl]);
    expect(notBuilt.code).toBe(2);
    expect(notBuilt.output).toContain(`--dist ${directory} holds no built add-in`);
    const noCert = await runHostProcess(
      ["--dist", DIST, "--upstream", sandbox.baseUrl, "--port", "0", "--host", "127.0.0.1"],
      { TLS_CERT_FILE: join(directory, "none.crt"), TLS_KEY_FILE: tls.key }
    );
    expect(noCert.code).toBe(1);
    expect(noCert.output).toMatch(/^\{.*"level":"fatal".*"msg":"The host could not start: ENOENT/m);
    expect(noCert.output).not.toMatch(/\n\s+at /); // one line, not a stack
  });

  test("SIGTERM over HTTP/1.1: the lookup in flight finishes, idle connections close, exit 0, then refused", async () => {
    const host = await startHostProcess(["--dist", DIST, "--upstream", sandbox.baseUrl]);
    const account = await sandbox.account(5);
    const agent = new http.Agent({ keepAlive: true });
    try {
      // An idle keep-alive connection, and a lookup the service takes 1.5 s to answer.
      const idle = await idleConnection(
        http.get(`${host.url}/healthz`, { agent }, (res) => res.resume())
      );
      await slowLookups(1_500);
      const inFlight = call(
        `${host.url}/api`,
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid,
        {
          authorization: `Bearer ${account.apiKey}`,
        }
      );
      await eventually(async () =>
        host.output().includes('"url":"/api/v5.1/find-email/person"') ? true : undefined
      );
      const stopped = stop(host);
      await idle.closed; // closed at once, not after its keep-alive time
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.email_status).toBe("valid");
      const { code, ms } = await stopped;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(5_000);
      await expect(fetch(`${host.url}/healthz`)).rejects.toThrow();
      expect(host.output()).toContain("SIGTERM: finishing the requests in flight, then stopping");
      expect(host.output()).toContain("stopped");
      expect(host.output()).not.toContain(account.apiKey);
    } finally {
      agent.destroy();
      if (host.child.exitCode === null) host.child.kill("SIGKILL");
    }
  });

  test("SIGTERM over HTTPS: the HTTP/2 stream in flight finishes, the session is told to go away, exit 0, then refused", async () => {
    const host = await startHostProcess([
      "--dist",
      DIST,
      "--upstream",
      sandbox.baseUrl,
      "--cert",
      tls.cert,
      "--key",
      tls.key,
    ]);
    expect(host.url).toMatch(/^https:/);
    expect(host.output()).toContain("HTTPS, HTTP/2 with HTTP/1.1 fallback");
    const account = await sandbox.account(5);
    const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
    const session = await h2Connect(host.url);
    try {
      const goaway = new Promise((resolve) => session.once("goaway", resolve));
      expect((await h2Request(session, "/healthz")).status).toBe(200);
      // An idle HTTP/1.1 connection over TLS beside the HTTP/2 session.
      const idle = await idleConnection(
        https.get(`${host.url}/healthz`, {
          agent,
          ALPNProtocols: ["http/1.1"],
        } as https.RequestOptions)
      );
      await slowLookups(1_500);
      const inFlight = h2Request(session, "/api/v5.1/find-email/person", {
        method: "POST",
        headers: { authorization: account.apiKey, "content-type": "application/json" },
        body: JSON.stringify(examples.person!.valid),
      });
      await eventually(async () =>
        host.output().includes('"url":"/api/v5.1/find-email/person"') ? true : undefined
      );
      const stopped = stop(host);
      await goaway;
      await idle.closed;
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).email_status).toBe("valid");
      const { code, ms } = await stopped;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(5_000);
      await expect(h2Connect(host.url)).rejects.toThrow();
      expect(host.output()).not.toContain(account.apiKey);
    } finally {
      session.destroy();
      agent.destroy();
      if (host.child.exitCode === null) host.child.kill("SIGKILL");
    }
  });
});
