import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreditsLedger } from "../../src/client/credits";
import { lookupKey } from "../../src/client/lookup-key";
import { NodeFileStore } from "../../src/client/node-file-store";
import { ResultCache, cacheNamespace, type LookupOutcome } from "../../src/client/result-cache";
import {
  MemoryStore,
  OfficeRuntimeStore,
  type OfficeRuntimeStorageLike,
} from "../../src/client/storage";

const ok = (email: string): LookupOutcome => ({
  status: "ok",
  value: { email, email_status: "valid", credits_charged: 1 },
});

/** OfficeRuntime.storage as documented: string values, 10 MB per add-in in all. */
class FakeOfficeRuntimeStorage implements OfficeRuntimeStorageLike {
  readonly items = new Map<string, string>();
  calls = 0;
  writes = 0;
  async getKeys(): Promise<string[]> {
    this.calls++;
    return [...this.items.keys()];
  }
  async getItems(keys: string[]): Promise<Record<string, string | null>> {
    this.calls++;
    return Object.fromEntries(keys.map((k) => [k, this.items.get(k) ?? null]));
  }
  async setItems(items: Record<string, string>): Promise<void> {
    this.calls++;
    this.writes++;
    const next = new Map(this.items);
    for (const [k, v] of Object.entries(items)) next.set(k, v);
    const size = [...next].reduce((n, [k, v]) => n + k.length + v.length, 0) * 2;
    if (size > 10 * 1024 * 1024)
      throw new Error("QuotaExceeded: OfficeRuntime.storage is limited to 10 MB");
    for (const [k, v] of Object.entries(items)) this.items.set(k, v);
  }
  async removeItems(keys: string[]): Promise<void> {
    this.calls++;
    for (const k of keys) this.items.delete(k);
  }
}

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
});

describe("result cache", () => {
  test("writes are batched and reloaded by a new cache over the same store", async () => {
    const fake = new FakeOfficeRuntimeStorage();
    const cache = new ResultCache({
      store: new OfficeRuntimeStore(fake),
      namespace: "ns",
      flushDelayMs: 1000,
    });
    await cache.ready;
    for (let i = 0; i < 100; i++) cache.set(`person|k${i}`, ok(`p${i}@example.com`));
    expect(fake.writes).toBe(0);
    await cache.flush();
    expect(fake.writes).toBe(1);
    expect(fake.items.size).toBe(100);
    const reloaded = new ResultCache({ store: new OfficeRuntimeStore(fake), namespace: "ns" });
    await reloaded.ready;
    expect(reloaded.size).toBe(100);
    expect(reloaded.get("person|k42")?.outcome).toEqual(ok("p42@example.com"));
  });

  test("namespaces do not see each other's entries", async () => {
    const store = new MemoryStore();
    const mine = new ResultCache({ store, namespace: "aaa" });
    mine.set("person|x", ok("x@example.com"));
    await mine.flush();
    const theirs = new ResultCache({ store, namespace: "bbb" });
    await theirs.ready;
    expect(theirs.get("person|x")).toBeUndefined();
  });

  test("the namespace is a digest: neither the key nor the URL can be read from it", async () => {
    const ns = await cacheNamespace("https://api.example.com", "secret-key-123");
    expect(ns).toMatch(/^[0-9a-f]{24}$/);
    expect(await cacheNamespace("https://api.example.com/", "secret-key-123")).toBe(ns);
    expect(await cacheNamespace("https://api.example.com", "other-key")).not.toBe(ns);
    expect(await cacheNamespace("http://localhost:4010", "secret-key-123")).not.toBe(ns);
  });

  test("over its budget the least recently used entries go first", async () => {
    const store = new MemoryStore();
    const cache = new ResultCache({ store, namespace: "ns", maxBytes: 20_000 });
    await cache.ready;
    const key = (i: number): string => `k${String(i).padStart(3, "0")}`; // every entry the same size
    for (let i = 0; i < 10; i++) cache.set(key(i), ok(`${key(i)}@example.com`));
    const perEntry = cache.bytes / 10;
    cache.get(key(0)); // used: now the most recent
    const room = Math.floor(20_000 / perEntry);
    // Two entries more than fit: the two least recently used (k001, k002) must go, not k000.
    for (let i = 10; i < room + 2; i++) cache.set(key(i), ok(`${key(i)}@example.com`));
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.get(key(0))).toBeDefined();
    expect(cache.get(key(1))).toBeUndefined();
    expect(cache.get(key(2))).toBeUndefined();
    expect(cache.get(key(3))).toBeDefined();
    await cache.flush();
    expect([...store.data.keys()].some((k) => k.endsWith(`.${key(1)}`))).toBe(false);
  });

  test("the default budget keeps OfficeRuntime.storage under its 10 MB whatever is looked up", async () => {
    const fake = new FakeOfficeRuntimeStorage();
    const errors: unknown[] = [];
    const cache = new ResultCache({
      store: new OfficeRuntimeStore(fake),
      namespace: "ns",
      onStoreError: (e) => errors.push(e),
    });
    await cache.ready;
    const padding = "x".repeat(2000);
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 1000; i++)
        cache.set(`person|r${round}-${i}`, ok(`${padding}${i}@example.com`));
      await cache.flush();
    }
    expect(errors).toEqual([]);
    const stored = [...fake.items].reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0);
    expect(stored).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(cache.get("person|r5-999")).toBeDefined();
  });

  test("a failed store write loses nothing and does not block later writes", async () => {
    const store = new MemoryStore();
    let failNext = true;
    const flaky = {
      entries: (prefix: string) => store.entries(prefix),
      removeMany: (keys: string[]) => store.removeMany(keys),
      setMany: async (entries: Array<[string, string]>) => {
        if (failNext) {
          failNext = false;
          throw new Error("disk full");
        }
        await store.setMany(entries);
      },
    };
    const errors: unknown[] = [];
    const cache = new ResultCache({
      store: flaky,
      namespace: "ns",
      onStoreError: (e) => errors.push(e),
    });
    cache.set("person|a", ok("a@example.com"));
    await cache.flush();
    expect(errors).toHaveLength(1);
    expect(store.data.size).toBe(0);
    cache.set("person|b", ok("b@example.com"));
    await cache.flush();
    expect([...store.data.keys()].sort()).toEqual([
      "mf.cache.v1.ns.person|a",
      "mf.cache.v1.ns.person|b",
    ]);
  });

  test("a damaged entry in the store is dropped, the rest is kept", async () => {
    const store = new MemoryStore();
    store.data.set(
      "mf.cache.v1.ns.good",
      JSON.stringify({ outcome: ok("g@example.com"), storedAt: 1 })
    );
    store.data.set("mf.cache.v1.ns.bad", "{not json");
    store.data.set("mf.cache.v1.ns.empty", JSON.stringify({}));
    const cache = new ResultCache({ store, namespace: "ns" });
    await cache.ready;
    expect(cache.keys()).toEqual(["good"]);
  });

  test("clear and delete reach the store", async () => {
    const store = new MemoryStore();
    const cache = new ResultCache({ store, namespace: "ns" });
    cache.set("person|a", ok("a@example.com"));
    cache.set("company|b", ok("b@example.com"));
    await cache.flush();
    expect(cache.clear((key) => key.startsWith("person|"))).toBe(1);
    await cache.flush();
    expect([...store.data.keys()]).toEqual(["mf.cache.v1.ns.company|b"]);
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
