import fc from "fast-check";
import { canonicalRequest } from "../../../src/server/api/canonical-request";
import { Directory } from "../../../src/sandbox/directory/directory";
import { monthOf, type TeamStore } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";
import {
  rawRequest,
  startRecordingProxy,
  type RawAnswer,
  type RecordingProxy,
  type Seen,
} from "../../helpers/recording-proxy";
import {
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../../helpers/sandbox";
import { waitForStatus } from "../../helpers/searches";

// Team mode tried as hostile members would (issue 34), against the real host in front of a real
// sandbox, over real HTTP, on SQLite or PostgreSQL. Random spellings of every operation of both
// generations, with random methods, by members with small budgets; clients that hang up at
// random moments. After each run: the service's ledger moved by exactly the team's usage, no
// member or team is past its budget, no reservation is left, nothing reached the service for a
// request the host refused, and everything that reached it was a canonical request.

/** A request of the interface in its own spelling, before any mutation. */
interface Template {
  method: string;
  /** Path segments after /api. */
  segments: string[];
  query: Array<[string, string]>;
  body?: unknown;
  /** A body sent as it is, of this type (a multipart upload), instead of JSON. */
  raw?: { type: string; text: string };
}

/** The request's body and its type, as the template gives them. */
function bodyOf(template: Template): { headers: Record<string, string>; body?: string } {
  if (template.raw)
    return { headers: { "content-type": template.raw.type }, body: template.raw.text };
  if (template.body === undefined) return { headers: {} };
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(template.body) };
}

/** What a hostile member does to a spelling. */
type Mutation =
  | { kind: "encode"; at: number; upper: boolean }
  | { kind: "case"; at: number }
  | { kind: "dots"; at: number; form: string }
  | { kind: "empty"; at: number }
  | { kind: "trailing" }
  | { kind: "param"; at: number }
  | { kind: "method"; method: string }
  | { kind: "duplicate"; value: string }
  | { kind: "unknown-query" }
  | { kind: "prefix" };

const DOT_FORMS = ["x/..", "x/%2e%2e", "x/%2E%2E", ".", "%2e", "x/.%2e"];

function mutationArbitrary(): fc.Arbitrary<Mutation> {
  const at = fc.nat(8);
  return fc.oneof(
    fc.record({ kind: fc.constant("encode" as const), at, upper: fc.boolean() }),
    fc.record({ kind: fc.constant("case" as const), at }),
    fc.record({ kind: fc.constant("dots" as const), at, form: fc.constantFrom(...DOT_FORMS) }),
    fc.record({ kind: fc.constant("empty" as const), at }),
    fc.record({ kind: fc.constant("trailing" as const) }),
    fc.record({ kind: fc.constant("param" as const), at }),
    fc.record({
      kind: fc.constant("method" as const),
      method: fc.constantFrom("GET", "POST", "HEAD", "PUT", "DELETE", "PATCH"),
    }),
    fc.record({ kind: fc.constant("duplicate" as const), value: fc.constantFrom("true", "false") }),
    fc.record({ kind: fc.constant("unknown-query" as const) }),
    fc.record({ kind: fc.constant("prefix" as const) })
  );
}

function encodeOne(segment: string, at: number, upper: boolean): string {
  if (segment.length === 0) return segment;
  const i = at % segment.length;
  const hex = segment.charCodeAt(i).toString(16).padStart(2, "0");
  return segment.slice(0, i) + "%" + (upper ? hex.toUpperCase() : hex) + segment.slice(i + 1);
}

