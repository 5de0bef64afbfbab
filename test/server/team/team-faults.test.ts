import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { Client } from "pg";
import { buildServer } from "../../../src/server/app";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import { monthOf } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { call, startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { DIST } from "../helpers";

// Team mode's faults (issue 26): the database out of reach answers 503 and relays nothing
// unmetered; a reservation left by a host that died is released when a host starts, and a
// token of another team's host is refused.

const ADMIN = "q10b6OgQkjjMkMJ2HyfI/bHetq2Er5E5oNoTb0uuMEc=";

describe("team mode's faults", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let directory: string;
  let person: Record<string, unknown>;

  const teamOptions = (db: string) => ({
    serviceKeyFile: join(directory, "service-key"),
    adminTokenFile: join(directory, "admin-token"),
    db,
    entra: null,
  });
  const addMember = async (url: string, name: string, budget: number | null) => {
    const added = await call(
      url,
      "POST",
      "/admin/api/members",
      { name, email: `${name}@faults.example`, monthly_budget: budget },
      { authorization: `Bearer ${ADMIN}` }
    );
    expect(added.status).toBe(201);
    return added.body as { id: string; token: string };
  };

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(100);
    person = (await sandbox.examples()).person!.valid as Record<string, unknown>;
    directory = mkdtempSync(join(tmpdir(), "mf-team-faults-"));
    writeFileSync(join(directory, "service-key"), company.apiKey, { mode: 0o600 });
    writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  test("PostgreSQL out of reach: 503 with a clear message, nothing sent to the service", async () => {
    const database: TestDatabase = await startTestDatabase();
    let host: FastifyInstance | null = null;
    try {
      host = await buildServer({
        dist: DIST,
        upstream: sandbox.baseUrl,
        team: { ...teamOptions(""), databaseUrl: database.url },
      });
      const url = await host.listen({ port: 0, host: "127.0.0.1" });
      const { token } = await addMember(url, "ann", null);
      const before = await company.credits();
      // No new connection to the database, and the host's own ones ended.
      const name = new URL(database.url).pathname.slice(1);
      const maintenance = new URL(database.url);
      maintenance.pathname = "/postgres";
      const client = new Client({ connectionString: maintenance.toString() });
      await client.connect();
      await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name]
      );
      await client.end();
      for (const path of ["/api/v5.1/find-email/person", "/api/v5.1/account"]) {
        const answer = await call(
          url,
          path.includes("find") ? "POST" : "GET",
          path,
          path.includes("find") ? person : undefined,
          {
            authorization: `Bearer ${token}`,
          }
        );
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ error: "team_database_unavailable" });
        expect(answer.body.message).toMatch(/database cannot be reached: nothing was sent/);
        expect(answer.text).not.toContain(database.url);
      }
      expect(await company.credits()).toBe(before);
    } finally {
      await host?.close().catch(() => undefined);
      await database.drop();
    }
  });

  test("a reservation left by a host that died is released when a host starts; another team's token is refused", async () => {
    const file = join(directory, "team.db");
    // A host's lifetime: a member with a 2-credit budget.
    let host = await buildServer({
      dist: DIST,
      upstream: sandbox.baseUrl,
      team: teamOptions(file),
    });
    let url = await host.listen({ port: 0, host: "127.0.0.1" });
    const member = await addMember(url, "bo", 2);
    await host.close();
    // What a host killed mid-request leaves: a reservation of the whole budget, never ended.
    const store = new SqliteTeamStore(file);
    await store.migrate();
    const left = await store.reserve(member.id, monthOf(new Date()), 2000, 50);
    expect(left.ok).toBe(true);
    await store.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    host = await buildServer({ dist: DIST, upstream: sandbox.baseUrl, team: teamOptions(file) });
    url = await host.listen({ port: 0, host: "127.0.0.1" });
    try {
      const me = await call(url, "GET", "/team/me", undefined, {
        authorization: `Bearer ${member.token}`,
      });
      expect(me.body).toMatchObject({ monthly_budget: 2, spent_this_month: 0, budget_left: 2 });
      const bought = await call(url, "POST", "/api/v5.1/find-email/person", person, {
        authorization: `Bearer ${member.token}`,
      });
      expect(bought.status).toBe(200);
      // Another team's host (its own database): this token means nothing there.
      const other = await buildServer({
        dist: DIST,
        upstream: sandbox.baseUrl,
        team: teamOptions(join(directory, "other.db")),
      });
      const otherUrl = await other.listen({ port: 0, host: "127.0.0.1" });
      const refused = await call(otherUrl, "GET", "/team/me", undefined, {
        authorization: `Bearer ${member.token}`,
      });
      expect(refused.status).toBe(401);
      await other.close();
    } finally {
      await host.close();
    }
  });
});
