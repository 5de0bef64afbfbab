import { SETTING_KEYS, SettingsError, SettingsStore } from "../../src/runtime/settings";
import { MemorySettingsStorage } from "../helpers/custom-functions";

const defaults = { apiKey: "sandbox-demo-key", baseUrl: "/api", webhookUrl: null };

describe("settings", () => {
  test("kept under the documented OfficeRuntime.storage keys, defaults until changed", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, defaults);
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
    expect(await new SettingsStore(storage, defaults).load()).toEqual({
      apiKey: "live-key-123",
      baseUrl: "https://api.example.com",
      webhookUrl: "https://hooks.example.com/mail",
    });
  });

  test.each([
    [{ baseUrl: "http://api.example.com" }, "baseUrl", /https/],
    [{ baseUrl: "not a url" }, "baseUrl", /not a valid URL/],
    [{ webhookUrl: "http://hooks.example.com" }, "webhookUrl", /https/],
    [{ webhookUrl: "hooks" }, "webhookUrl", /not a valid URL/],
    [{ apiKey: "two words" }, "apiKey", /one word/],
    [{ apiKey: "k".repeat(600) }, "apiKey", /one word/],
  ])(
    "%p is refused with a message for its field, and nothing changes",
    async (change, field, message) => {
      const storage = new MemorySettingsStorage();
      const store = new SettingsStore(storage, defaults);
      await expect(store.save(change)).rejects.toMatchObject({
        field,
        message: expect.stringMatching(message),
      });
      await expect(store.save(change)).rejects.toBeInstanceOf(SettingsError);
      expect(storage.items.size).toBe(0);
      expect(store.value).toEqual(defaults);
    }
  );

  test("a cleared key or webhook is removed, and listeners hear the change", async () => {
    const storage = new MemorySettingsStorage();
    const store = new SettingsStore(storage, { ...defaults, apiKey: null });
    const heard: unknown[] = [];
    store.subscribe((s) => heard.push(s.apiKey));
    await store.save({ apiKey: "abc", webhookUrl: "https://h.example.com" });
    await store.save({ apiKey: "", webhookUrl: "  " });
    expect(storage.items.size).toBe(0);
    expect(heard).toEqual(["abc", null]);
  });
});