/** The request as sent: method and raw target. */
function spell(template: Template, mutations: Mutation[]): { method: string; target: string } {
  let method = template.method;
  const segments = ["api", ...template.segments];
  const query = [...template.query];
  const pick = (at: number): number => 1 + (at % (segments.length - 1));
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case "encode": {
        const i = pick(mutation.at);
        segments[i] = encodeOne(segments[i]!, mutation.at, mutation.upper);
        break;
      }
      case "case": {
        const i = pick(mutation.at);
        segments[i] = segments[i]!.toUpperCase();
        break;
      }
      case "dots":
        segments.splice(pick(mutation.at), 0, mutation.form);
        break;
      case "empty":
        segments.splice(pick(mutation.at), 0, "");
        break;
      case "trailing":
        segments.push("");
        break;
      case "param": {
        const i = pick(mutation.at);
        segments[i] = `${segments[i]};v=1`;
        break;
      }
      case "method":
        method = mutation.method;
        break;
      case "duplicate":
        query.push(["preview_only", mutation.value]);
        break;
      case "unknown-query":
        query.push(["charge", "no"]);
        break;
      case "prefix":
        segments[0] = "%61pi";
        break;
    }
  }
  const search = query.map(([name, value]) => `${name}=${value}`).join("&");
  return { method, target: "/" + segments.join("/") + (search ? `?${search}` : "") };
}

/** Whether the host may relay this request at all (the same parser the host runs). */
function parses(method: string, target: string): boolean {
  try {
    canonicalRequest(method, target, "/api");
    return true;
  } catch {
    return false;
  }
}

/** A request reaching the service is in its canonical spelling, always. */
function isCanonical(seen: Seen): boolean {
  try {
    return canonicalRequest(seen.method, `/api${seen.url}`, "/api").target === seen.url;
  } catch {
    return false;
  }
}

/** The paid operations' requests, as they reach the service. */
const PAID =
  /^\/v5\.(1\/(find-email|verify-email|domain\/[^/]+\/email\/order|(bulk|geo-lead)\/[^/]+\/download)|0\/(search|validate))/;

export interface HostileSuiteOptions {
  store: "sqlite" | "postgres";
  runs: number;
  hangUps: number;
}

