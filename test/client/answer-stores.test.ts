import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import fc from "fast-check";
import {
  decodeAnswer,
  encodeAnswer,
  type CachedOutcome,
  type LookupOutcome,
} from "../../src/client/answer-record";
import { openAnswerStore } from "../../src/client/open-answer-store";
import type { AnswerStore } from "../../src/client/answer-store-contract";
import { V1_PREFIX, carryOver, keyOfV1 } from "../../src/client/answer-store-carry-over";
import { ANSWERS_DB, IndexedDbAnswerStore } from "../../src/client/answer-store-indexeddb";
import { ANSWERS_PREFIX, KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { lookupKey } from "../../src/client/lookup-key";
import { AnswerCache } from "../../src/client/answer-cache";
import fs from "node:fs";
import {
  MemoryStore,
  OfficeRuntimeStore,
  type OfficeRuntimeStorageLike,
} from "../../src/client/key-value-store";

// The stores under the kept answers: IndexedDB as the browsers give it
// (fake-indexeddb implements the W3C API in Node), the OfficeRuntime.storage fallback, the
// choice between them, and the answers of the previous version carried over.

const found = (i: number, storedAt = 1_700_000_000_000 + i): CachedOutcome => ({
  storedAt,
  outcome: {
    status: "ok",
    value: {
      email: `ada${i}.lovelace@example.com`,
      email_status: "valid",
      valid_email: `ada${i}.lovelace@example.com`,
      person_full_name: `Ada${i} Lovelace`,
      person_company_name: "Example",
      person_job_title: null,
      mx_host: "mx.example.com",
      mx_domain: "example.com",
      credits_charged: 1,
    },
  },
});

const key = (i: number): string =>
  lookupKey("person", { first_name: `Ada${i}`, last_name: "Lovelace", domain: "example.com" });

const entries = (from: number, to: number): Array<[string, CachedOutcome]> =>
  Array.from({ length: to - from }, (_, n) => [key(from + n), found(from + n)]);

/** A separate "device": its own IndexedDB. */
const device = (): IDBFactory => new IDBFactory();

async function openIdb(factory: IDBFactory, evictFraction?: number): Promise<IndexedDbAnswerStore> {
  return IndexedDbAnswerStore.open({ factory, evictFraction });
}

type StoreRecord = (this: RawStore, ...args: unknown[]) => unknown;
interface RawStore {
  name: string;
  records: { size(): number };
  storeRecord: StoreRecord;
}

/**
 * Puts `refuse` in front of fake-indexeddb's record writes (a request's operation, so that a
 * refusal fails the request and aborts its transaction with the error's name, as a browser
 * does). Returns the function that takes it away.
 */
async function interceptWrites(
  factory: IDBFactory,
  refuse: (store: RawStore) => DOMException | null
): Promise<() => void> {
  const store = await openIdb(factory);
  const db = (store as unknown as { db: IDBDatabase }).db;
  const handle = db.transaction("answers").objectStore("answers") as unknown as {
    _rawObjectStore: RawStore;
  };
  store.close();
  const proto = Object.getPrototypeOf(handle._rawObjectStore) as RawStore;
  const original = proto.storeRecord;
  proto.storeRecord = function (...args) {
    const refusal = refuse(this);
    if (refusal) throw refusal;
    return original.apply(this, args);
  };
  return () => (proto.storeRecord = original);
}

/**
 * The browser's quota, as fake-indexeddb cannot have one: past `records` answers a put is
 * refused and its transaction aborts with QuotaExceededError.
 */
async function withQuota(
  factory: IDBFactory,
  records: number
): Promise<{ lift: () => void; refused: () => number }> {
  let refused = 0;
  const lift = await interceptWrites(factory, (store) => {
    if (store.name !== "answers" || store.records.size() < records) return null;
    refused++;
    return new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });
  return { lift, refused: () => refused };
}

describe("answer records", () => {
  test("the echoed input is dropped and every other field comes back, absent stays absent", () => {
    const withInput = {
      storedAt: 5,
      outcome: {
        status: "ok" as const,
        value: {
          input: { first_name: "Ada", last_name: "Lovelace", domain: "example.com" },
          email: "ada@example.com",
          email_status: "risky",
          credits_charged: 0,
          future_field: { nested: [1, 2] },
        },
      },
    };
    const record = encodeAnswer(key(1), withInput);
    expect(JSON.stringify(record)).not.toContain("input");
    expect(JSON.stringify(record)).not.toContain("email_status");
    expect(decodeAnswer(key(1), record)).toEqual({
      storedAt: 5,
      outcome: {
        status: "ok",
        value: {
          email: "ada@example.com",
          email_status: "risky",
          credits_charged: 0,
          future_field: { nested: [1, 2] },
        },
      },
    });
  });

  test("any answer of any operation round-trips, through JSON as well (generated)", () => {
    const operations = ["person", "company", "decision_maker", "linkedin_url", "verify"] as const;
    const value = fc.dictionary(
      fc.constantFrom(
        "email",
        "email_status",
        "valid_email",
        "emails",
        "mx_host",
        "credits_charged",
        "decision_maker_category",
        "person_full_name",
        "unknown_one",
        "toString",
        "__proto__x"
      ),
      // Answers come from JSON: no NaN, no infinity, no negative zero.
      fc.oneof(
        fc.string(),
        fc.constant(null),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
        fc.array(fc.string())
      )
    );
    const outcome: fc.Arbitrary<LookupOutcome> = fc.oneof(
      value.map((v) => ({ status: "ok" as const, value: v })),
      fc.record({
        status: fc.constantFrom("not_found" as const, "blacklisted" as const),
        code: fc.string(),
        message: fc.string(),
      })
    );
    fc.assert(
      fc.property(fc.constantFrom(...operations), outcome, fc.nat(), (op, o, storedAt) => {
        const k = lookupKey(op, { domain: "example.com" });
        const cached = { outcome: o, storedAt };
        const record = encodeAnswer(k, cached);
        expect(decodeAnswer(k, record)).toEqual(cached);
        expect(decodeAnswer(k, JSON.parse(JSON.stringify(record)))).toEqual(cached);
      }),
      { numRuns: 2000 }
    );
  });

  test("a record this version cannot read is a miss, not an error", () => {
    for (const bad of [null, "x", [], [1], ["t", 0], [1, 1], [1, 3, "only one"], [1, -1, 2, 3]])
      expect(decodeAnswer(key(1), bad)).toBeUndefined();
  });
});

describe("IndexedDB answer store", () => {
  test("batch reads, writes, counts and sizes per namespace", async () => {
    const store = await openIdb(device());
    await store.write("aaa", entries(0, 50));
    await store.write("bbb", entries(0, 10));
    const read = await store.read("aaa", [key(3), key(49), key(77)]);
    expect([...read.found.keys()]).toEqual([key(3), key(49)]);
    expect(read.found.get(key(3))).toEqual(found(3));
    expect(read.evicted.size).toBe(0);
    const usage = await store.usage("aaa");
    expect(usage.count).toBe(50);
    expect(usage.bytes).toBeGreaterThan(50 * 100);
    expect(usage.bytes).toBeLessThan(50 * 300);
    // Writing the same answers again counts them once.
    await store.write("aaa", entries(40, 60));
    expect((await store.usage("aaa")).count).toBe(60);
    expect(await store.clear("aaa")).toBe(60);
    expect((await store.usage("aaa")).count).toBe(0);
    expect((await store.read("aaa", [key(3)])).found.size).toBe(0);
    expect((await store.read("bbb", [key(3)])).found.size).toBe(1);
    expect(await store.usage("never-used")).toEqual({ count: 0, bytes: 0 });
    store.close();
  });

  test("a reopened store reads what an earlier one wrote; nothing is loaded at open", async () => {
    const factory = device();
    const first = await openIdb(factory);
    await first.write("ns", entries(0, 1000));
    first.close();
    const reopened = await openIdb(factory);
    const read = await reopened.read("ns", [key(999), key(0)]);
    expect(read.found.size).toBe(2);
    reopened.close();
  });

  test("a namespace's first answers written while a read or a count looks it up are kept in it", async () => {
    const store = await openIdb(device());
    // Looking up a namespace that does not exist yet: each finds none...
    const reading = store.read("ns", [key(1)]);
    const counting = store.chargedEmails("ns", new Set(["ada1.lovelace@example.com"]));
    // ...and the first write, which comes meanwhile (issue 34 item 8), creates it all the same.
    await store.write("ns", entries(0, 3));
    expect((await reading).found.size).toBe(0);
    expect((await counting).size).toBe(0);
    expect((await store.read("ns", [key(0), key(1), key(2)])).found.size).toBe(3);
    expect([...(await store.chargedEmails("ns", new Set(["ada1.lovelace@example.com"])))]).toEqual([
      "ada1.lovelace@example.com",
    ]);
    expect((await store.usage("ns")).count).toBe(3);
    store.close();
  });

  test("two runtimes writing at once lose nothing and keep the counts exact", async () => {
    const factory = device();
    const [a, b] = await Promise.all([openIdb(factory), openIdb(factory)]);
    // Both allocate the same new namespace at once, then write overlapping batches.
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => a.write("ns", entries(i * 50, i * 50 + 60))),
      ...Array.from({ length: 20 }, (_, i) => b.write("ns", entries(i * 50 + 25, i * 50 + 75))),
      a.write("other", entries(0, 5)),
      b.write("third", entries(0, 7)),
    ]);
    const expected = 19 * 50 + 75;
    expect((await a.usage("ns")).count).toBe(expected);
    expect((await b.usage("ns")).count).toBe(expected);
    const all = Array.from({ length: expected }, (_, i) => key(i));
    expect((await b.read("ns", all)).found.size).toBe(expected);
    expect((await a.usage("other")).count).toBe(5);
    expect((await a.usage("third")).count).toBe(7);
    // And two result caches over them, as two open workbooks would have.
    const cacheA = new AnswerCache({ store: a, namespace: "cells" });
    const cacheB = new AnswerCache({ store: b, namespace: "cells" });
    for (let i = 0; i < 300; i++) (i % 2 ? cacheA : cacheB).set(key(i), found(i).outcome);
    await Promise.all([cacheA.flush(), cacheB.flush()]);
    expect((await cacheA.usage()).count).toBe(300);
    a.close();
    b.close();
  });

  test("at the quota the oldest answers go first, noted, and a second cache counts them asked again", async () => {
    const factory = device();
    const quota = await withQuota(factory, 100);
    try {
      const store = await openIdb(factory, 0.2);
      // 100 answers fill the quota, the oldest first (storedAt grows with i).
      for (let i = 0; i < 100; i += 10) await store.write("ns", entries(i, i + 10));
      await store.write("ns", [[key(500), found(500, Date.now())]]);
      expect(quota.refused()).toBeGreaterThan(0);
      expect(store.evictedCount).toBe(20);
      const usage = await store.usage("ns");
      expect(usage.count).toBe(81);
      const read = await store.read("ns", [key(0), key(19), key(20), key(99), key(500)]);
      expect([...read.found.keys()]).toEqual([key(20), key(99), key(500)]);
      expect([...read.evicted]).toEqual([key(0), key(19)]);

      // The cells of a reopened workbook: the dropped answers are asked again and counted.
      const cache = new AnswerCache({ store, namespace: "ns" });
      expect(await cache.get(key(0))).toBeUndefined();
      expect(await cache.get(key(20))).toBeDefined();
      expect(cache.set(key(0), found(0).outcome)).toBe(true);
      expect(cache.set(key(21), found(21).outcome)).toBe(false);
      await cache.flush();
      // Kept again, and no longer noted as dropped.
      const again = await store.read("ns", [key(0), key(1)]);
      expect(again.found.has(key(0))).toBe(true);
      expect(again.evicted.has(key(0))).toBe(false);
      expect(again.evicted.has(key(1))).toBe(true);
      store.close();
    } finally {
      quota.lift();
    }
  });

  test("a write that cannot fit even after eviction fails and the cache keeps it to retry", async () => {
    const factory = device();
    const quota = await withQuota(factory, 0);
    try {
      const store = await openIdb(factory);
      const errors: unknown[] = [];
      const cache = new AnswerCache({
        store,
        namespace: "ns",
        onStoreError: (e) => errors.push(e),
      });
      cache.set(key(1), found(1).outcome);
      await cache.flush();
      expect(errors).toHaveLength(1);
      expect((errors[0] as DOMException).name).toBe("QuotaExceededError");
      quota.lift();
      cache.set(key(2), found(2).outcome);
      await cache.flush();
      expect((await store.usage("ns")).count).toBe(2);
      store.close();
    } finally {
      quota.lift();
    }
  });
});

