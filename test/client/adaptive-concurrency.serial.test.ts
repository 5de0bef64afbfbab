import { EmailServiceClient } from "../../src/client/client";
import { AnswerCache } from "../../src/client/answer-cache";
import { LookupScheduler } from "../../src/client/scheduler";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";

// Adaptive concurrency over real HTTP: the client finds a service's capacity from
// its answers and its 503 server_busy, within the ceiling of the protocol it detects. Run
// alone (a .serial suite): the limit grows with answer times, which a suite beside it on the
// same two cores stretches (peak 22 instead of 32 seen so). Answers take 300 ms: the limit
// stops growing when answers slow past 1.5 times the fastest, and at 100 ms a busy CI
// machine's own delays of a few tens of milliseconds once stopped it at 29.

interface Run {
  client: EmailServiceClient;
  scheduler: LookupScheduler;
  attempts: () => number;
}

function run(baseUrl: string, apiKey: string, protocol: string | undefined): Run {
  let attempts = 0;
  const client = new EmailServiceClient({
    baseUrl,
    apiKey,
    retry: { retries: 20, baseDelayMs: 20, maxDelayMs: 100 },
    protocol: () => protocol,
    onAttempt: () => attempts++,
  });
  const cache = new AnswerCache({
    store: new KeyValueAnswerStore(new MemoryStore()),
    namespace: "adaptive",
  });
  return { client, scheduler: new LookupScheduler({ client, cache }), attempts: () => attempts };
}

const people = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({
    first_name: `Ada${i}`,
    last_name: tag,
    domain: `adaptive-${tag}-${i}.example`,
  }));

describe("adaptive concurrency against the sandbox", () => {
  let roomy: TestSandbox;
  let small: TestSandbox;

  beforeAll(async () => {
    [roomy, small] = await Promise.all([
      startSandbox({ latencyMs: 300, concurrency: 32 }),
      startSandbox({ latencyMs: 100, concurrency: 4, queueTimeoutMs: 150 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([roomy.close(), small.close()]);
  });

  test("over HTTP/2 the limit grows past six, up to the service's capacity", async () => {
    const account = await roomy.account(10_000);
    const { client, scheduler, attempts } = run(roomy.baseUrl, account.apiKey, "h2");
    const rows = people(400, "wide");
    // Every row twice: de-duplication still holds while the limit moves.
    const results = await Promise.all(
      [...rows, ...rows].map((row) => scheduler.lookup("person", row))
    );
    expect(results).toHaveLength(800);
    expect(attempts()).toBe(400);
    expect(client.transport.protocol).toBe("h2");
    expect(client.transport.limiter.ceiling).toBe(64);
    expect(client.transport.limiter.history.peak).toBeGreaterThanOrEqual(32);
    expect(client.transport.limiter.history.decreases).toBe(0);
  });

  test("over HTTP/1.1 it stays at six", async () => {
    const account = await roomy.account(10_000);
    const { client, scheduler } = run(roomy.baseUrl, account.apiKey, "http/1.1");
    await Promise.all(people(100, "narrow").map((row) => scheduler.lookup("person", row)));
    expect(client.transport.limiter.ceiling).toBe(6);
    expect(client.transport.limiter.history.peak).toBe(6);
  });

  test("503 server_busy halves it; every lookup still answers, none twice", async () => {
    const account = await small.account(10_000);
    const { client, scheduler, attempts } = run(small.baseUrl, account.apiKey, "h2");
    const rows = people(200, "busy");
    const results = await Promise.allSettled(rows.map((row) => scheduler.lookup("person", row)));
    expect(results.filter((r) => r.status === "rejected")).toHaveLength(0);
    const limiter = client.transport.limiter;
    expect(limiter.history.decreases).toBeGreaterThan(0);
    // Retries of 503s only: the service did the work once per lookup.
    expect(attempts()).toBeGreaterThan(200);
    expect(scheduler.stats.dispatched).toBe(200);
    expect(limiter.limit).toBeLessThan(32);
  });

  test("a ceiling set in Settings wins over the protocol; clearing it returns to detection", async () => {
    const account = await roomy.account(10_000);
    const { client, scheduler } = run(roomy.baseUrl, account.apiKey, "h2");
    client.transport.setConcurrencyCeiling(3);
    await Promise.all(people(60, "set").map((row) => scheduler.lookup("person", row)));
    expect(client.transport.limiter.history.peak).toBe(3);
    client.transport.setConcurrencyCeiling(null);
    expect(client.transport.limiter.ceiling).toBe(64);
  });
});
