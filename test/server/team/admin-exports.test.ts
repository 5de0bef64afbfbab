import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { errorHandler, notFoundHandler } from "../../../src/server/errors";
import { adminApi } from "../../../src/server/team/admin-api";
import { ADMIN_AJV } from "../../../src/server/team/admin-schemas";
import { PgTeamStore } from "../../../src/server/team/pg-store";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import type { TeamStore } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";

// The admin API's CSV exports over real HTTP, on SQLite and on PostgreSQL: written
// as the store reads them, a page at a time (more rows than a page here), whole and in order,
// over a range of at most 400 days.

const ADMIN_TOKEN = "X8rJ2kQ9vT4mW7nB1cZ5yH3gF6dS0aLpE8uR2iO4qK9t";
const MONTH = "2026-03";
const ENTRIES = 1_234;
const MEMBERS = 612;

interface Opened {
  store: TeamStore;
  close(): Promise<void>;
}

let directory: string;
let database: TestDatabase;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "mf-admin-exports-"));
});
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await database?.drop();
});

describe.each([
  [
    "SQLite",
    async (): Promise<Opened> => {
      const store = new SqliteTeamStore(join(directory, `${randomUUID()}.db`));
      await store.migrate();
      return { store, close: () => store.close() };
    },
  ],
  [
    "PostgreSQL",
    async (): Promise<Opened> => {
      database ??= await startTestDatabase();
      const store = new PgTeamStore(await database.schemaUrl());
      await store.migrate();
      return { store, close: () => store.close() };
    },
  ],
])("the admin API's CSV exports on %s", (_name, open) => {
  let opened: Opened;
  let app: FastifyInstance;
  let url: string;
  let members: string[];

  const get = (path: string) =>
    fetch(`${url}/admin/api${path}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  const lines = (text: string) =>
    text
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);

  beforeAll(async () => {
    opened = await open();
    const { store } = opened;
    members = [];
    for (let i = 0; i < MEMBERS; i++)
      members.push(
        (
          await store.addMember({
            name: `M${i}`,
            email: `m${i}@example.com`,
            monthlyBudgetMilli: null,
          })
        ).id
      );
    for (let i = 0; i < ENTRIES; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, ENTRIES - i) }, (_, j) =>
          store.settle(
            { id: randomUUID(), memberId: members[(i + j) % 7]!, month: MONTH, amountMilli: 1_000 },
            1_000,
            { operation: `op-${i + j}`, status: 200 }
          )
        )
      );
    app = Fastify({ ajv: ADMIN_AJV });
    app.setErrorHandler(errorHandler);
    app.setNotFoundHandler(notFoundHandler);
    await app.register(adminApi, {
      prefix: "/admin/api",
      store,
      adminToken: () => ADMIN_TOKEN,
      replaceServiceKey: async () => undefined,
    });
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  test("the audit: every entry, oldest first, streamed (no length known before the end)", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await get(`/audit.csv?from=${today}&to=${today}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const rows = lines(await response.text());
    expect(rows[0]).toBe("at,member_id,name,email,operation,credits,status");
    expect(rows).toHaveLength(ENTRIES + 1);
    const entries = rows.slice(1).map((row) => row.split(","));
    const times = entries.map((fields) => fields[0]!);
    expect([...times].sort()).toEqual(times);
    expect(new Set(entries.map((fields) => fields[4])).size).toBe(ENTRIES);
    const index = new Map(members.map((id, i) => [id, i]));
    for (const fields of entries) {
      const i = index.get(fields[1]!);
      expect(fields.slice(2, 7)).toEqual([`M${i}`, `m${i}@example.com`, fields[4], "1", "200"]);
    }
  });

  test("the usage: every current member once, in the order they were added, streamed", async () => {
    const response = await get(`/usage.csv?month=${MONTH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("transfer-encoding")).toBe("chunked");
    const rows = lines(await response.text());
    expect(rows[0]).toBe("member_id,name,email,credits,requests");
    expect(rows.slice(1).map((row) => row.split(",")[0])).toEqual(members);
    const spent = rows.slice(1).reduce((sum, row) => sum + Number(row.split(",")[3]), 0);
    expect(spent).toBe(ENTRIES);
  });

  test("while a download is read slowly, the store goes on taking paid requests", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const response = await get(`/audit.csv?from=${today}&to=${today}`);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // Nothing of the export is held open between pages (an open SQLite iterator would refuse it).
    await opened.store.settle(
      { id: randomUUID(), memberId: members[0]!, month: MONTH, amountMilli: 1_000 },
      1_000,
      { operation: "during-the-download", status: 200 }
    );
    while (!(await reader.read()).done);
  });

  test("an audit over more than 400 days is refused with 400 before anything is read", async () => {
    const refused = await get("/audit.csv?from=2025-01-01&to=2026-02-06");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "bad_request",
      message: expect.stringMatching(/at most 400 days apart/),
    });
    expect((await get("/audit.csv?from=2025-01-01&to=2026-02-05")).status).toBe(200);
  });
});
