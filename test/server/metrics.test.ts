import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseExposition, type Exposition } from "../helpers/prometheus-text";
import { startRecordingProxy, type RecordingProxy } from "../helpers/recording-proxy";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../helpers/team-over-sandbox";
import { DIST, serve } from "./helpers";

// GET /metrics (issue 36 item 2): after a scripted run of a team over the sandbox
// (lookups bought, one given from the team's answers, one joined in flight, one over a budget,
// one the service refused with 503, sign-ins refused, a body over the limit), the figures are
// what happened, counted against what reached the service (a recording proxy between) and what
// the service charged (its ledger). The token protects it; without --metrics it is not there.

type Examples = Record<string, Record<string, Record<string, unknown>>>;

/**
 * The status of a POST announcing a JSON body of `bytes` and sending `sent` of them, read as soon
 * as it comes; "hung up" when the host closed the connection without an answer.
 */
function postLarge(
  url: string,
  token: string,
  bytes: number,
  sent = bytes
): Promise<number | "hung up"> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": String(bytes),
      },
    });
    request.on("response", (response) => {
      resolve(response.statusCode ?? 0);
      request.destroy();
    });
    request.on("error", () => resolve("hung up"));
    request.write(`{"first_name":"${"x".repeat(Math.max(0, sent - 17))}`);
    if (sent >= bytes) request.end('"}');
  });
}

