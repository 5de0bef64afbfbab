import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openTeamStore } from "../../../src/server/team/open-store";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import type { TeamStore } from "../../../src/server/team/store";
import { describeTeamStore, type OpenedStore } from "./store-contract";
import { describeTeamStoreEvidence } from "./store-contract-evidence";

// The team store of a single host: SQLite, in memory and in a file.

let directory: string;
beforeAll(() => {
  directory = mkdtempSync(join(tmpdir(), "mf-team-store-"));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

async function migrated(file: string): Promise<SqliteTeamStore> {
  const store = new SqliteTeamStore(file);
  await store.migrate();
  return store;
}

const inMemory = async (): Promise<OpenedStore> => {
  const store = await migrated(":memory:");
  return { store, close: () => store.close() };
};
describeTeamStore("SQLite in memory", inMemory);
describeTeamStoreEvidence("SQLite in memory", inMemory);

let files = 0;
const inAFile = async (): Promise<OpenedStore> => {
  const file = join(directory, `contract-${++files}.db`);
  const store = await migrated(file);
  const others: TeamStore[] = [];
  return {
    store,
    second: async () => {
      const other = await migrated(file);
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await store.close();
    },
  };
};
describeTeamStore("SQLite in a file", inAFile, { instances: 2 });
describeTeamStoreEvidence("SQLite in a file", inAFile, { instances: 2 });

describe("SQLite team store in a file", () => {
  test("keeps its data when reopened", async () => {
    const file = join(directory, "reopened", "team.db");
    const first = await migrated(file);
    await first.updateTeam({ name: "Sales", monthlyBudgetMilli: 50_000 });
    const ada = await first.addMember({
      name: "Ada",
      email: "ada@example.com",
      monthlyBudgetMilli: 10_000,
    });
    await first.issueToken(ada.id, "a".repeat(64));
    const open = await first.reserve(ada.id, "2026-03", 2_000, 60_000);
    const settled = await first.reserve(ada.id, "2026-03", 1_000, 60_000);
    if (!open.ok || !settled.ok) throw new Error("refused");
    await first.settle(settled.reservation, 800, { operation: "verify", status: 200 });
    await first.setSealedServiceKey("v1.sealed");
    await first.close();

    const second = await migrated(file);
    try {
      expect(await second.team()).toEqual({
        name: "Sales",
        monthlyBudgetMilli: 50_000,
        freshnessDays: 90,
      });
      expect(await second.members()).toEqual([ada]);
      expect(await second.memberByTokenHash("a".repeat(64))).toEqual(ada);
      expect(await second.memberMonth(ada.id, "2026-03")).toEqual({
        spentMilli: 800,
        reservedMilli: 2_000,
      });
      expect(await second.sealedServiceKey()).toBe("v1.sealed");
      // The reservation made before the restart is still the one to end.
      await second.release(open.reservation);
      await second.settle(settled.reservation, 800, { operation: "verify", status: 200 });
      expect(await second.memberMonth(ada.id, "2026-03")).toEqual({
        spentMilli: 800,
        reservedMilli: 0,
      });
    } finally {
      await second.close();
    }
  });

  test("openTeamStore creates the file's directory and migrates it", async () => {
    const file = join(directory, "opened", "deeper", "team.db");
    const store = await openTeamStore({ file });
    try {
      expect(existsSync(file)).toBe(true);
      expect(await store.team()).toEqual({ name: "", monthlyBudgetMilli: null, freshnessDays: 90 });
    } finally {
      await store.close();
    }
  });

  test("openTeamStore says which file it cannot open", async () => {
    const blocked = join(directory, "a-file");
    await (await openTeamStore({ file: blocked })).close();
    await expect(openTeamStore({ file: join(blocked, "team.db") })).rejects.toThrow(
      `Cannot open the team database file ${join(blocked, "team.db")}`
    );
  });

  test("a schema migrated by a newer host is not migrated again", async () => {
    const file = join(directory, "versions.db");
    const store = await migrated(file);
    await store.migrate();
    await store.close();
    const Database = (await import("better-sqlite3")).default;
    const db = new Database(file, { readonly: true });
    try {
      const versions = db
        .prepare("SELECT version FROM schema_migrations ORDER BY version")
        .pluck()
        .all();
      const { MIGRATIONS } = await import("../../../src/server/team/migrations");
      expect(versions).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      db.close();
    }
  });
});
