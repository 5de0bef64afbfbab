import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { AnswerRead, AnswerStore } from "../../src/client/answer-store-contract";
import { CreditsLedger } from "../../src/client/credits";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { lookupKey, type LookupOperation } from "../../src/client/lookup-key";
import { NodeFileStore } from "../../src/client/node-file-store";
import {
  AnswerCache,
  cacheNamespace,
  type CachePeers,
  type LookupOutcome,
} from "../../src/client/answer-cache";
import { MemoryStore } from "../../src/client/key-value-store";

const ok = (email: string): LookupOutcome => ({
  status: "ok",
  value: { email, email_status: "valid", credits_charged: 1 },
});

/** A store in memory that counts its reads and the keys they carried. */
class CountingStore implements AnswerStore {
  readonly kind = "memory";
  readonly inner = new KeyValueAnswerStore(new MemoryStore(), { kind: "memory" });
  readonly reads: string[][] = [];
  writes = 0;
  failWrites = 0;
  read(namespace: string, keys: string[]): Promise<AnswerRead> {
    this.reads.push(keys);
    return this.inner.read(namespace, keys);
  }
  async write(namespace: string, entries: Parameters<AnswerStore["write"]>[1]): Promise<void> {
    this.writes++;
    if (this.failWrites > 0) {
      this.failWrites--;
      throw new Error("disk full");
    }
    await this.inner.write(namespace, entries);
  }
  clear(namespace: string): Promise<number> {
    return this.inner.clear(namespace);
  }
  usage(namespace: string): ReturnType<AnswerStore["usage"]> {
    return this.inner.usage(namespace);
  }
  ages(namespace: string, now: number): ReturnType<AnswerStore["ages"]> {
    return this.inner.ages(namespace, now);
  }
  shelf(namespace: string): Promise<string> {
    return this.inner.shelf(namespace);
  }
  shelves(): Promise<Set<string>> {
    return this.inner.shelves();
  }
}

const person = (i: number): string =>
  lookupKey("person", { first_name: `Ada${i}`, last_name: "Lovelace", domain: "example.com" });

describe("lookup keys", () => {
  test("equal searches written differently have one key; different searches do not", () => {
    const a = lookupKey("person", {
      first_name: "Ada",
      last_name: "Lovelace",
      domain: "example.com",
    });
    expect(
      lookupKey("person", {
        domain: "https://WWW.Example.com/about",
        last_name: " lovelace ",
        first_name: "ADA",
      })
    ).toBe(a);
    expect(
      lookupKey("person", { first_name: "Ada", last_name: "Lovelace", domain: "example.org" })
    ).not.toBe(a);
    expect(
      lookupKey("company", { first_name: "Ada", last_name: "Lovelace", domain: "example.com" })
    ).not.toBe(a);
    expect(
      lookupKey("person", {
        first_name: "Ada",
        last_name: "Lovelace",
        domain: "example.com",
        company_name: "",
      })
    ).toBe(a);
    expect(lookupKey("verify", { email: " Ada@Example.COM " })).toBe(
      lookupKey("verify", { email: "ada@example.com" })
    );
    expect(
      lookupKey("linkedin_url", { linkedin_url: "https://www.linkedin.com/in/Ada-L/?trk=x" })
    ).toBe(lookupKey("linkedin_url", { linkedin_url: "linkedin.com/in/ada-l" }));
    // Categories are in order of importance: another order is another search.
    expect(
      lookupKey("decision_maker", { domain: "x.com", decision_maker_category: ["ceo", "it"] })
    ).not.toBe(
      lookupKey("decision_maker", { domain: "x.com", decision_maker_category: ["it", "ceo"] })
    );
  });

  test("keys are short: a person lookup's key is its values and four letters", () => {
    const key = lookupKey("person", {
      first_name: "Ada",
      last_name: "Lovelace",
      domain: "example.com",
    });
    expect(key).toBe("p\u001fdexample.com\u001ffada\u001fllovelace");
  });

  test("different searches never share a key, whatever their text (generated)", () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom("\u001f", '"', "[", ",", "a,b", 'x"y', "\u001fd", "[1]", "")
    );
    const body = fc.record(
      {
        first_name: value,
        last_name: value,
        full_name: value,
        company_name: value,
        domain: value,
        decision_maker_category: fc.array(value, { maxLength: 3 }),
        extra_field: value,
      },
      { requiredKeys: [] }
    );
    const operation = fc.constantFrom<LookupOperation>("person", "decision_maker", "company");
    fc.assert(
      fc.property(operation, body, operation, body, (opA, a, opB, b) => {
        const same = lookupKey(opA, a) === lookupKey(opB, b);
        // Equal keys only for the same operation and the same fields once normalized.
        if (same) expect(normalizedView(opA, a)).toEqual(normalizedView(opB, b));
      }),
      { numRuns: 3000 }
    );
  });
});

