import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmailServiceClient } from "../../src/client/client";
import { ApiError } from "../../src/client/errors";
import type { AnswerStore } from "../../src/client/answer-store-contract";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { NodeFileStore } from "../../src/client/node-file-store";
import { AnswerCache, cacheNamespace } from "../../src/client/answer-cache";
import { lookupKey } from "../../src/client/lookup-key";
import { LookupScheduler } from "../../src/client/scheduler";
import { SpendingGuard } from "../../src/client/spending";
import { MemoryStore } from "../../src/client/key-value-store";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";

interface Harness {
  scheduler: LookupScheduler;
  client: EmailServiceClient;
  cache: AnswerCache;
  sent: string[];
}

describe("lookup scheduler and persistent cache, against the sandbox", () => {
  let sandbox: TestSandbox;
  let examples: Record<string, Record<string, any>>;
  let account: TestAccount;
  let directory: string;

  async function harness(
    options: { store?: AnswerStore; maxConcurrent?: number; apiKey?: string } = {}
  ): Promise<Harness> {
    const sent: string[] = [];
    const apiKey = options.apiKey ?? account.apiKey;
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey,
      maxConcurrent: options.maxConcurrent ?? 6,
      retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 },
      onAttempt: (attempt) => sent.push(attempt.path),
    });
    const cache = new AnswerCache({
      store: options.store ?? new KeyValueAnswerStore(new MemoryStore()),
      namespace: await cacheNamespace(sandbox.baseUrl, apiKey),
      flushDelayMs: 5,
    });
    return { scheduler: new LookupScheduler({ client, cache }), client, cache, sent };
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ latencyMs: 30 });
    examples = await sandbox.examples();
    directory = mkdtempSync(join(tmpdir(), "mf-cache-"));
  });
  beforeEach(async () => {
    account = await sandbox.account(100);
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test("N identical cells cost one request, written in any case or URL form", async () => {
    const { scheduler, sent } = await harness();
    const valid = examples.person!.valid;
    const variants = [
      valid,
      { ...valid, first_name: `  ${valid.first_name.toUpperCase()} ` },
      { ...valid, domain: `https://www.${valid.domain.toUpperCase()}/about` },
    ];
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => scheduler.lookup("person", variants[i % 3]!))
    );
    expect(sent).toHaveLength(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("ok");
      if (outcome.status === "ok") expect(outcome.value.email_status).toBe("valid");
    }
    expect(scheduler.stats).toMatchObject({ calls: 30, dispatched: 1, joined: 29 });
    expect(await account.credits()).toBe(99);
  });

  test("a call made while the same lookup is in flight joins it", async () => {
    const { scheduler, sent } = await harness();
    const first = scheduler.lookup("verify", examples.verify!.valid);
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first is on the wire now
    const second = scheduler.lookup("verify", {
      email: examples.verify!.valid.email.toUpperCase(),
    });
    const [a, b] = await Promise.all([first, second]);
    expect(a).toEqual(b);
    expect(sent).toHaveLength(1);
  });

  test("distinct lookups go out with bounded concurrency and all answer", async () => {
    const { scheduler, client, sent } = await harness({ maxConcurrent: 3 });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, client.transport.limiter.inUse)), 2);
    const cells = Array.from({ length: 24 }, (_, i) => ({
      domain: `bounded-${i}.example.com`,
      first_name: "Ann",
      last_name: `Lee${i}`,
    }));
    const outcomes = await Promise.all(cells.map((cell) => scheduler.lookup("person", cell)));
    clearInterval(timer);
    expect(outcomes).toHaveLength(24);
    expect(sent).toHaveLength(24);
    expect(peak).toBeLessThanOrEqual(3);
    expect(peak).toBeGreaterThan(0);
  });

  test("cancelling one cell leaves the others their answer", async () => {
    const { scheduler, sent } = await harness();
    const controller = new AbortController();
    const cancelled = scheduler.lookup("person", examples.person!.risky, {
      signal: controller.signal,
    });
    const kept = scheduler.lookup("person", examples.person!.risky);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: "cancelled" });
    const outcome = await kept;
    expect(outcome.status).toBe("ok");
    expect(sent).toHaveLength(1);
  });

  test("a lookup whose only cell is cancelled before it is sent is never sent", async () => {
    const { scheduler, sent } = await harness({ maxConcurrent: 1 });
    const blocker = scheduler.lookup("person", examples.person!.not_found); // free, holds the connection
    const controller = new AbortController();
    const doomed = scheduler.lookup("person", examples.person!.valid, {
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 5)); // collected, waiting for the one connection
    controller.abort();
    await expect(doomed).rejects.toMatchObject({ kind: "cancelled" });
    await blocker;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(["/v5.1/find-email/person"]);
    expect(scheduler.stats.withdrawn).toBe(1);
    expect(await account.credits()).toBe(100);
  });

  test("a lookup whose cells are cancelled after it was sent finishes and is cached, not re-bought", async () => {
    const { scheduler, cache, sent } = await harness();
    const controller = new AbortController();
    const cell = scheduler.lookup("person", examples.person!.valid, { signal: controller.signal });
    // Cancelled once it is on the wire (the sandbox answers after 30 ms), however busy the machine.
    await eventually(
      async () => (sent.length === 1 ? true : undefined),
      10_000,
      "the request sent"
    );
    controller.abort();
    await expect(cell).rejects.toMatchObject({ kind: "cancelled" });
    await eventually(
      async () => ((await cache.usage()).count === 1 ? true : undefined),
      10_000,
      "the answer cached"
    );
    const again = await scheduler.lookup("person", examples.person!.valid);
    expect(again.status).toBe("ok");
    expect(sent).toHaveLength(1);
  });

  test("no cell is left pending when the request fails: every waiter gets the typed error", async () => {
    const { scheduler } = await harness({ apiKey: "wrong-key-for-this-test" });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => scheduler.lookup("person", examples.person!.valid))
    );
    for (const result of results) {
      expect(result.status).toBe("rejected");
      if (result.status === "rejected")
        expect(result.reason).toMatchObject({ kind: "unauthorized" });
    }
    expect(scheduler.backlog).toBe(0);
  });

  test("failures are not cached: the next call asks again", async () => {
    const { scheduler, sent, cache } = await harness();
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { burst503: 3 });
    await expect(scheduler.lookup("person", examples.person!.valid)).rejects.toBeInstanceOf(
      ApiError
    );
    expect((await cache.usage()).count).toBe(0);
    const outcome = await scheduler.lookup("person", examples.person!.valid);
    expect(outcome.status).toBe("ok");
    expect(sent.length).toBe(4);
  });

  test("404 no_result is a not_found outcome, kept like any answer", async () => {
    const { scheduler, sent } = await harness();
    const body = { ...examples.legacy_employees!.not_found };
    const first = await scheduler.lookup("employees", body);
    const second = await scheduler.lookup("employees", body);
    expect(first).toMatchObject({ status: "not_found", code: "no_result" });
    expect(second).toEqual(first);
    expect(sent).toHaveLength(1);
  });

  test("a cached answer is served without any request, also by a fresh client over the same store", async () => {
    const file = join(directory, "persist.json");
    const first = await harness({ store: new KeyValueAnswerStore(new NodeFileStore(file)) });
    const cells = [
      examples.person!.valid,
      examples.person!.risky,
      examples.person!.not_found,
      examples.person!.blacklisted,
    ];
    const answers = await Promise.all(cells.map((cell) => first.scheduler.lookup("person", cell)));
    await first.cache.flush();
    expect(first.sent).toHaveLength(4);

    const reopened = await harness({ store: new KeyValueAnswerStore(new NodeFileStore(file)) });
    const again = await Promise.all(cells.map((cell) => reopened.scheduler.lookup("person", cell)));
    expect(again).toEqual(answers);
    expect(reopened.sent).toHaveLength(0);
    expect(reopened.scheduler.stats.cacheHits).toBe(4);
  });

  test("refresh asks again explicitly; clear forgets; neither charges a repeat within 30 days", async () => {
    const { scheduler, cache, sent } = await harness();
    await scheduler.lookup("decision_maker", examples.decision_maker!.valid);
    const refreshed = await scheduler.lookup("decision_maker", examples.decision_maker!.valid, {
      refresh: true,
    });
    expect(sent).toHaveLength(2);
    expect(refreshed.status === "ok" && refreshed.value.credits_charged).toBe(0);
    expect(await cache.clear()).toBe(1);
    await scheduler.lookup("decision_maker", examples.decision_maker!.valid);
    expect(sent).toHaveLength(3);
    expect(await account.credits()).toBe(98);
  });

  test("another account or service does not see the answers", async () => {
    const kv = new MemoryStore();
    const store = new KeyValueAnswerStore(kv);
    const mine = await harness({ store });
    await mine.scheduler.lookup("company", examples.company!.valid);
    await mine.cache.flush();
    const other = await sandbox.account(10);
    const theirs = await harness({ store, apiKey: other.apiKey });
    await theirs.scheduler.lookup("company", examples.company!.valid);
    expect(theirs.sent).toHaveLength(1);
    for (const key of kv.data.keys()) expect(key).not.toContain(account.apiKey);
  });

  test("one question for a fill-down whose kept answers are read in several chunks", async () => {
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 },
    });
    const store = new KeyValueAnswerStore(new MemoryStore());
    const cache = new AnswerCache({ store, namespace: "chunks" });
    const questions: number[] = [];
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    // 20 answers kept before, 80 new; the store is read 7 keys at a time (15 reads).
    const company = (i: number) => ({ domain: `chunk-${i}.example` });
    const kept = { status: "ok" as const, value: { email_status: "valid" } };
    for (let i = 0; i < 100; i += 5) cache.set(lookupKey("company", company(i)), kept);
    await cache.flush();
    // Each read takes a few milliseconds, as IndexedDB's do.
    const slow = Object.assign(Object.create(store) as KeyValueAnswerStore, {
      read: async (namespace: string, keys: string[]) => {
        await new Promise((resolve) => setTimeout(resolve, 3));
        return store.read(namespace, keys);
      },
    });
    const reopened = new AnswerCache({ store: slow, namespace: "chunks", readChunk: 7 });
    const scheduler2 = new LookupScheduler({
      client,
      cache: reopened,
      guard,
      // The user answers at once: what arrives later would make a question of its own.
      ask: async (question) => {
        questions.push(question.count);
        queueMicrotask(() => scheduler2.answer(true));
        return true;
      },
    });
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) => scheduler2.lookup("company", company(i)))
    );
    expect(reopened.stats.reads).toBe(15);
    expect(questions).toEqual([80]);
    expect(scheduler2.stats.cacheHits).toBe(20);
    expect(outcomes.every((o) => o.status === "ok")).toBe(true);
  });

  test("answers dropped for lack of room are asked again and counted as such", async () => {
    // Room for about 60 answers: the 100 of the first run cannot all stay.
    const store = new KeyValueAnswerStore(new MemoryStore(), { maxBytes: 30_000 });
    const first = await harness({ store });
    const cells = Array.from({ length: 100 }, (_, i) => ({
      first_name: `Room${i}`,
      last_name: "Lovelace",
      domain: `room-${i}.example`,
    }));
    await Promise.all(cells.map((cell) => first.scheduler.lookup("person", cell)));
    await first.cache.flush();
    expect(first.scheduler.counts.reasked).toBe(0);
    // Later, with nothing held in memory: the oldest answers were dropped and are asked again.
    const later = await harness({ store });
    await Promise.all(cells.map((cell) => later.scheduler.lookup("person", cell)));
    expect(later.sent.length).toBeGreaterThan(0);
    expect(later.sent.length).toBeLessThan(100);
    expect(later.scheduler.counts.reasked).toBe(later.sent.length);
  });

  test("the credits ledger follows every charge", async () => {
    const { scheduler, client } = await harness();
    await client.account();
    expect(client.credits.snapshot.creditsLeft).toBe(100);
    await scheduler.lookup("person", examples.person!.valid);
    await scheduler.lookup("decision_maker", examples.decision_maker!.valid);
    await scheduler.lookup("verify", examples.verify!.valid);
    await scheduler.lookup("verify", examples.verify!.invalid);
    expect(client.credits.snapshot).toMatchObject({
      creditsLeft: 96.8,
      sessionSpend: 3.2,
      chargedRequests: 3,
    });
    expect(await account.credits()).toBe(96.8);
  });
});
