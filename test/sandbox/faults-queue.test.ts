import {
  call,
  startSandbox,
  type TestAccount,
  type TestResponse,
  type TestSandbox,
} from "../helpers/sandbox";
import { NO_FAULTS } from "../../src/sandbox/services/faults";

// Fault injection and the internal queue (docs/interface.md, Errors and Limits: 503 server_busy
// under load, retry after a few seconds; a request may wait in a queue).

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

function expectBusy(response: TestResponse, legacy = false): void {
  expect(response.status).toBe(503);
  if (legacy) {
    expect(Object.keys(response.body).sort()).toEqual(["error", "error_explained", "success"]);
    expect(response.body).toMatchObject({ success: false, error: "server_busy" });
    expect(typeof response.body.error_explained).toBe("string");
  } else {
    expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
    expect(response.body.error).toBe("server_busy");
    expect(typeof response.body.message).toBe("string");
  }
}

describe("a burst of 503 at start (faults option)", () => {
  let sandbox: TestSandbox;
  let examples: Examples;

  beforeAll(async () => {
    sandbox = await startSandbox({ faults: { burst503: 2 } });
    examples = (await sandbox.examples()) as Examples;
  });
  afterAll(() => sandbox.close());

  test("the first two API requests answer 503 server_busy, uncharged, in the shape of their generation", async () => {
    // /sandbox and /status are not API requests: they do not use up the burst.
    const account = await sandbox.account(10);
    expect((await call(sandbox.baseUrl, "GET", "/status")).status).toBe(200);
    expectBusy(await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!));
    expectBusy(
      await account.request("POST", "/v5.0/search/person.json", examples.legacy_person!.valid!),
      true
    );
    const after = await account.request("GET", "/v5.1/account");
    expect(after.status).toBe(200);
    expect(after.body.credits_left).toBe(10);
    const normal = await account.request(
      "POST",
      "/v5.1/find-email/person",
      examples.person!.valid!
    );
    expect(normal.status).toBe(200);
    expect(normal.body.credits_charged).toBe(1);
    expect((await call(sandbox.baseUrl, "GET", "/sandbox/faults")).body.burst503).toBe(0);
  });
});

