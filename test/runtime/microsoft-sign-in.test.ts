import type { Server } from "node:http";
import { installCustomFunctionsGlobal, MemorySettingsStorage } from "../helpers/custom-functions";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { ApiError, SIGN_IN_REQUIRED } from "../../src/client/errors";
import { MicrosoftSignInError } from "../../src/runtime/microsoft-account";
import { Services } from "../../src/runtime/services";
import { SettingsStore } from "../../src/runtime/settings";
import { TestEntra, type IssuedToken } from "../helpers/entra";
import { close, runningPane as host, serve } from "../helpers/pane-origin";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";
import { TeamHostForTests, type TeamMember } from "../helpers/team-host";
import { rejectionOf } from "../helpers/rejection";

installCustomFunctionsGlobal();
const { errorCell } =
  require("../../src/functions/cell-results") as typeof import("../../src/functions/cell-results");

// Microsoft 365 sign-in on a team host, in the runtime: the account's token on
// every request, asked of Office once and reused until near expiry, a refusal held rather
// than asked again for every cell, answers kept per account, and what cells say. Against the
// real team host with Entra ID (tokens signed by test/helpers/entra.ts, checked with jose) in
// front of a real sandbox. MSAL.js with Office's bridge runs in Chromium
// (test/browser/team-sign-in.browser.test.ts); here Office's account broker is stood in for at
// MSAL's interface: silent tokens once the user consented, a window that consents.

const ann: TeamMember = {
  id: "",
  token: "",
  name: "Ann",
  email: "ann@contoso.example",
  monthlyBudget: null,
};

class InteractionRequiredAuthError extends Error {
  errorCode = "consent_required";
}

/** Office signed in as `user`: what MSAL.js gives the add-in, and what it was asked. */
class OfficeAccount {
  consented = false;
  readonly asked: string[] = [];
  /** Office's clock: the tokens it gives expire an hour after it. */
  clock = (): number => Date.now();
  constructor(
    private readonly entra: TestEntra,
    private readonly user: string
  ) {}

  private async result(scope: string) {
    const issued: IssuedToken = await this.entra.tokenFor(this.user, scope);
    return {
      accessToken: issued.token.access_token,
      account: { username: issued.account.username },
      expiresOn: new Date(this.clock() + issued.token.expires_in * 1000),
    };
  }

  readonly msal = async () =>
    ({
      InteractionRequiredAuthError,
      BrowserCacheLocation: { MemoryStorage: "memoryStorage" },
      createNestablePublicClientApplication: async () => ({
        acquireTokenSilent: async ({ scopes }: { scopes: string[] }) => {
          this.asked.push("silent");
          if (!this.consented) throw new InteractionRequiredAuthError("consent required");
          return this.result(scopes[0]!);
        },
        acquireTokenPopup: async ({ scopes }: { scopes: string[] }) => {
          this.asked.push("popup");
          this.consented = true;
          return this.result(scopes[0]!);
        },
        clearCache: async () => undefined,
      }),
    }) as never;
}

