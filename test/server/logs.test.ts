import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { startRecordingProxy, type RecordingProxy } from "../helpers/recording-proxy";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";
import { startTeamOverSandbox } from "../helpers/team-over-sandbox";
import { DIST, serve, startHostProcess } from "./helpers";

// The host's logs (issue 36 item 3): every line JSON; each request's lines carry its
// id, which the answer carries in x-request-id and the service receives (seen by a recording
// proxy in front of the sandbox); an incoming x-request-id kept only from a trusted proxy; no
// key, token, cookie, query string or secret path in any line; the level chosen.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface LogLine {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  req?: { url: string };
  [field: string]: unknown;
}

/** Every captured line, each parsed (a line that is not JSON fails the test). */
function parsed(log: string[]): LogLine[] {
  return log
    .join("")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
}

describe("logs and request ids", () => {
  let sandbox: TestSandbox;
  let account: TestAccount;
  let examples: Record<string, Record<string, Record<string, unknown>>>;
  let proxy: RecordingProxy;

  beforeAll(async () => {
    sandbox = await startSandbox();
    account = await sandbox.account(50);
    examples = (await sandbox.examples()) as typeof examples;
    proxy = await startRecordingProxy(sandbox.baseUrl);
  });
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.close();
  });

  test("a request's id: in its answer, in each of its log lines, sent to the service; a client's own ignored", async () => {
    const host = await serve({ dist: DIST, upstream: proxy.url });
    try {
      const health = await fetch(`${host.url}/healthz?token=query-secret-1`, {
        headers: { "x-request-id": "chosen-by-the-client" },
      });
      const healthId = health.headers.get("x-request-id")!;
      expect(healthId).toMatch(UUID);
      const before = proxy.seen.length;
      const relayed = await call(
        `${host.url}/api`,
        "POST",
        "/v5.1/verify-email",
        examples.verify!.valid,
        {
          authorization: `Bearer ${account.apiKey}`,
          "x-request-id": "chosen-by-the-client",
        }
      );
      expect(relayed.status).toBe(200);
      const relayedId = relayed.headers.get("x-request-id")!;
      expect(relayedId).toMatch(UUID);
      expect(relayedId).not.toBe(healthId);
      expect(proxy.seen.slice(before)).toMatchObject([
        { method: "POST", url: "/v5.1/verify-email", requestId: relayedId },
      ]);
      // Answers the host gives itself carry it too.
      const missing = await fetch(`${host.url}/nothing-here`);
      expect(missing.headers.get("x-request-id")).toMatch(UUID);

      const lines = await eventually(async () => {
        const all = parsed(host.log);
        return all.filter((line) => line.requestId === relayedId).length >= 2 ? all : undefined;
      });
      for (const id of [healthId, relayedId]) {
        const own = lines.filter((line) => line.requestId === id);
        expect(own.map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
      }
      expect(lines.find((line) => line.requestId === healthId)!.req!.url).toBe("/healthz");
      const text = host.log.join("");
      for (const secret of ["query-secret-1", account.apiKey, "chosen-by-the-client"])
        expect(text).not.toContain(secret);
      expect(text.toLowerCase()).not.toContain("bearer");
    } finally {
      await host.app.close();
    }
  });

  test("behind a trusted proxy its x-request-id is kept (a well-formed one), and passed on", async () => {
    const host = await serve({ dist: DIST, upstream: proxy.url, trustProxy: ["127.0.0.1"] });
    try {
      const traced = "lb-7f3a9c2e.0001";
      const before = proxy.seen.length;
      const answer = await call(
        `${host.url}/api`,
        "POST",
        "/v5.1/verify-email",
        examples.verify!.valid,
        {
          authorization: `Bearer ${account.apiKey}`,
          "x-request-id": traced,
        }
      );
      expect(answer.headers.get("x-request-id")).toBe(traced);
      expect(proxy.seen.slice(before).map((seen) => seen.requestId)).toEqual([traced]);
      await eventually(async () =>
        parsed(host.log).some(
          (line) => line.requestId === traced && line.msg === "request completed"
        )
          ? true
          : undefined
      );
      // One that could break a log line or a header is not kept, even from the proxy.
      for (const bad of ["two words", "x".repeat(200), "a\u00e9b", '"quoted"']) {
        const replaced = await fetch(`${host.url}/healthz`, {
          headers: { "x-request-id": bad },
        }).catch(() => null);
        if (replaced) expect(replaced.headers.get("x-request-id")).toMatch(UUID);
      }
    } finally {
      await host.app.close();
    }
  });

  test("team mode: no key, token, cookie or webhook secret in any line; ids reach the service from the team's own requests", async () => {
    const company = await sandbox.account(50);
    const logStream: string[] = [];
    const directory = mkdtempSync(join(tmpdir(), "mf-logs-"));
    const metricsToken = randomBytes(32).toString("base64url");
    writeFileSync(join(directory, "metrics-token"), metricsToken, { mode: 0o600 });
    const team = await startTeamOverSandbox({
      upstream: proxy.url,
      serviceKey: company.apiKey,
      build: {
        publicUrl: new URL("https://addin.example.com"),
        log: true,
        logStream: new Writable({
          write(chunk, _encoding, done) {
            logStream.push(String(chunk));
            done();
          },
        }),
        metrics: true,
        metricsTokenFile: join(directory, "metrics-token"),
      },
    });
    try {
      const member = await team.addMember("Dana", null);
      const before = proxy.seen.length;
      const lookup = await call(
        `${team.url}/api`,
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid,
        {
          authorization: `Bearer ${member.token}`,
          cookie: "session=cookie-secret-1",
        }
      );
      expect(lookup.status).toBe(200);
      // The team's own request to the service carries the member's request's id.
      expect(proxy.seen.slice(before)).toMatchObject([
        {
          method: "POST",
          url: "/v5.1/find-email/person",
          requestId: lookup.headers.get("x-request-id"),
        },
      ]);
      expect((await team.admin("GET", "/members")).status).toBe(200);
      expect(
        (
          await call(team.url, "GET", "/admin/api/members", undefined, {
            authorization: `Bearer ${metricsToken}`,
          })
        ).status
      ).toBe(401);
      expect(
        (
          await fetch(`${team.url}/metrics`, {
            headers: { authorization: `Bearer ${metricsToken}` },
          })
        ).status
      ).toBe(200);
      expect(
        (
          await call(`${team.url}/api`, "POST", "/v5.1/find-email/person", examples.person!.valid, {
            authorization: `Bearer mft_${"A".repeat(43)}`,
          })
        ).status
      ).toBe(401);
      const webhookSecret = randomBytes(32).toString("base64url");
      const webhook = await call(team.url, "POST", `/team/webhooks/${webhookSecret}`, { ok: true });
      expect(webhook.status).toBe(404);

      const lines = await eventually(async () => {
        const all = parsed(logStream);
        return all.some((line) => line.req?.url === "/team/webhooks/:id") ? all : undefined;
      });
      const requestLines = lines.filter((line) => line.msg === "incoming request");
      expect(requestLines.length).toBeGreaterThanOrEqual(6);
      for (const line of requestLines) expect(line.requestId).toMatch(UUID);
      const text = logStream.join("");
      for (const secret of [
        company.apiKey,
        member.token,
        team.adminToken,
        metricsToken,
        "cookie-secret-1",
        webhookSecret,
        "A".repeat(43),
      ])
        expect(text).not.toContain(secret);
      expect(text.toLowerCase()).not.toContain("bearer");
    } finally {
      await team.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });

  test("--log-level: below it, nothing; a failed request's warning at warn", async () => {
    const host = await serve({
      dist: DIST,
      upstream: "http://127.0.0.1:9",
      logLevel: "warn",
    });
    try {
      expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
      expect(
        (
          await fetch(`${host.url}/api/v5.1/account`, {
            headers: { authorization: `Bearer ${account.apiKey}` },
          })
        ).status
      ).toBe(502);
      const lines = await eventually(async () => {
        const all = parsed(host.log);
        return all.length > 0 ? all : undefined;
      });
      expect(lines.map((line) => [line.level, line.code])).toEqual([["warn", "bad_gateway"]]);
      expect(host.log.join("")).not.toContain(account.apiKey);
    } finally {
      await host.app.close();
    }
  });

  test("npm run serve: every line JSON, the first saying where and on which Node; --quiet keeps start and stop", async () => {
    const host = await startHostProcess(["--dist", DIST, "--upstream", sandbox.baseUrl, "--quiet"]);
    try {
      expect((await fetch(`${host.url}/healthz`)).status).toBe(200);
      host.child.kill("SIGTERM");
      expect(await host.exited).toBe(0);
      const lines = host
        .output()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as LogLine);
      // fastify's own "Server listening at", then the host's start line with what it runs.
      const start = lines.find((line) => line.msg.startsWith("Mail Finder host listening at"))!;
      expect(start).toMatchObject({
        level: "info",
        node: process.version,
        protocol: "HTTP/1.1 (put TLS in front)",
        mode: "relay",
        metrics: "off",
        readiness: `${host.url}/readyz`,
      });
      expect(start.msg).toBe(
        `Mail Finder host listening at ${host.url} (HTTP/1.1 (put TLS in front), Node ${process.version})`
      );
      // --quiet: no line per request; the start and the stop.
      expect(lines.map((line) => line.msg).slice(-2)).toEqual([
        "SIGTERM: finishing the requests in flight, then stopping",
        "stopped",
      ]);
      expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
    } finally {
      if (host.child.exitCode === null) host.child.kill("SIGKILL");
    }
  });
});