/** What the key must distinguish: the operation and each field's normalized value. */
function normalizedView(operation: string, body: Record<string, unknown>): unknown {
  const view: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    // One field at a time through the key function itself: its encoding is what is tested.
    const alone = lookupKey(operation as LookupOperation, { [field]: value });
    if (alone.length > 1) view[field] = alone;
  }
  return { operation, view };
}

describe("result cache", () => {
  test("the keys asked for in one turn are read in one batch, each key once", async () => {
    const store = new CountingStore();
    const cache = new AnswerCache({ store, namespace: "ns" });
    const answers = await Promise.all([0, 1, 2, 1, 0, 3].map((i) => cache.get(person(i))));
    expect(answers).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
    expect(store.reads).toEqual([[person(0), person(1), person(2), person(3)]]);

    // Large turns are read in chunks, still one read per chunk.
    const chunked = new AnswerCache({ store, namespace: "ns", readChunk: 100 });
    store.reads.length = 0;
    await Promise.all(Array.from({ length: 250 }, (_, i) => chunked.get(person(i))));
    expect(store.reads.map((keys) => keys.length)).toEqual([100, 100, 50]);
    expect(chunked.stats).toEqual({ reads: 3, keysRead: 250 });
  });

  test("nothing is read at start; answers are read on demand and then held in memory", async () => {
    const store = new CountingStore();
    const writer = new AnswerCache({ store, namespace: "ns" });
    for (let i = 0; i < 5; i++) writer.set(person(i), ok(`a${i}@example.com`));
    await writer.flush();

    const reopened = new AnswerCache({ store, namespace: "ns" });
    store.reads.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.reads).toEqual([]);
    expect((await reopened.get(person(3)))?.outcome).toEqual(ok("a3@example.com"));
    expect(reopened.peek(person(3))?.outcome).toEqual(ok("a3@example.com"));
    expect(await reopened.get(person(3))).toBeDefined();
    expect(store.reads).toEqual([[person(3)]]);
  });

  test("memory holds at most `memoryEntries` answers, the most recently used", async () => {
    const store = new CountingStore();
    const cache = new AnswerCache({ store, namespace: "ns", memoryEntries: 100 });
    for (let i = 0; i < 1000; i++) cache.set(person(i), ok(`a${i}@example.com`));
    await cache.flush();
    expect(cache.memorySize).toBe(100);
    expect(cache.peek(person(999))).toBeDefined();
    expect(cache.peek(person(0))).toBeUndefined();

    const reopened = new AnswerCache({ store, namespace: "ns", memoryEntries: 100 });
    for (let round = 0; round < 3; round++)
      await Promise.all(Array.from({ length: 1000 }, (_, i) => reopened.get(person(i))));
    expect(reopened.memorySize).toBe(100);
    // Every answer is still kept: memory is a window, the store holds them all.
    expect((await reopened.usage()).count).toBe(1000);
    reopened.peek(person(950)); // used: now the most recent
    await Promise.all(Array.from({ length: 99 }, (_, i) => reopened.get(person(i))));
    expect(reopened.peek(person(950))).toBeDefined();
    expect(reopened.peek(person(951))).toBeUndefined();
  });

  test("writes are batched behind; whenStored settles once they are in the store", async () => {
    const store = new CountingStore();
    const cache = new AnswerCache({ store, namespace: "ns", flushDelayMs: 1000 });
    for (let i = 0; i < 100; i++) cache.set(person(i), ok(`a${i}@example.com`));
    expect(store.writes).toBe(0);
    const stored = cache.whenStored();
    await cache.flush();
    await stored;
    expect(store.writes).toBe(1);
    expect((await store.usage("ns")).count).toBe(100);
  });

  test("an answer set while its read is under way is not overwritten by the read", async () => {
    const store = new CountingStore();
    const cache = new AnswerCache({ store, namespace: "ns" });
    const reading = cache.get(person(1));
    cache.set(person(1), ok("new@example.com"));
    expect((await reading)?.outcome).toEqual(ok("new@example.com"));
  });

  test("a failed store write loses nothing and does not block later writes", async () => {
    const store = new CountingStore();
    store.failWrites = 1;
    const errors: unknown[] = [];
    const cache = new AnswerCache({ store, namespace: "ns", onStoreError: (e) => errors.push(e) });
    cache.set(person(1), ok("a@example.com"));
    await cache.flush();
    expect(errors).toHaveLength(1);
    expect((await store.usage("ns")).count).toBe(0);
    expect(cache.peek(person(1))).toBeDefined();
    cache.set(person(2), ok("b@example.com"));
    await cache.flush();
    expect((await store.usage("ns")).count).toBe(2);
  });

  test("a failed read is a miss, reported, and the next read tries again", async () => {
    const store = new CountingStore();
    const errors: unknown[] = [];
    const cache = new AnswerCache({ store, namespace: "ns", onStoreError: (e) => errors.push(e) });
    await store.write("ns", [[person(1), { outcome: ok("a@example.com"), storedAt: 1 }]]);
    const read = store.read.bind(store);
    store.read = async () => {
      throw new Error("broken");
    };
    expect(await cache.get(person(1))).toBeUndefined();
    expect(errors).toHaveLength(1);
    store.read = read;
    expect((await cache.get(person(1)))?.outcome).toEqual(ok("a@example.com"));
  });

  test("namespaces do not see each other's answers; clear removes only its own", async () => {
    const store = new CountingStore();
    const mine = new AnswerCache({ store, namespace: "aaa" });
    const theirs = new AnswerCache({ store, namespace: "bbb" });
    mine.set(person(1), ok("mine@example.com"));
    theirs.set(person(2), ok("theirs@example.com"));
    await Promise.all([mine.flush(), theirs.flush()]);
    const reopenedTheirs = new AnswerCache({ store, namespace: "bbb" });
    expect(await reopenedTheirs.get(person(1))).toBeUndefined();
    expect(await reopenedTheirs.get(person(2))).toBeDefined();
    expect(await mine.clear()).toBe(1);
    expect(await mine.get(person(1))).toBeUndefined();
    expect((await theirs.usage()).count).toBe(1);
  });

  test("clear tells the other runtimes, which forget what they held in memory", async () => {
    const store = new CountingStore();
    const listeners: Array<(namespace: string) => void> = [];
    const peers = (): CachePeers => ({
      announceCleared: (namespace) => listeners.forEach((listener) => listener(namespace)),
      onCleared: (listener) => listeners.push(listener),
    });
    const first = new AnswerCache({ store, namespace: "ns", peers: peers() });
    const second = new AnswerCache({ store, namespace: "ns", peers: peers() });
    first.set(person(1), ok("a@example.com"));
    await first.flush();
    expect(await second.get(person(1))).toBeDefined();
    await first.clear();
    expect(second.peek(person(1))).toBeUndefined();
    expect(await second.get(person(1))).toBeUndefined();
  });

  test("the namespace is a digest: neither the key nor the URL can be read from it", async () => {
    const ns = await cacheNamespace("https://api.example.com", "secret-key-123");
    expect(ns).toMatch(/^[0-9a-f]{24}$/);
    expect(await cacheNamespace("https://api.example.com/", "secret-key-123")).toBe(ns);
    expect(await cacheNamespace("https://api.example.com", "other-key")).not.toBe(ns);
    expect(await cacheNamespace("http://localhost:4010", "secret-key-123")).not.toBe(ns);
  });

  test("a Node file store survives a new process and never leaves half a file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mf-store-"));
    try {
      const file = join(dir, "cache.json");
      const store = new NodeFileStore(file);
      await store.setMany([
        ["a", "1"],
        ["b", "2"],
      ]);
      await store.removeMany(["a"]);
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ b: "2" });
      expect(await new NodeFileStore(file).entries("")).toEqual([["b", "2"]]);
      expect(await new NodeFileStore(file).getMany(["b", "a"])).toEqual(["2", null]);
      writeFileSync(file, "{broken");
      expect(await new NodeFileStore(file).entries("")).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("credits ledger", () => {
  test("fractions add up exactly and listeners hear every change", () => {
    const ledger = new CreditsLedger();
    const seen: number[] = [];
    ledger.subscribe((s) => seen.push(s.sessionSpend));
    ledger.setBalance(10);
    for (let i = 0; i < 7; i++) ledger.recordCharge(0.2);
    ledger.recordCharge(0);
    ledger.recordCharge(Number.NaN);
    expect(ledger.snapshot).toEqual({ creditsLeft: 8.6, sessionSpend: 1.4, chargedRequests: 7 });
    expect(seen).toHaveLength(9);
  });
});

describe("credits ledger, spend known from the balance", () => {
  test("recordSpent adds to the session spend without moving the balance twice", () => {
    const ledger = new CreditsLedger();
    ledger.setBalance(100);
    ledger.recordSpent(7.5);
    ledger.setBalance(92.5);
    ledger.recordSpent(0);
    ledger.recordSpent(-3);
    expect(ledger.snapshot).toEqual({ creditsLeft: 92.5, sessionSpend: 7.5, chargedRequests: 1 });
  });
});
