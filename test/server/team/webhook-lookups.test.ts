import { randomBytes } from "node:crypto";
import { monthOf, type TeamStore } from "../../../src/server/team/store";
import { isInternalAddress } from "../../../src/server/team/webhooks";
import { rawRequest } from "../../helpers/recording-proxy";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../../helpers/sandbox";

// Lookups answered to a webhook in team mode (issue 34 item 8): the service posts the result to
// the host's own webhook, the lookup is settled at what the result says it charged (not at its
// most), the result is kept for the team and passed on to the member's URL.

describe("team mode: lookups answered to a webhook", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let host: TeamOverSandbox;
  let url: string;
  let store: TeamStore;
  let token: string;
  let memberId: string;
  let examples: Record<string, Record<string, Record<string, unknown>>>;
  let receiver: WebhookReceiver;
  let receiverUrl: string;
  let received: WebhookReceiver["received"];
  const month = monthOf(new Date());

  const ledgerMilli = async (): Promise<number> => Math.round((await company.credits()) * 1000);
  const spentMilli = async (): Promise<number> =>
    (await store.memberMonth(memberId, month)).spentMilli;
  const lookup = (path: string, body: unknown, webhook?: string) =>
    rawRequest(url, "POST", `/api/v5.1/${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(webhook ? { "x-webhook-url": webhook } : {}),
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as never;
    company = await sandbox.account(1_000);
    receiver = await startWebhookReceiver();
    ({ url: receiverUrl, received } = receiver);
    host = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      publicWebhooks: true,
    });
    url = host.url;
    store = host.store;
    ({ id: memberId, token } = await host.addMember("Ann", 10));
  });

  afterAll(async () => {
    await host?.close();
    await receiver?.close();
    await sandbox?.close();
  });

  test("a free result gives the reservation back; a valid one counts what it charged, kept for the team, passed on", async () => {
    const before = { ledger: await ledgerMilli(), spent: await spentMilli() };
    const free = (await lookup(
      "find-email/decision-maker",
      examples.decision_maker!.not_found,
      receiverUrl
    ))!;
    expect(free.status).toBe(200);
    expect(JSON.parse(free.text)).toEqual({ input: expect.any(Object) });
    // At once: counted at its most (2 credits), until the result says what it charged.
    await eventually(
      async () => (received.length >= 1 ? true : undefined),
      10_000,
      "the result passed on"
    );
    await eventually(
      async () => ((await spentMilli()) === before.spent ? true : undefined),
      5_000,
      "the credit back"
    );
    expect(received[0]!.body).toMatchObject({ email_status: "not_found", credits_charged: 0 });
    expect(received[0]!.event).toBe("find-email.decision-maker");
    expect(await ledgerMilli()).toBe(before.ledger);

    const valid = (await lookup("find-email/person", examples.person!.valid, receiverUrl))!;
    expect(valid.status).toBe(200);
    await eventually(
      async () => (received.length >= 2 ? true : undefined),
      10_000,
      "the second result"
    );
    expect(received[1]!.body).toMatchObject({ email_status: "valid", credits_charged: 1 });
    expect(before.ledger - (await ledgerMilli())).toBe(1_000);
    expect((await spentMilli()) - before.spent).toBe(1_000);
    // The team has it: asked again without a webhook, it is shared and free.
    const again = (await lookup("find-email/person", examples.person!.valid))!;
    expect(again.headers["x-mail-finder-answer"]).toBe("shared");
    expect(before.ledger - (await ledgerMilli())).toBe(1_000);
  });

  test("the host's webhook: an unknown id is 404, a result delivered twice changes nothing more", async () => {
    const unknown = await call(url, "POST", `/team/webhooks/${"x".repeat(43)}`, {
      credits_charged: 0,
    });
    expect(unknown.status).toBe(404);
    const malformed = await call(url, "POST", "/team/webhooks/short", { credits_charged: 0 });
    expect(malformed.status).toBe(404);
    // A delivery repeated (the service retries until a 2xx): the credit comes back once.
    const id = randomBytes(32).toString("base64url");
    await store.addPendingWebhook({
      id,
      memberId,
      month,
      chargedMilli: 2_000,
      operation: "v5.1/find-email/decision-maker",
      lookupKey: null,
      memberUrl: receiverUrl,
      createdAt: new Date().toISOString(),
    });
    const reservation = await store.reserve(memberId, month, 2_000, 60_000);
    if (!reservation.ok) throw new Error("not reserved");
    await store.settleWebhookLookup(reservation.reservation, id, {
      operation: "v5.1/find-email/decision-maker",
      status: 200,
    });
    const before = await spentMilli();
    for (let i = 0; i < 2; i++) {
      const delivered = await call(url, "POST", `/team/webhooks/${id}`, {
        input: { domain: "acme.com", decision_maker_category: ["ceo"] },
        email_status: "not_found",
        credits_charged: 0,
      });
      expect(delivered.status).toBe(200);
    }
    expect(before - (await spentMilli())).toBe(2_000);
  });

  test("a member's webhook URL must be https on the internet, without credentials", async () => {
    const strict = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      build: { publicUrl: new URL("https://addin.example.com/") },
    });
    try {
      const member = await strict.addMember("Bo", 10);
      const ledger = await ledgerMilli();
      for (const target of [
        "http://hooks.example.com/x",
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://10.1.2.3/x",
        "https://169.254.169.254/latest",
        "https://user:secret@hooks.example.com/x",
        "https://localhost/x",
        "not a url",
      ]) {
        const answer = (await rawRequest(strict.url, "POST", "/api/v5.1/find-email/person", {
          headers: {
            authorization: `Bearer ${member.token}`,
            "content-type": "application/json",
            "x-webhook-url": target,
          },
          body: JSON.stringify(examples.person!.valid),
        }))!;
        expect([target, answer.status]).toEqual([target, 400]);
      }
      expect(await ledgerMilli()).toBe(ledger);
    } finally {
      await strict.close();
    }
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ])
      expect([address, isInternalAddress(address)]).toEqual([address, true]);
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect([address, isInternalAddress(address)]).toEqual([address, false]);
  });
});