describe("/metrics", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let examples: Examples;
  let proxy: RecordingProxy;
  let directory: string;
  let tokenFile: string;
  let token: string;
  let team: TeamOverSandbox;

  const faults = (settings: Record<string, unknown>) =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", settings);
  const scrape = async (authorization: string | null = `Bearer ${token}`) => {
    const answer = await fetch(`${team.url}/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    return { answer, text: await answer.text() };
  };
  /** The figures once every earlier answer is counted (the scrape itself is the one in flight). */
  const metrics = async (): Promise<Exposition> =>
    eventually(async () => {
      const { answer, text } = await scrape();
      expect(answer.status).toBe(200);
      const figures = parseExposition(text);
      return figures.value("mailfinder_http_requests_in_flight") === 1 ? figures : undefined;
    });

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(100);
    examples = (await sandbox.examples()) as Examples;
    proxy = await startRecordingProxy(sandbox.baseUrl);
    directory = mkdtempSync(join(tmpdir(), "mf-metrics-"));
    token = randomBytes(32).toString("base64url");
    tokenFile = join(directory, "metrics-token");
    writeFileSync(tokenFile, token, { mode: 0o600 });
    team = await startTeamOverSandbox({
      upstream: proxy.url,
      serviceKey: company.apiKey,
      build: { metrics: true, metricsTokenFile: tokenFile },
    });
  });
  afterAll(async () => {
    await team?.close();
    await proxy?.close();
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  });
  afterEach(() => faults({ burst503: 0, slowRate: 0, slowMs: 0 }));

  test("the token protects it: 401 without it or with another, 200 with it", async () => {
    for (const authorization of [null, "Bearer nope", `Bearer ${token}x`, token]) {
      const { answer, text } = await scrape(authorization);
      expect([authorization, answer.status]).toEqual([authorization, 401]);
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(JSON.parse(text).error).toBe("unauthorized");
      expect(text).not.toContain("mailfinder_");
    }
    const { answer, text } = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const figures = parseExposition(text);
    expect(figures.value("nodejs_version_info", { version: process.version })).toBe(1);
    expect(figures.value("mailfinder_host_info", { mode: "team", store: "sqlite" })).toBe(1);
    expect(figures.value("mailfinder_upstream_concurrency_limit", { pool: "relay" })).toBe(128);
    expect(figures.value("mailfinder_upstream_concurrency_limit", { pool: "team" })).toBe(128);
    expect(figures.value("mailfinder_readiness_check", { check: "store" })).toBe(1);
    expect(figures.value("mailfinder_readiness_check", { check: "service_key" })).toBe(1);
    // The 401s above are no member's sign-in.
    expect(
      figures.value("mailfinder_team_sign_ins_refused_total", { who: "member", reason: "invalid" })
    ).toBe(0);
  });

  test("a scripted run: each figure is what happened", async () => {
    const ann = await team.addMember("Ann", null);
    const bob = await team.addMember("Bob", 1);
    const carl = await team.addMember("Carl", null);
    const before = await metrics();
    const creditsBefore = await company.credits();
    const reachedBefore = proxy.seen.length;
    const lookup = (who: { token: string }, path: string, body: unknown) =>
      call(`${team.url}/api`, "POST", path, body, { authorization: `Bearer ${who.token}` });
    const person = "/v5.1/find-email/person";

    // Bought by Ann, then given to Bob from the team's answers.
    expect((await lookup(ann, person, examples.person!.valid)).status).toBe(200);
    const shared = await lookup(bob, person, examples.person!.valid);
    expect([shared.status, shared.headers.get("x-mail-finder-answer")]).toEqual([200, "shared"]);
    // Over Bob's budget of 1 credit: a decision maker may cost 2.
    const refused = await lookup(
      bob,
      "/v5.1/find-email/decision-maker",
      examples.decision_maker!.valid
    );
    expect([refused.status, refused.body.error]).toEqual([402, "budget_exceeded"]);
    // The service busy: its 503 passed on, nothing charged.
    await faults({ burst503: 1 });
    expect((await lookup(ann, "/v5.1/verify-email", examples.verify!.valid)).status).toBe(503);
    // Asked by Ann and Carl at once while the service is slow: bought once, joined once.
    await faults({ slowRate: 1, slowMs: 600 });
    const both = await Promise.all([
      lookup(ann, "/v5.1/verify-email", examples.verify!.valid),
      lookup(carl, "/v5.1/verify-email", examples.verify!.valid),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect(
      both.filter((answer) => answer.headers.get("x-mail-finder-answer") === "shared")
    ).toHaveLength(1);
    await faults({ slowRate: 0, slowMs: 0 });
    // Relayed as it is: the account.
    expect(
      (
        await call(`${team.url}/api`, "GET", "/v5.1/account", undefined, {
          authorization: `Bearer ${ann.token}`,
        })
      ).status
    ).toBe(200);
    // Sign-ins refused: a member's token that is not one, the admin's.
    expect(
      (await lookup({ token: "mft_" + "x".repeat(43) }, person, examples.person!.valid)).status
    ).toBe(401);
    expect(
      (
        await call(team.url, "GET", "/admin/api/members", undefined, {
          authorization: "Bearer not-the-admin-token",
        })
      ).status
    ).toBe(401);
    // Bodies over the limit: an upload announced larger than the host's limit, and a lookup's
    // over its 64 KiB: both answered 413 before they are read.
    expect(
      await postLarge(`${team.url}/api/v5.1/bulk/json`, ann.token, 200 * 1024 * 1024, 16)
    ).toBe(413);
    expect(await postLarge(`${team.url}/api${person}`, ann.token, 70_000)).toBe(413);

    const after = await metrics();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);
    const charged = creditsBefore - (await company.credits());
    expect(charged).toBeCloseTo(1.2, 5); // a person (1) and a verification (0.2)
    expect(delta("mailfinder_team_settled_credits_total")).toBeCloseTo(charged, 5);
    // Given as the team's: Bob's (kept) and one of the pair (joined in flight).
    expect(delta("mailfinder_team_shared_answers_total")).toBe(2);
    expect(delta("mailfinder_team_lookups_joined_total", { where: "this_instance" })).toBe(1);
    expect(delta("mailfinder_team_lookups_joined_total", { where: "other_instance" })).toBe(0);
    expect(delta("mailfinder_team_budget_refusals_total", { budget: "member" })).toBe(1);
    expect(delta("mailfinder_team_budget_refusals_total", { budget: "team" })).toBe(0);
    expect(
      delta("mailfinder_team_sign_ins_refused_total", { who: "member", reason: "invalid" })
    ).toBe(1);
    expect(
      delta("mailfinder_team_sign_ins_refused_total", { who: "admin", reason: "invalid" })
    ).toBe(1);
    expect(delta("mailfinder_body_limit_refusals_total", { route: `/api${person}` })).toBe(1);
    expect(delta("mailfinder_body_limit_refusals_total", { route: "/api/v5.1/bulk/json" })).toBe(1);
    expect(after.value("mailfinder_team_reservations_open")).toBe(0);
    expect(delta("mailfinder_team_store_errors_total")).toBe(0);
    // What reached the service: three lookups (one answered 503) by the team's pool, the
    // account by the relay's.
    const reached = proxy.seen.slice(reachedBefore);
    expect(reached.map((seen) => `${seen.method} ${seen.url}`).sort()).toEqual([
      "GET /v5.1/account",
      "POST /v5.1/find-email/person",
      "POST /v5.1/verify-email",
      "POST /v5.1/verify-email",
    ]);
    expect(
      delta("mailfinder_upstream_responses_total", { pool: "team", status_class: "2xx" })
    ).toBe(2);
    expect(
      delta("mailfinder_upstream_responses_total", { pool: "team", status_class: "5xx" })
    ).toBe(1);
    expect(
      delta("mailfinder_upstream_responses_total", { pool: "relay", status_class: "2xx" })
    ).toBe(1);
    expect(delta("mailfinder_upstream_errors_total")).toBe(0);
    expect(delta("mailfinder_upstream_request_duration_seconds_count", { pool: "team" })).toBe(3);
    expect(after.value("mailfinder_upstream_requests_in_flight", { pool: "team" })).toBe(0);
    // Requests by route pattern and status, and the relay's timing of each.
    const requests = (route: string, status: string) =>
      delta("mailfinder_http_requests_total", { method: "POST", route, status });
    expect(requests(`/api${person}`, "200")).toBe(2);
    expect(requests(`/api${person}`, "401")).toBe(1);
    expect(requests("/api/v5.1/bulk/json", "413")).toBe(1);
    expect(requests("/api/v5.1/verify-email", "503")).toBe(1);
    expect(requests("/api/v5.1/verify-email", "200")).toBe(2);
    expect(requests("/api/v5.1/find-email/decision-maker", "402")).toBe(1);
    expect(
      delta("mailfinder_http_requests_total", { route: "/admin/api/members", status: "401" })
    ).toBe(1);
    expect(delta("mailfinder_relay_request_duration_seconds_count", { operation: person })).toBe(4);
    expect(
      delta("mailfinder_relay_request_duration_seconds_count", { operation: "/v5.1/verify-email" })
    ).toBe(3);
    // The joined pair waited for the slow service: both took 600 ms or more.
    expect(
      delta("mailfinder_relay_request_duration_seconds_count", {
        operation: "/v5.1/verify-email",
      }) -
        delta("mailfinder_relay_request_duration_seconds_bucket", {
          operation: "/v5.1/verify-email",
          le: "0.5",
        })
    ).toBeGreaterThanOrEqual(2);
    // No label holds what a client wrote.
    for (const sample of after.samples)
      for (const value of Object.values(sample.labels)) expect(value).not.toContain("xxxx");
  });

  test("a relay without --metrics has no /metrics; one whose service is out of reach counts it", async () => {
    const plain = await serve({ dist: DIST, upstream: sandbox.baseUrl, log: false });
    const closed = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const down = await serve({
      dist: DIST,
      upstream: `http://127.0.0.1:${closed}`,
      log: false,
      metrics: true,
    });
    try {
      expect((await fetch(`${plain.url}/metrics`)).status).toBe(404);
      const answer = await fetch(`${down.url}/api/v5.1/account`, {
        headers: { authorization: `Bearer ${company.apiKey}` },
      });
      expect(answer.status).toBe(502);
      expect((await fetch(`${down.url}/nothing-here?token=abc`)).status).toBe(404);
      const figures = await eventually(async () => {
        const read = parseExposition(await (await fetch(`${down.url}/metrics`)).text());
        return read.value("mailfinder_http_requests_in_flight") === 1 ? read : undefined;
      });
      expect(figures.value("mailfinder_host_info", { mode: "relay", store: "none" })).toBe(1);
      expect(
        figures.value("mailfinder_upstream_errors_total", { pool: "relay", kind: "unreachable" })
      ).toBe(1);
      expect(
        figures.value("mailfinder_http_requests_total", {
          route: "/api/v5.1/account",
          status: "502",
        })
      ).toBe(1);
      expect(figures.types.has("mailfinder_team_budget_refusals_total")).toBe(false);
      expect(
        figures.value("mailfinder_http_requests_total", { route: "unmatched", status: "404" })
      ).toBe(1);
    } finally {
      await plain.app.close();
      await down.app.close();
    }
  });
});
