import http from "node:http";
import { Directory } from "../../../src/sandbox/directory/directory";
import { monthOf, type TeamStore } from "../../../src/server/team/store";
import {
  rawRequest,
  startRecordingProxy,
  type RecordingProxy,
} from "../../helpers/recording-proxy";
import { startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";
import { waitForStatus } from "../../helpers/searches";

// A paid request's money when the service's word is missing (issue 34 items 1 and 2): a quote
// that cannot be read refuses the request (503, nothing sent, never at 0); a quote the service
// refuses is its answer; a request whose answer is lost after it reached the service is
// settled from a fresh quote, or at its reserved price for a lookup, never released on a guess.

describe("team mode: paid requests without the service's answer", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let recorder: RecordingProxy;
  let host: TeamOverSandbox;
  let annId: string;
  let url: string;
  let store: TeamStore;
  let token: string;
  let searchId: string;
  let domains: string[];
  let person: Record<string, string>;
  let another: Record<string, string>;
  const month = monthOf(new Date());

  const send = (method: string, target: string, body?: unknown) =>
    rawRequest(url, method, target, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const ledgerMilli = async (): Promise<number> => Math.round((await company.credits()) * 1000);
  const teamMilli = async (): Promise<number> => (await store.teamMonth(month)).spentMilli;

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(10_000);
    recorder = await startRecordingProxy(sandbox.baseUrl);
    host = await startTeamOverSandbox({ upstream: recorder.url, serviceKey: company.apiKey });
    url = host.url;
    store = host.store;
    const added = await host.addMember("Ann", 100);
    annId = added.id;
    token = added.token;
    const world = new Directory({}).companies.filter((c) => c.mailServer === "verifying");
    const people = world
      .flatMap((c) => c.people.slice(0, 1))
      .filter((p) => !p.blacklisted && !p.mailboxClosed && p.nameSplittable);
    person = {
      first_name: people[0]!.firstName,
      last_name: people[0]!.lastName,
      domain: people[0]!.company.domain,
    };
    another = {
      first_name: people[9]!.firstName,
      last_name: people[9]!.lastName,
      domain: people[9]!.company.domain,
    };
    const created = await company.request("POST", "/v5.1/bulk/json", {
      data: people.slice(1, 4).map((p) => [p.firstName, p.lastName, p.company.domain]),
      has_header: false,
      first_name_field_index: 0,
      last_name_field_index: 1,
      domain_field_index: 2,
    });
    searchId = created.body.id as string;
    await waitForStatus(company, `/v5.1/bulk/${searchId}`, ["completed"]);
    domains = [];
    for (const company_ of world) {
      const info = await company.request("GET", `/v5.1/domain/${company_.domain}/email`);
      if (info.status === 200 && info.body.credits_required > 0) domains.push(company_.domain);
      if (domains.length === 2) break;
    }
  });

  afterEach(() => {
    recorder.answer = () => null;
    recorder.dropAnswer = () => false;
  });

  afterAll(async () => {
    await host?.close();
    await recorder?.close();
    await sandbox?.close();
  });

  test("a quote that cannot be read refuses the paid request with 503: nothing reserved, nothing sent", async () => {
    const before = { ledger: await ledgerMilli(), team: await teamMilli() };
    for (const quote of [
      { status: 500, body: JSON.stringify({ error: "internal_error", message: "down" }) },
      { status: 503, body: JSON.stringify({ error: "server_busy", message: "busy" }) },
      { status: 200, body: "<html>a proxy's page</html>" },
      { status: 200, body: JSON.stringify({ paid: "no" }) },
    ]) {
      recorder.answer = (seen) => (seen.method === "GET" ? quote : null);
      const from = recorder.seen.length;
      const answer = (await send("GET", `/api/v5.1/bulk/${searchId}/download`))!;
      expect([answer.status, JSON.parse(answer.text).error]).toEqual([503, "quote_unavailable"]);
      expect(recorder.seen.slice(from).map((seen) => seen.url)).toEqual([`/v5.1/bulk/${searchId}`]);
      recorder.answer = (seen) => (seen.method === "GET" ? quote : null);
      const order = (await send("POST", `/api/v5.1/domain/${domains[0]}/email/order`))!;
      expect(order.status).toBe(503);
    }
    expect(recorder.seen.filter((seen) => seen.method === "POST")).toEqual([]);
    expect({ ledger: await ledgerMilli(), team: await teamMilli() }).toEqual(before);
    expect((await store.teamMonth(month)).reservedMilli).toBe(0);
  });

  test("a quote the service refuses is its answer to the request", async () => {
    const unknown = (await send("GET", "/api/v5.1/bulk/blk_000000000000000000000000/download"))!;
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.text)).toMatchObject({ error: "not_found" });
    expect(recorder.seen.at(-1)!.url).toBe("/v5.1/bulk/blk_000000000000000000000000");
    expect((await store.teamMonth(month)).reservedMilli).toBe(0);
  });

  test("an order or a download whose answer is lost after the service acted is settled from a fresh quote", async () => {
    const before = { ledger: await ledgerMilli(), team: await teamMilli() };
    recorder.dropAnswer = (seen) => seen.method === "POST" || seen.url.endsWith("/download");
    const order = (await send("POST", `/api/v5.1/domain/${domains[1]}/email/order`))!;
    expect(order.status).toBe(502);
    const download = (await send("GET", `/api/v5.1/bulk/${searchId}/download`))!;
    expect(download.status).toBe(502);
    recorder.dropAnswer = () => false;
    const charged = before.ledger - (await ledgerMilli());
    expect(charged).toBeGreaterThan(0);
    expect((await teamMilli()) - before.team).toBe(charged);
    expect((await store.teamMonth(month)).reservedMilli).toBe(0);
    // Bought: asked again, free, and counted once.
    const again = (await send("GET", `/api/v5.1/bulk/${searchId}/download`))!;
    expect(again.status).toBe(200);
    expect((await teamMilli()) - before.team).toBe(charged);
  });

  test("a lookup whose answer is lost after it reached the service is counted at its price", async () => {
    const before = { ledger: await ledgerMilli(), team: await teamMilli() };
    recorder.dropAnswer = (seen) => seen.url === "/v5.1/find-email/person";
    const lost = (await send("POST", "/api/v5.1/find-email/person", person))!;
    expect(lost.status).toBe(502);
    recorder.dropAnswer = () => false;
    expect(before.ledger - (await ledgerMilli())).toBe(1000);
    expect((await teamMilli()) - before.team).toBe(1000);
    expect((await store.teamMonth(month)).reservedMilli).toBe(0);
    // Asked again, the service's free repeat: nothing more counted.
    const again = (await send("POST", "/api/v5.1/find-email/person", person))!;
    expect(again.status).toBe(200);
    expect((await teamMilli()) - before.team).toBe(1000);
    expect(before.ledger - (await ledgerMilli())).toBe(1000);
  });

  test("a reported bounce of an address a member bought returns the credit to that member's month", async () => {
    const bob = await host.addMember("Bob", 100);
    const bobId = bob.id;
    const fresh = another;
    const asBob = (target: string, body: unknown) =>
      rawRequest(url, "POST", target, {
        headers: {
          authorization: `Bearer ${bob.token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const before = {
      ledger: await ledgerMilli(),
      ann: (await store.memberMonth(annId, month)).spentMilli,
      bob: (await store.memberMonth(bobId, month)).spentMilli,
    };
    const bought = (await send("POST", "/api/v5.1/find-email/person", fresh))!;
    const answer = JSON.parse(bought.text) as {
      email: string;
      email_status: string;
      credits_charged: number;
    };
    expect([answer.email_status, answer.credits_charged]).toEqual(["valid", 1]);
    // Bob has it from the team, free; then reports it bounced.
    const shared = (await asBob("/api/v5.1/find-email/person", fresh))!;
    expect(shared.headers["x-mail-finder-answer"]).toBe("shared");
    const report = (await asBob("/api/v5.1/report/bad-email", {
      email: answer.email.toUpperCase(),
      additional_info: "Hard bounce",
    }))!;
    expect(report.status).toBe(200);
    expect(await ledgerMilli()).toBe(before.ledger);
    expect((await store.memberMonth(annId, month)).spentMilli).toBe(before.ann);
    expect((await store.memberMonth(bobId, month)).spentMilli).toBe(before.bob);
    // Reported again: the service returns nothing more, nor does the host.
    expect(
      (await asBob("/api/v5.1/report/bad-email", { email: answer.email, additional_info: "x" }))!
        .status
    ).toBe(200);
    expect(await ledgerMilli()).toBe(before.ledger);
    expect((await store.memberMonth(annId, month)).spentMilli).toBe(before.ann);
  });

  test("relayed and shared answers carry nosniff and a sandboxing CSP", async () => {
    for (const [method, target, body] of [
      ["GET", "/api/v5.1/account", undefined],
      ["POST", "/api/v5.1/find-email/person", person],
      ["GET", "/api/nowhere", undefined],
    ] as const) {
      const answer = (await send(method, target, body))!;
      expect([target, answer.headers["x-content-type-options"]]).toEqual([target, "nosniff"]);
      if (answer.status < 400)
        expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    }
  });

  test("a method the operation does not have is 405 with Allow, nothing sent", async () => {
    const from = recorder.seen.length;
    const answer = (await send("HEAD", `/api/v5.1/bulk/${searchId}/download`))!;
    expect([answer.status, answer.headers.allow]).toEqual([405, "GET"]);
    expect(recorder.seen.slice(from)).toEqual([]);
  });

  test("team lookups check the sign-in before reading a body", async () => {
    // The body is announced and never sent: only an answer that does not wait for it comes.
    const unsigned = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${url}/api/v5.1/find-email/person`, {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", "content-length": "50000" },
      });
      request.on("response", (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.write("{");
      setTimeout(() => reject(new Error("the host waited for the body")), 5_000).unref();
    });
    expect(unsigned).toBe(401);
    // Over a lookup's 64 KiB, announced or streamed without a length: the member reads a 413
    // (the connection is not cut under it) and nothing is bought.
    const charged = await ledgerMilli();
    const tooBig = await send("POST", "/api/v5.1/find-email/person", {
      first_name: "x".repeat(100 * 1024),
    });
    expect(tooBig?.status).toBe(413);
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${url}/api/v5.1/find-email/person`, {
        method: "POST",
        agent: false,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
      request.on("response", (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject);
      request.write('{"first_name":"');
      for (let sent = 0; sent < 200 * 1024; sent += 8 * 1024) request.write("y".repeat(8 * 1024));
      request.end('"}');
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ error: "payload_too_large" });
    // A sender that goes on and on after the 413 (a gigabyte announced, sent as fast as the
    // socket takes it) is cut after a megabyte dropped instead of holding the connection.
    const endless = await new Promise<{ sent: number; closed: boolean }>((resolve) => {
      const request = http.request(`${url}/api/v5.1/find-email/person`, {
        method: "POST",
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": String(1024 ** 3),
        },
      });
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, "z");
      const pump = (): void => {
        while (sent < 1024 ** 3 && request.write(chunk)) sent += chunk.length;
      };
      request.on("drain", pump);
      request.on("response", (response) => response.resume());
      request.on("error", () => resolve({ sent, closed: true }));
      request.on("close", () => resolve({ sent, closed: true }));
      pump();
      setTimeout(() => resolve({ sent, closed: false }), 10_000).unref();
    });
    expect(endless.closed).toBe(true);
    expect(endless.sent).toBeLessThan(64 * 1024 * 1024);
    expect(await ledgerMilli()).toBe(charged);
  });
});
