import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { openAnswerStore } from "../../src/client/open-answer-store";
import { AnswerCache } from "../../src/client/answer-cache";
import {
  OfficeRuntimeStore,
  type OfficeRuntimeStorageLike,
} from "../../src/client/key-value-store";
import { StorageDenial } from "../../src/client/storage-denial";
import { Services } from "../../src/runtime/services";
import { SessionFallbackStorage } from "../../src/runtime/session-settings-storage";
import { SettingsStore, type SettingsStorage } from "../../src/runtime/settings";
import type { TaskPaneHost } from "../../src/runtime/task-pane-host";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";

// Where the browser denies the add-in's frame its storage (docs/user-guide.md): office.js's
// OfficeRuntime.storage rejects every call with the SecurityError the frame's localStorage
// throws, and IndexedDB refuses to open. Settings and kept answers then live in memory for the
// session, and the runtime says so; any other failure is not taken for a denial.

/** Chromium's words, as office.js passes them on (test/office-host/README.md). */
const denied = (): DOMException =>
  new DOMException(
    "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
    "SecurityError"
  );

/** OfficeRuntime.storage in a frame the browser denies storage: every call rejects. */
class DeniedRuntimeStorage implements OfficeRuntimeStorageLike, SettingsStorage {
  /** Every call made, with its arguments as JSON. */
  readonly calls: string[] = [];
  private refuse(name: string, args: unknown[]): Promise<never> {
    this.calls.push(`${name} ${JSON.stringify(args)}`);
    return Promise.reject(denied());
  }
  getItem = (key: string) => this.refuse("getItem", [key]);
  setItem = (key: string, value: string) => this.refuse("setItem", [key, value]);
  removeItem = (key: string) => this.refuse("removeItem", [key]);
  getKeys = () => this.refuse("getKeys", []);
  getItems = (keys: string[]) => this.refuse("getItems", [keys]);
  setItems = (items: Record<string, string>) => this.refuse("setItems", [items]);
  removeItems = (keys: string[]) => this.refuse("removeItems", [keys]);
}

/** IndexedDB where the browser denies it (Chromium: "The user denied permission ..."). */
function deniedIndexedDb(): IDBFactory {
  const factory = new IDBFactory();
  factory.open = () => {
    throw new DOMException("The user denied permission to access the database.", "UnknownError");
  };
  return factory;
}

