import fc from "fast-check";
import { Client, Pool } from "pg";
import { MIGRATIONS } from "../../../src/server/team/migrations";
import { openTeamStore, withoutPassword } from "../../../src/server/team/open-store";
import { PgTeamStore } from "../../../src/server/team/pg-store";
import type { Member, Reservation } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { describeTeamStore } from "./store-contract";
import { describeTeamStoreEvidence } from "./store-contract-evidence";

// The team store shared by several host instances: a real PostgreSQL server, and
// two stores with a pool each on one database, as two instances behind a load balancer.

let database: TestDatabase;
// One schema, migrated once and emptied before each test (migrating for every test would take
// most of the file's time); two instances (a pool each) on it, new for each test: an instance
// remembers sign-ins for a second, and a token of an emptied table must not be one.
let url: string;
let first: PgTeamStore;
let second: PgTeamStore;
let direct: Pool;

beforeAll(async () => {
  database = await startTestDatabase();
  url = await database.schemaUrl();
  await (await migrated(url)).close();
  await (await migrated(url)).close();
  direct = new Pool({ connectionString: url, max: 1 });
  // end() can resolve while its connection is still closing; the database's forced drop then
  // ends it, and an idle client's error with no listener would fail the file (seen in CI).
  direct.on("error", () => undefined);
}, 60_000);
beforeEach(() => {
  first = new PgTeamStore(url);
  second = new PgTeamStore(url);
});
afterEach(async () => {
  await Promise.all([first.close(), second.close()]);
});
afterAll(async () => {
  await direct?.end();
  await database?.drop();
});

async function migrated(url: string): Promise<PgTeamStore> {
  const store = new PgTeamStore(url);
  await store.migrate();
  return store;
}