describe("how old the kept answers are", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = 1_800_000_000_000;
  /** Answers bought `days` ago, numbered from `from`. */
  const aged = (from: number, count: number, days: number): Array<[string, CachedOutcome]> =>
    Array.from({ length: count }, (_, i) => [key(from + i), found(from + i, now - days * DAY)]);

  test.each([
    ["IndexedDB", async () => openIdb(device())],
    ["the OfficeRuntime.storage fallback", async () => new KeyValueAnswerStore(new MemoryStore())],
  ] as const)("%s counts under 30, 30 to 90 and over 90 days, per namespace", async (_, open) => {
    const store = await open();
    await store.write("aaa", [...aged(0, 5, 1), ...aged(5, 3, 29.9), ...aged(8, 4, 30)]);
    await store.write("aaa", [...aged(12, 2, 90), ...aged(14, 6, 90.5), ...aged(20, 1, 400)]);
    await store.write("bbb", aged(0, 7, 200));
    expect(await store.ages("aaa", now)).toEqual({ under30: 8, from30to90: 6, over90: 7 });
    expect(await store.ages("bbb", now)).toEqual({ under30: 0, from30to90: 0, over90: 7 });
    expect(await store.ages("never-used", now)).toEqual({ under30: 0, from30to90: 0, over90: 0 });
  });
});