describe("settings where the browser denies storage", () => {
  test("read as the defaults, saved into memory for the session, the denial said once", async () => {
    const runtime = new DeniedRuntimeStorage();
    const denial = new StorageDenial();
    let heard = 0;
    denial.subscribe(() => heard++);
    const settings = new SettingsStore(new SessionFallbackStorage(runtime, denial), {
      apiKey: null,
      baseUrl: "/api",
      webhookUrl: null,
    });
    expect((await settings.load()).apiKey).toBeNull();
    expect(denial.denied).toBe(true);
    const calls = runtime.calls.length;
    await settings.save({ apiKey: "key-typed-in-the-pane", confirmAbove: 5 });
    expect(settings.value).toMatchObject({ apiKey: "key-typed-in-the-pane", confirmAbove: 5 });
    // Once denied, the browser's storage is not asked again: the key went nowhere but memory.
    expect(runtime.calls).toHaveLength(calls);
    expect(runtime.calls.join("\n")).not.toContain("key-typed-in-the-pane");
    expect(await settings.storage.getItem("settings.apiKey")).toBe("key-typed-in-the-pane");
    expect(heard).toBe(1);
  });

  test("a WebKit whose local storage is off: office.js's TypeError at a null localStorage is a denial too", async () => {
    Object.defineProperty(globalThis, "localStorage", { value: null, configurable: true });
    try {
      const denial = new StorageDenial();
      const refusing: SettingsStorage = {
        getItem: () =>
          Promise.reject(
            new TypeError("null is not an object (evaluating 'window.localStorage.getItem')")
          ),
        setItem: () => Promise.reject(new TypeError("null is not an object")),
        removeItem: () => Promise.reject(new TypeError("null is not an object")),
      };
      const storage = new SessionFallbackStorage(refusing, denial);
      expect(await storage.getItem("settings.apiKey")).toBeNull();
      await storage.setItem("settings.apiKey", "k");
      expect(await storage.getItem("settings.apiKey")).toBe("k");
      expect(denial.denied).toBe(true);
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });

  test("any other failure is the caller's, as before, and no denial is said", async () => {
    const denial = new StorageDenial();
    const failing: SettingsStorage = {
      getItem: async () => null,
      // office.js's answer to a write over the quota (src/client/key-value-store.ts setItemsFailure).
      setItem: () => Promise.reject(new Error("Unknown error.")),
      removeItem: async () => undefined,
    };
    const storage = new SessionFallbackStorage(failing, denial);
    await expect(storage.setItem("settings.apiKey", "k")).rejects.toThrow("Unknown error.");
    expect(await storage.getItem("settings.apiKey")).toBeNull();
    expect(denial.denied).toBe(false);
  });
});

describe("kept answers where the browser denies storage", () => {
  test("IndexedDB denied and OfficeRuntime.storage denied: in memory, the cache's contract kept", async () => {
    const runtime = new DeniedRuntimeStorage();
    const storage = await openAnswerStore({
      indexedDB: deniedIndexedDb(),
      kv: new OfficeRuntimeStore(runtime),
    });
    expect(storage.store.kind).toBe("memory");
    expect(storage.denied).toBe(true);
    expect(storage.carried).toBe(0);
    // The reason is the add-in's own sentence, never the browser's words.
    expect(storage.fallbackReason).toBe(
      "This browser denies the add-in its storage (third-party cookies and site data are blocked): the task pane says what to allow."
    );

    const cache = new AnswerCache({ store: storage.store, namespace: "ns1", flushDelayMs: 1 });
    const answer = { status: "ok" as const, value: { email: "ada@example.com" } as never };
    cache.set("person|ada", answer);
    await cache.whenStored();
    const again = new AnswerCache({ store: storage.store, namespace: "ns1" });
    expect((await again.get("person|ada"))?.outcome).toEqual(answer);
    expect(await again.usage()).toMatchObject({ count: 1 });
    const shelf = await storage.store.shelf("ns1");
    expect(await storage.store.shelf("ns1")).toBe(shelf);
    expect(await again.clear()).toBe(1);
    expect(await again.get("person|ada")).toBeUndefined();
    // Nothing reached the browser's storage but the reads that found it denied.
    expect(runtime.calls.every((call) => call.startsWith("getItems"))).toBe(true);
  });

  test("IndexedDB denied, OfficeRuntime.storage usable: its fallback, no denial", async () => {
    const items = new Map<string, string>();
    const usable: OfficeRuntimeStorageLike = {
      getKeys: async () => [...items.keys()],
      getItems: async (keys) => Object.fromEntries(keys.map((k) => [k, items.get(k) ?? null])),
      setItems: async (entries) => Object.entries(entries).forEach(([k, v]) => items.set(k, v)),
      removeItems: async (keys) => keys.forEach((k) => items.delete(k)),
    };
    const storage = await openAnswerStore({
      indexedDB: deniedIndexedDb(),
      kv: new OfficeRuntimeStore(usable),
    });
    expect(storage.store.kind).toBe("runtime-storage");
    expect(storage.denied).toBe(false);
  });
});

/** The task pane as the runtime sees it: never asked here (every lookup below the threshold). */
const host: TaskPaneHost = {
  askInTaskPane: async () => true,
  present: () => () => undefined,
  onLeave: () => undefined,
};

describe("the runtime where the browser denies storage, against the sandbox", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test("a key typed in the pane is in force for the session; lookups answer, a repeat sends nothing", async () => {
    const account = await sandbox.account(50);
    const examples = await sandbox.examples();
    const valid = (examples.person as Record<string, Record<string, string>>).valid!;
    const runtime = new DeniedRuntimeStorage();
    const denial = new StorageDenial();
    const wire: string[] = [];
    const services = new Services(
      new SettingsStore(new SessionFallbackStorage(runtime, denial), {
        apiKey: null,
        baseUrl: sandbox.baseUrl,
        webhookUrl: null,
      }),
      () => openAnswerStore({ indexedDB: deniedIndexedDb(), kv: new OfficeRuntimeStore(runtime) }),
      {
        fetch: (input, init) => {
          wire.push(new URL(String(input)).pathname);
          return fetch(input, init);
        },
      },
      { host, storageDenial: denial, scheduler: { quietMs: 20 }, cacheFlushDelayMs: 5 }
    );
    await services.settings.save({ apiKey: account.apiKey });
    const scheduler = await services.scheduler();
    const first = await scheduler.lookup("person", valid);
    expect(first).toMatchObject({ status: "ok", value: { email_status: "valid" } });
    const lookups = wire.filter((path) => path.includes("find-email")).length;
    expect(lookups).toBe(1);
    expect(await scheduler.lookup("person", valid)).toEqual(first);
    expect(wire.filter((path) => path.includes("find-email"))).toHaveLength(lookups);
    expect((await services.answerStorage()).store.kind).toBe("memory");
    expect(denial.denied).toBe(true);
    expect(runtime.calls.join("\n")).not.toContain(account.apiKey);
  });
});
