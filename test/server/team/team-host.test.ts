import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../../src/server/app";
import { Directory } from "../../../src/sandbox/directory/directory";
import { call, startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import { canonicalRequest } from "../../../src/server/api/canonical-request";
import { lookupPriceOf } from "../../../src/server/team/pricing";
import { canonicalLookup } from "../../../src/server/team/canonical-lookup";
import { DIST } from "../helpers";

// The production host in team mode in front of a real sandbox, over real HTTP: the
// company's key held by the host, members signed in with their tokens, budgets, the team's
// shared answers, and what is refused.

const ADMIN = "u/JFmomaOrMuUobqxDsSA5/ccXpce0aFtVGK/pGQL+E=";

interface Host {
  app: FastifyInstance;
  url: string;
  log: string[];
}

describe("the production host in team mode", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let directory: string;
  let host: Host;
  let people: Array<Record<string, string>>;

  const admin = (method: string, path: string, body?: unknown) =>
    call(host.url, method, `/admin/api${path}`, body, { authorization: `Bearer ${ADMIN}` });
  const addMember = async (name: string, budget: number | null): Promise<string> => {
    const added = await admin("POST", "/members", {
      name,
      email: `${name.toLowerCase()}@team.example`,
      monthly_budget: budget,
    });
    expect(`${added.status} ${added.text}`).toMatch(/^201 /);
    return added.body.token as string;
  };
  const asMember = (token: string, method: string, path: string, body?: unknown) =>
    call(host.url, method, path, body, { authorization: `Bearer ${token}` });

  async function startHost(now?: () => Date): Promise<Host> {
    const log: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk));
        done();
      },
    });
    const app = await buildServer({
      dist: DIST,
      upstream: sandbox.baseUrl,
      log: true,
      logStream,
      team: {
        serviceKeyFile: join(directory, "service-key"),
        adminTokenFile: join(directory, "admin-token"),
        db: join(directory, "team.db"),
        entra: null,
      },
      teamTimings: { pollMs: 10 },
      ...(now ? { now } : {}),
    });
    const url = await app.listen({ port: 0, host: "127.0.0.1" });
    return { app, url, log };
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(1000);
    directory = mkdtempSync(join(tmpdir(), "mf-team-host-"));
    writeFileSync(join(directory, "service-key"), company.apiKey + "\n", { mode: 0o600 });
    writeFileSync(join(directory, "admin-token"), ADMIN + "\n", { mode: 0o600 });
    // Distinct people the sandbox finds (valid: one credit each), from its default directory.
    people = new Directory({}).companies
      .filter((company) => company.mailServer === "verifying")
      .flatMap((company) => company.people.slice(0, 1))
      .filter((person) => !person.blacklisted && !person.mailboxClosed && person.nameSplittable)
      .slice(0, 12)
      .map((person) => ({
        first_name: person.firstName,
        last_name: person.lastName,
        domain: person.company.domain,
      }));
    host = await startHost();
  });

  afterAll(async () => {
    await host?.app.close();
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test("says it is a team host, and refuses /api without a valid member token", async () => {
    const config = await call(host.url, "GET", "/team/config");
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ team: true, entra: null });
    for (const authorization of [
      undefined,
      "Bearer nope",
      `Bearer ${company.apiKey}`,
      `Bearer mft_${"x".repeat(43)}`,
    ]) {
      const refused = await call(
        host.url,
        "POST",
        "/api/v5.1/find-email/person",
        people[0],
        authorization ? { authorization } : {}
      );
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe("unauthorized");
      expect(refused.text).not.toContain(company.apiKey);
      const account = await call(
        host.url,
        "GET",
        "/api/v5.1/account",
        undefined,
        authorization ? { authorization } : {}
      );
      expect(account.status).toBe(401);
    }
  });

  test("a member's lookup is bought with the company's key, and a colleague's repeat is shared, free and not sent", async () => {
    const ann = await addMember("Ann", null);
    const bob = await addMember("Bob", null);
    const before = await company.credits();
    const first = await asMember(ann, "POST", "/api/v5.1/find-email/person", people[1]);
    if (first.status !== 200)
      console.log(
        first.text,
        host.log.filter((l) => l.includes('"level":40') || l.includes('"level":50')).join("\n")
      );
    expect(first.status).toBe(200);
    expect(first.body.credits_charged).toBe(1);
    expect(first.headers.get("x-mail-finder-answer")).toBeNull();
    expect(await company.credits()).toBe(before - 1);
    // The same person asked differently (case, spaces): the same lookup.
    const shouting = Object.fromEntries(
      Object.entries(people[1]!).map(([k, v]) => [k, ` ${v.toUpperCase()} `])
    );
    const repeat = await asMember(bob, "POST", "/api/v5.1/find-email/person", shouting);
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("x-mail-finder-answer")).toBe("shared");
    expect(repeat.body.credits_charged).toBe(0);
    expect(repeat.body.email).toBe(first.body.email);
    expect(await company.credits()).toBe(before - 1);
    const me = await asMember(ann, "GET", "/team/me");
    expect(me.body).toMatchObject({
      member: { name: "Ann" },
      spent_this_month: 1,
      monthly_budget: null,
    });
    const bobs = await asMember(bob, "GET", "/team/me");
    expect(bobs.body.spent_this_month).toBe(0);
    // The member's token never goes upstream; the key never comes back or reaches the log.
    expect(host.log.join("\n")).not.toContain(company.apiKey);
    expect(host.log.join("\n")).not.toContain(ann);
  });

  test("lookups asked at once by many members go out once", async () => {
    const tokens = await Promise.all(
      ["Cy", "Di", "Ed", "Flo", "Gus"].map((name) => addMember(name, null))
    );
    const before = await company.credits();
    const answers = await Promise.all(
      tokens.flatMap((token) => [
        asMember(token, "POST", "/api/v5.1/find-email/person", people[2]),
        asMember(token, "POST", "/api/v5.1/find-email/person", people[3]),
      ])
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers.get("x-mail-finder-answer") !== "shared")).toHaveLength(
      2
    );
    expect(await company.credits()).toBe(before - 2);
  });

  test("a member's budget: exactly its worth, then 402 budget_exceeded naming it", async () => {
    const kim = await addMember("Kim", 3);
    const answers = await Promise.all(
      people
        .slice(4, 10)
        .map((person) => asMember(kim, "POST", "/api/v5.1/find-email/person", person))
    );
    const passed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 402);
    expect(passed).toHaveLength(3);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toBe("budget_exceeded");
    expect(refused[0]!.body.message).toMatch(/monthly budget of 3 credits/);
    const me = await asMember(kim, "GET", "/team/me");
    expect(me.body).toMatchObject({ monthly_budget: 3, spent_this_month: 3, budget_left: 0 });
    // A shared answer is free: still given over the budget.
    const shared = await asMember(kim, "POST", "/api/v5.1/find-email/person", people[1]);
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-mail-finder-answer")).toBe("shared");
  });

  test("a removed member's token stops at once; the other routes relay with the company's key", async () => {
    const lou = await addMember("Lou", null);
    const account = await asMember(lou, "GET", "/api/v5.1/account");
    expect(account.status).toBe(200);
    expect(account.body.email).toBe(company.email);
    const legacy = await asMember(lou, "GET", "/api/v5.0/meta/account.json");
    expect(legacy.status).toBe(200);
    const members = await admin("GET", "/members");
    const id = (members.body as Array<{ id: string; name: string }>).find(
      (m) => m.name === "Lou"
    )!.id;
    expect((await admin("DELETE", `/members/${id}`)).status).toBe(204);
    const after = await asMember(lou, "GET", "/api/v5.1/account");
    expect(after.status).toBe(401);
  });

  test("a lookup charged by an instance that stopped before settling it is counted when asked again", async () => {
    await addMember("Oz", null);
    const pat = await addMember("Pat", null);
    const members = (await admin("GET", "/members")).body as Array<{ id: string; name: string }>;
    const oz = members.find((m) => m.name === "Oz")!.id;
    const person = people[10]!;
    const route = lookupPriceOf(canonicalRequest("POST", "/api/v5.1/find-email/person", "/api"))!;
    const month = new Date().toISOString().slice(0, 7);
    const spent = async () => {
      const usage = await admin("GET", `/usage?month=${month}`);
      return (usage.body as Array<{ credits: number }>).reduce((sum, row) => sum + row.credits, 0);
    };
    const creditsBefore = await company.credits();
    const spentBefore = await spent();
    // The stopped instance: it reserved for Oz, the service charged the lookup, and nothing
    // settled it; its reservation expired and was swept.
    const stopped = new SqliteTeamStore(join(directory, "team.db"));
    try {
      const reserved = await stopped.reserve(
        oz,
        month,
        route.maxMilli,
        1,
        canonicalLookup(route, person).key
      );
      expect(reserved.ok).toBe(true);
      const charged = await company.request("POST", "/v5.1/find-email/person", person);
      expect(charged.body).toMatchObject({ email_status: "valid", credits_charged: 1 });
      await new Promise((done) => setTimeout(done, 20));
      expect(await stopped.releaseExpired()).toBe(1);
    } finally {
      await stopped.close();
    }
    const repeat = await asMember(pat, "POST", "/api/v5.1/find-email/person", person);
    expect(repeat.status).toBe(200);
    expect(repeat.body.credits_charged).toBe(0);
    expect(await company.credits()).toBe(creditsBefore - 1);
    expect((await spent()) - spentBefore).toBe(1);
    const usage = (await admin("GET", `/usage?month=${month}`)).body as Array<{
      name: string;
      credits: number;
    }>;
    expect(usage.filter((row) => ["Oz", "Pat"].includes(row.name))).toEqual([
      expect.objectContaining({ name: "Oz", credits: 1 }),
      expect.objectContaining({ name: "Pat", credits: 0 }),
    ]);
  });

  test("the usage the admin reads is what the sandbox charged", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const usage = await admin("GET", `/usage?month=${month}`);
    const total = (usage.body as Array<{ credits: number }>).reduce(
      (sum, row) => sum + row.credits,
      0
    );
    expect(total).toBe(1000 - (await company.credits()));
  });

  test("the audit keeps paid requests without keys or tokens, 400 days: a host started later prunes older ones", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const range = `/audit.csv?from=${today}&to=${today}`;
    const audit = await admin("GET", range);
    expect(audit.status).toBe(200);
    const lines = audit.text.trim().split(/\r?\n/);
    // A header, the seven lookups bought above (one of them answered as a free repeat) and the
    // stopped instance's charge (shared answers and refusals are not paid).
    expect(lines).toHaveLength(9);
    expect(audit.text).toContain("v5.1/find-email/person");
    expect(audit.text).not.toContain(company.apiKey);
    expect(audit.text).not.toContain("mft_");
    // The same database, opened by a host whose clock is 401 days on.
    await host.app.close();
    const later = new Date(Date.now() + 401 * 86_400_000);
    host = await startHost(() => later);
    const pruned = await admin("GET", range);
    expect(pruned.text.trim().split(/\r?\n/)).toHaveLength(1);
  });
});