describe("the OfficeRuntime.storage fallback", () => {
  test("under its budget the oldest answers go first, across namespaces, and are reported", async () => {
    const kv = new MemoryStore();
    const store = new KeyValueAnswerStore(kv, { maxBytes: 40_000 });
    for (let i = 0; i < 200; i += 20)
      await store.write(i < 100 ? "aaa" : "bbb", entries(i, i + 20));
    const bytes = [...kv.data].reduce((n, [k, v]) => n + 2 * (k.length + v.length), 0);
    expect(bytes).toBeLessThanOrEqual(40_000);
    const a = await store.read("aaa", [key(0), key(99)]);
    expect(a.found.has(key(0))).toBe(false);
    expect(a.evicted.has(key(0))).toBe(true);
    const b = await store.read("bbb", [key(199)]);
    expect(b.found.has(key(199))).toBe(true);
    const usage = (await store.usage("aaa")).bytes + (await store.usage("bbb")).bytes;
    expect(usage).toBe(bytes);
  });

  test('OfficeRuntime.storage\'s own refusal (office.js on the web: Error("Unknown error.")) makes room and retries once', async () => {
    // Microsoft's own OfficeRuntime.storage (office.js for the web), over a localStorage that
    // refuses to grow past a quota as browsers do.
    const local = new QuotaLocalStorage(0);
    const runtimeStorage = officeJsRuntimeStorage(local);
    const store = new KeyValueAnswerStore(new OfficeRuntimeStore(runtimeStorage), {
      maxBytes: 1_000_000,
    });
    await store.write("ns", entries(0, 100));
    // The browser's quota is reached: the next batch does not fit.
    local.quota = local.bytes() + 1_000;
    const refusal = await runtimeStorage.setItems({ probe: "x".repeat(2_000) }).catch((e) => e);
    expect(refusal).toEqual(new Error("Unknown error."));
    await store.write("ns", entries(100, 110));
    expect((await store.read("ns", [key(105)])).found.size).toBe(1);
    expect((await store.usage("ns")).count).toBeLessThan(110);
  });
});

