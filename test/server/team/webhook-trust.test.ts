import { monthOf, type TeamStore } from "../../../src/server/team/store";
import {
  rawRequest,
  startRecordingProxy,
  type RecordingProxy,
  type Seen,
} from "../../helpers/recording-proxy";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";

// Webhooks that deliver and settle both ways (issue 42 items 2 and 3), against the real host in
// front of a real sandbox, with a recording proxy between them that can play the service: its
// synchronous answer to a lookup sent with x-webhook-url, and its post of the result (early,
// late, above the reservation, not the result of the lookup, twice), so that each order and
// each lie can be tried. Members' webhook host names resolve through a resolver of the test's.

interface Played {
  seen: Seen;
  /** The host's webhook path (/team/webhooks/<id>) the service was told to post to. */
  path: string;
  id: string;
  input: Record<string, unknown>;
}

describe("team mode: webhook results settle both ways and are taken from the service only", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let recorder: RecordingProxy;
  let host: TeamOverSandbox;
  let store: TeamStore;
  let receiver: WebhookReceiver;
  let receiverPort: number;
  const received = () => receiver.received.map((post) => post.body);
  const names = new Map<string, string[]>();
  const asked: string[] = [];
  let examples: Record<string, Record<string, Record<string, unknown>>>;
  const month = monthOf(new Date());

  const spent = async (memberId: string) => (await store.memberMonth(memberId, month)).spentMilli;
  const lookup = (token: string, path: string, body: unknown, webhook?: string) =>
    rawRequest(host.url, "POST", `/api/v5.1/${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(webhook ? { "x-webhook-url": webhook } : {}),
      },
      body: JSON.stringify(body),
    });
  const memberHook = () => `http://127.0.0.1:${receiverPort}/hook`;

  /**
   * The next lookup sent with a webhook is answered by the proxy in the service's place (status
   * and body from `answer`), after `delayMs`; resolves with what the host told the service.
   */
  function playService(
    answer: (played: Played) => { status: number; body: string },
    delayMs = 0
  ): Promise<Played> {
    return new Promise((resolve) => {
      let played: Played | null = null;
      recorder.delay = (seen) => {
        if (!seen.webhookUrl || played) return 0;
        const path = new URL(seen.webhookUrl).pathname;
        played = { seen, path, id: path.split("/").pop()!, input: JSON.parse(seen.body) };
        resolve(played);
        return delayMs;
      };
      recorder.answer = (seen) => (played && seen === played.seen ? answer(played) : null);
    });
  }
  const accepted = (played: Played) => ({
    status: 200,
    body: JSON.stringify({ input: played.input }),
  });
  const postResult = (played: Played, result: Record<string, unknown>) =>
    call(host.url, "POST", played.path, { input: played.input, ...result });
  const personResult = (status: string, credits: number, email: string | null = null) => ({
    email_status: status,
    credits_charged: credits,
    email,
    valid_email: status === "valid" ? email : null,
    person_full_name: null,
    person_company_name: null,
    person_job_title: null,
    mx_host: null,
    mx_domain: null,
  });

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as never;
    company = await sandbox.account(1_000);
    recorder = await startRecordingProxy(sandbox.baseUrl);
    receiver = await startWebhookReceiver();
    receiverPort = receiver.port;
    host = await startTeamOverSandbox({
      upstream: recorder.url,
      serviceKey: company.apiKey,
      publicWebhooks: true,
      build: {
        webhookResolver: async (hostname) => {
          asked.push(hostname);
          const addresses = names.get(hostname);
          if (!addresses) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
          return addresses;
        },
      },
    });
    store = host.store;
  });

  afterEach(() => {
    recorder.delay = () => 0;
    recorder.answer = () => null;
  });

  afterAll(async () => {
    await host?.close();
    await recorder?.close();
    await receiver?.close();
    await sandbox?.close();
  });

  test("the result is passed on to a member's URL by its host name, resolved again at delivery", async () => {
    const member = await host.addMember("Named", 10);
    names.set("hooks.member.test", ["127.0.0.1"]);
    asked.length = 0;
    const before = received().length;
    const answer = await lookup(
      member.token,
      "find-email/person",
      examples.person!.valid,
      `http://hooks.member.test:${receiverPort}/hook`
    );
    expect(answer?.status).toBe(200);
    await eventually(
      async () => (received().length > before ? true : undefined),
      10_000,
      "the result passed on through the host name"
    );
    expect(received().at(-1)).toMatchObject({ email_status: "valid" });
    // Checked when the lookup came, and again for the connection that delivered it.
    expect(asked.filter((name) => name === "hooks.member.test").length).toBeGreaterThanOrEqual(2);
  });

  test("a result that comes before the answer is settled at its charge, not capped by the month", async () => {
    const member = await host.addMember("Early", 10);
    const played = playService(accepted, 400);
    const answering = lookup(
      member.token,
      "find-email/decision-maker",
      examples.decision_maker!.valid,
      memberHook()
    );
    const service = await played;
    const early = await postResult(service, {
      email_status: "not_found",
      credits_charged: 0,
      decision_maker_category: null,
      email: null,
      valid_email: null,
      person_first_name: null,
      person_last_name: null,
      person_full_name: null,
      person_job_title: null,
      person_linkedin_url: null,
      mx_host: null,
      mx_domain: null,
    });
    expect(early.status).toBe(200);
    expect((await answering)?.status).toBe(200);
    expect(await spent(member.id)).toBe(0);
    expect(await store.teamMonth(month)).toMatchObject({ reservedMilli: 0 });
  });

  test("a result above the reservation is settled above it", async () => {
    const member = await host.addMember("Above", 10);
    const played = playService(accepted);
    expect(
      (await lookup(member.token, "find-email/person", examples.person!.valid, memberHook()))
        ?.status
    ).toBe(200);
    expect(await spent(member.id)).toBe(1_000);
    const result = await postResult(await played, personResult("valid", 3, "ada@example.com"));
    expect(result.status).toBe(200);
    expect(await spent(member.id)).toBe(3_000);
  });

  test("any 2xx is an acceptance: a 202 is settled by the result that follows", async () => {
    const member = await host.addMember("Accepted", 10);
    const played = playService((service) => ({
      status: 202,
      body: JSON.stringify({ input: service.input }),
    }));
    expect(
      (await lookup(member.token, "find-email/person", examples.person!.valid, memberHook()))
        ?.status
    ).toBe(202);
    expect(await spent(member.id)).toBe(1_000);
    expect((await postResult(await played, personResult("valid", 1, "x@example.com"))).status).toBe(
      200
    );
    expect(await spent(member.id)).toBe(1_000);
    const second = playService((service) => ({
      status: 202,
      body: JSON.stringify({ input: service.input }),
    }));
    await lookup(member.token, "find-email/person", examples.person!.not_found, memberHook());
    expect((await postResult(await second, personResult("not_found", 0))).status).toBe(200);
    expect(await spent(member.id)).toBe(1_000);
  });

  test("a post that is not the service's result of this lookup is refused, and the lookup still waits for it", async () => {
    const member = await host.addMember("Forged", 10);
    const played = playService(accepted);
    await lookup(member.token, "find-email/person", examples.person!.valid, memberHook());
    const service = await played;
    for (const forged of [
      { x: 1 },
      { ...personResult("valid", 0), input: { ...service.input, first_name: "someone else" } },
      { ...personResult("valid", -5), input: service.input },
      { ...personResult("valid", 0), credits_charged: "0", input: service.input },
      { ...personResult("found", 0), input: service.input },
      { ...personResult("valid", 0), input: null },
      [personResult("valid", 0)],
    ])
      expect([forged, (await call(host.url, "POST", service.path, forged)).status]).toEqual([
        forged,
        400,
      ]);
    expect(await spent(member.id)).toBe(1_000);
    expect((await postResult(service, personResult("not_found", 0))).status).toBe(200);
    expect(await spent(member.id)).toBe(0);
  });

  test("the host's webhook id reaches no member: not in an answer, nor in an error", async () => {
    const member = await host.addMember("Curious", 10);
    for (const status of [200, 400]) {
      const played = playService((service) => ({
        status,
        body: JSON.stringify(
          status === 200
            ? { input: service.input, note: `posted to ${service.seen.webhookUrl}` }
            : {
                error: "bad_request",
                message: `x-webhook-url ${service.seen.webhookUrl} is not reachable`,
              }
        ),
      }));
      const answer = await lookup(
        member.token,
        "find-email/person",
        examples.person!.valid,
        memberHook()
      );
      const service = await played;
      expect(answer?.status).toBe(status);
      expect(service.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(answer!.text).not.toContain(service.id);
      expect(answer!.text).not.toContain("/team/webhooks/");
      expect(answer!.text).toContain(memberHook());
    }
  });

  test("a webhook's result never replaces a better answer, nor a newer one", async () => {
    const [asker, honest, later] = await Promise.all(
      ["Asker", "Honest", "Later"].map((name) => host.addMember(name, 10))
    );
    const person = examples.person!.valid as {
      first_name: string;
      last_name: string;
      domain: string;
    };
    const shared = async () =>
      (await host.admin("GET", `/shared-answers?domain=${person.domain}`)).body.answers as Array<{
        fields: Record<string, string>;
        status: string;
        stored_at: string;
      }>;
    const answerOf = async () =>
      (await shared()).find((row) => row.fields.last_name === person.last_name.toLowerCase())!;
    // A webhook lookup goes out first; the honest member then buys the answer (valid).
    const first = playService(accepted);
    await lookup(asker.token, "find-email/person", person, memberHook());
    const sentFirst = await first;
    recorder.answer = () => null;
    recorder.delay = () => 0;
    const bought = await lookup(honest.token, "find-email/person", person);
    expect(JSON.parse(bought!.text)).toMatchObject({ email_status: "valid" });
    const kept = await answerOf();
    // The older lookup's result, worse: accepted (it settles), not kept.
    expect((await postResult(sentFirst, personResult("not_found", 0))).status).toBe(200);
    expect(await answerOf()).toEqual(kept);
    const again = await lookup(later.token, "find-email/person", person);
    expect(again!.headers["x-mail-finder-answer"]).toBe("shared");
    expect(JSON.parse(again!.text)).toMatchObject({ email_status: "valid" });
    // A newer lookup's result as good: kept. A newer one that is worse: not.
    const newer = playService(accepted);
    await lookup(asker.token, "find-email/person", person, memberHook());
    expect((await postResult(await newer, personResult("valid", 0, "x@example.com"))).status).toBe(
      200
    );
    expect((await answerOf()).stored_at > kept.stored_at).toBe(true);
    const worse = playService(accepted);
    await lookup(asker.token, "find-email/person", person, memberHook());
    expect((await postResult(await worse, personResult("not_found", 0))).status).toBe(200);
    expect((await answerOf()).status).toBe("valid");
  });

  test("a member's URL whose name resolves to any address inside, NAT64 included, is refused", async () => {
    const strict = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      build: {
        publicUrl: new URL("https://addin.example.com/"),
        webhookResolver: async (hostname) => {
          const addresses = names.get(hostname);
          if (!addresses) throw new Error("not found");
          return addresses;
        },
      },
    });
    try {
      names.set("mixed.example", ["93.184.216.34", "10.1.2.3"]);
      names.set("nat64.example", ["64:ff9b::a01:203"]);
      names.set("nat64-local.example", ["64:ff9b:1::a9fe:a9fe"]);
      names.set("public.example", ["93.184.216.34"]);
      const member = await strict.addMember("Strict", 10);
      const ledger = await company.credits();
      const ask = (target: string) =>
        rawRequest(strict.url, "POST", "/api/v5.1/find-email/person", {
          headers: {
            authorization: `Bearer ${member.token}`,
            "content-type": "application/json",
            "x-webhook-url": target,
          },
          body: JSON.stringify(examples.person!.not_found),
        });
      for (const target of [
        "https://mixed.example/x",
        "https://nat64.example/x",
        "https://nat64-local.example/x",
        "https://[64:ff9b::808:808]/x",
        "https://[64:ff9b:1::1]/x",
        "https://unknown.example/x",
      ])
        expect([target, (await ask(target))?.status]).toEqual([target, 400]);
      expect(await company.credits()).toBe(ledger);
      expect((await ask("https://public.example/x"))?.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
