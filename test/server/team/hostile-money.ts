import fc from "fast-check";
import { Directory } from "../../../src/sandbox/directory/directory";
import { monthOf, type TeamStore } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { rawRequest } from "../../helpers/recording-proxy";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";
import { startWebhookReceiver, type WebhookReceiver } from "../../helpers/webhook-receiver";

// Hostile members and the money that moves on the service's word (issue 42): random members
// with small budgets buy people and verify addresses, answered at once or to a webhook (whose
// results the service posts to the host), and report addresses, bought or not, to a service that
// returns the credit or keeps it (chosen at random each run), while forged posts try the host's
// webhook. After each report: no member's month dropped by more than the service returned. After
// each run: the service's ledger moved by exactly the team's usage, and nobody passed a budget.

interface Person {
  first_name: string;
  last_name: string;
  domain: string;
  email: string;
}

type Step =
  | { kind: "find"; member: number; person: number; webhook: boolean; upper: boolean }
  | { kind: "verify"; member: number; person: number; webhook: boolean }
  | { kind: "report"; member: number; person: number }
  | { kind: "forge"; id: string };

const stepArbitrary = (people: number): fc.Arbitrary<Step> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("find" as const),
      member: fc.nat(3),
      person: fc.nat(people - 1),
      webhook: fc.boolean(),
      upper: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("verify" as const),
      member: fc.nat(3),
      person: fc.nat(people - 1),
      webhook: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant("report" as const),
      member: fc.nat(3),
      person: fc.nat(people - 1),
    }),
    fc.record({
      kind: fc.constant("forge" as const),
      id: fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })
  );

export function hostileMoneySuite(options: { store: "sqlite" | "postgres"; runs: number }): void {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let database: TestDatabase | null = null;
  let host: TeamOverSandbox;
  let store: TeamStore;
  let receiver: WebhookReceiver;
  const passedOn = () => receiver.received.length;
  const month = monthOf(new Date());
  const people: Person[] = new Directory({}).companies
    .filter((company) => company.mailServer === "verifying")
    .flatMap((company) => company.people)
    .filter((p) => !p.blacklisted && !p.mailboxClosed && p.nameSplittable)
    .slice(0, 300)
    .map((p) => ({
      first_name: p.firstName,
      last_name: p.lastName,
      domain: p.company.domain,
      email: p.email,
    }));

  const ledger = async (): Promise<number> => Math.round((await company.credits()) * 1000);
  const teamSpent = async (): Promise<number> => (await store.teamMonth(month)).spentMilli;

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(100_000);
    if (options.store === "postgres") database = await startTestDatabase();
    receiver = await startWebhookReceiver();
    host = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      publicWebhooks: true,
      ...(database ? { databaseUrl: database.url } : {}),
    });
    store = host.store;
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await receiver?.close();
    await sandbox?.close();
    await database?.drop();
  });

  test("reports and webhook results by hostile members: nobody's month drops by more than the service returned, every credit counted", async () => {
    let reports = 0;
    let returned = 0;
    let refunded = 0;
    let webhooks = 0;
    let forged = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 3, maxLength: 3 }),
        fc.array(stepArbitrary(people.length), { minLength: 4, maxLength: 12 }),
        async (keepsCredit, budgets, steps) => {
          await call(sandbox.baseUrl, "POST", "/sandbox/faults", {
            reportsKeepCredit: keepsCredit,
          });
          const team = [
            ...(await Promise.all(budgets.map((budget) => host.addMember("Hostile", budget)))),
            await host.addMember("Big spender", 1_000),
          ];
          const limits = [...budgets.map((budget) => budget * 1000), 1_000_000];
          const before = { ledger: await ledger(), team: await teamSpent() };
          // Reports name addresses this run asked for, most of the time (else one at random).
          const touched: Person[] = [];
          for (const step of steps) {
            if (step.kind === "forge") {
              forged++;
              const post = await call(host.url, "POST", `/team/webhooks/${step.id}`, {
                input: {},
                email_status: "valid",
                credits_charged: 0,
              });
              expect(post.status).toBe(404);
              continue;
            }
            const member = team[step.member]!;
            const person =
              step.kind === "report" && touched.length > 0 && step.person % 4 !== 0
                ? touched[step.person % touched.length]!
                : people[step.person]!;
            const headers = {
              authorization: `Bearer ${member.token}`,
              "content-type": "application/json",
              ...("webhook" in step && step.webhook ? { "x-webhook-url": receiver.url } : {}),
            };
            if (step.kind === "report") {
              const around = { ledger: await ledger(), team: await teamSpent() };
              const answer = await rawRequest(host.url, "POST", "/api/v5.1/report/bad-email", {
                headers,
                body: JSON.stringify({ email: person.email, additional_info: "hard bounce" }),
              });
              expect(answer?.status).toBe(200);
              const serviceReturned = (await ledger()) - around.ledger;
              const hostGaveBack = around.team - (await teamSpent());
              expect({ email: person.email, hostGaveBack, serviceReturned, atMost: true }).toEqual({
                email: person.email,
                hostGaveBack,
                serviceReturned,
                atMost: hostGaveBack <= serviceReturned,
              });
              if (keepsCredit) expect(hostGaveBack).toBe(0);
              reports++;
              returned += serviceReturned;
              refunded += hostGaveBack;
              continue;
            }
            touched.push(person);
            const webhook = step.webhook;
            const passedBefore = passedOn();
            const answer = await rawRequest(
              host.url,
              "POST",
              step.kind === "find" ? "/api/v5.1/find-email/person" : "/api/v5.1/verify-email",
              {
                headers,
                body: JSON.stringify(
                  step.kind === "find"
                    ? {
                        first_name: step.upper
                          ? person.first_name.toUpperCase()
                          : person.first_name,
                        last_name: person.last_name,
                        domain: person.domain,
                      }
                    : { email: person.email }
                ),
              }
            );
            expect([200, 402]).toContain(answer?.status);
            // A result posted to the host is in before the next step.
            if (webhook && answer?.status === 200) {
              webhooks++;
              await eventually(
                async () => (passedOn() > passedBefore ? true : undefined),
                10_000,
                "the webhook's result"
              );
            }
          }
          await eventually(
            async () =>
              (await store.paidInFlight(new Date(Date.now() - 60_000).toISOString())) === 0
                ? true
                : undefined,
            20_000,
            "every paid request ended"
          );
          expect({
            ledgerChange: before.ledger - (await ledger()),
            teamUsage: (await teamSpent()) - before.team,
          }).toEqual({
            ledgerChange: (await teamSpent()) - before.team,
            teamUsage: (await teamSpent()) - before.team,
          });
          for (const [i, member] of team.entries()) {
            const mine = await store.memberMonth(member.id, month);
            expect(mine.spentMilli + mine.reservedMilli).toBeLessThanOrEqual(limits[i]!);
          }
        }
      ),
      { numRuns: options.runs }
    );
    expect(reports).toBeGreaterThan(0);
    expect(webhooks).toBeGreaterThan(0);
    expect(forged).toBeGreaterThan(0);
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThanOrEqual(returned);
    console.log(
      `hostile money (${options.store}): ${reports} reports (${returned / 1000} credits returned by the service, ${refunded / 1000} given back), ${webhooks} webhook results, ${forged} forged posts`
    );
  }, 600_000);
}
