import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { cacheNamespace } from "../../src/client/answer-cache";
import { MemoryStore } from "../../src/client/key-value-store";
import { Services } from "../../src/runtime/services";
import { SETTING_KEYS, SettingsStore } from "../../src/runtime/settings";
import {
  DEMO_BASE_URL,
  TryModeError,
  leaveTryMode,
  startTryMode,
} from "../../src/runtime/try-mode";
import { buildServer } from "../../src/server/app";
import { Directory } from "../../src/sandbox/directory/directory";
import { buildExamples } from "../../src/sandbox/services/examples";
import { MemorySettingsStorage } from "../helpers/custom-functions";
import { runningPane } from "../helpers/pane-origin";
import { startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";

// Try mode in the runtime, against the production host with --demo in front of a
// real sandbox: the endpoint of every request is /demo-api with the demo key while it is on;
// saving a real key or leaving turns it off and forgets the demo's answers; the real key never
// goes to /demo-api, the demo key never to the real service.

const host = runningPane;

const examples = buildExamples(new Directory({})) as unknown as {
  person: Record<string, Record<string, string>>;
};

interface Sent {
  path: string;
  key: string | null;
}

describe("Try mode in the runtime", () => {
  let sandbox: TestSandbox;
  let server: FastifyInstance;
  let origin: string;
  let dist: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    dist = mkdtempSync(join(tmpdir(), "mf-try-"));
    writeFileSync(join(dist, "taskpane.html"), "<!doctype html>");
    server = await buildServer({
      dist,
      upstream: sandbox.baseUrl,
      log: false,
      demo: true,
      demoDb: ":memory:",
      demoCredits: 20,
    });
    origin = await server.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await server.close();
    await sandbox.close();
    rmSync(dist, { recursive: true, force: true });
  });

  /** A runtime whose pane is served by the host: relative URLs go to its origin. */
  function runtime(apiKey: string | null) {
    const sent: Sent[] = [];
    const storage = new MemorySettingsStorage();
    const answers = new KeyValueAnswerStore(new MemoryStore());
    const onHost: typeof fetch = (input, init) => {
      const url = new URL(String(input), origin);
      const headers = new Headers(init?.headers);
      sent.push({ path: url.pathname, key: headers.get("authorization") });
      return fetch(url, init);
    };
    const settings = new SettingsStore(storage, { apiKey, baseUrl: "/api", webhookUrl: null });
    const services = new Services(
      settings,
      answers,
      { fetch: onHost, timeoutMs: 10_000, allowShortTimeout: true },
      { host, scheduler: { quietMs: 10 }, cacheFlushDelayMs: 1 }
    );
    const lookup = async () =>
      (await services.scheduler()).lookup("person", examples.person.valid as never);
    const kept = async (baseUrl: string, key: string) =>
      (await answers.usage(await cacheNamespace(baseUrl, key))).count;
    return { sent, storage, settings, services, onHost, lookup, kept };
  }

  let account: TestAccount;
  beforeEach(async () => {
    account = await sandbox.account(30);
  });

  test("while on, every request goes to /demo-api with the demo key; leaving clears the key, the flag and the demo's answers", async () => {
    const r = runtime(account.apiKey);
    await r.services.endpoint();
    const started = await startTryMode(r.settings, r.onHost);
    expect(started.tryMode).toBe(true);
    const demoKey = started.demoKey!;
    expect(demoKey).toBeTruthy();
    expect(demoKey).not.toBe(account.apiKey);
    // Kept apart from the real key, per user.
    expect(await r.storage.getItem(SETTING_KEYS.demoKey)).toBe(demoKey);
    expect(await r.storage.getItem(SETTING_KEYS.tryMode)).toBe("true");
    expect(await r.storage.getItem(SETTING_KEYS.apiKey)).toBeNull();

    expect(await r.services.endpoint()).toMatchObject({
      baseUrl: DEMO_BASE_URL,
      apiKey: demoKey,
    });
    const answer = await r.lookup();
    expect(answer.status).toBe("ok");
    await r.services.flush();
    expect(await r.kept(DEMO_BASE_URL, demoKey)).toBe(1);
    const client = await r.services.client();
    expect((await client.account()).credits_left).toBe(19);

    await leaveTryMode(r.settings);
    expect(await r.storage.getItem(SETTING_KEYS.demoKey)).toBeNull();
    expect(await r.storage.getItem(SETTING_KEYS.tryMode)).toBeNull();
    expect(await r.kept(DEMO_BASE_URL, demoKey)).toBe(0);
    expect(await r.services.endpoint()).toMatchObject({ baseUrl: "/api", apiKey: account.apiKey });

    // The same lookup is asked again, of the real service: the demo's answer is not shown.
    const lookupsBefore = r.sent.filter((s) => s.path.endsWith("/find-email/person")).length;
    expect((await r.lookup()).status).toBe("ok");
    const lookups = r.sent.filter((s) => s.path.endsWith("/find-email/person"));
    expect(lookups.slice(lookupsBefore)).toEqual([
      { path: "/api/v5.1/find-email/person", key: `Bearer ${account.apiKey}` },
    ]);

    // The real key never went to the demo, the demo key never to the real service.
    const toDemo = r.sent.filter((s) => s.path.startsWith("/demo-api/"));
    const toReal = r.sent.filter((s) => s.path.startsWith("/api/"));
    expect(toDemo.length).toBeGreaterThan(0);
    expect(toDemo.filter((s) => s.key?.includes(account.apiKey))).toEqual([]);
    expect(toReal.filter((s) => s.key?.includes(demoKey))).toEqual([]);
    // Opening the demo account carried no key at all.
    expect(r.sent.find((s) => s.path === "/demo-api/demo/accounts")).toEqual({
      path: "/demo-api/demo/accounts",
      key: null,
    });
  });

  test("saving a real key turns Try mode off in the same save, and forgets the demo's answers", async () => {
    const r = runtime(null);
    const { demoKey } = await startTryMode(r.settings, r.onHost);
    expect((await r.lookup()).status).toBe("ok");
    await r.services.flush();
    expect(await r.kept(DEMO_BASE_URL, demoKey!)).toBe(1);

    // A save without a key (the Settings form's other fields) keeps it on.
    await r.settings.save({ apiKey: "", webhookUrl: "" });
    expect(r.settings.value.tryMode).toBe(true);

    const saved = await r.settings.save({ apiKey: account.apiKey, baseUrl: "/api" });
    expect(saved).toMatchObject({ tryMode: false, demoKey: null, apiKey: account.apiKey });
    expect(await r.storage.getItem(SETTING_KEYS.demoKey)).toBeNull();
    expect(await r.kept(DEMO_BASE_URL, demoKey!)).toBe(0);
    expect(await r.services.endpoint()).toMatchObject({ baseUrl: "/api", apiKey: account.apiKey });

    // Reloaded (the runtime starts again): still off.
    const again = new SettingsStore(r.storage, { apiKey: null, baseUrl: "/api", webhookUrl: null });
    expect(await again.load()).toMatchObject({ tryMode: false, demoKey: null });
  });

  test("signing in with a Microsoft 365 account (a team host) turns Try mode off in the same save", async () => {
    const r = runtime(null);
    const { demoKey } = await startTryMode(r.settings, r.onHost);
    expect((await r.lookup()).status).toBe("ok");
    await r.services.flush();
    const saved = await r.settings.save({ microsoftAccount: "ann@contoso.example" });
    expect(saved).toMatchObject({ tryMode: false, demoKey: null });
    expect(await r.kept(DEMO_BASE_URL, demoKey!)).toBe(0);
    // Its requests carry the account's token (asked of Office per request), never a key.
    expect(await r.services.endpoint()).toMatchObject({ baseUrl: "/api", apiKey: null });
    expect((await r.services.endpoint()).credential?.token).toBeInstanceOf(Function);
  });

  test("Try mode on without a demo key sends no key at all, never the real one", async () => {
    const r = runtime(account.apiKey);
    await r.settings.save({ tryMode: true });
    expect(await r.services.endpoint()).toMatchObject({ baseUrl: DEMO_BASE_URL, apiKey: null });
    await (await r.services.client()).status();
    expect(r.sent).toEqual([{ path: "/demo-api/status", key: null }]);
  });

  test("a host without a demo, or one that refuses, says so; nothing changes", async () => {
    const r = runtime(null);
    const answer =
      (status: number, body: unknown): typeof fetch =>
      async () =>
        new Response(JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        });
    await expect(
      startTryMode(r.settings, answer(404, { error: "not_found", message: "Nothing" }))
    ).rejects.toThrow(
      new TryModeError("This add-in's host offers no Try mode. Get an API key to use the add-in.")
    );
    const limited =
      "Too many demo accounts from this address to the demo: try again in 3000 seconds.";
    await expect(
      startTryMode(r.settings, answer(429, { error: "rate_limited", message: limited }))
    ).rejects.toThrow(limited);
    expect(await r.settings.load()).toMatchObject({ tryMode: false, demoKey: null });
    expect(r.storage.items.size).toBe(0);
  });
});