/** A localStorage whose writes throw QuotaExceededError past `quota` bytes (UTF-16). */
class QuotaLocalStorage {
  private readonly items = new Map<string, string>();
  constructor(public quota: number) {}
  bytes(): number {
    let n = 0;
    for (const [k, v] of this.items) n += 2 * (k.length + v.length);
    return n;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: unknown): void {
    const text = String(value);
    const old = this.items.get(key);
    const next =
      this.bytes() -
      (old === undefined ? 0 : 2 * (key.length + old.length)) +
      2 * (key.length + text.length);
    if (this.quota > 0 && next > this.quota)
      throw new DOMException("Setting the value exceeded the quota.", "QuotaExceededError");
    this.items.set(key, text);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
}

/**
 * OfficeRuntime.storage as office.js for the web implements it: its module, taken verbatim from
 * @microsoft/office-js's excel-web-16.00.debug.js, run over the given localStorage.
 */
function officeJsRuntimeStorage(local: QuotaLocalStorage): OfficeRuntimeStorageLike {
  const source = fs.readFileSync(
    require.resolve("@microsoft/office-js/dist/excel-web-16.00.debug.js"),
    "utf8"
  );
  const start = source.indexOf('var prefix = "_OfficeRuntime_Storage_";');
  const end = source.indexOf("}, function(module, exports, __webpack_require__) {", start);
  if (start < 0 || end < 0)
    throw new Error("office.js's OfficeRuntime.storage module was not found");
  const exports: { storage?: OfficeRuntimeStorageLike } = {};
  const localStorage = new Proxy(local, {
    get: (target, name) => (name in target ? Reflect.get(target, name, target) : undefined),
    ownKeys: (target) => target.keys(),
    getOwnPropertyDescriptor: (target, name) =>
      typeof name === "string" && target.keys().includes(name)
        ? { configurable: true, enumerable: true, value: target.getItem(name) }
        : undefined,
  });
  new Function("exports", "window", source.slice(start, end))(exports, { localStorage });
  return exports.storage!;
}

describe("opening the store: IndexedDB, else the fallback and why", () => {
  test("IndexedDB when it opens and takes writes", async () => {
    const storage = await openAnswerStore({ indexedDB: device(), kv: new MemoryStore() });
    expect(storage.store.kind).toBe("indexeddb");
    expect(storage.fallbackReason).toBeNull();
  });

  test("the fallback, with the reason, where IndexedDB is missing, fails to open or refuses writes", async () => {
    const missing = await openAnswerStore({ indexedDB: null, kv: new MemoryStore() });
    expect(missing.store.kind).toBe("runtime-storage");
    expect(missing.fallbackReason).toMatch(/not available/);

    const broken = device();
    broken.open = () => {
      throw new DOMException("A mutation operation was attempted.", "InvalidStateError");
    };
    const failed = await openAnswerStore({ indexedDB: broken, kv: new MemoryStore() });
    expect(failed.store.kind).toBe("runtime-storage");
    expect(failed.fallbackReason).toMatch(/InvalidStateError/);

    // Private browsing in some engines: the database opens, every write fails.
    const readOnly = device();
    const lift = await interceptWrites(
      readOnly,
      () => new DOMException("Writes are not allowed.", "UnknownError")
    );
    try {
      const refused = await openAnswerStore({ indexedDB: readOnly, kv: new MemoryStore() });
      expect(refused.store.kind).toBe("runtime-storage");
      expect(refused.fallbackReason).toMatch(/UnknownError/);
    } finally {
      lift();
    }
  });

  /**
   * A device where an older version holds a database open and ignores versionchange: every
   * open (an upgrade of "held") waits for it for ever.
   */
  async function heldByOlderVersion(): Promise<{ hanging: IDBFactory; holder: IDBDatabase }> {
    const hanging = device();
    const holder = await new Promise<IDBDatabase>((resolve) => {
      const request = hanging.open("held", 1);
      request.onsuccess = () => resolve(request.result);
    });
    const open = hanging.open.bind(hanging);
    hanging.open = () => open("held", 2);
    return { hanging, holder };
  }

  test("an open that never finishes (blocked by another version) falls back after the timeout", async () => {
    const { hanging, holder } = await heldByOlderVersion();
    const storage = await openAnswerStore({
      indexedDB: hanging,
      kv: new MemoryStore(),
      openTimeoutMs: 50,
    });
    expect(storage.store.kind).toBe("runtime-storage");
    expect(storage.fallbackReason).toMatch(/did not open/);
    holder.close();
  });

  test("an open blocked by an older version's connection falls back after the short grace, not the long timeout", async () => {
    const { hanging, holder } = await heldByOlderVersion();
    const started = Date.now();
    const storage = await openAnswerStore({
      indexedDB: hanging,
      kv: new MemoryStore(),
      openTimeoutMs: 20_000,
      blockedGraceMs: 50,
    });
    expect(storage.store.kind).toBe("runtime-storage");
    expect(Date.now() - started).toBeLessThan(10_000);
    holder.close();
  });

  test("an open blocked by a connection that closes in time goes on (the upgrade is not refused)", async () => {
    const factory = device();
    const older = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open(ANSWERS_DB, 1);
      request.onsuccess = () => resolve(request.result);
    });
    older.onversionchange = () => setTimeout(() => older.close(), 20);
    const store = await IndexedDbAnswerStore.open({ factory, blockedGraceMs: 2_000 });
    await store.write("aaa", entries(0, 2));
    expect((await store.usage("aaa")).count).toBe(2);
  });
});

