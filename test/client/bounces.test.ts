import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import type { CachedOutcome } from "../../src/client/answer-record";
import type { AnswerStore } from "../../src/client/answer-store-contract";
import { BOUNCED_ON, bouncedOn, emailOfAnswer } from "../../src/client/bounces";
import { EmailServiceClient } from "../../src/client/client";
import { IndexedDbAnswerStore } from "../../src/client/answer-store-indexeddb";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { lookupKey } from "../../src/client/lookup-key";
import { AnswerCache, cacheNamespace } from "../../src/client/answer-cache";
import { LookupScheduler } from "../../src/client/scheduler";
import { MemoryStore } from "../../src/client/key-value-store";
import { answerCells } from "../../src/lists/enrich-outputs";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";

// Bounces pay back: addresses reported bounced are marked per namespace, durably;
// the kept answers that show them say so, and no recalculation buys them again.

const DAY = 86_400_000;
const T0 = 1_780_000_000_000;

const person = (i: number, charged = 1): [string, CachedOutcome] => [
  lookupKey("person", { first_name: `Ada${i}`, last_name: "Lovelace", domain: "example.com" }),
  {
    storedAt: T0,
    outcome: {
      status: "ok",
      value: {
        email: `Ada${i}.Lovelace@Example.com`,
        email_status: charged > 0 ? "valid" : "risky",
        credits_charged: charged,
      },
    },
  },
];

const verify = (email: string, charged = 0.2): [string, CachedOutcome] => [
  lookupKey("verify", { email }),
  {
    storedAt: T0,
    outcome: {
      status: "ok",
      value: { email_status: charged > 0 ? "valid" : "invalid", credits_charged: charged },
    },
  },
];

const notFound: [string, CachedOutcome] = [
  lookupKey("person", { first_name: "Nobody", last_name: "Here", domain: "example.com" }),
  { storedAt: T0, outcome: { status: "not_found", code: "not_found", message: "Not found." } },
];

const STORES: Array<[string, () => Promise<{ open: () => Promise<AnswerStore> }>]> = [
  [
    "IndexedDB",
    async () => {
      const factory = new IDBFactory();
      return { open: () => IndexedDbAnswerStore.open({ factory }) };
    },
  ],
  [
    "OfficeRuntime.storage fallback",
    async () => {
      const kv = new MemoryStore();
      return { open: async () => new KeyValueAnswerStore(kv) };
    },
  ],
];

describe("the address a kept answer shows", () => {
  test("the email found, or the address verified (from the key); none for a list", () => {
    const [pk, pc] = person(1);
    expect(emailOfAnswer(pk, pc.outcome)).toBe("ada1.lovelace@example.com");
    const [key, cached] = verify(" Bob@Example.COM ");
    expect(emailOfAnswer(key, cached.outcome)).toBe("bob@example.com");
    expect(emailOfAnswer(notFound[0], notFound[1].outcome)).toBeUndefined();
    const company = lookupKey("company", { domain: "example.com" });
    expect(
      emailOfAnswer(company, { status: "ok", value: { emails: ["a@example.com"] } })
    ).toBeUndefined();
  });
});

describe.each(STORES)("bounce marks in the %s store", (_name, device) => {
  test("kept per namespace, across a reopen; clearing the answers keeps them", async () => {
    const { open } = await device();
    const store = await open();
    await store.markBounced!("ns1", [
      ["a@example.com", T0],
      ["b@example.com", T0 + DAY],
    ]);
    await store.markBounced!("ns2", [["c@example.com", T0]]);
    const again = await open();
    expect(await again.bouncedMarks!("ns1")).toEqual(
      new Map([
        ["a@example.com", T0],
        ["b@example.com", T0 + DAY],
      ])
    );
    expect(await again.bouncedMarks!("ns2")).toEqual(new Map([["c@example.com", T0]]));
    expect(await again.bouncedMarks!("ns3")).toEqual(new Map());
    await again.clear("ns1");
    expect((await again.bouncedMarks!("ns1")).size).toBe(2);
  });

  test("the addresses bought through the add-in: charged answers only, of this namespace", async () => {
    const { open } = await device();
    const store = await open();
    await store.write("ns1", [
      person(1),
      person(2, 0),
      verify("v1@example.com"),
      verify("v2@example.com", 0),
      notFound,
    ]);
    await store.write("ns2", [person(3)]);
    const asked = new Set([
      "ada1.lovelace@example.com",
      "ada2.lovelace@example.com",
      "ada3.lovelace@example.com",
      "v1@example.com",
      "v2@example.com",
      "never@example.com",
    ]);
    expect([...(await store.chargedEmails!("ns1", asked))].sort()).toEqual([
      "ada1.lovelace@example.com",
      "v1@example.com",
    ]);
    expect([...(await store.chargedEmails!("ns2", asked))]).toEqual(["ada3.lovelace@example.com"]);
    expect((await store.chargedEmails!("nsX", asked)).size).toBe(0);
  });
});

