import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { EmailServiceClient, type ClientOptions } from "../../src/client/client";
import { ApiError } from "../../src/client/errors";
import { validateBaseUrl } from "../../src/client/transport";
import { call, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { NO_FAULTS } from "../../src/sandbox/services/faults";

const FAST_RETRY = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

describe("client errors and transport", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, any>>;
  let attempts: number;

  const client = (apiKey: string, options: Partial<ClientOptions> = {}): EmailServiceClient =>
    new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey,
      retry: FAST_RETRY,
      onAttempt: () => attempts++,
      ...options,
    });
  const faults = (settings: object) => call(sandbox.baseUrl, "POST", "/sandbox/faults", settings);

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = await sandbox.examples();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    attempts = 0;
    await faults(NO_FAULTS);
  });

  test("400 keeps the code, message and, for v5.0, the field; not retried", async () => {
    const { apiKey } = await sandbox.account(10);
    const v51 = await rejection(client(apiKey).cellLookup("person", { domain: "example.com" }));
    expect(v51).toMatchObject({ kind: "bad_request", status: 400, code: "bad_request" });
    expect(v51.message).toMatch(/full_name/);
    const v50 = await rejection(
      client(apiKey).cellLookup("employees", { domain: "example.com", preferred_title: "" })
    );
    expect(v50).toMatchObject({ kind: "bad_request", status: 400, field: "preferred_title" });
    expect(attempts).toBe(2);
  });

  test("401 for a wrong key in both generations, and the key never appears in the error", async () => {
    const wrongKey = "sbx_not-a-real-key-1234567890";
    const v51 = await rejection(client(wrongKey).account());
    expect(v51).toMatchObject({ kind: "unauthorized", status: 401, code: "unauthorized" });
    const v50 = await rejection(client(wrongKey).legacy.account());
    expect(v50).toMatchObject({ kind: "unauthorized", status: 401, code: "not_authorized" });
    for (const error of [v51, v50])
      expect(`${error.message} ${error.stack}`).not.toContain(wrongKey);
    expect(attempts).toBe(2);
  });

  test("a missing key fails before any request is sent", async () => {
    const error = await rejection(client("   ").account());
    expect(error).toMatchObject({ kind: "unauthorized", code: "missing_api_key" });
    const fromSource = await rejection(client("", { apiKey: async () => null }).account());
    expect(fromSource.code).toBe("missing_api_key");
    expect(attempts).toBe(0);
  });

  test("402 when credits are short; nothing retried", async () => {
    const { apiKey } = await sandbox.account(0);
    const error = await rejection(client(apiKey).cellLookup("person", examples.person!.valid));
    expect(error).toMatchObject({
      kind: "out_of_credits",
      status: 402,
      code: "upgrade_needed",
      attempts: 1,
    });
  });

  test("404 and 451 of the legacy generation", async () => {
    const { apiKey } = await sandbox.account(10);
    const notFound = await rejection(
      client(apiKey).legacy.person(examples.legacy_person!.not_found)
    );
    expect(notFound).toMatchObject({ kind: "not_found", status: 404, code: "no_result" });
    const banned = await rejection(client(apiKey).legacy.person(examples.person!.blacklisted));
    expect(banned).toMatchObject({ kind: "blacklisted", status: 451, code: "blacklisted" });
    const unknownSearch = await rejection(client(apiKey).bulk.get("blk_does_not_exist"));
    expect(unknownSearch).toMatchObject({ kind: "not_found", status: 404 });
  });

  test("503 is retried with backoff until it passes", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ burst503: 2 });
    const result = await client(apiKey).cellLookup("person", examples.person!.valid);
    expect(result.email_status).toBe("valid");
    expect(attempts).toBe(3);
  });

  test("503 past the retry bound becomes a busy error naming the attempts", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ burst503: 10 });
    const error = await rejection(client(apiKey).cellLookup("person", examples.person!.valid));
    expect(error).toMatchObject({
      kind: "busy",
      status: 503,
      code: "server_busy",
      attempts: FAST_RETRY.retries + 1,
    });
  });

  test("a 503 is retried even for operations that are never resent otherwise", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ burst503: 1 });
    const info = await client(apiKey).reportBadEmail({
      email: "someone@example.com",
      additional_info: "bounced",
    });
    expect(info.input.email).toBe("someone@example.com");
    expect(attempts).toBe(2);
  });

  test("other 5xx are not retried", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ rate500: 1 });
    const error = await rejection(client(apiKey).account());
    expect(error).toMatchObject({ kind: "server", status: 500, attempts: 1 });
  });

  test("a dropped connection is retried for a lookup, and the repeat is not charged twice", async () => {
    const account = await sandbox.account(10);
    await faults({ dropRate: 1, dropAfterWork: true });
    const patient = client(account.apiKey, {
      retry: { retries: 5, baseDelayMs: 200, maxDelayMs: 400 },
    });
    const pending = patient.cellLookup("person", examples.person!.valid);
    // Let the first attempt be processed (and charged) and dropped, then heal the network
    // before the retry (which waits at least baseDelayMs / 4).
    await new Promise((resolve) => setTimeout(resolve, 30));
    await faults({ dropRate: 0 });
    const result = await pending;
    expect(result.email_status).toBe("valid");
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(result.credits_charged).toBe(0);
    expect(await account.credits()).toBe(9);
  });

  test("a dropped connection is not resent for an operation that creates something", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ dropRate: 1, dropAfterWork: true });
    const error = await rejection(
      client(apiKey).reportBadEmail({ email: "a@example.com", additional_info: "x" })
    );
    expect(error.kind).toBe("network");
    expect(attempts).toBe(1);
  });

  test("a malformed JSON answer is retried for reads, then reported as malformed", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ malformedRate: 1 });
    const error = await rejection(client(apiKey).account());
    expect(error).toMatchObject({
      kind: "malformed",
      code: "malformed_response",
      attempts: FAST_RETRY.retries + 1,
    });
  });

  test("an answer slower than the client timeout is a timeout error, not resent", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ slowRate: 1, slowMs: 1500 });
    const error = await rejection(
      client(apiKey, { timeoutMs: 200, allowShortTimeout: true }).account()
    );
    expect(error).toMatchObject({ kind: "timeout", code: "timeout", attempts: 1 });
  });

  test("the timeout cannot be set under 60 s outside tests (docs/interface.md, Limits)", () => {
    expect(
      () => new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: "k", timeoutMs: 5_000 })
    ).toThrow(/at least 60/);
    expect(
      () => new EmailServiceClient({ baseUrl: sandbox.baseUrl, apiKey: "k", timeoutMs: 60_000 })
    ).not.toThrow();
  });

  test("connection refused is a network error after the retries", async () => {
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await rejection(client("key", { baseUrl: `http://127.0.0.1:${port}` }).account());
    expect(error).toMatchObject({
      kind: "network",
      code: "network_error",
      attempts: FAST_RETRY.retries + 1,
    });
  });

  test("a cancelled call stops, even during backoff", async () => {
    const { apiKey } = await sandbox.account(10);
    await faults({ burst503: 50 });
    const controller = new AbortController();
    const slowRetry = client(apiKey, {
      retry: { retries: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    const pending = slowRetry.cellLookup("person", examples.person!.valid, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    expect(error.kind).toBe("cancelled");
  });

  test("base URLs: https anywhere, http only on loopback, relay paths allowed", () => {
    expect(validateBaseUrl("https://api.example.com/")).toBe("https://api.example.com");
    expect(validateBaseUrl("http://localhost:4010")).toBe("http://localhost:4010");
    expect(validateBaseUrl("http://127.0.0.1:4010")).toBe("http://127.0.0.1:4010");
    expect(validateBaseUrl("/api")).toBe("/api");
    for (const bad of [
      "http://api.example.com",
      "http://10.0.0.5",
      "ftp://x.example",
      "not a url",
      "https://u:p@x.example",
      "https://x.example/?q=1",
    ]) {
      expect(() => validateBaseUrl(bad)).toThrow(ApiError);
    }
    expect(
      () => new EmailServiceClient({ baseUrl: "http://api.example.com", apiKey: "k" })
    ).toThrow(/https/);
  });
});