describe("Microsoft 365 sign-in through the runtime, against a team host with Entra ID", () => {
  const entra = new TestEntra([{ email: ann.email, name: "Ann" }]);
  let sandbox: TestSandbox;
  let teamHost: TeamHostForTests;
  let served: { origin: string; server: Server };
  let examples: Record<string, Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    await entra.start();
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as typeof examples;
    teamHost = new TeamHostForTests({ name: "Sales", members: [ann], entra: () => entra.options });
    await teamHost.start(sandbox.baseUrl, (await sandbox.account(50)).apiKey);
    served = await serve((req, res) => {
      if (!teamHost.handle(req, res)) res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await close(served.server);
    await teamHost.close();
    await sandbox.close();
    await entra.close();
  });

  function runtime(
    office: OfficeAccount,
    options: { supported?: boolean; now?: () => number; origin?: string } = {}
  ) {
    const storage = new MemorySettingsStorage();
    const settings = new SettingsStore(storage, {
      apiKey: null,
      baseUrl: "/api",
      webhookUrl: null,
    });
    const services = new Services(
      settings,
      new KeyValueAnswerStore(new MemoryStore()),
      {
        fetch: (input, init) =>
          fetch(new URL(String(input), options.origin ?? served.origin), init),
        timeoutMs: 10_000,
        allowShortTimeout: true,
        retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 },
      },
      {
        host,
        scheduler: { quietMs: 10 },
        cacheFlushDelayMs: 1,
        team: { standingIntervalMs: 0 },
        microsoft: {
          load: office.msal,
          supported: () => options.supported ?? true,
          ...(options.now ? { now: options.now } : {}),
        },
      }
    );
    return { services, storage };
  }

  const lookups = () =>
    [
      ["person", examples.person!.valid!],
      ["verify", examples.verify!.valid!],
      ["company", examples.company!.valid!],
      ["linkedin_url", examples.linkedin_url!.valid!],
    ] as const;

  test("signed in once (consent in Office's window): the host's MSAL settings, the account's token on every request, one token for them all", async () => {
    const office = new OfficeAccount(entra, ann.email);
    const { services, storage } = runtime(office);
    await services.team.refresh();
    expect(services.team.view.team?.entra).toEqual({
      clientId: entra.clientId,
      authority: `https://login.microsoftonline.com/${entra.tenantId}`,
      scopes: [`${entra.audience}/.default`],
    });
    const account = await services.microsoft.signIn();
    expect(account).toBe(ann.email);
    expect(office.asked).toEqual(["silent", "popup"]);
    await services.settings.save({ microsoftAccount: account });
    await services.team.refresh();
    expect(services.team.view).toMatchObject({
      microsoftAccount: ann.email,
      microsoftRefusal: null,
      standing: { member: { name: "Ann", email: ann.email } },
    });

    const before = teamHost.log.length;
    const scheduler = await services.scheduler();
    const answers = await Promise.all(
      [...lookups(), ...lookups()].map(([type, body]) => scheduler.lookup(type, body as never))
    );
    expect(answers.every((answer) => answer.status === "ok")).toBe(true);
    // The four lookups (the account is read too, after the sign-in changed the connection).
    const sent = teamHost.log.slice(before);
    expect(
      sent.filter((r) => r.path.startsWith("/v5.1/find") || r.path.includes("verify"))
    ).toHaveLength(4);
    expect(sent.every((r) => /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(r.authorization ?? ""))).toBe(
      true
    );
    // The token Office gave at sign-in served every request: Office was not asked again.
    expect(office.asked).toEqual(["silent", "popup"]);
    // Only the account's name is kept, never a token.
    const kept = JSON.stringify([...storage.items]);
    expect(kept).toContain(ann.email);
    expect(kept).not.toContain(sent[0]!.authorization!.slice(7));
  });

  test("a token near its expiry: a new one asked of Office once, for all the requests waiting", async () => {
    const office = new OfficeAccount(entra, ann.email);
    office.consented = true;
    let now = Date.now();
    office.clock = () => now;
    const { services } = runtime(office, { now: () => now });
    await services.settings.save({ microsoftAccount: ann.email });
    const scheduler = await services.scheduler();
    await scheduler.lookup("verify", examples.verify!.valid! as never);
    expect(office.asked).toEqual(["silent"]);
    // 56 minutes on: the hour-long token is within 5 minutes of its end.
    now += 56 * 60_000;
    const emails = ["a", "b", "c", "d", "e"].map((p) => ({
      email: `${p}.${examples.verify!.valid!.email}`,
    }));
    await Promise.all(emails.map((body) => scheduler.lookup("verify", body as never)));
    expect(office.asked).toEqual(["silent", "silent"]);
  });

  test("Office gives no token silently (consent withdrawn): cells say to sign in again, asked once, nothing sent", async () => {
    const office = new OfficeAccount(entra, ann.email);
    const { services } = runtime(office);
    await services.settings.save({ microsoftAccount: ann.email });
    await services.team.refresh();
    expect(services.team.view.microsoftRefusal).toBe(
      "Microsoft 365 sign-in needed: sign in again in the task pane (Settings)."
    );
    const before = teamHost.log.length;
    const scheduler = await services.scheduler();
    const failures = await Promise.all(
      lookups().map(([type, body]) => rejectionOf(scheduler.lookup(type, body as never)))
    );
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ kind: "unauthorized", code: SIGN_IN_REQUIRED });
      expect(errorCell(failure)).toMatchObject({
        code: "#VALUE!",
        message: "Microsoft 365 sign-in needed: sign in again in the task pane (Settings).",
      });
    }
    expect(teamHost.log.length).toBe(before);
    // The standing's read and the four lookups: Office asked once, the refusal held after it.
    expect(office.asked).toEqual(["silent"]);
  });

  test("an account that is not a member: the host's reason, in the pane and in cells", async () => {
    const office = new OfficeAccount(entra, "eve@fabrikam.example");
    office.consented = true;
    const { services } = runtime(office);
    await services.settings.save({ microsoftAccount: await services.microsoft.signIn() });
    await services.team.refresh();
    const reason = "eve@fabrikam.example is not a member of this team. Ask your admin to add you.";
    expect(services.team.view).toMatchObject({ standing: null, microsoftRefusal: reason });
    const scheduler = await services.scheduler();
    const failure = await rejectionOf(scheduler.lookup("verify", examples.verify!.valid! as never));
    expect(errorCell(failure)).toMatchObject({ code: "#VALUE!", message: reason });
  });

  test("answers are kept per account: signed out and in again, a kept answer costs nothing", async () => {
    const office = new OfficeAccount(entra, ann.email);
    office.consented = true;
    const { services } = runtime(office);
    await services.settings.save({ microsoftAccount: ann.email });
    const scheduler = await services.scheduler();
    const company = examples.company!.valid!;
    await scheduler.lookup("company", company as never);
    const id = (await services.endpoint()).id;
    await services.settings.save({ microsoftAccount: null });
    expect((await services.endpoint()).id).not.toBe(id);
    await services.settings.save({ microsoftAccount: ann.email });
    expect((await services.endpoint()).id).toBe(id);
    const before = teamHost.log.length;
    expect(await scheduler.lookup("company", company as never)).toMatchObject({ status: "ok" });
    expect(teamHost.log.length).toBe(before);
  });

  test("signed in, then the host no longer offers Microsoft 365 sign-in: cells say so; a new team token takes over", async () => {
    const dave: TeamMember = {
      id: "",
      token: "",
      name: "Dave",
      email: "dave@contoso.example",
      monthlyBudget: null,
    };
    const plain = new TeamHostForTests({ name: "Sales", members: [dave] });
    await plain.start(sandbox.baseUrl, (await sandbox.account(10)).apiKey);
    const plainOrigin = await serve((req, res) => {
      if (!plain.handle(req, res)) res.writeHead(404).end();
    });
    try {
      const office = new OfficeAccount(entra, ann.email);
      office.consented = true;
      const { services } = runtime(office, {
        origin: plainOrigin.origin,
      });
      await services.settings.save({ microsoftAccount: ann.email });
      await services.team.refresh();
      expect(services.team.view).toMatchObject({
        team: { entra: null },
        microsoftAccount: ann.email,
        microsoftRefusal:
          "Microsoft 365 sign-in needed: sign in again in the task pane (Settings).",
      });
      const scheduler = await services.scheduler();
      const verify = examples.verify!.valid!;
      const failure = await rejectionOf(scheduler.lookup("verify", verify as never));
      expect(failure).toMatchObject({ code: SIGN_IN_REQUIRED });
      expect(office.asked).toEqual([]);
      // A team token typed in: the Microsoft 365 account gives way to it.
      const saved = await services.settings.save({ apiKey: dave.token });
      expect(saved.microsoftAccount).toBeNull();
      expect(await scheduler.lookup("verify", verify as never)).toMatchObject({ status: "ok" });
      // Saving the same token again (another field's save) changes nothing of the sign-in.
      await services.settings.save({ microsoftAccount: ann.email });
      expect((await services.settings.save({ apiKey: dave.token })).microsoftAccount).toBe(
        ann.email
      );
    } finally {
      await close(plainOrigin.server);
      await plain.close();
    }
  });

  test("an Office without nested app authentication: said, and MSAL not even loaded", async () => {
    const office = new OfficeAccount(entra, ann.email);
    let loaded = 0;
    const { services } = runtime(
      { ...office, msal: () => ((loaded += 1), office.msal()) } as OfficeAccount,
      { supported: false }
    );
    const refusal = services.microsoft.signIn();
    await expect(refusal).rejects.toBeInstanceOf(MicrosoftSignInError);
    await expect(refusal).rejects.toMatchObject({ reason: "unsupported" });
    expect(loaded).toBe(0);
    expect(office.asked).toEqual([]);
  });
});
