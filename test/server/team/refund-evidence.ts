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

// Refunds need evidence (issue 42 item 1), against the real host in front of a real sandbox over
// HTTP, on SQLite or PostgreSQL: a bounce report gives the buyer's month back only what the
// service was seen to return, even while other members' lookups charge the same account at the
// same moment; a report the service answers without returning anything is a claim the admin
// sees; each purchase comes back at most once.

interface Person {
  first_name: string;
  last_name: string;
  domain: string;
  email: string;
}

/** People the sandbox finds valid (each lookup of a new one charges a credit). */
function validPeople(): Person[] {
  return new Directory({}).companies
    .filter((company) => company.mailServer === "verifying")
    .flatMap((company) => company.people)
    .filter((p) => !p.blacklisted && !p.mailboxClosed && p.nameSplittable)
    .map((p) => ({
      first_name: p.firstName,
      last_name: p.lastName,
      domain: p.company.domain,
      email: p.email,
    }));
}

export function refundEvidenceSuite(store: "sqlite" | "postgres"): void {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let database: TestDatabase | null = null;
  let host: TeamOverSandbox;
  let teamStore: TeamStore;
  const people = validPeople();
  let next = 0;
  const fresh = (): Person => people[next++]!;
  const month = monthOf(new Date());

  const ledger = async (): Promise<number> => Math.round((await company.credits()) * 1000);
  const spent = async (memberId: string): Promise<number> =>
    (await teamStore.memberMonth(memberId, month)).spentMilli;
  const lookup = (token: string, person: Person) =>
    rawRequest(host.url, "POST", "/api/v5.1/find-email/person", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        first_name: person.first_name,
        last_name: person.last_name,
        domain: person.domain,
      }),
    });
  const report = (token: string, email: string) =>
    rawRequest(host.url, "POST", "/api/v5.1/report/bad-email", {
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ email, additional_info: "550 5.1.1 user unknown" }),
    });
  const faults = (changes: Record<string, unknown>) =>
    call(sandbox.baseUrl, "POST", "/sandbox/faults", changes);

  /** Other members looking up new people, one after another each, until stopped. */
  function busyColleagues(tokens: string[]): { stop: () => Promise<number> } {
    let running = true;
    let bought = 0;
    const loops = tokens.map(async (token) => {
      while (running) {
        const answer = await lookup(token, fresh());
        if (answer?.status === 200) bought++;
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(loops);
        return bought;
      },
    };
  }

  beforeAll(async () => {
    // Lookups take a while, so that colleagues' lookups are out when a report is measured.
    sandbox = await startSandbox({ latencyMs: 40 });
    company = await sandbox.account(5_000);
    if (store === "postgres") database = await startTestDatabase();
    host = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      ...(database ? { databaseUrl: database.url } : {}),
      build: { teamTimings: { pollMs: 10, reportDrainMs: 10_000 } },
    });
    teamStore = host.store;
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await sandbox?.close();
    await database?.drop();
  });

  afterEach(async () => {
    await faults({ reportsKeepCredit: false });
  });

  test("a service that keeps the credit: nothing comes back, under colleagues' lookups, and the admin sees a claim", async () => {
    const buyer = await host.addMember("Buyer", 100);
    const colleagues = await Promise.all(
      ["A", "B", "C"].map((name) => host.addMember(`Colleague ${name}`, 100))
    );
    const person = fresh();
    expect((await lookup(buyer.token, person))?.status).toBe(200);
    expect(await spent(buyer.id)).toBe(1_000);
    const before = { ledger: await ledger(), team: (await teamStore.teamMonth(month)).spentMilli };
    await faults({ reportsKeepCredit: true });
    const load = busyColleagues(colleagues.map((member) => member.token));
    await new Promise((done) => setTimeout(done, 150));
    const answered = await report(buyer.token, person.email);
    const bought = await load.stop();
    expect(answered?.status).toBe(200);
    expect(bought).toBeGreaterThan(0);
    // The buyer's month did not move; the service's ledger moved by the colleagues' lookups alone.
    expect(await spent(buyer.id)).toBe(1_000);
    const team = (await teamStore.teamMonth(month)).spentMilli;
    expect(before.ledger - (await ledger())).toBe(team - before.team);
    const listed = await host.admin("GET", "/bounce-reports");
    expect(listed.body[0]).toMatchObject({
      member: buyer.id,
      email: person.email,
      claimed: 1,
      returned: 0,
      refunded: 0,
      outcome: "claimed",
    });
  }, 60_000);

  test("a service that returns it: the buyer has it back within seconds, under colleagues' lookups, once", async () => {
    const buyer = await host.addMember("Buyer two", 100);
    const reporter = await host.addMember("Reporter", 100);
    const colleagues = await Promise.all(
      ["D", "E", "F"].map((name) => host.addMember(`Colleague ${name}`, 100))
    );
    const person = fresh();
    expect((await lookup(buyer.token, person))?.status).toBe(200);
    const before = { ledger: await ledger(), team: (await teamStore.teamMonth(month)).spentMilli };
    const load = busyColleagues(colleagues.map((member) => member.token));
    await new Promise((done) => setTimeout(done, 150));
    const started = Date.now();
    const answered = await report(reporter.token, person.email);
    expect(answered?.status).toBe(200);
    await eventually(
      async () => ((await spent(buyer.id)) === 0 ? true : undefined),
      5_000,
      "the buyer's credit back"
    );
    const seconds = (Date.now() - started) / 1000;
    const bought = await load.stop();
    expect(bought).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(5);
    expect(await spent(reporter.id)).toBe(0);
    // Reported again, twice at once: nothing more comes back from the service or to the buyer.
    const ledgerAfter = await ledger();
    const again = await Promise.all([
      report(buyer.token, person.email),
      report(reporter.token, person.email),
    ]);
    expect(again.map((answer) => answer?.status)).toEqual([200, 200]);
    expect(await ledger()).toBe(ledgerAfter);
    expect(await spent(buyer.id)).toBe(0);
    // Every credit the service moved is the team's usage: the return included.
    const team = (await teamStore.teamMonth(month)).spentMilli;
    expect(before.ledger - (await ledger())).toBe(team - before.team);
    const listed = (await host.admin("GET", "/bounce-reports")).body as Array<{
      email: string;
      outcome: string;
      refunded: number;
    }>;
    expect(
      listed.filter((row) => row.email === person.email).map((row) => [row.outcome, row.refunded])
    ).toEqual([
      ["nothing_bought", 0],
      ["nothing_bought", 0],
      ["returned", 1],
    ]);
    console.log(
      `${store}: a returned credit reached its buyer ${seconds.toFixed(2)} s after the report`
    );
  }, 60_000);

  test("a report the service refuses, or of an address nobody bought, changes nothing and measures nothing", async () => {
    const member = await host.addMember("Careless", 100);
    const before = await ledger();
    const refused = await rawRequest(host.url, "POST", "/api/v5.1/report/bad-email", {
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "not an address", additional_info: "x" }),
    });
    expect(refused?.status).toBe(400);
    const extra = await rawRequest(host.url, "POST", "/api/v5.1/report/bad-email", {
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "a@b.example", additional_info: "x", refund: true }),
    });
    expect(extra?.status).toBe(400);
    expect((await report(member.token, "nobody@nowhere.example"))?.status).toBe(200);
    expect(await ledger()).toBe(before);
    expect(await spent(member.id)).toBe(0);
  });
}