describe("answers of the previous version are carried over, once", () => {
  // Entries as version 0.1 wrote them into OfficeRuntime.storage (keys captured from its code).
  const V1: Array<[string, string, string]> = [
    [
      'person|domain="example.com"&first_name="ada"&last_name="lovelace"',
      "person",
      JSON.stringify({
        first_name: "Ada",
        last_name: "Lovelace",
        domain: "https://www.Example.com/about",
      }),
    ],
    [
      'person|company_name="navy=ships&co"&full_name="grace \\"amazing\\" hopper & co"',
      "person",
      JSON.stringify({ full_name: 'Grace "Amazing" Hopper & Co', company_name: "Navy=Ships&Co" }),
    ],
    [
      'decision_maker|decision_maker_category=["ceo","it"]&domain="acme.io"',
      "decision_maker",
      JSON.stringify({ domain: "acme.io", decision_maker_category: ["CEO", "it"] }),
    ],
    [
      'linkedin_url|linkedin_url="linkedin.com/in/ada-l"',
      "linkedin_url",
      JSON.stringify({ linkedin_url: "https://www.linkedin.com/in/Ada-L/?trk=x" }),
    ],
    ['verify|email="ada@example.com"', "verify", JSON.stringify({ email: " Ada@Example.COM " })],
    [
      'company|domain="acme.io"&email_type="generic"',
      "company",
      JSON.stringify({ domain: "acme.io", email_type: "generic" }),
    ],
    [
      'employees|country_code="fr"&domain="acme.io"&preferred_title="head of sales"',
      "employees",
      JSON.stringify({ domain: "acme.io", preferred_title: "Head of Sales", country_code: "FR" }),
    ],
    [
      'person|domain="x.org"&first_name="zoë"&last_name="sep\\u001farator"',
      "person",
      JSON.stringify({ first_name: "Zoë", last_name: "Sep\u001fArator", domain: "x.org" }),
    ],
  ];

  test("every key of version 1 becomes the key the same cell asks for today", () => {
    for (const [old, operation, body] of V1)
      expect(keyOfV1(old)).toBe(lookupKey(operation as "person", JSON.parse(body)));
    for (const bad of [
      "",
      "person",
      "nope|x=1",
      'person|domain="a',
      'person|domain="a"x',
      "person|=1",
    ])
      expect(keyOfV1(bad)).toBeNull();
  });

  async function oldEntries(kv: MemoryStore, namespaces: string[], count: number): Promise<void> {
    for (const ns of namespaces) {
      V1.forEach(([old], i) =>
        kv.data.set(
          `${V1_PREFIX}${ns}.${old}`,
          JSON.stringify({ outcome: found(i).outcome, storedAt: i })
        )
      );
      for (let i = 0; i < count; i++) {
        const old = `person|domain="example.com"&first_name="ada${i}"&last_name="lovelace"`;
        kv.data.set(`${V1_PREFIX}${ns}.${old}`, JSON.stringify(found(i)));
      }
    }
    kv.data.set(`${V1_PREFIX}${namespaces[0]}.broken|`, "{not json");
    kv.data.set("settings.apiKey", "kept-as-is");
  }

  test("into IndexedDB: written, readable by today's keys, removed from OfficeRuntime.storage", async () => {
    const kv = new MemoryStore();
    await oldEntries(kv, ["aaa", "bbb"], 500);
    const factory = device();
    const storage = await openAnswerStore({ indexedDB: factory, kv });
    expect(storage.carried).toBe(2 * (500 + V1.length));
    expect([...kv.data.keys()]).toEqual(["settings.apiKey"]);
    const cache = new AnswerCache({ store: storage.store, namespace: "bbb" });
    for (const [, operation, body] of V1)
      expect(await cache.get(lookupKey(operation as "person", JSON.parse(body)))).toBeDefined();
    expect((await cache.get(key(499)))?.outcome).toEqual(found(499).outcome);
    expect((await storage.store.usage("aaa")).count).toBe(500 + V1.length);
    // Once: the next start finds nothing left to carry.
    const again = await openAnswerStore({ indexedDB: factory, kv });
    expect(again.carried).toBe(0);
    expect((await again.store.usage("aaa")).count).toBe(500 + V1.length);
  });

  test("into the fallback when IndexedDB cannot be used, then into IndexedDB when it can", async () => {
    const kv = new MemoryStore();
    await oldEntries(kv, ["aaa"], 300);
    const fallback = await openAnswerStore({ indexedDB: null, kv });
    expect(fallback.carried).toBe(300 + V1.length);
    expect([...kv.data.keys()].filter((k) => k.startsWith(V1_PREFIX))).toEqual([]);
    expect([...kv.data.keys()].filter((k) => k.startsWith(ANSWERS_PREFIX))).toHaveLength(
      300 + V1.length
    );
    expect((await fallback.store.read("aaa", [key(7)])).found.size).toBe(1);

    const later = await openAnswerStore({ indexedDB: device(), kv });
    expect(later.store.kind).toBe("indexeddb");
    expect(later.carried).toBe(300 + V1.length);
    expect([...kv.data.keys()]).toEqual(["settings.apiKey"]);
    expect((await later.store.read("aaa", [key(7)])).found.size).toBe(1);
  });

  test("a carry-over interrupted half way loses nothing and finishes at the next start", async () => {
    const kv = new MemoryStore();
    await oldEntries(kv, ["aaa"], 1000);
    const target = await openIdb(device());
    let writes = 0;
    const failing: AnswerStore = {
      kind: "indexeddb",
      read: (ns, keys) => target.read(ns, keys),
      clear: (ns) => target.clear(ns),
      usage: (ns) => target.usage(ns),
      ages: (ns, now) => target.ages(ns, now),
      shelf: (ns) => target.shelf(ns),
      shelves: () => target.shelves(),
      write: async (ns, batch) => {
        if (++writes === 3) throw new Error("the runtime went away");
        await target.write(ns, batch);
      },
    };
    await expect(carryOver(kv, failing)).rejects.toThrow("went away");
    const left = [...kv.data.keys()].filter((k) => k.startsWith(V1_PREFIX)).length;
    expect(left).toBeGreaterThan(0);
    expect((await target.usage("aaa")).count + left).toBeGreaterThanOrEqual(1000 + V1.length);
    await carryOver(kv, target);
    expect((await target.usage("aaa")).count).toBe(1000 + V1.length);
    expect([...kv.data.keys()]).toEqual(["settings.apiKey"]);
  });
});

