import { installCustomFunctionsGlobal, MemorySettingsStorage } from "../helpers/custom-functions";
import { ApiError } from "../../src/client/errors";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { Transport, type Endpoint } from "../../src/client/transport";
import { Services } from "../../src/runtime/services";
import { SETTING_KEYS, SettingsStore } from "../../src/runtime/settings";
import { TEAM_CONFIG_PATH, TEAM_ME_PATH } from "../../src/runtime/team-mode";
import { runningPane } from "../helpers/pane-origin";
import { rejectionOf } from "../helpers/rejection";

installCustomFunctionsGlobal();
const { errorCell } =
  require("../../src/functions/cell-results") as typeof import("../../src/functions/cell-results");

// The Microsoft 365 token of a team host's sign-in (issue 34 item 7) goes to that
// host's origin, the pane's own, and nowhere else, whatever base URL was saved, by this version
// or an older one: every request the runtime makes is recorded with its Authorization header.

const PANE = "https://addin.example";
const MS_TOKEN = "eyJ.microsoft-365-token.sig";
const TEAM_TOKEN = "team_ann_token_0123456789";
const ACCOUNT = "ann@contoso.example";

interface Sent {
  url: string;
  origin: string;
  authorization: string | null;
}

/** The network as the pane's page sees it: relative URLs are the pane's; a team host there. */
function network(sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), `${PANE}/taskpane.html`);
    const headers = new Headers(init?.headers);
    sent.push({ url: url.href, origin: url.origin, authorization: headers.get("authorization") });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      });
    if (url.origin !== PANE) return json({ error: "unauthorized", message: "no" }, 401);
    if (url.pathname === TEAM_CONFIG_PATH)
      return json({
        team: true,
        name: "Sales",
        entra: {
          client_id: "client",
          authority: "https://login.microsoftonline.com/tenant",
          scopes: ["api://addin.example/.default"],
        },
      });
    if (url.pathname === TEAM_ME_PATH) return json({ error: "unauthorized", message: "no" }, 401);
    return json({ email: ACCOUNT, credits_left: 5, healthy: true });
  };
}

/** Office signed in and consented: MSAL.js hands out the account's token silently. */
const msal = async () =>
  ({
    InteractionRequiredAuthError: class extends Error {},
    BrowserCacheLocation: { MemoryStorage: "memoryStorage" },
    createNestablePublicClientApplication: async () => ({
      acquireTokenSilent: async () => ({
        accessToken: MS_TOKEN,
        account: { username: ACCOUNT },
        expiresOn: new Date(Date.now() + 3_600_000),
      }),
      acquireTokenPopup: async () => {
        throw new Error("no window in this test");
      },
      clearCache: async () => undefined,
    }),
  }) as never;

function runtime(stored: Record<string, string>, defaultBaseUrl = "/api") {
  const storage = new MemorySettingsStorage();
  for (const [key, value] of Object.entries(stored)) storage.items.set(key, value);
  const settings = new SettingsStore(storage, {
    apiKey: null,
    baseUrl: defaultBaseUrl,
    webhookUrl: null,
  });
  const sent: Sent[] = [];
  const services = new Services(
    settings,
    new KeyValueAnswerStore(new MemoryStore()),
    {
      fetch: network(sent),
      timeoutMs: 1_000,
      allowShortTimeout: true,
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
    },
    {
      host: runningPane,
      team: { standingIntervalMs: 0 },
      microsoft: { load: msal, supported: () => true },
    }
  );
  return { services, settings, sent };
}

/** What a signed-in member's runtime sends: the team's reads, the account, a lookup. */
async function use(services: Services): Promise<void> {
  await services.team.refresh();
  const client = await services.client();
  await client.status().catch(() => undefined);
  await client.account().catch(() => undefined);
  await client.cellLookup("verify", { email: "someone@example.com" }).catch(() => undefined);
}

const withMicrosoft365 = (token: string) => (sent: Sent[]) =>
  sent.filter((r) => r.authorization === `Bearer ${token}`);