describe("the result cache shows marked answers as bounced", () => {
  test("kept answers read after a reload carry the day of the report; others do not", async () => {
    const factory = new IDBFactory();
    const first = new AnswerCache({
      store: IndexedDbAnswerStore.open({ factory }),
      namespace: "ns",
      flushDelayMs: 1,
    });
    const [k1, a1] = person(1);
    const [k2, a2] = person(2);
    const [kv, av] = verify("v1@example.com");
    first.set(k1, a1.outcome, T0);
    first.set(k2, a2.outcome, T0);
    first.set(kv, av.outcome, T0);
    await first.flush();
    expect([
      ...(await first.chargedEmails(["ADA1.lovelace@example.com", "v1@example.com"])),
    ]).toEqual(expect.arrayContaining(["ada1.lovelace@example.com", "v1@example.com"]));
    await first.markBounced(["Ada1.Lovelace@example.com", "v1@example.com"], T0 + 5 * DAY);
    // Shown at once by this runtime…
    expect(bouncedOn(first.peek(k1)!.outcome)).toBe(T0 + 5 * DAY);
    // …and by the next one (a reload).
    const reloaded = new AnswerCache({
      store: IndexedDbAnswerStore.open({ factory }),
      namespace: "ns",
    });
    const [r1, r2, rv] = await Promise.all([reloaded.get(k1), reloaded.get(k2), reloaded.get(kv)]);
    expect(bouncedOn(r1!.outcome)).toBe(T0 + 5 * DAY);
    expect(bouncedOn(r2!.outcome)).toBeUndefined();
    expect(bouncedOn(rv!.outcome)).toBe(T0 + 5 * DAY);
    expect(await reloaded.bouncedOf("V1@example.com")).toBe(T0 + 5 * DAY);
    // The kept record itself is unchanged: the mark is applied as it is shown.
    expect((a1.outcome as { value: Record<string, unknown> }).value[BOUNCED_ON]).toBeUndefined();
    const other = new AnswerCache({
      store: IndexedDbAnswerStore.open({ factory }),
      namespace: "ns2",
    });
    expect(await other.bouncedOf("v1@example.com")).toBeUndefined();
  });

  test("another runtime over the same store learns the marks at once", async () => {
    const factory = new IDBFactory();
    type Listener = (namespace: string, marks: Array<[string, number]>) => void;
    const listeners: Listener[] = [];
    const peers = () => ({
      announceCleared: () => undefined,
      onCleared: () => undefined,
      announceBounced: (namespace: string, marks: Array<[string, number]>) =>
        listeners.forEach((listener) => listener(namespace, marks)),
      onBounced: (listener: Listener) => void listeners.push(listener),
    });
    const store = IndexedDbAnswerStore.open({ factory });
    const mine = new AnswerCache({ store, namespace: "ns", peers: peers(), flushDelayMs: 1 });
    const theirs = new AnswerCache({ store, namespace: "ns", peers: peers() });
    const [k1, a1] = person(1);
    mine.set(k1, a1.outcome, T0);
    await mine.flush();
    expect(bouncedOn((await theirs.get(k1))!.outcome)).toBeUndefined();
    await mine.markBounced(["ada1.lovelace@example.com"], T0 + DAY);
    expect(bouncedOn(theirs.peek(k1)!.outcome)).toBe(T0 + DAY);
  });

  test("an enriched list's status cell says bounced; the other cells stay the answer's", () => {
    const outcome = {
      status: "ok" as const,
      value: { email: "a@example.com", email_status: "valid", [BOUNCED_ON]: T0 },
    };
    expect(answerCells(["email", "email_status"], outcome)).toEqual(["a@example.com", "bounced"]);
    expect(
      answerCells(["email", "email_status"], {
        status: "ok",
        value: { email: "a@example.com", email_status: "valid" },
      })
    ).toEqual(["a@example.com", "valid"]);
  });
});

describe("a recalculation never buys a bounced address again, against the sandbox", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ latencyMs: 5 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test("even when the freshness setting counts its answer as too old", async () => {
    const examples = (await sandbox.examples()) as Record<string, Record<string, any>>;
    const account = await sandbox.account(100);
    const sent: string[] = [];
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 },
      onAttempt: (attempt) => sent.push(attempt.path),
    });
    const cache = new AnswerCache({
      store: new KeyValueAnswerStore(new MemoryStore()),
      namespace: await cacheNamespace(sandbox.baseUrl, account.apiKey),
      flushDelayMs: 1,
    });
    let now = Date.now();
    const scheduler = new LookupScheduler({
      client,
      cache,
      maxAgeMs: () => 60 * DAY,
      now: () => now,
    });
    const valid = examples.person!.valid;
    const other = examples.verify!.invalid;
    const first = await scheduler.lookup("person", valid);
    await scheduler.lookup("verify", other);
    expect(first.status).toBe("ok");
    expect(sent).toHaveLength(2);
    const email = (first as { value: { email: string } }).value.email;
    await cache.markBounced([email], now);
    now += 61 * DAY;
    const again = await scheduler.lookup("person", valid);
    expect(bouncedOn(again)).toBeDefined();
    expect(sent).toHaveLength(2);
    // An answer not marked, as old, is asked again (the setting still applies to the others).
    await scheduler.lookup("verify", other);
    expect(sent).toHaveLength(3);
  });
});
