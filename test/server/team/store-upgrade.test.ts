import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { MIGRATIONS } from "../../../src/server/team/migrations";
import { PgTeamStore } from "../../../src/server/team/pg-store";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import type { TeamStore } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";

// A database made by the release before Kysely (its schema at version 7 and some rows, frozen in
// test/fixtures/team-store/) is upgraded in place when a store opens it: its versions are recorded
// in Kysely's table, the rest run, and the store reads its rows right. It then has the schema a
// fresh database migrated from nothing has.

const fixture = (name: string) =>
  readFileSync(join(__dirname, "../../fixtures/team-store", name), "utf8");

const ada = {
  id: "m-ada",
  name: "Ada",
  email: "ada@example.com",
  monthlyBudgetMilli: 10_000,
  createdAt: "2026-01-05T10:00:00.000Z",
};
const bob = {
  id: "m-bob",
  name: "Bob",
  email: "bob@example.com",
  monthlyBudgetMilli: null,
  createdAt: "2026-01-05T10:00:01.000Z",
};

/** What the fixture's rows read as, through the store, and what the store still does with them. */
async function expectFixtureRows(store: TeamStore): Promise<void> {
  expect(await store.team()).toEqual({
    name: "Sales",
    monthlyBudgetMilli: 50_000,
    freshnessDays: 90,
  });
  expect(await store.members()).toEqual([ada, bob]);
  expect(await store.memberByTokenHash("a".repeat(64))).toEqual(ada);
  expect(await store.memberByTokenHash("b".repeat(64))).toBeNull();
  expect(await store.memberByTokenHash("c".repeat(64))).toBeNull();
  expect((await store.tokens("m-bob")).map((token) => token.revokedAt)).toEqual([
    "2026-02-01T00:00:00.000Z",
  ]);
  expect(await store.memberMonth("m-ada", "2026-03")).toEqual({
    spentMilli: 800,
    reservedMilli: 2_000,
  });
  // The team's month is its members' (the removed one's included), on both databases.
  expect(await store.teamMonth("2026-03")).toEqual({ spentMilli: 1_500, reservedMilli: 2_000 });
  expect(await store.teamMonth("2026-02")).toEqual({ spentMilli: 3_000, reservedMilli: 0 });
  expect(await store.usage("2026-03")).toEqual([
    { memberId: "m-ada", name: "Ada", email: "ada@example.com", creditsMilli: 800, requests: 1 },
    { memberId: "m-bob", name: "Bob", email: "bob@example.com", creditsMilli: 500, requests: 1 },
  ]);
  const audit = await store.audit("2026-01-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z");
  expect(audit.map((entry) => [entry.memberId, entry.creditsMilli])).toEqual([
    ["m-ada", 3_000],
    ["m-ada", 800],
    ["m-bob", 500],
    ["m-cy", 200],
  ]);
  expect(await store.unreturnedMilli("ada@example.com")).toBe(500);
  expect(await store.sealedServiceKey()).toBe("v1.sealed");
  expect(await store.sealingSalt("another")).toBe("salt-of-the-team");
  expect(
    (await store.sharedAnswer("v5.1|domain|example.com", "2026-01-01T00:00:00.000Z"))?.body
  ).toBe('{"email":"ada@example.com"}');
  expect(
    (await store.adminAudit("2026-01-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z", 10)).map(
      (entry) => [entry.action, entry.memberId]
    )
  ).toEqual([["member_added", "m-ada"]]);

  // The reservation made before the upgrade is still the one to end; a settled one stays settled.
  await store.release({ id: "r-open", memberId: "m-ada", month: "2026-03", amountMilli: 2_000 });
  await store.settle(
    { id: "r-settled", memberId: "m-ada", month: "2026-03", amountMilli: 1_000 },
    800,
    {
      operation: "email-verifier",
      status: 200,
    }
  );
  expect(await store.teamMonth("2026-03")).toEqual({ spentMilli: 1_500, reservedMilli: 0 });
  // The team's budget counts the members' months: 48,500 left of 50,000.
  const over = await store.reserve("m-bob", "2026-03", 48_501, 60_000);
  expect(over).toMatchObject({ ok: false, budget: "team", usedMilli: 1_500 });
  const fits = await store.reserve("m-bob", "2026-03", 48_500, 60_000);
  expect(fits.ok).toBe(true);
  expect(await store.teamMonth("2026-03")).toEqual({ spentMilli: 1_500, reservedMilli: 48_500 });
}

const allVersions = MIGRATIONS.map((migration) => migration.version);
const allNames = MIGRATIONS.map((migration) => migration.name);

