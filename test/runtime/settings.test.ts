import {
  DEFAULT_SIGN_IN_SETTINGS,
  DEFAULT_SPENDING_SETTINGS,
  DEFAULT_TRY_MODE_SETTINGS,
  SETTING_KEYS,
  SettingsError,
  SettingsStore,
  parseCredits,
} from "../../src/runtime/settings";
import { MemorySettingsStorage } from "../helpers/custom-functions";

const connection = { apiKey: "sandbox-demo-key", baseUrl: "/api", webhookUrl: null };
const defaults = {
  ...connection,
  ...DEFAULT_SPENDING_SETTINGS,
  ...DEFAULT_TRY_MODE_SETTINGS,
  ...DEFAULT_SIGN_IN_SETTINGS,
};

describe("settings", () => {
  test("kept under the documented OfficeRuntime.storage keys, defaults until changed", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, connection);
    expect(await store.load()).toEqual(defaults);
    await store.save({
      apiKey: "  live-key-123  ",
      baseUrl: "https://api.example.com/",
      webhookUrl: "https://hooks.example.com/mail",
    });
    expect(Object.fromEntries(storage.items)).toEqual({
      [SETTING_KEYS.apiKey]: "live-key-123",
      [SETTING_KEYS.baseUrl]: "https://api.example.com",
      [SETTING_KEYS.webhookUrl]: "https://hooks.example.com/mail",
    });
    expect(await new SettingsStore(storage, connection).load()).toEqual({
      ...DEFAULT_SPENDING_SETTINGS,
      ...DEFAULT_TRY_MODE_SETTINGS,
      ...DEFAULT_SIGN_IN_SETTINGS,
      apiKey: "live-key-123",
      baseUrl: "https://api.example.com",
      webhookUrl: "https://hooks.example.com/mail",
    });
  });

  test.each([
    [{ baseUrl: "http://api.example.com" }, "baseUrl", /https/],
    [{ baseUrl: "not a url" }, "baseUrl", /^Enter the service's address/],
    [{ baseUrl: "//evil.example/api" }, "baseUrl", /leads to another site/],
    [{ webhookUrl: "http://hooks.example.com" }, "webhookUrl", /https/],
    [{ webhookUrl: "hooks" }, "webhookUrl", /not a valid URL/],
    [{ apiKey: "two words" }, "apiKey", /one word/],
    [{ apiKey: "k".repeat(600) }, "apiKey", /one word/],
    [{ microsoftAccount: "two words@contoso.example" }, "microsoftAccount", /one word/],
    [{ microsoftAccount: "a".repeat(300) }, "microsoftAccount", /one word/],
  ])(
    "%p is refused with a message for its field, and nothing changes",
    async (change, field, message) => {
      const storage = new MemorySettingsStorage();
      const store = new SettingsStore(storage, connection);
      await expect(store.save(change)).rejects.toMatchObject({
        field,
        message: expect.stringMatching(message),
      });
      await expect(store.save(change)).rejects.toBeInstanceOf(SettingsError);
      expect(storage.items.size).toBe(0);
      expect(store.value).toEqual(defaults);
    }
  );

  test.each([
    ["//evil.example/api", /leads to another site/],
    ["/\\evil.example", /leads to another site/],
    ["\t//evil.example", /leads to another site/],
    ["http://evil.example", /must use https/],
    ["https://user:pass@evil.example", /user name or password/],
    ["javascript:alert(1)", /must use https/],
  ])(
    "a base URL saved before this check (%j) is not used: the default instead, said for the pane, until a save",
    async (stored, reason) => {
      const storage = new MemorySettingsStorage();
      storage.items.set(SETTING_KEYS.baseUrl, stored);
      storage.items.set(SETTING_KEYS.apiKey, "live-key-123");
      const store = new SettingsStore(storage, connection);
      expect(store.refusedAtLoad()).toBeNull();
      expect(await store.load()).toMatchObject({ baseUrl: "/api", apiKey: "live-key-123" });
      const refusal = store.refusedAtLoad();
      expect(refusal).toBeInstanceOf(SettingsError);
      expect(refusal?.field).toBe("baseUrl");
      expect(refusal?.message).toMatch(/^The base URL saved earlier is not used: /);
      expect(refusal?.message).toMatch(reason);
      expect(refusal?.message).toMatch(/The default, \/api, is used until you save another\.$/);
      // Left as it was (load writes nothing), and refused again at the next start.
      expect(storage.items.get(SETTING_KEYS.baseUrl)).toBe(stored);
      const again = new SettingsStore(storage, connection);
      expect((await again.load()).baseUrl).toBe("/api");
      expect(again.refusedAtLoad()?.message).toBe(refusal?.message);
      // A refused save leaves it said; a save of the form replaces it.
      await expect(store.save({ baseUrl: stored })).rejects.toBeInstanceOf(SettingsError);
      expect(store.refusedAtLoad()).not.toBeNull();
      await store.save({ baseUrl: "/api" });
      expect(store.refusedAtLoad()).toBeNull();
      expect(storage.items.get(SETTING_KEYS.baseUrl)).toBe("/api");
    }
  );

  test("a base URL saved and still accepted is used as saved, nothing said", async () => {
    const storage = new MemorySettingsStorage();
    storage.items.set(SETTING_KEYS.baseUrl, "https://API.example.com/v5");
    const store = new SettingsStore(storage, connection);
    expect((await store.load()).baseUrl).toBe("https://API.example.com/v5");
    expect(store.refusedAtLoad()).toBeNull();
  });

  test("a cleared key or webhook is removed, and listeners hear the change", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, { ...connection, apiKey: null });
    const heard: unknown[] = [];
    store.subscribe((s) => {
      heard.push(s.apiKey);
    });
    await store.save({ apiKey: "abc", webhookUrl: "https://h.example.com" });
    await store.save({ apiKey: "", webhookUrl: "  " });
    expect(storage.items.size).toBe(0);
    expect(heard).toEqual(["abc", null]);
  });

  test("load() gives what is in force after a save, not what was first loaded", async () => {
    const store = new SettingsStore(new MemorySettingsStorage(), connection);
    expect((await store.load()).baseUrl).toBe("/api");
    await store.save({ baseUrl: "http://127.0.0.1:9999", apiKey: "other" });
    expect(await store.load()).toMatchObject({ baseUrl: "http://127.0.0.1:9999", apiKey: "other" });
  });

  test("save() resolves once every listener has applied the change", async () => {
    const store = new SettingsStore(new MemorySettingsStorage(), connection);
    let applied = "";
    store.subscribe(async (next, previous) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      applied = `${previous.baseUrl} -> ${next.baseUrl}`;
    });
    await store.save({ baseUrl: "/relay" });
    expect(applied).toBe("/api -> /relay");
  });

  test("spending settings: kept, reloaded, 'never ask' differs from 'not set'", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, connection);
    expect(await store.load()).toMatchObject({
      spendingEnabled: true,
      confirmAbove: 25,
      sessionBudget: null,
    });
    await store.save({ spendingEnabled: false, confirmAbove: null, sessionBudget: 12.5 });
    expect(storage.items.get(SETTING_KEYS.spendingEnabled)).toBe("false");
    expect(storage.items.get(SETTING_KEYS.confirmAbove)).toBe("never");
    expect(storage.items.get(SETTING_KEYS.sessionBudget)).toBe("12.5");
    expect(await new SettingsStore(storage, connection).load()).toMatchObject({
      spendingEnabled: false,
      confirmAbove: null,
      sessionBudget: 12.5,
    });
    await store.save({ spendingEnabled: true, confirmAbove: 0, sessionBudget: null });
    expect(storage.items.has(SETTING_KEYS.sessionBudget)).toBe(false);
    expect(await new SettingsStore(storage, connection).load()).toMatchObject({
      spendingEnabled: true,
      confirmAbove: 0,
      sessionBudget: null,
    });
  });

  test("damaged stored spending values fall back to the defaults", async () => {
    const storage = new MemorySettingsStorage();
    storage.items.set(SETTING_KEYS.spendingEnabled, "maybe");
    storage.items.set(SETTING_KEYS.confirmAbove, "-3");
    storage.items.set(SETTING_KEYS.sessionBudget, "lots");
    expect(await new SettingsStore(storage, connection).load()).toMatchObject(
      DEFAULT_SPENDING_SETTINGS
    );
  });

  test.each([
    [{ confirmAbove: -1 }, "confirmAbove"],
    [{ sessionBudget: Number.NaN }, "sessionBudget"],
    [{ sessionBudget: 1e12 }, "sessionBudget"],
    [{ spendingEnabled: "yes" as unknown as boolean }, "spendingEnabled"],
  ])("spending change %p is refused for its field, nothing stored", async (change, field) => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, connection);
    await expect(store.save(change)).rejects.toMatchObject({ field });
    expect(storage.items.size).toBe(0);
  });

  test("credits typed in the pane: empty is null, numbers in thousandths, text refused", () => {
    expect(parseCredits("", "confirmAbove")).toBeNull();
    expect(parseCredits(" 25 ", "confirmAbove")).toBe(25);
    expect(parseCredits("0.2", "sessionBudget")).toBe(0.2);
    expect(parseCredits("1,000", "sessionBudget")).toBe(1000);
    expect(parseCredits("0.00049", "sessionBudget")).toBe(0);
    for (const bad of ["-1", "abc", "1e3", ".", "2 5"])
      expect(() => parseCredits(bad, "confirmAbove")).toThrow(SettingsError);
  });

  test("requests at once: a whole number from 1 to 256, or empty for automatic", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, connection);
    expect((await store.load()).maxConcurrency).toBeNull();
    await store.save({ maxConcurrency: 32 });
    expect(storage.items.get(SETTING_KEYS.maxConcurrency)).toBe("32");
    expect((await new SettingsStore(storage, connection).load()).maxConcurrency).toBe(32);
    for (const bad of [0, 2.5, 257, Number.NaN])
      await expect(store.save({ maxConcurrency: bad })).rejects.toMatchObject({
        field: "maxConcurrency",
      });
    await store.save({ maxConcurrency: null });
    expect(storage.items.has(SETTING_KEYS.maxConcurrency)).toBe(false);
  });
});
