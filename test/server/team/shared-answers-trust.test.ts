import fc from "fast-check";
import { Directory } from "../../../src/sandbox/directory/directory";
import { monthOf } from "../../../src/server/team/store";
import {
  rawRequest,
  startRecordingProxy,
  type RecordingProxy,
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

// Shared answers nobody can poison (issue 42 item 2), against the real host in front of a real
// sandbox that reads inputs literally (the fault `literalInputs`: a spelling that is not plain is
// found nowhere, as a real service may answer it): the host sends what it keyed on, so a hostile
// member's spellings cannot have a bad answer kept for the plain request; a webhook's result is
// kept only from the service's post; the admin purges an answer or a domain's, audited.

interface Person {
  first_name: string;
  last_name: string;
  domain: string;
}

const people: Person[] = new Directory({}).companies
  .filter((company) => company.mailServer === "verifying")
  .flatMap((company) => company.people.slice(0, 2))
  .filter((p) => !p.blacklisted && !p.mailboxClosed && p.nameSplittable && !/\s/.test(p.firstName))
  .slice(0, 8)
  .map((p) => ({ first_name: p.firstName, last_name: p.lastName, domain: p.company.domain }));

/** How a hostile member may write a person: each spelling means the same request to the host. */
type Spelling = {
  caseOf: "upper" | "lower" | "as-is";
  around: string;
  domainForm: "bare" | "www" | "www2" | "url" | "dot";
  fullName: boolean;
};

const AROUND = [" ", "\u00a0", "\ufeff", "\t", "  ", "\u2003", ""];

const spellingArbitrary: fc.Arbitrary<Spelling> = fc.record({
  caseOf: fc.constantFrom("upper", "lower", "as-is"),
  around: fc.constantFrom(...AROUND),
  domainForm: fc.constantFrom("bare", "www", "www2", "url", "dot"),
  fullName: fc.boolean(),
});

function spell(person: Person, spelling: Spelling): Record<string, string> {
  const cased = (text: string) =>
    spelling.caseOf === "upper"
      ? text.toUpperCase()
      : spelling.caseOf === "lower"
        ? text.toLowerCase()
        : text;
  const wrap = (text: string) => `${spelling.around}${cased(text)}${spelling.around}`;
  const domain = {
    bare: person.domain,
    www: `www.${person.domain}`,
    www2: `WWW2.${person.domain}`,
    url: `https://www.${person.domain}/about-us?ref=x`,
    dot: `${person.domain}.`,
  }[spelling.domainForm];
  const name: Record<string, string> = spelling.fullName
    ? { full_name: wrap(`${person.first_name}${spelling.around || " "} ${person.last_name}`) }
    : { first_name: wrap(person.first_name), last_name: wrap(person.last_name) };
  return { ...name, domain: wrap(domain) };
}

describe("team mode: shared answers nobody can poison", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let reference: TestAccount;
  let recorder: RecordingProxy;
  let host: TeamOverSandbox;
  let receiver: WebhookReceiver;
  let hook: string;
  /** Results passed on to the member's webhook. */
  const passedOn = () => receiver.received.length;
  const month = monthOf(new Date());

  const ask = (token: string, body: unknown, webhook?: string) =>
    rawRequest(host.url, "POST", "/api/v5.1/find-email/person", {
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...(webhook ? { "x-webhook-url": webhook } : {}),
      },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ faults: { literalInputs: true } });
    company = await sandbox.account(10_000);
    reference = await sandbox.account(10_000);
    recorder = await startRecordingProxy(sandbox.baseUrl);
    receiver = await startWebhookReceiver();
    hook = receiver.url;
    host = await startTeamOverSandbox({
      upstream: recorder.url,
      serviceKey: company.apiKey,
      publicWebhooks: true,
    });
  });

  afterAll(async () => {
    await host?.close();
    await recorder?.close();
    await receiver?.close();
    await sandbox?.close();
  });

  /** What the service answers to the plain request (another account of its, outside the team). */
  const expected = new Map<string, { email_status: string; email: string | null }>();
  async function plainAnswer(person: Person | Record<string, string>) {
    const key = JSON.stringify(person);
    if (!expected.has(key)) {
      const answer = await reference.request("POST", "/v5.1/find-email/person", person);
      expected.set(key, { email_status: answer.body.email_status, email: answer.body.email });
    }
    return expected.get(key)!;
  }

  test("a spelling the service answers badly is sent plainly, and the plain request's answer kept", async () => {
    const hostile = await host.addMember("Hostile", null);
    const honest = await host.addMember("Honest", null);
    const person = people[0]!;
    const spelled = spell(person, {
      caseOf: "upper",
      around: "\ufeff",
      domainForm: "www2",
      fullName: false,
    });
    // The service itself finds nothing for that spelling.
    const direct = await reference.request("POST", "/v5.1/find-email/person", spelled);
    expect(direct.body.email_status).toBe("not_found");
    const from = recorder.seen.length;
    const answer = await ask(hostile.token, spelled);
    expect(answer?.status).toBe(200);
    const sent = recorder.seen.slice(from).map((seen) => JSON.parse(seen.body));
    expect(sent).toEqual([
      {
        first_name: person.first_name.toLowerCase(),
        last_name: person.last_name.toLowerCase(),
        domain: person.domain,
      },
    ]);
    const honestAnswer = await ask(honest.token, person);
    expect(honestAnswer!.headers["x-mail-finder-answer"]).toBe("shared");
    expect(JSON.parse(honestAnswer!.text)).toMatchObject(await plainAnswer(person));
    expect((await plainAnswer(person)).email_status).toBe("valid");
  });

  test("fields the interface does not have, and values that are not text, are refused before anything is sent", async () => {
    const member = await host.addMember("Sloppy", null);
    const person = people[1]!;
    const from = recorder.seen.length;
    for (const body of [
      { ...person, domain: 42 },
      { ...person, first_name: ["a"] },
      { ...person, callback: "x" },
      { ...person, linkedin_url: { url: "x" } },
    ])
      expect([body, (await ask(member.token, body))?.status]).toEqual([body, 400]);
    expect(recorder.seen.slice(from)).toEqual([]);
  });

  test("property: a hostile member's spellings, answered or posted to a webhook, never make the honest member's answer worse than the plain request's", async () => {
    const hostile = await host.addMember("Hostile member", null);
    const honest = await host.addMember("Honest member", null);
    let asked = 0;
    let viaWebhook = 0;
    const passedBefore = passedOn();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            honest: fc.boolean(),
            person: fc.nat(people.length - 1),
            spelling: spellingArbitrary,
            webhook: fc.boolean(),
          }),
          { minLength: 2, maxLength: 8 }
        ),
        async (steps) => {
          for (const step of steps) {
            const person = people[step.person]!;
            if (step.honest) {
              // The plain request, with a first and last name or a full name.
              const plain: Person | Record<string, string> = step.spelling.fullName
                ? { full_name: `${person.first_name} ${person.last_name}`, domain: person.domain }
                : person;
              const answer = await ask(honest.token, plain);
              expect(answer?.status).toBe(200);
              const { email_status, email } = JSON.parse(answer!.text) as Record<string, unknown>;
              expect({ plain, answer: { email_status, email } }).toEqual({
                plain,
                answer: await plainAnswer(plain),
              });
              asked++;
            } else {
              const answer = await ask(
                hostile.token,
                spell(person, step.spelling),
                step.webhook ? hook : undefined
              );
              expect([200, 400]).toContain(answer?.status);
              if (step.webhook && answer?.status === 200) viaWebhook++;
            }
          }
          // The webhooks' results are in (and passed on) before the next run asks.
          await eventually(
            async () => (passedOn() - passedBefore >= viaWebhook ? true : undefined),
            10_000,
            "every webhook result delivered"
          );
        }
      ),
      { numRuns: 30 }
    );
    expect(asked).toBeGreaterThan(0);
    expect(viaWebhook).toBeGreaterThan(0);
    expect((await host.store.memberMonth(honest.id, month)).reservedMilli).toBe(0);
  }, 300_000);

  test("the admin purges one answer, or a domain's: the next member buys it again; each purge audited", async () => {
    const member = await host.addMember("Buyer", null);
    const [first, second] = [people[2]!, people[3]!];
    const third = people.find((p) => p.domain !== first.domain && p !== second)!;
    for (const person of [first, second, third]) await ask(member.token, person);
    const listed = await host.admin(
      "GET",
      `/shared-answers?domain=${encodeURIComponent(`https://WWW.${first.domain}/`)}`
    );
    expect(listed.status).toBe(200);
    expect(listed.body.domain).toBe(first.domain);
    const rows = listed.body.answers as Array<{
      key: string;
      lookup: string;
      fields: Record<string, string>;
      status: string;
    }>;
    const row = rows.find((r) => r.fields.last_name === first.last_name.toLowerCase())!;
    expect(row).toMatchObject({ lookup: "v5.1 person", status: "valid" });
    expect(rows.every((r) => r.fields.domain === first.domain)).toBe(true);

    const purged = await host.admin("DELETE", `/shared-answers?key=${encodeURIComponent(row.key)}`);
    expect([purged.status, purged.body]).toEqual([200, { purged: 1 }]);
    expect(
      (await host.admin("DELETE", `/shared-answers?key=${encodeURIComponent(row.key)}`)).status
    ).toBe(404);
    const again = await ask(member.token, first);
    expect(again!.headers["x-mail-finder-answer"]).toBeUndefined();
    const sameDomain = rows.length;
    const domainPurge = await host.admin("DELETE", `/shared-answers?domain=${first.domain}`);
    expect(domainPurge.body).toEqual({ purged: sameDomain, domain: first.domain });
    expect((await host.admin("GET", `/shared-answers?domain=${first.domain}`)).body).toEqual({
      domain: first.domain,
      answers: [],
    });
    expect(
      (
        (await host.admin("GET", `/shared-answers?domain=${third.domain}`)).body
          .answers as unknown[]
      ).length
    ).toBeGreaterThan(0);
    for (const bad of [
      "",
      "?domain=x",
      `?domain=${first.domain}&key=k`,
      "?domain=a&domain=b",
      "?key=",
    ])
      expect([bad, (await host.admin("DELETE", `/shared-answers${bad}`)).status]).toEqual([
        bad,
        400,
      ]);
    expect(
      (await call(host.url, "DELETE", `/admin/api/shared-answers?domain=${first.domain}`)).status
    ).toBe(401);

    const actions = (await host.admin("GET", "/admin-audit")).body as Array<{
      action: string;
      changes: Record<string, { from: unknown; to: unknown }>;
    }>;
    expect(actions.slice(0, 2)).toEqual([
      {
        at: expect.any(String),
        actor: { kind: "admin_token", oid: null, name: null },
        action: "domain_answers_purged",
        member: null,
        token: null,
        changes: { domain: { from: first.domain, to: null }, answers: { from: sameDomain, to: 0 } },
      },
      {
        at: expect.any(String),
        actor: { kind: "admin_token", oid: null, name: null },
        action: "shared_answer_purged",
        member: null,
        token: null,
        changes: {
          answer: {
            from: `v5.1 person: domain=${first.domain}, first_name=${first.first_name.toLowerCase()}, last_name=${first.last_name.toLowerCase()}`,
            to: null,
          },
        },
      },
    ]);
  });
});