/** Every table as a fresh migration leaves it: empty, and the team's row back to its defaults. */
async function emptied(): Promise<void> {
  const { rows } = await direct.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables
     WHERE schemaname = current_schema() AND tablename NOT IN ('schema_migrations', 'team')`
  );
  await direct.query(`TRUNCATE ${rows.map((row) => row.name).join(", ")} RESTART IDENTITY CASCADE`);
  await direct.query(
    `UPDATE team SET name = DEFAULT, monthly_budget_milli = DEFAULT, freshness_days = DEFAULT,
                     sealed_service_key = DEFAULT, sealing_salt = DEFAULT`
  );
}

const pair = async () => {
  await emptied();
  return { store: first, second: async () => second, close: async () => undefined };
};
describeTeamStore("PostgreSQL", pair, { instances: 2 });
describeTeamStoreEvidence("PostgreSQL", pair, { instances: 2 });

describe("PostgreSQL team store under concurrent load from two instances", () => {
  beforeEach(emptied);

  const month = "2026-05";
  const audit = { operation: "find-email/person", status: 200 };

  /** Fires every request at once, alternating instances; each reservation that passes is settled. */
  async function spendConcurrently(memberIds: string[], requests: number, amountMilli: number) {
    const outcomes = await Promise.all(
      Array.from({ length: requests }, async (_, i) => {
        const store = i % 2 === 0 ? first : second;
        const result = await store.reserve(
          memberIds[i % memberIds.length]!,
          month,
          amountMilli,
          60_000
        );
        if (result.ok) await store.settle(result.reservation, amountMilli, audit);
        return result;
      })
    );
    return {
      passed: outcomes.filter((outcome) => outcome.ok).length,
      refusals: outcomes.filter((outcome) => !outcome.ok),
    };
  }

  test("a member's budget: exactly as many requests pass as it allows", async () => {
    const ada = await first.addMember({
      name: "Ada",
      email: "ada@example.com",
      monthlyBudgetMilli: 10_000,
    });
    const { passed, refusals } = await spendConcurrently([ada.id], 200, 1_000);
    expect(passed).toBe(10);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ ok: false, budget: "member", limitMilli: 10_000 });
    expect(await first.memberMonth(ada.id, month)).toEqual({
      spentMilli: 10_000,
      reservedMilli: 0,
    });
    expect(await second.teamMonth(month)).toEqual({ spentMilli: 10_000, reservedMilli: 0 });
    expect(await first.audit("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z")).toHaveLength(10);
  });

  test("the team's budget shared by several members is never passed", async () => {
    await first.updateTeam({ monthlyBudgetMilli: 10_000 });
    const members = await Promise.all(
      ["Ada", "Bob", "Cy", "Di", "Ed"].map((name) =>
        first.addMember({ name, email: `${name}@example.com`, monthlyBudgetMilli: null })
      )
    );
    const { passed, refusals } = await spendConcurrently(
      members.map((member) => member.id),
      200,
      1_000
    );
    expect(passed).toBe(10);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ ok: false, budget: "team", limitMilli: 10_000 });
    expect(await second.teamMonth(month)).toEqual({ spentMilli: 10_000, reservedMilli: 0 });
    const usage = await first.usage(month);
    expect(usage.reduce((sum, row) => sum + row.creditsMilli, 0)).toBe(10_000);
    expect(usage.reduce((sum, row) => sum + row.requests, 0)).toBe(10);
  });

  test("reservations ended concurrently in every way end once each", async () => {
    const ada = await first.addMember({
      name: "Ada",
      email: "ada@example.com",
      monthlyBudgetMilli: null,
    });
    const reservations: Reservation[] = [];
    for (let i = 0; i < 40; i++) {
      const result = await first.reserve(ada.id, month, 100, i % 2 === 0 ? 1 : 60_000);
      if (!result.ok) throw new Error("refused");
      reservations.push(result.reservation);
    }
    await new Promise((done) => setTimeout(done, 30));
    // Every reservation settled twice (once per instance) and released, while both sweep.
    await Promise.all([
      ...reservations.flatMap((reservation) => [
        first.settle(reservation, 70, audit),
        second.settle(reservation, 70, audit),
        second.release(reservation),
      ]),
      first.releaseExpired(),
      second.releaseExpired(),
    ]);
    expect(await first.memberMonth(ada.id, month)).toEqual({
      spentMilli: 40 * 70,
      reservedMilli: 0,
    });
    expect(await second.teamMonth(month)).toEqual({ spentMilli: 40 * 70, reservedMilli: 0 });
    expect(await first.audit("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z")).toHaveLength(40);
  });

  test("a stopped instance's charge settled by many requests at once is counted once", async () => {
    const ada = await first.addMember({
      name: "Ada",
      email: "ada@example.com",
      monthlyBudgetMilli: null,
    });
    const key = "v5.1:v3|find-email|ada|example.com";
    expect((await first.reserve(ada.id, month, 1_000, 1, key)).ok).toBe(true);
    await new Promise((done) => setTimeout(done, 30));
    expect(await second.releaseExpired()).toBe(1);
    const settled = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? first : second).settleOrphan(key, 1_000, audit)
      )
    );
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await second.memberMonth(ada.id, month)).toEqual({
      spentMilli: 1_000,
      reservedMilli: 0,
    });
    expect(await first.teamMonth(month)).toEqual({ spentMilli: 1_000, reservedMilli: 0 });
  });

  test("one lookup claimed by 50 requests at once across both instances: one holds it", async () => {
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? first : second).claimLookup(
          "v3|find-email|ada|example.com",
          `request-${i}`,
          60_000
        )
      )
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  test("an expired lookup claimed by 50 requests at once: one takes it over", async () => {
    const key = "v3|verify|ada@example.com";
    expect(await first.claimLookup(key, "stopped-instance", 1)).toBe(true);
    await new Promise((done) => setTimeout(done, 30));
    const claims = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0 ? first : second).claimLookup(key, `request-${i}`, 60_000)
      )
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
  /** A lookup's start on one instance or the other, one credit unless said. */
  const startOn = (
    store: PgTeamStore,
    memberId: string,
    key: string,
    owner: string,
    amountMilli = 1_000
  ) =>
    store.startLookup({
      key,
      freshSince: "2000-01-01T00:00:00.000Z",
      owner,
      claimTtlMs: 60_000,
      memberId,
      month,
      amountMilli,
      reservationTtlMs: 60_000,
    });

  test.each([
    ["a member's", { member: 10_000, team: null }],
    ["the team's", { member: null, team: 10_000 }],
  ])(
    "lookups racing on %s last credits from both instances: exactly as many pass as it allows, each counted once",
    async (_budget, { member, team }) => {
      await first.updateTeam({ monthlyBudgetMilli: team });
      const ada = await first.addMember({
        name: "Ada",
        email: "ada@example.com",
        monthlyBudgetMilli: member,
      });
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const store = i % 2 === 0 ? first : second;
          const started = await startOn(store, ada.id, `k${i}`, `request-${i}`);
          if (started.kind === "reserved")
            await store.finishLookup({
              reservation: started.reservation,
              chargedMilli: 1_000,
              audit,
              claim: { key: `k${i}`, owner: `request-${i}` },
              answer: { key: `k${i}`, status: 200, body: "{}", storedAt: new Date().toISOString() },
              purchase: { email: `p${i}@example.com`, at: new Date().toISOString() },
            });
          return started;
        })
      );
      expect(outcomes.filter((outcome) => outcome.kind === "reserved")).toHaveLength(10);
      for (const outcome of outcomes.filter((o) => o.kind !== "reserved"))
        expect(outcome).toMatchObject({
          kind: "refused",
          budget: member === null ? "team" : "member",
          limitMilli: 10_000,
        });
      expect(await first.memberMonth(ada.id, month)).toEqual({
        spentMilli: 10_000,
        reservedMilli: 0,
      });
      expect(await second.teamMonth(month)).toEqual({ spentMilli: 10_000, reservedMilli: 0 });
      expect(await first.audit("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z")).toHaveLength(10);
      expect(await first.sharedAnswerCount()).toBe(10);
      // Every refused start left its lookup unclaimed.
      const { rows } = await direct.query<{ claims: number }>(
        "SELECT count(*)::int AS claims FROM lookup_claims"
      );
      expect(rows[0]!.claims).toBe(0);
    }
  );

  test("one lookup started by 50 requests at once across both instances: one buys it, the others wait, then share it", async () => {
    const ada = await first.addMember({
      name: "Ada",
      email: "ada@example.com",
      monthlyBudgetMilli: null,
    });
    const starts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        startOn(i % 2 === 0 ? first : second, ada.id, "k", `request-${i}`)
      )
    );
    const bought = starts.flatMap((s, i) => (s.kind === "reserved" ? [{ s, i }] : []));
    expect(bought).toHaveLength(1);
    expect(starts.filter((s) => s.kind === "held")).toHaveLength(49);
    expect(await first.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 1_000 });
    const { s, i } = bought[0]!;
    if (s.kind !== "reserved") throw new Error("not reserved");
    const answer = { key: "k", status: 200, body: "{}", storedAt: new Date().toISOString() };
    await second.finishLookup({
      reservation: s.reservation,
      chargedMilli: 1_000,
      audit,
      claim: { key: "k", owner: `request-${i}` },
      answer,
      purchase: null,
    });
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, j) =>
        startOn(j % 2 === 0 ? first : second, ada.id, "k", `request-${50 + j}`)
      )
    );
    expect(again).toEqual(Array.from({ length: 20 }, () => ({ kind: "shared", answer })));
    expect(await second.memberMonth(ada.id, month)).toEqual({
      spentMilli: 1_000,
      reservedMilli: 0,
    });
  });

  test("random lookups of a few members from both instances at once: no budget passed, every charge counted once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        fc.array(fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(
          fc.record({
            instance: fc.constantFrom(0, 1),
            member: fc.nat(2),
            key: fc.nat(5),
            amount: fc.integer({ min: 1, max: 3 }),
            // What the lookup's end does: charges part of it (and keeps the answer or not), or
            // is released (the service refused, surely not charged).
            end: fc.oneof(
              fc.record({
                charged: fc.integer({ min: 0, max: 3 }),
                keep: fc.boolean(),
                twice: fc.boolean(),
              }),
              fc.constant("release" as const)
            ),
          }),
          { minLength: 1, maxLength: 30 }
        ),
        async (teamBudget, memberBudgets, lookups) => {
          await emptied();
          const credits = (n: number | null) => (n === null ? null : n * 1_000);
          await first.updateTeam({ monthlyBudgetMilli: credits(teamBudget) });
          const members: Member[] = [];
          for (const [m, budget] of memberBudgets.entries())
            members.push(
              await first.addMember({
                name: `M${m}`,
                email: `m${m}@example.com`,
                monthlyBudgetMilli: credits(budget),
              })
            );
          const charged = new Map<string, number>();
          let finished = 0;
          await Promise.all(
            lookups.map(async (lookup, i) => {
              const store = lookup.instance === 0 ? first : second;
              const memberId = members[lookup.member % members.length]!.id;
              const key = `k${lookup.key}`;
              const owner = `request-${i}`;
              const started = await startOn(store, memberId, key, owner, lookup.amount * 1_000);
              if (started.kind !== "reserved") return;
              if (lookup.end === "release") {
                await store.release(started.reservation);
                await store.releaseLookup(key, owner);
                return;
              }
              const chargedMilli = Math.min(lookup.end.charged, lookup.amount) * 1_000;
              const end = {
                reservation: started.reservation,
                chargedMilli,
                audit,
                claim: { key, owner },
                answer: lookup.end.keep
                  ? { key, status: 200, body: "{}", storedAt: new Date().toISOString() }
                  : null,
                purchase: { email: `${key}@example.com`, at: new Date().toISOString() },
              };
              await store.finishLookup(end);
              if (lookup.end.twice) await (store === first ? second : first).finishLookup(end);
              charged.set(memberId, (charged.get(memberId) ?? 0) + chargedMilli);
              finished++;
            })
          );
          let teamSpent = 0;
          for (const [m, member] of members.entries()) {
            const figures = await second.memberMonth(member.id, month);
            expect(figures).toEqual({ spentMilli: charged.get(member.id) ?? 0, reservedMilli: 0 });
            const budget = credits(memberBudgets[m]!);
            if (budget !== null) expect(figures.spentMilli).toBeLessThanOrEqual(budget);
            teamSpent += figures.spentMilli;
          }
          expect(await first.teamMonth(month)).toEqual({ spentMilli: teamSpent, reservedMilli: 0 });
          if (teamBudget !== null) expect(teamSpent).toBeLessThanOrEqual(credits(teamBudget)!);
          const entries = await first.audit("2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z");
          expect(entries).toHaveLength(finished);
          expect(entries.reduce((sum, entry) => sum + entry.creditsMilli, 0)).toBe(teamSpent);
          const { rows } = await direct.query<{ claims: number; open: number }>(
            `SELECT (SELECT count(*)::int FROM lookup_claims) AS claims,
                    (SELECT count(*)::int FROM reservations WHERE state = 'open') AS open`
          );
          expect(rows[0]).toEqual({ claims: 0, open: 0 });
        }
      ),
      { numRuns: 25 }
    );
  }, 120_000);
});

describe("PostgreSQL migrations", () => {
  test("two instances migrating a fresh database at once both succeed, each version once", async () => {
    const fresh = await startTestDatabase();
    const stores = [new PgTeamStore(fresh.url), new PgTeamStore(fresh.url)];
    try {
      await Promise.all(stores.map((store) => store.migrate()));
      await Promise.all(stores.map((store) => store.migrate()));
      const client = new Client({ connectionString: fresh.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT version FROM schema_migrations ORDER BY version"
        );
        expect(rows.map((row) => row.version)).toEqual(
          MIGRATIONS.map((migration) => migration.version)
        );
        expect((await client.query("SELECT count(*)::int AS teams FROM team")).rows[0].teams).toBe(
          1
        );
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await fresh.drop();
    }
  });
});

describe("openTeamStore with a database URL", () => {
  test("opens PostgreSQL, migrated", async () => {
    const store = await openTeamStore({
      databaseUrl: await database.schemaUrl(),
      file: "/nonexistent/team.db",
    });
    try {
      expect(store).toBeInstanceOf(PgTeamStore);
      expect(await store.team()).toEqual({ name: "", monthlyBudgetMilli: null, freshnessDays: 90 });
    } finally {
      await store.close();
    }
  });

  test("a server that cannot be reached is said so, without the password", async () => {
    const attempt = openTeamStore({ databaseUrl: "postgresql://team:s3cret-pw@127.0.0.1:1/team" });
    await expect(attempt).rejects.toThrow(
      /^Cannot reach the team database at postgresql:\/\/team:\*\*\*@127\.0\.0\.1:1\/team: .*ECONNREFUSED/
    );
    await attempt.catch((error: Error) => expect(error.message).not.toContain("s3cret-pw"));
  });

  test("a refused password is said so, without the password", async () => {
    const url = new URL(database.url);
    url.password = "wrong-pw";
    const attempt = openTeamStore({ databaseUrl: url.toString() });
    await expect(attempt).rejects.toThrow(
      /^Cannot reach the team database at .*password authentication failed/
    );
    await attempt.catch((error: Error) => expect(error.message).not.toContain("wrong-pw"));
  });

  test("a password given in the query is masked too", () => {
    expect(
      withoutPassword("postgres://team@db.internal/team?password=s3cret&sslmode=require")
    ).toBe("postgres://team@db.internal/team?password=***&sslmode=require");
  });

  test("a URL of another kind is refused", async () => {
    await expect(openTeamStore({ databaseUrl: "mysql://team:pw@127.0.0.1/team" })).rejects.toThrow(
      "must start with postgres:// or postgresql://"
    );
  });
});