export function hostileMembersSuite(options: HostileSuiteOptions): void {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let recorder: RecordingProxy;
  let database: TestDatabase | null = null;
  let host: TeamOverSandbox;
  let url: string;
  let store: TeamStore;
  let templates: Template[];
  let lookups: Template[];
  let paidOthers: Template[];
  /** Lookups of people no download can buy, and bounce reports of their addresses. */
  let bounces: Template[];
  const month = monthOf(new Date());
  const admin = (method: string, path: string, body?: unknown) => host.admin(method, path, body);

  async function addMember(
    budget: number
  ): Promise<{ id: string; token: string; budgetMilli: number }> {
    const added = await host.addMember("Member", budget);
    return { ...added, budgetMilli: Math.round(budget * 1000) };
  }

  /** Paid operations most of the time: lookups, orders and downloads; free ones the rest. */
  const pickTemplate = (index: number): Template => {
    const pool = [lookups, lookups, paidOthers, paidOthers, templates, bounces][index % 6]!;
    return pool[Math.floor(index / 6) % pool.length]!;
  };

  const creditsMilli = async (): Promise<number> => Math.round((await company.credits()) * 1000);

  /** Nothing open, and the ledger's change equal to the team's usage since `before`. */
  async function checkMoney(
    before: { ledger: number; team: number },
    budgets: Map<string, number>,
    teamBudgetMilli: number
  ): Promise<void> {
    await eventually(
      async () =>
        (await store.teamMonth(month)).reservedMilli === 0 && recorder.inFlight() === 0
          ? true
          : undefined,
      20_000,
      "every reservation ended"
    );
    const team = await store.teamMonth(month);
    expect({
      ledgerChange: before.ledger - (await creditsMilli()),
      teamUsage: team.spentMilli - before.team,
    }).toEqual({
      ledgerChange: team.spentMilli - before.team,
      teamUsage: team.spentMilli - before.team,
    });
    expect(team.spentMilli).toBeLessThanOrEqual(teamBudgetMilli);
    for (const [id, budget] of budgets) {
      const mine = await store.memberMonth(id, month);
      expect(mine.spentMilli + mine.reservedMilli).toBeLessThanOrEqual(budget);
    }
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ jobChunkSize: 50 });
    company = await sandbox.account(100_000);
    recorder = await startRecordingProxy(sandbox.baseUrl);
    if (options.store === "postgres") database = await startTestDatabase();
    host = await startTeamOverSandbox({
      upstream: recorder.url,
      serviceKey: company.apiKey,
      ...(database ? { databaseUrl: database.url } : {}),
    });
    url = host.url;
    store = host.store;
    expect((await admin("PUT", "/team", { name: "Hostile", monthly_budget: null })).status).toBe(
      200
    );

    // The world: people and companies the sandbox knows, small searches done and unpaid, domain
    // files of a few credits.
    const world = new Directory({}).companies.filter((c) => c.mailServer === "verifying");
    const people = world
      .flatMap((c) => c.people.slice(0, 2))
      .filter((p) => !p.blacklisted && !p.mailboxClosed && p.nameSplittable)
      .slice(0, 60);
    const searchIds: Array<["bulk" | "geo-lead", string]> = [];
    for (let i = 0; i < 10; i++) {
      const rows = people
        .slice(20 + i * 3, 23 + i * 3)
        .map((p) => [p.firstName, p.lastName, p.company.domain]);
      const created = await company.request("POST", "/v5.1/bulk/json", {
        data: rows,
        has_header: false,
        first_name_field_index: 0,
        last_name_field_index: 1,
        domain_field_index: 2,
      });
      if (created.status !== 200) throw new Error(`bulk: ${created.text}`);
      searchIds.push(["bulk", created.body.id as string]);
    }
    const example = (await sandbox.examples()).geo_lead as Record<string, unknown>;
    for (const query of ["bakery", "dentist"]) {
      const created = await company.request("POST", "/v5.1/geo-lead", {
        ...example,
        query,
        result_limit: 2,
        find_company_emails: false,
        find_decision_maker_categories: ["ceo"],
      });
      if (created.status !== 200) throw new Error(`geo-lead: ${created.text}`);
      searchIds.push(["geo-lead", created.body.id as string]);
    }
    for (const [kind, id] of searchIds)
      await waitForStatus(company, `/v5.1/${kind}/${id}`, ["completed"], 30_000);
    const domains: string[] = [];
    for (const candidate of world.map((c) => c.domain)) {
      const info = await company.request("GET", `/v5.1/domain/${candidate}/email`);
      if (info.status === 200 && info.body.credits_required > 0 && info.body.credits_required <= 3)
        domains.push(candidate);
      if (domains.length === 10) break;
    }
    expect(domains.length).toBeGreaterThan(0);

    lookups = [
      ...people.slice(0, 20).map((p) => ({
        method: "POST",
        segments: ["v5.1", "find-email", "person"],
        query: [],
        body: { first_name: p.firstName, last_name: p.lastName, domain: p.company.domain },
      })),
      ...people.slice(0, 6).map((p) => ({
        method: "POST",
        segments: ["v5.0", "search", "person.json"],
        query: [],
        body: { first_name: p.firstName, last_name: p.lastName, domain: p.company.domain },
      })),
      ...domains.map((domain) => ({
        method: "POST",
        segments: ["v5.1", "find-email", "company"],
        query: [],
        body: { domain },
      })),
      ...domains.map((domain) => ({
        method: "POST",
        segments: ["v5.1", "find-email", "decision-maker"],
        query: [],
        body: { domain, decision_maker_category: ["ceo"] },
      })),
      ...domains.map((domain) => ({
        method: "POST",
        segments: ["v5.0", "search", "company.json"],
        query: [],
        body: { domain },
      })),
      ...domains.map((domain) => ({
        method: "POST",
        segments: ["v5.0", "search", "employees.json"],
        query: [],
        body: { domain, preferred_title: "ceo" },
      })),
      ...people.slice(0, 4).map((p) => ({
        method: "POST",
        segments: ["v5.1", "verify-email"],
        query: [],
        body: { email: `${p.firstName.toLowerCase()}@${p.company.domain}` },
      })),
      ...people.slice(0, 2).map((p) => ({
        method: "POST",
        segments: ["v5.0", "validate.json"],
        query: [],
        body: { email: `${p.firstName.toLowerCase()}@${p.company.domain}` },
      })),
      {
        method: "POST",
        segments: ["v5.1", "find-email", "linkedin-url"],
        query: [],
        body: { linkedin_url: "https://www.linkedin.com/in/nobody-here" },
      },
    ];
    paidOthers = [
      ...domains.map((domain) => ({
        method: "POST",
        segments: ["v5.1", "domain", domain, "email", "order"],
        query: [],
      })),
      ...searchIds.map(([kind, id]) => ({
        method: "GET",
        segments: ["v5.1", kind, id, "download"],
        query: [],
      })),
      ...searchIds.map(([kind, id]) => ({
        method: "GET",
        segments: ["v5.1", kind, id, "download"],
        query: [["preview_only", "true"] as [string, string]],
      })),
    ];
    // Only people no download can buy (no decision makers, in no bulk file): the service pays
    // a download's bounce back to the company, which the host cannot attribute.
    const reportable = people
      .slice(0, 20)
      .filter((p) => p.category === null)
      .slice(0, 6);
    bounces = reportable.flatMap((p) => [
      {
        method: "POST",
        segments: ["v5.1", "find-email", "person"],
        query: [],
        body: { first_name: p.firstName, last_name: p.lastName, domain: p.company.domain },
      },
      {
        method: "POST",
        segments: ["v5.1", "report", "bad-email"],
        query: [],
        body: { email: p.email, additional_info: "Hard bounce" },
      },
    ]);
    templates = [
      ...lookups,
      ...paidOthers,
      { method: "GET", segments: ["status"], query: [] },
      { method: "GET", segments: ["v5.1", "account"], query: [] },
      { method: "GET", segments: ["v5.0", "meta", "account.json"], query: [] },
      ...domains.map((domain) => ({
        method: "GET",
        segments: ["v5.1", "domain", domain, "email"],
        query: [],
      })),
      ...domains.map((domain) => ({
        method: "GET",
        segments: ["v5.1", "domain", domain, "email", "download"],
        query: [],
      })),
      ...searchIds.map(([kind, id]) => ({
        method: "GET",
        segments: ["v5.1", kind, id],
        query: [],
      })),
      {
        method: "POST",
        segments: ["v5.1", "report", "bad-email"],
        query: [],
        body: { email: "nobody-bought-this@nowhere.example", additional_info: "test" },
      },
      {
        method: "POST",
        segments: ["v5.1", "bulk", "multipart"],
        query: [],
        raw: {
          type: "multipart/form-data; boundary=mfx",
          text: [
            "--mfx",
            'Content-Disposition: form-data; name="file"; filename="list.csv"',
            "Content-Type: text/csv",
            "",
            "first,last,domain\r\nAda,Lovelace,acme.com",
            "--mfx",
            'Content-Disposition: form-data; name="first_name_field_index"',
            "",
            "0",
            "--mfx--",
            "",
          ].join("\r\n"),
        },
      },
      {
        method: "POST",
        segments: ["v5.1", "bulk", "json"],
        query: [],
        body: {
          data: [["a", "b", "acme.com"]],
          has_header: false,
          first_name_field_index: 0,
          last_name_field_index: 1,
          domain_field_index: 2,
        },
      },
    ];
  }, 120_000);

  afterAll(async () => {
    await host?.close();
    await recorder?.close();
    await sandbox?.close();
    await database?.drop();
  });

  test("random spellings and methods by members with small budgets: every credit counted, nothing refused sent", async () => {
    let refusedByHost = 0;
    let relayed = 0;
    let overBudget = 0;
    let paidSent = 0;
    let refunds = 0;
    let freshLookups = 0;
    let freshSent = 0;
    const freshDomain = (lookups[0]!.body as { domain: string }).domain;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 3 }),
        fc.array(
          fc.record({
            template: fc.nat(10_000),
            member: fc.nat(2),
            mutations: fc.array(mutationArbitrary(), { maxLength: 2 }),
          }),
          { minLength: 4, maxLength: 10 }
        ),
        async (budgets, requests) => {
          const team = await Promise.all(budgets.map((budget) => addMember(budget)));
          const before = {
            ledger: await creditsMilli(),
            team: (await store.teamMonth(month)).spentMilli,
          };
          for (const { template: index, member, mutations } of requests) {
            const template = pickTemplate(index);
            const { method, target } = spell(template, mutations);
            const who = team[member % team.length]!;
            const from = recorder.seen.length;
            const isReport = template.segments[2] === "bad-email";
            const ledgerBefore = isReport ? await creditsMilli() : 0;
            const answer = (await rawRequest(url, method, target, {
              headers: {
                authorization: `Bearer ${who.token}`,
                ...bodyOf(template).headers,
              },
              ...(bodyOf(template).body !== undefined ? { body: bodyOf(template).body } : {}),
            }))!;
            const reached = recorder.seen.slice(from);
            if (reached.some((seen) => PAID.test(seen.url))) paidSent++;
            if (isReport && (await creditsMilli()) > ledgerBefore) refunds++;
            // Whatever reached the service was a canonical request, never a raw spelling.
            for (const seen of reached)
              expect([target, seen, isCanonical(seen)]).toEqual([target, seen, true]);
            // No spelling answers 500.
            expect([method, target, answer.status]).not.toEqual([method, target, 500]);
            if (!parses(method, target)) {
              refusedByHost++;
              expect([method, target, answer.status, reached]).toEqual([
                method,
                target,
                answer.status,
                [],
              ]);
              expect([400, 404, 405, 415]).toContain(answer.status);
            } else relayed++;
            if (answer.status === 402 && JSON.parse(answer.text).error === "budget_exceeded") {
              overBudget++;
              expect(reached.filter((seen) => PAID.test(seen.url))).toEqual([]);
            }
          }
          // One lookup no earlier run asked, by a member who can pay for it: every run sends at
          // least one paid request, however the random ones fell (shared answers, budgets of 0).
          const payer = await addMember(5);
          const from = recorder.seen.length;
          const fresh = await rawRequest(url, "POST", "/api/v5.1/find-email/person", {
            headers: { authorization: `Bearer ${payer.token}`, "content-type": "application/json" },
            body: JSON.stringify({
              first_name: "Fresh",
              last_name: `Asker${(freshLookups += 1)}`,
              domain: freshDomain,
            }),
          });
          expect([fresh!.status, fresh!.text]).toEqual([200, fresh!.text]);
          if (recorder.seen.slice(from).some((seen) => PAID.test(seen.url))) freshSent++;
          await checkMoney(
            before,
            new Map([...team, payer].map((m) => [m.id, m.budgetMilli])),
            Number.POSITIVE_INFINITY
          );
        }
      ),
      { numRuns: options.runs }
    );
    // The runs did what they are for: refusals, relayed requests and budgets that said no, and
    // paid requests of the random ones besides each run's fresh lookup.
    expect(refusedByHost).toBeGreaterThan(0);
    expect(relayed).toBeGreaterThan(0);
    expect(overBudget).toBeGreaterThan(0);
    expect(freshSent).toBe(freshLookups);
    expect(paidSent).toBeGreaterThan(0);
    console.log(
      `hostile runs: ${refusedByHost} refused by the host, ${relayed} relayed, ${paidSent} paid sent (and ${freshSent} fresh lookups), ${overBudget} over budget, ${refunds} bounces paid back`
    );
  }, 600_000);

  test("a team budget holds across members, spellings and methods", async () => {
    const before = {
      ledger: await creditsMilli(),
      team: (await store.teamMonth(month)).spentMilli,
    };
    const teamBudgetMilli = before.team + 3_000;
    expect(
      (await admin("PUT", "/team", { name: "Hostile", monthly_budget: teamBudgetMilli / 1000 }))
        .status
    ).toBe(200);
    try {
      const team = await Promise.all([addMember(5), addMember(5)]);
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              template: fc.nat(10_000),
              member: fc.nat(1),
              mutations: fc.array(mutationArbitrary(), { maxLength: 1 }),
            }),
            { minLength: 3, maxLength: 6 }
          ),
          async (requests) => {
            for (const { template: index, member, mutations } of requests) {
              const template = [...lookups, ...paidOthers][
                index % (lookups.length + paidOthers.length)
              ]!;
              const { method, target } = spell(template, mutations);
              await rawRequest(url, method, target, {
                headers: {
                  authorization: `Bearer ${team[member]!.token}`,
                  ...bodyOf(template).headers,
                },
                ...(bodyOf(template).body !== undefined ? { body: bodyOf(template).body } : {}),
              });
            }
            await checkMoney(
              before,
              new Map(team.map((m) => [m.id, m.budgetMilli])),
              teamBudgetMilli
            );
          }
        ),
        { numRuns: Math.max(3, Math.floor(options.runs / 3)) }
      );
    } finally {
      await admin("PUT", "/team", { name: "Hostile", monthly_budget: null });
    }
  }, 600_000);

  test("clients that hang up before the headers or in the middle of a download: every charge settled, lookups kept", async () => {
    recorder.delay = (seen) => (PAID.test(seen.url) ? 60 : 0);
    recorder.bodyPause = (seen) => (/\/download/.test(seen.url) ? 150 : 0);
    let hungUp = 0;
    let keptAnswers = 0;
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              template: fc.nat(10_000),
              moment: fc.oneof(
                fc.integer({ min: 0, max: 120 }).map((ms) => ({ ms })),
                fc.constant({ onHeaders: true })
              ),
            }),
            { minLength: 3, maxLength: 6 }
          ),
          async (requests) => {
            const [who] = await Promise.all([addMember(20)]);
            const before = {
              ledger: await creditsMilli(),
              team: (await store.teamMonth(month)).spentMilli,
            };
            // The v5.1 lookups that reached the service before their member hung up.
            const reachedLookups: Template[] = [];
            for (const { template: index, moment } of requests) {
              const template = [...lookups, ...paidOthers][
                index % (lookups.length + paidOthers.length)
              ]!;
              const { method, target } = spell(template, []);
              const from = recorder.seen.length;
              const answer: RawAnswer | null = await rawRequest(url, method, target, {
                headers: {
                  authorization: `Bearer ${who!.token}`,
                  ...bodyOf(template).headers,
                },
                ...(bodyOf(template).body !== undefined ? { body: bodyOf(template).body } : {}),
                ...("ms" in moment ? { hangUpAfterMs: moment.ms } : { hangUpOnHeaders: true }),
              });
              if (answer === null) hungUp++;
              const path = "/" + template.segments.join("/");
              if (
                answer === null &&
                lookups.includes(template) &&
                template.segments[0] === "v5.1" &&
                recorder.seen.slice(from).some((seen) => seen.url === path)
              )
                reachedLookups.push(template);
            }
            await checkMoney(
              before,
              new Map([[who!.id, who!.budgetMilli]]),
              Number.POSITIVE_INFINITY
            );
            // A lookup bought while its member was gone is the team's: asked again, it is free.
            const ledger = await creditsMilli();
            for (const template of reachedLookups) {
              const again = await rawRequest(
                url,
                template.method,
                "/api/" + template.segments.join("/"),
                {
                  headers: {
                    authorization: `Bearer ${who!.token}`,
                    "content-type": "application/json",
                  },
                  body: JSON.stringify(template.body),
                }
              );
              expect(again!.status).toBeLessThan(500);
              if (again!.status === 200) {
                keptAnswers++;
                expect(again!.headers["x-mail-finder-answer"]).toBe("shared");
              }
            }
            expect(await creditsMilli()).toBe(ledger);
          }
        ),
        { numRuns: options.hangUps }
      );
    } finally {
      recorder.delay = () => 0;
      recorder.bodyPause = () => 0;
    }
    expect(hungUp).toBeGreaterThan(0);
    expect(keptAnswers).toBeGreaterThan(0);
  }, 600_000);
}