describe("SQLite: a database of the release before Kysely", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-store-upgrade-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  function made(file: string): void {
    const db = new Database(file);
    db.exec(fixture("sqlite-v7.sql"));
    db.close();
  }

  function schemaOf(file: string): unknown[] {
    const db = new Database(file, { readonly: true });
    try {
      return (
        db
          .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
          .all() as Array<{ sql: string | null }>
      ).map((row) => ({ ...row, sql: row.sql?.replace(/\s+/g, " ") ?? null }));
    } finally {
      db.close();
    }
  }

  function records(file: string): { versions: unknown[]; names: unknown[] } {
    const db = new Database(file, { readonly: true });
    try {
      return {
        versions: db
          .prepare("SELECT version FROM schema_migrations ORDER BY version")
          .pluck()
          .all(),
        names: db.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all(),
      };
    } finally {
      db.close();
    }
  }

  test("is upgraded in place, and the store reads its rows right", async () => {
    const file = join(directory, "upgraded.db");
    made(file);
    const store = new SqliteTeamStore(file);
    try {
      await store.migrate();
      await expectFixtureRows(store);
    } finally {
      await store.close();
    }
    expect(records(file)).toEqual({ versions: allVersions, names: allNames });
  });

  test("ends with the schema of a fresh database", async () => {
    const upgraded = join(directory, "compared-upgraded.db");
    const fresh = join(directory, "compared-fresh.db");
    made(upgraded);
    for (const file of [upgraded, fresh]) {
      const store = new SqliteTeamStore(file);
      await store.migrate();
      await store.close();
    }
    expect(schemaOf(upgraded)).toEqual(schemaOf(fresh));
    expect(records(fresh)).toEqual({ versions: allVersions, names: allNames });
  });
});

describe("PostgreSQL: a database of the release before Kysely", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.drop();
  });

  async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  async function made(): Promise<string> {
    const url = await database.schemaUrl();
    await withClient(url, (client) => client.query(fixture("postgres-v7.sql")));
    return url;
  }

  async function migrated(url: string): Promise<void> {
    const store = new PgTeamStore(url);
    try {
      await store.migrate();
    } finally {
      await store.close();
    }
  }

  /** Tables, columns, constraints, indexes and functions of the URL's schema. */
  function schemaOf(url: string): Promise<unknown> {
    return withClient(url, async (client) => {
      const query = async (text: string) => (await client.query(text)).rows;
      return {
        columns: await query(
          `SELECT table_name, column_name, ordinal_position, data_type, is_nullable,
                  column_default, is_identity
           FROM information_schema.columns WHERE table_schema = current_schema()
           ORDER BY table_name, ordinal_position`
        ),
        constraints: await query(
          `SELECT c.conrelid::regclass::text AS table_name, c.conname,
                  pg_get_constraintdef(c.oid) AS definition
           FROM pg_constraint c WHERE c.connamespace = current_schema()::regnamespace
           ORDER BY 1, 2`
        ),
        indexes: await query(
          `SELECT tablename, indexname, replace(indexdef, current_schema() || '.', '') AS indexdef
           FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname`
        ),
        functions: await query(
          `SELECT proname, pg_get_function_identity_arguments(oid) AS arguments,
                  pg_get_function_result(oid) AS result, prosrc
           FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
           ORDER BY proname, arguments`
        ),
      };
    });
  }

  test("is upgraded in place, and the store reads its rows right", async () => {
    const url = await made();
    const store = new PgTeamStore(url);
    try {
      await store.migrate();
      await expectFixtureRows(store);
    } finally {
      await store.close();
    }
    const records = await withClient(url, async (client) => ({
      versions: (
        await client.query("SELECT version FROM schema_migrations ORDER BY version")
      ).rows.map((row: { version: number }) => row.version),
      names: (await client.query("SELECT name FROM kysely_migration ORDER BY name")).rows.map(
        (row: { name: string }) => row.name
      ),
    }));
    expect(records).toEqual({ versions: allVersions, names: allNames });
  });

  test("ends with the schema of a fresh database, its functions in their current form", async () => {
    const upgraded = await made();
    const fresh = await database.schemaUrl();
    await migrated(upgraded);
    await migrated(fresh);
    const [upgradedSchema, freshSchema] = [await schemaOf(upgraded), await schemaOf(fresh)];
    expect(upgradedSchema).toEqual(freshSchema);
    expect(
      (freshSchema as { functions: Array<{ proname: string }> }).functions.map((f) => f.proname)
    ).toEqual([
      "mf_change_month",
      "mf_change_months",
      "mf_finish_lookup",
      "mf_release",
      "mf_release_expired",
      "mf_reserve",
      "mf_settle",
      "mf_settle_counted",
      "mf_settle_orphan",
      "mf_start_lookup",
    ]);
  });
});