describe("the Microsoft 365 token goes to the team host's origin only", () => {
  const location = { origin: PANE, href: `${PANE}/taskpane.html` };
  beforeAll(() => {
    (globalThis as { location?: unknown }).location = location;
  });
  afterAll(() => {
    delete (globalThis as { location?: unknown }).location;
  });

  test("signed in on the host's relay: every request carries it, and all go to the pane's origin", async () => {
    const r = runtime({ [SETTING_KEYS.microsoftAccount]: ACCOUNT });
    await use(r.services);
    const carrying = withMicrosoft365(MS_TOKEN)(r.sent);
    // The member's standing, the account and the lookup (status goes without a credential).
    expect(carrying.map((s) => new URL(s.url).pathname)).toEqual([
      TEAM_ME_PATH,
      "/api/v5.1/account",
      "/api/v5.1/verify-email",
    ]);
    expect(r.sent.every((s) => s.origin === PANE)).toBe(true);
  });

  test.each([
    "//evil.example/api",
    "///evil.example/api",
    "/\\evil.example/api",
    "\\\\evil.example/api",
    "\t//evil.example/api",
    "/\t/evil.example/api",
    "https://user:pass@evil.example/api",
    "https:evil.example/api",
    "http://evil.example/api",
    "javascript:fetch('//evil.example')",
  ])(
    "a base URL %j saved by an older version: refused at load, the default relay used, nothing leaves the pane's origin",
    async (baseUrl) => {
      const r = runtime({
        [SETTING_KEYS.baseUrl]: baseUrl,
        [SETTING_KEYS.microsoftAccount]: ACCOUNT,
        [SETTING_KEYS.apiKey]: TEAM_TOKEN,
      });
      await use(r.services);
      expect(r.settings.value.baseUrl).toBe("/api");
      expect(r.settings.refusedAtLoad()?.field).toBe("baseUrl");
      expect(withMicrosoft365(MS_TOKEN)(r.sent).length).toBeGreaterThan(0);
      expect(r.sent.filter((s) => s.origin !== PANE)).toEqual([]);
    }
  );

  test("another https service saved: the account is not used there; the key field's value goes, as the user chose", async () => {
    const r = runtime({
      [SETTING_KEYS.baseUrl]: "https://api.other.example",
      [SETTING_KEYS.microsoftAccount]: ACCOUNT,
      [SETTING_KEYS.apiKey]: TEAM_TOKEN,
    });
    await use(r.services);
    const elsewhere = r.sent.filter((s) => s.origin !== PANE);
    expect(elsewhere.map((s) => s.origin)).toContain("https://api.other.example");
    expect(elsewhere.map((s) => s.authorization)).not.toContain(`Bearer ${MS_TOKEN}`);
    expect(withMicrosoft365(MS_TOKEN)(r.sent)).toEqual([]);
    // The key field holds what the user typed for the base URL they typed (a service key, or a
    // team token they chose to send there): it goes with that base URL's requests.
    expect(elsewhere.find((s) => s.url.endsWith("/v5.1/account"))?.authorization).toBe(
      `Bearer ${TEAM_TOKEN}`
    );
  });

  test("a build whose default base URL is another site: the account is not used, and nothing is sent", async () => {
    const r = runtime({ [SETTING_KEYS.microsoftAccount]: ACCOUNT }, "//evil.example/api");
    await use(r.services);
    expect(r.sent.filter((s) => s.origin !== PANE)).toEqual([]);
    expect(withMicrosoft365(MS_TOKEN)(r.sent)).toEqual([]);
  });

  test("saved while signed in: a base URL of another site is refused; an https one drops the account", async () => {
    const r = runtime({ [SETTING_KEYS.microsoftAccount]: ACCOUNT });
    await use(r.services);
    await expect(r.services.settings.save({ baseUrl: "//evil.example/api" })).rejects.toMatchObject(
      { field: "baseUrl" }
    );
    await r.services.settings.save({ baseUrl: "https://api.other.example" });
    const before = r.sent.length;
    await use(r.services);
    expect(withMicrosoft365(MS_TOKEN)(r.sent.slice(before))).toEqual([]);
  });
});

describe("the transport refuses a credential bound for another origin", () => {
  function transport(baseUrl: string, origin: string | null) {
    const sent: string[] = [];
    let asked = 0;
    const endpoint: Endpoint = {
      baseUrl,
      apiKey: null,
      id: "",
      credential: {
        token: async () => {
          asked++;
          return MS_TOKEN;
        },
        origin,
      },
    };
    const t = new Transport({
      endpoint: () => endpoint,
      fetch: async (input, init) => {
        sent.push(`${String(input)} ${new Headers(init?.headers).get("authorization")}`);
        return new Response("{}", { status: 200 });
      },
      retry: { retries: 0 },
      timeoutMs: 1_000,
      allowShortTimeout: true,
    });
    const account = () => t.request({ method: "GET", path: "/v5.1/account", retry: "idempotent" });
    const status = () => t.request({ method: "GET", path: "/status", auth: false, retry: "once" });
    return { account, status, sent, asked: () => asked };
  }

  test.each([
    ["/api", PANE],
    [`${PANE}/api`, PANE],
    ["/api", null],
  ])("%j with the origin %s: sent with the token", async (baseUrl, origin) => {
    const t = transport(baseUrl, origin);
    await t.account();
    expect(t.sent).toEqual([`${baseUrl}/v5.1/account Bearer ${MS_TOKEN}`]);
  });

  test.each([
    ["https://evil.example/api", PANE, "https://evil.example"],
    ["https://addin.example.evil.example", PANE, "https://addin.example.evil.example"],
    ["http://localhost:4010", PANE, "http://localhost:4010"],
    ["https://addin.example", null, "https://addin.example"],
  ])(
    "%j with the origin %s: refused, the token not even asked for, nothing sent",
    async (baseUrl, origin, shown) => {
      const t = transport(baseUrl, origin);
      const error = await rejectionOf(t.account());
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: "config", code: "sign_in_other_origin" });
      expect(t.sent).toEqual([]);
      expect(t.asked()).toBe(0);
      expect(errorCell(error)).toMatchObject({
        code: "#VALUE!",
        message: `Settings: The Microsoft 365 sign-in goes only to the team host this add-in comes from; this request was for ${shown} and was not sent. Change it in the task pane.`,
      });
    }
  );

  test("a request that carries no credential (status) is not refused, and goes without it", async () => {
    const t = transport("https://evil.example/api", PANE);
    await t.status();
    expect(t.sent).toEqual(["https://evil.example/api/status null"]);
    expect(t.asked()).toBe(0);
  });
});