describe("the shelf of a namespace: kept with its answers, made anew when they are cleared", () => {
  const stores: Array<[string, () => { open: () => Promise<AnswerStore>; forget: () => void }]> = [
    [
      "IndexedDB",
      () => {
        let factory = device();
        return { open: () => openIdb(factory), forget: () => (factory = device()) };
      },
    ],
    [
      "the OfficeRuntime.storage fallback",
      () => {
        let kv = new MemoryStore();
        return {
          open: async () => new KeyValueAnswerStore(kv),
          forget: () => (kv = new MemoryStore()),
        };
      },
    ],
  ];

  test.each(stores)("%s", async (_name, make) => {
    const browser = make();
    const first = await browser.open();
    const shelf = await first.shelf("aaa");
    expect(shelf).toMatch(/^[0-9a-f]{18}$/);
    // The same for every runtime (workbook) over the store, asked at once or later, and after
    // answers are written; each namespace its own.
    const second = await browser.open();
    const [a, b] = await Promise.all([first.shelf("aaa"), second.shelf("aaa")]);
    expect([a, b]).toEqual([shelf, shelf]);
    await first.write("aaa", entries(0, 20));
    expect(await (await browser.open()).shelf("aaa")).toBe(shelf);
    const other = await first.shelf("bbb");
    expect(other).not.toBe(shelf);

    // Cleared: a new shelf, the other namespace's kept.
    expect(await first.clear("aaa")).toBe(20);
    const renewed = await first.shelf("aaa");
    expect(renewed).not.toBe(shelf);
    expect(await (await browser.open()).shelf("aaa")).toBe(renewed);
    expect(await first.shelf("bbb")).toBe(other);

    // The browser forgot the store: a new shelf.
    browser.forget();
    expect(await (await browser.open()).shelf("aaa")).not.toBe(renewed);
  });

  test("IndexedDB: a namespace kept by an earlier version (no shelf yet) is given one, once", async () => {
    const factory = device();
    const store = await openIdb(factory);
    await store.write("aaa", entries(0, 3));
    // As version 2 of the database wrote it before shelves: the record without one.
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open("mail-finder-answers");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = raw.transaction("namespaces", "readwrite");
      const namespaces = tx.objectStore("namespaces");
      const get = namespaces.get("aaa");
      get.onsuccess = () => {
        const old = { ...(get.result as { shelf?: string }) };
        delete old.shelf;
        namespaces.put(old, "aaa");
      };
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    raw.close();
    const later = await openIdb(factory);
    const given = await later.shelf("aaa");
    expect(await (await openIdb(factory)).shelf("aaa")).toBe(given);
    expect((await later.usage("aaa")).count).toBe(3);
    expect((await later.read("aaa", [key(1)])).found.size).toBe(1);
  });
});