describe("faults changed at runtime through /sandbox/faults", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  let account: TestAccount;

  const setFaults = async (changes: object): Promise<TestResponse> =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", changes);

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as Examples;
    account = await sandbox.account(100);
  });
  afterEach(async () => {
    expect((await setFaults(NO_FAULTS)).status).toBe(200);
  });
  afterAll(() => sandbox.close());

  test("GET answers the settings; POST merges changes and answers the result", async () => {
    expect((await call(sandbox.baseUrl, "GET", "/sandbox/faults")).body).toEqual(NO_FAULTS);
    const changed = await setFaults({ slowRate: 0.5, slowMs: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...NO_FAULTS, slowRate: 0.5, slowMs: 10 });
    expect((await call(sandbox.baseUrl, "GET", "/sandbox/faults")).body).toEqual(changed.body);
  });

  test("rate500: 1 -> 500 internal_error in both generations, nothing charged", async () => {
    await setFaults({ rate500: 1 });
    const v51 = await account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
    expect(v51.status).toBe(500);
    expect(v51.body).toEqual({ error: "internal_error", message: expect.any(String) });
    const v50 = await account.request(
      "POST",
      "/v5.0/validate.json",
      examples.legacy_validate!.valid!
    );
    expect(v50.status).toBe(500);
    expect(v50.body).toEqual({
      success: false,
      error: "internal_error",
      error_explained: expect.any(String),
    });
    await setFaults({ rate500: 0 });
    expect(await account.credits()).toBe(100);
  });

  test("rate503: 1 -> 503 server_busy, nothing charged", async () => {
    await setFaults({ rate503: 1 });
    expectBusy(
      await account.request(
        "POST",
        "/v5.1/find-email/decision-maker",
        examples.decision_maker!.valid!
      )
    );
    expectBusy(await account.request("GET", "/v5.0/meta/account.json"), true);
    await setFaults({ rate503: 0 });
    expect(await account.credits()).toBe(100);
  });

  test("down: true -> /status 503 {healthy:false} and the API 503; back up afterwards", async () => {
    await setFaults({ down: true });
    const status = await call(sandbox.baseUrl, "GET", "/status");
    expect(status.status).toBe(503);
    expect(status.body).toEqual({ healthy: false });
    expectBusy(await account.request("GET", "/v5.1/account"));
    await setFaults({ down: false });
    const up = await call(sandbox.baseUrl, "GET", "/status");
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ healthy: true });
    expect((await account.request("GET", "/v5.1/account")).status).toBe(200);
  });

  test("malformedRate: 1 -> the body is not parseable JSON", async () => {
    await setFaults({ malformedRate: 1 });
    const response = await account.request("GET", "/v5.1/account");
    expect(response.text.length).toBeGreaterThan(0);
    expect(() => JSON.parse(response.text)).toThrow();
    expect(response.body).toBeUndefined();
    // /status and /sandbox are left alone.
    expect((await call(sandbox.baseUrl, "GET", "/status")).body).toEqual({ healthy: true });
  });

  test("dropRate: 1 -> the connection closes without an answer", async () => {
    await setFaults({ dropRate: 1 });
    await expect(
      fetch(`${sandbox.baseUrl}/v5.1/account`, {
        headers: { authorization: `Bearer ${account.apiKey}` },
      })
    ).rejects.toThrow();
    await setFaults({ dropRate: 1, dropAfterWork: false });
    await expect(
      fetch(`${sandbox.baseUrl}/v5.1/account`, {
        headers: { authorization: `Bearer ${account.apiKey}` },
      })
    ).rejects.toThrow();
    await setFaults({ dropRate: 0 });
    expect((await account.request("GET", "/v5.1/account")).status).toBe(200);
  });

  test("dropping before the work charges nothing", async () => {
    await setFaults({ dropRate: 1, dropAfterWork: false });
    const request = fetch(`${sandbox.baseUrl}/v5.1/find-email/person`, {
      method: "POST",
      headers: { authorization: `Bearer ${account.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(examples.person!.valid!),
    });
    await expect(request).rejects.toThrow();
    await setFaults({ dropRate: 0 });
    expect(await account.credits()).toBe(100);
  });

  test("slowRate: 1 with slowMs delays the answer", async () => {
    const SLOW_MS = 300;
    await setFaults({ slowRate: 1, slowMs: SLOW_MS });
    const started = Date.now();
    const response = await account.request("GET", "/v5.1/account");
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 5);
  });

  test("a seed makes the 503s a sequence: set again, the same requests meet the same faults", async () => {
    const statuses = async (): Promise<number[]> => {
      const seen: number[] = [];
      for (let i = 0; i < 16; i++)
        seen.push((await account.request("GET", "/v5.1/account")).status);
      return seen;
    };
    await setFaults({ rate503: 0.5, seed: 7 });
    const first = await statuses();
    expect(new Set(first)).toEqual(new Set([200, 503]));
    expect((await setFaults({ seed: 7 })).body.seed).toBe(7);
    expect(await statuses()).toEqual(first);
    await setFaults({ seed: 8 });
    expect(await statuses()).not.toEqual(first);
    // null: at random again (the default).
    expect((await setFaults({ seed: null })).body.seed).toBeNull();
  });

  test.each<[string, unknown]>([
    ["a fractional seed", { seed: 1.5 }],
    ["a negative seed", { seed: -1 }],
    ["a rate above 1", { rate503: 2 }],
    ["a negative rate", { rate500: -0.1 }],
    ["a rate as a string", { slowRate: "1" }],
    ["a fractional burst", { burst503: 1.5 }],
    ["a negative burst", { burst503: -1 }],
    ["slowMs as a string", { slowMs: "300" }],
    ["down as a string", { down: "yes" }],
    ["an unknown knob", { rate_503: 1 }],
    ["an array", [1]],
    ["malformed JSON", '{"rate503": '],
  ])("a bad /sandbox/faults body is a 400 and changes nothing: %s", async (_name, body) => {
    await setFaults({ slowMs: 7 });
    const before = (await call(sandbox.baseUrl, "GET", "/sandbox/faults")).body;
    const response = await call(sandbox.baseUrl, "POST", "/sandbox/faults", body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("bad_request");
    expect((await call(sandbox.baseUrl, "GET", "/sandbox/faults")).body).toEqual(before);
  });
});

describe("the internal queue", () => {
  const LATENCY_MS = 200;

  describe("with a short queue timeout", () => {
    let sandbox: TestSandbox;
    let examples: Examples;

    beforeAll(async () => {
      sandbox = await startSandbox({ concurrency: 1, latencyMs: LATENCY_MS, queueTimeoutMs: 100 });
      examples = (await sandbox.examples()) as Examples;
    });
    afterAll(() => sandbox.close());

    test("lookups that wait too long answer 503 server_busy and are not charged", async () => {
      const account = await sandbox.account(10);
      const first = account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
      // The first lookup holds the only slot for LATENCY_MS; these two arrive while it works.
      await new Promise((resolve) => setTimeout(resolve, 40));
      const others = await Promise.all([
        account.request("POST", "/v5.1/find-email/decision-maker", examples.decision_maker!.valid!),
        account.request("POST", "/v5.1/find-email/company", examples.company!.valid!),
      ]);
      const firstResponse = await first;
      expect(firstResponse.status).toBe(200);
      expect(firstResponse.body.credits_charged).toBe(1);
      const busy = others.filter((r) => r.status === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const response of busy) expectBusy(response);
      // Only what was answered 200 was charged.
      const charged = others
        .filter((r) => r.status === 200)
        .reduce((sum, r) => sum + (r.body.credits_charged as number), 1);
      expect(await account.credits()).toBe(10 - charged);
    });

    test("legacy lookups wait in the same queue and answer 503 in their own shape", async () => {
      const account = await sandbox.account(10);
      const first = account.request(
        "POST",
        "/v5.0/search/person.json",
        examples.legacy_person!.valid!
      );
      await new Promise((resolve) => setTimeout(resolve, 40));
      const second = await account.request(
        "POST",
        "/v5.0/validate.json",
        examples.legacy_validate!.valid!
      );
      expect((await first).status).toBe(200);
      expectBusy(second, true);
      expect(await account.credits()).toBe(9);
    });

    test("non-lookup requests do not wait for a slot", async () => {
      const account = await sandbox.account(10);
      const first = account.request("POST", "/v5.1/find-email/person", examples.person!.valid!);
      await new Promise((resolve) => setTimeout(resolve, 40));
      // Queued behind the lookup, it would time out with 503.
      const balance = await account.request("GET", "/v5.1/account");
      expect(balance.status).toBe(200);
      expect((await first).status).toBe(200);
    });
  });

  describe("with a generous queue timeout", () => {
    let sandbox: TestSandbox;
    let examples: Examples;

    beforeAll(async () => {
      sandbox = await startSandbox({
        concurrency: 1,
        latencyMs: LATENCY_MS,
        queueTimeoutMs: 10_000,
      });
      examples = (await sandbox.examples()) as Examples;
    });
    afterAll(() => sandbox.close());

    test("simultaneous lookups all succeed, served one at a time", async () => {
      const account = await sandbox.account(10);
      const started = Date.now();
      const responses = await Promise.all([
        account.request("POST", "/v5.1/find-email/person", examples.person!.valid!),
        account.request("POST", "/v5.1/find-email/company", examples.company!.valid!),
        account.request("POST", "/v5.1/find-email/linkedin-url", examples.linkedin_url!.valid!),
      ]);
      const elapsed = Date.now() - started;
      for (const response of responses) {
        expect(response.status).toBe(200);
        expect(response.body.email_status).toBe("valid");
      }
      // One at a time: three latencies end to end (a lower bound only; timers may round down by a ms).
      expect(elapsed).toBeGreaterThanOrEqual(3 * LATENCY_MS - 10);
      expect(await account.credits()).toBe(7);
    });
  });
});
