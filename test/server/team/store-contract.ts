import type { AdminAuditEntry, Reservation, TeamStore } from "../../../src/server/team/store";

// The TeamStore contract (src/server/team/store.ts), run against every implementation: the same
// calls must give the same answers from SQLite and from PostgreSQL.

export interface OpenedStore {
  /** A store of an empty, migrated database. */
  store: TeamStore;
  /** Another store over the same database (another host instance), when there can be one. */
  second?: () => Promise<TeamStore>;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const read: T[] = [];
  for await (const row of rows) read.push(row);
  return read;
}

/**
 * `instances`: 2 when the opened database can be shared (a file, a server): the suite then
 * also checks what one instance sees of another's work.
 */
export function describeTeamStore(
  name: string,
  open: () => Promise<OpenedStore>,
  { instances }: { instances: 1 | 2 } = { instances: 1 }
): void {
  describe(`${name}: the team store contract`, () => {
    let opened: OpenedStore;
    let store: TeamStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    async function reserved(
      memberId: string,
      month: string,
      amountMilli: number,
      ttlMs = MINUTE
    ): Promise<Reservation> {
      const result = await store.reserve(memberId, month, amountMilli, ttlMs);
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
      return result.reservation;
    }

    const addMember = (name: string, monthlyBudgetMilli: number | null = null) =>
      store.addMember({ name, email: `${name.toLowerCase()}@example.com`, monthlyBudgetMilli });

    describe("schema", () => {
      test("migrating again changes nothing and keeps the data", async () => {
        const ada = await addMember("Ada");
        await store.updateTeam({ freshnessDays: 12 });
        await store.migrate();
        await store.migrate();
        expect(await store.members()).toEqual([ada]);
        expect((await store.team()).freshnessDays).toBe(12);
      });
    });

    describe("team settings", () => {
      test("start with no budget and a freshness of 90 days, and keep what is updated", async () => {
        expect(await store.team()).toEqual({
          name: "",
          monthlyBudgetMilli: null,
          freshnessDays: 90,
        });
        const updated = await store.updateTeam({ name: "Sales", monthlyBudgetMilli: 250_500 });
        expect(updated).toEqual({ name: "Sales", monthlyBudgetMilli: 250_500, freshnessDays: 90 });
        await store.updateTeam({ freshnessDays: 30 });
        expect(await store.team()).toEqual({
          name: "Sales",
          monthlyBudgetMilli: 250_500,
          freshnessDays: 30,
        });
        await store.updateTeam({ monthlyBudgetMilli: null });
        expect((await store.team()).monthlyBudgetMilli).toBeNull();
      });

      test("refuse a freshness under a day and a budget that is not whole milli-credits", async () => {
        await expect(store.updateTeam({ freshnessDays: 0 })).rejects.toThrow(RangeError);
        await expect(store.updateTeam({ monthlyBudgetMilli: 1.5 })).rejects.toThrow(RangeError);
        await expect(store.updateTeam({ monthlyBudgetMilli: -1 })).rejects.toThrow(RangeError);
        expect(await store.team()).toEqual({
          name: "",
          monthlyBudgetMilli: null,
          freshnessDays: 90,
        });
      });
    });

    describe("members", () => {
      test("are added, listed oldest first, found by id and by email in any case", async () => {
        const ada = await addMember("Ada", 10_000);
        const bob = await addMember("Bob");
        expect(ada).toMatchObject({
          name: "Ada",
          email: "ada@example.com",
          monthlyBudgetMilli: 10_000,
        });
        expect(ada.id).not.toBe(bob.id);
        expect(Number.isNaN(Date.parse(ada.createdAt))).toBe(false);
        expect(await store.members()).toEqual([ada, bob]);
        expect(await store.member(bob.id)).toEqual(bob);
        expect(await store.member("no-such-member")).toBeNull();
        expect(await store.memberByEmail("ADA@Example.COM")).toEqual(ada);
        expect(await store.memberByEmail("carol@example.com")).toBeNull();
      });

      test("are updated: name and budget, the budget back to none", async () => {
        const ada = await addMember("Ada", 10_000);
        expect(await store.updateMember(ada.id, { name: "Ada L." })).toEqual({
          ...ada,
          name: "Ada L.",
        });
        expect(await store.updateMember(ada.id, { monthlyBudgetMilli: null })).toEqual({
          ...ada,
          name: "Ada L.",
          monthlyBudgetMilli: null,
        });
        expect(await store.member(ada.id)).toMatchObject({
          name: "Ada L.",
          monthlyBudgetMilli: null,
        });
        expect(await store.updateMember("no-such-member", { name: "X" })).toBeNull();
      });

      test("are removed once: gone from lists, lookups and updates", async () => {
        const ada = await addMember("Ada");
        const bob = await addMember("Bob");
        expect(await store.removeMember(ada.id)).toBe(true);
        expect(await store.removeMember(ada.id)).toBe(false);
        expect(await store.removeMember("no-such-member")).toBe(false);
        expect(await store.members()).toEqual([bob]);
        expect(await store.member(ada.id)).toBeNull();
        expect(await store.memberByEmail(ada.email)).toBeNull();
        expect(await store.updateMember(ada.id, { name: "Back" })).toBeNull();
      });
    });

    describe("members bound to Entra ID accounts", () => {
      test("are bound once, at their first sign-in, and found by the account only", async () => {
        const ada = await addMember("Ada");
        const bob = await addMember("Bob");
        expect(await store.memberByEntraId("tenant-1", "oid-a")).toBeNull();
        expect(await store.bindEntraId(ada.id, "tenant-1", "oid-a")).toBe(true);
        expect(await store.memberByEntraId("tenant-1", "oid-a")).toEqual(ada);
        expect(await store.memberByEntraId("tenant-2", "oid-a")).toBeNull();
        expect(await store.memberByEntraId("tenant-1", "oid-b")).toBeNull();
        // Bound once: not to another account; one account is one member.
        expect(await store.bindEntraId(ada.id, "tenant-1", "oid-b")).toBe(false);
        expect(await store.bindEntraId(bob.id, "tenant-1", "oid-a")).toBe(false);
        expect(await store.bindEntraId("no-such-member", "tenant-1", "oid-c")).toBe(false);
        expect(await store.memberByEntraId("tenant-1", "oid-a")).toEqual(ada);
        expect(await store.member(ada.id)).toEqual(ada);
        expect(await store.memberByEmail(ada.email)).toEqual(ada);
      });

      test("a removed member's account is found no more, and may be bound to a new member", async () => {
        const ada = await addMember("Ada");
        await store.bindEntraId(ada.id, "tenant-1", "oid-a");
        await store.removeMember(ada.id);
        expect(await store.memberByEntraId("tenant-1", "oid-a")).toBeNull();
        expect(await store.bindEntraId(ada.id, "tenant-1", "oid-z")).toBe(false);
        const again = await addMember("Ada");
        expect(await store.bindEntraId(again.id, "tenant-1", "oid-a")).toBe(true);
        expect(await store.memberByEntraId("tenant-1", "oid-a")).toEqual(again);
      });
    });

    describe("tokens", () => {
      test("are issued, looked up by hash, noted when used and revoked once", async () => {
        const ada = await addMember("Ada");
        const first = await store.issueToken(ada.id, "a".repeat(64));
        const second = await store.issueToken(ada.id, "b".repeat(64));
        expect(first).toMatchObject({ memberId: ada.id, revokedAt: null, lastUsedAt: null });
        expect(await store.tokens(ada.id)).toEqual([first, second]);

        expect(await store.memberByTokenHash("a".repeat(64))).toEqual(ada);
        const [used] = await store.tokens(ada.id);
        expect(used!.lastUsedAt).not.toBeNull();
        expect(Date.now() - Date.parse(used!.lastUsedAt!)).toBeLessThan(MINUTE);
        expect(await store.memberByTokenHash("c".repeat(64))).toBeNull();

        expect(await store.revokeToken(first.id)).toBe(true);
        expect(await store.revokeToken(first.id)).toBe(false);
        expect(await store.revokeToken("no-such-token")).toBe(false);
        expect(await store.memberByTokenHash("a".repeat(64))).toBeNull();
        expect(await store.memberByTokenHash("b".repeat(64))).toEqual(ada);
        const listed = await store.tokens(ada.id);
        expect(listed.map((token) => token.id)).toEqual([first.id, second.id]);
        expect(listed[0]!.revokedAt).not.toBeNull();
        expect(listed[1]!.revokedAt).toBeNull();
      });

      test("of a removed member stop at once", async () => {
        const ada = await addMember("Ada");
        await store.issueToken(ada.id, "a".repeat(64));
        await store.issueToken(ada.id, "b".repeat(64));
        expect(await store.memberByTokenHash("a".repeat(64))).toEqual(ada);
        await store.removeMember(ada.id);
        expect(await store.memberByTokenHash("a".repeat(64))).toBeNull();
        expect(await store.memberByTokenHash("b".repeat(64))).toBeNull();
        for (const token of await store.tokens(ada.id)) expect(token.revokedAt).not.toBeNull();
      });

      test("are issued to current members only, one per hash", async () => {
        const ada = await addMember("Ada");
        await store.issueToken(ada.id, "a".repeat(64));
        // Not toThrow(): under jest, better-sqlite3's errors may come from another test file's
        // realm (its native part keeps the first error class it was given), not an Error here.
        await expect(store.issueToken(ada.id, "a".repeat(64))).rejects.toHaveProperty(
          "message",
          expect.stringMatching(/unique/i)
        );
        await expect(store.issueToken("no-such-member", "b".repeat(64))).rejects.toThrow();
        await store.removeMember(ada.id);
        await expect(store.issueToken(ada.id, "c".repeat(64))).rejects.toThrow();
      });
    });

    describe("budgets", () => {
      const month = "2026-03";

      test("a reservation within the member's budget passes, up to its very edge", async () => {
        const ada = await addMember("Ada", 1_000);
        const first = await reserved(ada.id, month, 600);
        expect(first).toMatchObject({ memberId: ada.id, month, amountMilli: 600 });
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 600,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 600 });

        expect(await store.reserve(ada.id, month, 401, MINUTE)).toEqual({
          ok: false,
          budget: "member",
          limitMilli: 1_000,
          usedMilli: 600,
        });
        await reserved(ada.id, month, 400);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 1_000,
        });
        // Another month has its own budget.
        await reserved(ada.id, "2026-04", 1_000);
      });

      test("the team's budget is shared by its members", async () => {
        await store.updateTeam({ monthlyBudgetMilli: 1_000 });
        const ada = await addMember("Ada");
        const bob = await addMember("Bob", 5_000);
        const adas = await reserved(ada.id, month, 700);
        await store.settle(adas, 500, { operation: "find-email/person", status: 200 });
        expect(await store.reserve(bob.id, month, 501, MINUTE)).toEqual({
          ok: false,
          budget: "team",
          limitMilli: 1_000,
          usedMilli: 500,
        });
        await reserved(bob.id, month, 500);
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 500, reservedMilli: 500 });
        expect(await store.memberMonth(bob.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 500,
        });
      });

      test("a refusal over both budgets names the member's", async () => {
        await store.updateTeam({ monthlyBudgetMilli: 300 });
        const ada = await addMember("Ada", 200);
        expect(await store.reserve(ada.id, month, 400, MINUTE)).toEqual({
          ok: false,
          budget: "member",
          limitMilli: 200,
          usedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
      });

      test("spend counts against the budget, and a budget raised lets more pass", async () => {
        const ada = await addMember("Ada", 1_000);
        const first = await reserved(ada.id, month, 1_000);
        await store.settle(first, 900, { operation: "verify", status: 200 });
        expect(await store.reserve(ada.id, month, 200, MINUTE)).toEqual({
          ok: false,
          budget: "member",
          limitMilli: 1_000,
          usedMilli: 900,
        });
        await store.updateMember(ada.id, { monthlyBudgetMilli: 1_100 });
        await reserved(ada.id, month, 200);
      });

      test("removed and unknown members cannot reserve", async () => {
        const ada = await addMember("Ada");
        await store.removeMember(ada.id);
        await expect(store.reserve(ada.id, month, 100, MINUTE)).rejects.toThrow();
        await expect(store.reserve("no-such-member", month, 100, MINUTE)).rejects.toThrow();
        await expect(store.reserve(ada.id, "2026-13", 100, MINUTE)).rejects.toThrow(RangeError);
      });

      test("settling adds the charge and the audit entry once, however often it is called", async () => {
        const ada = await addMember("Ada", 5_000);
        const reservation = await reserved(ada.id, month, 1_000);
        const audit = { operation: "find-email/person", status: 200 };
        await store.settle(reservation, 800, audit);
        await store.settle(reservation, 800, audit);
        await store.release(reservation);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 800,
          reservedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 800, reservedMilli: 0 });
        const entries = await store.audit("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
        expect(entries).toEqual([
          {
            at: expect.any(String),
            memberId: ada.id,
            operation: "find-email/person",
            creditsMilli: 800,
            status: 200,
          },
        ]);
        expect(Math.abs(Date.now() - Date.parse(entries[0]!.at))).toBeLessThan(MINUTE);
      });

      test("releasing frees the reservation, once", async () => {
        const ada = await addMember("Ada", 1_000);
        const first = await reserved(ada.id, month, 600);
        await reserved(ada.id, month, 300);
        await store.release(first);
        await store.release(first);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 300,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 300 });
        await reserved(ada.id, month, 700);
      });

      test("a reservation released before it is settled is still charged, once", async () => {
        const ada = await addMember("Ada", 5_000);
        const reservation = await reserved(ada.id, month, 1_000);
        await store.release(reservation);
        await store.settle(reservation, 700, { operation: "verify", status: 200 });
        await store.settle(reservation, 700, { operation: "verify", status: 200 });
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 700,
          reservedMilli: 0,
        });
        const entries = await store.audit("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
        expect(entries).toHaveLength(1);
      });

      test("expired reservations are released by releaseExpired, and still settled once", async () => {
        const ada = await addMember("Ada", 1_000);
        const shortLived = await reserved(ada.id, month, 600, 1);
        await reserved(ada.id, month, 300, MINUTE);
        await sleep(30);
        expect(await store.releaseExpired()).toBe(1);
        expect(await store.releaseExpired()).toBe(0);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 300,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 300 });
        await store.settle(shortLived, 500, { operation: "verify", status: 200 });
        await store.settle(shortLived, 500, { operation: "verify", status: 200 });
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 500,
          reservedMilli: 300,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 500, reservedMilli: 300 });
      });

      test("an unknown reservation settled is charged once (the charge is real)", async () => {
        const ada = await addMember("Ada");
        const unknown: Reservation = { id: "lost", memberId: ada.id, month, amountMilli: 900 };
        await store.settle(unknown, 400, { operation: "verify", status: 200 });
        await store.settle(unknown, 400, { operation: "verify", status: 200 });
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 400,
          reservedMilli: 0,
        });
      });
    });

    describe("charges of stopped instances (settleOrphan)", () => {
      const month = "2026-03";
      const audit = { operation: "v5.1/find-email/person", status: 200 };

      test("settles a reservation for the lookup released by its expiry, once, as its member's", async () => {
        const ada = await addMember("Ada", 5_000);
        await addMember("Bob");
        const result = await store.reserve(ada.id, month, 1_000, 1, "v5.1:person|ada");
        if (!result.ok) throw new Error("refused");
        await sleep(30);
        expect(await store.releaseExpired()).toBe(1);
        expect(await store.settleOrphan("v5.1:person|bob", 1_000, audit)).toBe(false);
        expect(await store.settleOrphan("v5.1:person|ada", 1_000, audit)).toBe(true);
        expect(await store.settleOrphan("v5.1:person|ada", 1_000, audit)).toBe(false);
        // The stopped instance's own settle, had it come after all, counts nothing more.
        await store.settle(result.reservation, 1_000, audit);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 1_000,
          reservedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 1_000, reservedMilli: 0 });
        const entries = await store.audit("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
        expect(entries).toEqual([
          {
            at: expect.any(String),
            memberId: ada.id,
            operation: audit.operation,
            creditsMilli: 1_000,
            status: 200,
          },
        ]);
      });

      test("settles an open reservation for the lookup (its instance stopped before it expired)", async () => {
        const ada = await addMember("Ada", 5_000);
        const result = await store.reserve(ada.id, month, 1_500, MINUTE, "v5.1:person|ada");
        if (!result.ok) throw new Error("refused");
        expect(await store.settleOrphan("v5.1:person|ada", 1_000, audit)).toBe(true);
        expect(await store.settleOrphan("v5.1:person|ada", 1_000, audit)).toBe(false);
        await store.release(result.reservation);
        await sleep(5);
        expect(await store.releaseExpired()).toBe(0);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 1_000,
          reservedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 1_000, reservedMilli: 0 });
      });

      test("does nothing for one released after an error, one settled, or none", async () => {
        const ada = await addMember("Ada");
        const reserve = async (key: string | undefined, ttlMs: number) => {
          const result = await store.reserve(ada.id, month, 1_000, ttlMs, key);
          if (!result.ok) throw new Error("refused");
          return result.reservation;
        };
        await store.release(await reserve("released", MINUTE));
        await store.settle(await reserve("settled", 1), 500, audit);
        const lateSettled = await reserve("late-settled", 1);
        await reserve(undefined, 1);
        await sleep(30);
        expect(await store.releaseExpired()).toBe(2);
        await store.settle(lateSettled, 500, audit);
        for (const key of ["released", "settled", "late-settled", "never-reserved"])
          expect(await store.settleOrphan(key, 1_000, audit)).toBe(false);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 1_000,
          reservedMilli: 0,
        });
        expect(
          await store.audit("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z")
        ).toHaveLength(2);
      });
    });

    describe("purchases and bounce refunds", () => {
      const month = "2026-03";
      test("a pending webhook is delivered once, then known as delivered", async () => {
        const ada = await addMember("Ada");
        const pending = {
          id: "w".repeat(43),
          memberId: ada.id,
          month,
          chargedMilli: 2_000,
          operation: "v5.1/find-email/decision-maker",
          lookupKey: "v5.1:decision_maker|acme.com|ceo",
          memberUrl: "https://hooks.example.com/x",
          createdAt: new Date().toISOString(),
        };
        await store.addPendingWebhook(pending);
        expect(await store.deliverPendingWebhook("nope")).toBeNull();
        expect(await store.deliverPendingWebhook(pending.id)).toEqual(pending);
        expect(await store.deliverPendingWebhook(pending.id)).toBe("delivered");
      });

      test("a purchase of nothing is not kept; purchases are pruned with the audit", async () => {
        const ada = await addMember("Ada");
        await store.recordPurchase({
          memberId: ada.id,
          email: "free@acme.com",
          month,
          amountMilli: 0,
          at: new Date().toISOString(),
        });
        await store.recordPurchase({
          memberId: ada.id,
          email: "old@acme.com",
          month: "2024-01",
          amountMilli: 1_000,
          at: "2024-01-02T00:00:00.000Z",
        });
        expect(await store.unreturnedMilli("old@acme.com")).toBe(1_000);
        await store.pruneAudit("2025-01-01T00:00:00.000Z");
        expect(await store.unreturnedMilli("free@acme.com")).toBe(0);
        expect(await store.unreturnedMilli("old@acme.com")).toBe(0);
      });
    });

    describe("usage", () => {
      test("per month: every current member, those who spent nothing at 0", async () => {
        const ada = await addMember("Ada");
        const bob = await addMember("Bob");
        const gone = await addMember("Gone");
        for (const [member, charge] of [
          [ada, 300],
          [ada, 200],
          [gone, 100],
        ] as const) {
          const reservation = await reserved(member.id, "2026-03", 1_000);
          await store.settle(reservation, charge, { operation: "verify", status: 200 });
        }
        await store.release(await reserved(bob.id, "2026-03", 1_000));
        await store.removeMember(gone.id);
        expect(await store.usage("2026-03")).toEqual([
          { memberId: ada.id, name: "Ada", email: ada.email, creditsMilli: 500, requests: 2 },
          { memberId: bob.id, name: "Bob", email: bob.email, creditsMilli: 0, requests: 0 },
        ]);
        expect(await store.usage("2026-04")).toEqual([
          { memberId: ada.id, name: "Ada", email: ada.email, creditsMilli: 0, requests: 0 },
          { memberId: bob.id, name: "Bob", email: bob.email, creditsMilli: 0, requests: 0 },
        ]);
      });

      test("per member and month from a month on", async () => {
        const ada = await addMember("Ada");
        const bob = await addMember("Bob");
        const charges: [string, string, number][] = [
          [ada.id, "2025-12", 100],
          [ada.id, "2026-01", 200],
          [ada.id, "2026-01", 50],
          [bob.id, "2026-01", 300],
          [bob.id, "2026-02", 400],
        ];
        for (const [memberId, month, charge] of charges)
          await store.settle(await reserved(memberId, month, 1_000), charge, {
            operation: "verify",
            status: 200,
          });
        await store.release(await reserved(ada.id, "2026-02", 1_000));
        const rows = await store.monthlyUsage("2026-01");
        const byIds = (a: { memberId: string }, b: { memberId: string }) =>
          a.memberId < b.memberId ? -1 : 1;
        expect(rows.map((row) => row.month)).toEqual(["2026-01", "2026-01", "2026-02"]);
        expect(rows.slice(0, 2).sort(byIds)).toEqual(
          [
            { month: "2026-01", memberId: ada.id, creditsMilli: 250 },
            { month: "2026-01", memberId: bob.id, creditsMilli: 300 },
          ].sort(byIds)
        );
        expect(rows[2]).toEqual({ month: "2026-02", memberId: bob.id, creditsMilli: 400 });
        expect(await store.monthlyUsage("2026-03")).toEqual([]);
      });
    });

    describe("audit", () => {
      test("entries in [from, to), oldest first; pruned before a time", async () => {
        const ada = await addMember("Ada");
        const start = new Date(Date.now() - 1).toISOString();
        await store.settle(await reserved(ada.id, "2026-03", 1_000), 100, {
          operation: "find-email/person",
          status: 200,
        });
        await sleep(15);
        const between = new Date().toISOString();
        await sleep(15);
        await store.settle(await reserved(ada.id, "2026-03", 1_000), 0, {
          operation: "bulk/download",
          status: 404,
        });
        const end = new Date(Date.now() + 1).toISOString();

        const all = await store.audit(start, end);
        expect(all.map((entry) => [entry.operation, entry.creditsMilli, entry.status])).toEqual([
          ["find-email/person", 100, 200],
          ["bulk/download", 0, 404],
        ]);
        expect(all[0]!.at < between && between < all[1]!.at).toBe(true);
        expect((await store.audit(start, between)).map((entry) => entry.operation)).toEqual([
          "find-email/person",
        ]);
        expect((await store.audit(between, end)).map((entry) => entry.operation)).toEqual([
          "bulk/download",
        ]);
        // `to` is excluded, `from` included.
        expect(await store.audit(all[1]!.at, all[1]!.at)).toEqual([]);
        expect(await store.audit(all[1]!.at, end)).toEqual([all[1]]);

        expect(await store.pruneAudit(start)).toBe(0);
        expect(await store.pruneAudit(between)).toBe(1);
        expect(await store.audit(start, end)).toEqual([all[1]]);
        // Pruning the audit does not change the spend.
        expect(await store.memberMonth(ada.id, "2026-03")).toEqual({
          spentMilli: 100,
          reservedMilli: 0,
        });
      });
    });

    describe("exports", () => {
      test("the audit read a page at a time is the audit read whole", async () => {
        const ada = await addMember("Ada");
        const start = new Date(Date.now() - 1).toISOString();
        for (let i = 0; i < 7; i++)
          await store.settle(await reserved(ada.id, "2026-03", 1_000), i, {
            operation: `op-${i}`,
            status: 200,
          });
        const end = new Date(Date.now() + 1).toISOString();
        const whole = await store.audit(start, end);
        expect(whole).toHaveLength(7);
        for (const size of [1, 2, 3, 7, 8, 500])
          expect(await all(store.eachAudit(start, end, size))).toEqual(whole);
        expect(await all(store.eachAudit(whole[2]!.at, whole[5]!.at, 2))).toEqual(
          await store.audit(whole[2]!.at, whole[5]!.at)
        );
        expect(await all(store.eachAudit(end, end))).toEqual([]);
        expect(() => store.eachAudit(start, end, 0)).toThrow(RangeError);
      });

      test("the usage read a page at a time is the usage read whole", async () => {
        const members = [];
        for (const name of ["Ada", "Bob", "Cy", "Di", "Ed"]) members.push(await addMember(name));
        await store.settle(await reserved(members[3]!.id, "2026-03", 1_000), 400, {
          operation: "verify",
          status: 200,
        });
        await store.removeMember(members[1]!.id);
        const whole = await store.usage("2026-03");
        expect(whole.map((row) => row.name)).toEqual(["Ada", "Cy", "Di", "Ed"]);
        for (const size of [1, 2, 3, 4, 5])
          expect(await all(store.eachUsage("2026-03", size))).toEqual(whole);
        expect(() => store.eachUsage("2026-13")).toThrow(RangeError);
      });
    });

    describe("the audit of admin actions", () => {
      const entry = (at: string, extra: Partial<AdminAuditEntry> = {}): AdminAuditEntry => ({
        at,
        actor: { kind: "admin_token", oid: null, name: null },
        action: "team_updated",
        memberId: null,
        tokenId: null,
        changes: {},
        ...extra,
      });

      test("keeps who did what and when, newest first, within a range, at most a limit; pruned", async () => {
        const first = entry("2026-03-01T10:00:00.000Z", {
          action: "member_added",
          memberId: "member-1",
          tokenId: "token-1",
          changes: {
            name: { from: null, to: "Ada" },
            monthly_budget: { from: null, to: 12.5 },
          },
        });
        const second = entry("2026-03-02T10:00:00.000Z", {
          actor: { kind: "entra", oid: "oid-of-the-admin", name: "Grace Admin" },
          action: "member_updated",
          memberId: "member-1",
          changes: { monthly_budget: { from: 12.5, to: null } },
        });
        const third = entry("2026-03-03T10:00:00.000Z", { action: "service_key_replaced" });
        for (const action of [first, third, second]) await store.recordAdminAction(action);

        const range = ["2026-03-01T00:00:00.000Z", "2026-03-04T00:00:00.000Z"] as const;
        expect(await store.adminAudit(...range, 10)).toEqual([third, second, first]);
        expect(await store.adminAudit(...range, 2)).toEqual([third, second]);
        // `to` excluded, `from` included.
        expect(await store.adminAudit(first.at, third.at, 10)).toEqual([second, first]);
        await expect(store.adminAudit(...range, 0)).rejects.toThrow(RangeError);

        expect(await store.pruneAdminAudit(second.at)).toBe(1);
        expect(await store.adminAudit(...range, 10)).toEqual([third, second]);
      });
    });

    describe("shared answers", () => {
      const answer = {
        key: "v3|find-email|ada|example.com",
        status: 200,
        body: '{"email":"ada@example.com"}',
        storedAt: "2026-01-10T08:00:00.000Z",
      };

      test("are given when stored at or after notBefore", async () => {
        expect(await store.sharedAnswerCount()).toBe(0);
        await store.putSharedAnswer(answer);
        expect(await store.sharedAnswer(answer.key, "2026-01-01T00:00:00.000Z")).toEqual(answer);
        expect(await store.sharedAnswer(answer.key, answer.storedAt)).toEqual(answer);
        expect(await store.sharedAnswer(answer.key, "2026-01-10T08:00:00.001Z")).toBeNull();
        expect(await store.sharedAnswer("v3|other", "2026-01-01T00:00:00.000Z")).toBeNull();
        expect(await store.sharedAnswerCount()).toBe(1);
      });

      test("are replaced by a newer answer to the same lookup", async () => {
        await store.putSharedAnswer(answer);
        const newer = {
          ...answer,
          status: 404,
          body: '{"error":"not_found"}',
          storedAt: "2026-02-01T00:00:00.000Z",
        };
        await store.putSharedAnswer(newer);
        await store.putSharedAnswer({ ...answer, key: "v3|other" });
        expect(await store.sharedAnswer(answer.key, "2026-01-15T00:00:00.000Z")).toEqual(newer);
        expect(await store.sharedAnswerCount()).toBe(2);
      });
    });

    describe("lookup claims", () => {
      test("one holder at a time, until released by it", async () => {
        const others = instances === 2 ? [store, await secondInstance()] : [store];
        expect(await store.claimLookup("k", "request-1", MINUTE)).toBe(true);
        for (const other of others)
          expect(await other.claimLookup("k", "request-2", MINUTE)).toBe(false);
        // Its holder renews it; another cannot release it.
        expect(await store.claimLookup("k", "request-1", MINUTE)).toBe(true);
        await store.releaseLookup("k", "request-2");
        expect(await others.at(-1)!.claimLookup("k", "request-3", MINUTE)).toBe(false);
        await store.releaseLookup("k", "request-1");
        expect(await others.at(-1)!.claimLookup("k", "request-3", MINUTE)).toBe(true);
        expect(await store.claimLookup("another key", "request-1", MINUTE)).toBe(true);
      });

      test("an expired claim is taken over", async () => {
        // Long enough to be still held at the next call on a busy machine.
        expect(await store.claimLookup("k", "stopped-instance", 500)).toBe(true);
        expect(await store.claimLookup("k", "request-2", MINUTE)).toBe(false);
        await sleep(600);
        expect(await store.claimLookup("k", "request-2", MINUTE)).toBe(true);
        expect(await store.claimLookup("k", "stopped-instance", MINUTE)).toBe(false);
        // The late holder's release does not free the new holder's claim.
        await store.releaseLookup("k", "stopped-instance");
        expect(await store.claimLookup("k", "request-3", MINUTE)).toBe(false);
      });
    });

    describe("a lookup started and finished in one step each", () => {
      const month = "2026-03";
      const audit = { operation: "v5.1/find-email/person", status: 200 };
      const since = "2026-01-01T00:00:00.000Z";
      const start = (memberId: string, key: string, owner: string, amountMilli = 1_000) =>
        store.startLookup({
          key,
          freshSince: since,
          owner,
          claimTtlMs: MINUTE,
          memberId,
          month,
          amountMilli,
          reservationTtlMs: MINUTE,
        });
      const started = async (memberId: string, key: string, owner: string) => {
        const result = await start(memberId, key, owner);
        if (result.kind !== "reserved") throw new Error(`not reserved: ${result.kind}`);
        return result.reservation;
      };
      const answer = (key: string, storedAt = "2026-03-10T00:00:00.000Z") => ({
        key,
        status: 200,
        body: `{"email":"ada@example.com","for":"${key}"}`,
        storedAt,
      });

      test("a fresh kept answer is given: nothing claimed or reserved", async () => {
        const ada = await addMember("Ada", 5_000);
        await store.putSharedAnswer(answer("k"));
        expect(await start(ada.id, "k", "request-1")).toEqual({
          kind: "shared",
          answer: answer("k"),
        });
        expect(await store.claimLookup("k", "request-2", MINUTE)).toBe(true);
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
      });

      test("otherwise the lookup is claimed and reserved; an answer kept before the freshness is not given", async () => {
        const ada = await addMember("Ada", 5_000);
        await store.putSharedAnswer(answer("k", "2025-12-31T23:59:59.999Z"));
        const reservation = await started(ada.id, "k", "request-1");
        expect(reservation).toMatchObject({ memberId: ada.id, month, amountMilli: 1_000 });
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 1_000,
        });
        const others = instances === 2 ? [store, await secondInstance()] : [store];
        for (const other of others) {
          expect(await other.claimLookup("k", "request-2", MINUTE)).toBe(false);
          // Held by another request: nothing claimed or reserved, wait for its answer.
          expect(
            await other.startLookup({
              key: "k",
              freshSince: since,
              owner: "request-2",
              claimTtlMs: MINUTE,
              memberId: ada.id,
              month,
              amountMilli: 1_000,
              reservationTtlMs: MINUTE,
            })
          ).toEqual({ kind: "held" });
        }
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 1_000,
        });
        // Its reservation is the lookup's: a charge of a stopped instance finds it.
        expect(await store.settleOrphan("k", 1_000, audit)).toBe(true);
      });

      test("over a budget: refused with its figures, and nothing claimed or reserved", async () => {
        await store.updateTeam({ monthlyBudgetMilli: 1_500 });
        const ada = await addMember("Ada", 1_200);
        const bob = await addMember("Bob");
        await started(ada.id, "k1", "request-1");
        expect(await start(ada.id, "k2", "request-2")).toEqual({
          kind: "refused",
          budget: "member",
          limitMilli: 1_200,
          usedMilli: 1_000,
        });
        expect(await start(bob.id, "k2", "request-3")).toEqual({
          kind: "refused",
          budget: "team",
          limitMilli: 1_500,
          usedMilli: 1_000,
        });
        expect(await store.claimLookup("k2", "request-4", MINUTE)).toBe(true);
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 1_000 });
        expect(await store.memberMonth(bob.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
      });

      test("its end settles and audits the charge, keeps the answer, notes the purchase and releases the claim, once", async () => {
        const ada = await addMember("Ada", 5_000);
        const reservation = await started(ada.id, "k", "request-1");
        const end = {
          reservation,
          chargedMilli: 1_000,
          audit,
          claim: { key: "k", owner: "request-1" },
          answer: answer("k"),
          purchase: { email: "ada@example.com", at: "2026-03-10T00:00:00.000Z" },
        };
        await store.finishLookup(end);
        await store.finishLookup(end);
        await store.settle(reservation, 1_000, audit);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 1_000,
          reservedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 1_000, reservedMilli: 0 });
        const entries = await store.audit("2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z");
        expect(entries.map((entry) => [entry.memberId, entry.creditsMilli])).toEqual([
          [ada.id, 1_000],
        ]);
        expect(await store.sharedAnswer("k", since)).toEqual(answer("k"));
        expect(await start(ada.id, "k", "request-2")).toEqual({
          kind: "shared",
          answer: answer("k"),
        });
        expect(await store.claimLookup("k", "request-3", MINUTE)).toBe(true);
        // Noted once: a bounce report the service pays back returns the charge once.
        expect(await store.unreturnedMilli("ada@example.com")).toBe(1_000);
        const report = await store.recordBounceReport({
          memberId: ada.id,
          email: "ada@example.com",
          at: "2026-03-11T00:00:00.000Z",
          returnedMilli: 2_000,
          audit,
        });
        expect([report.claimedMilli, report.refundedMilli]).toEqual([1_000, 1_000]);
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
      });

      test("an end with nothing charged, kept or noted releases the reservation's credits and the claim", async () => {
        const ada = await addMember("Ada", 1_000);
        const reservation = await started(ada.id, "k", "request-1");
        await store.finishLookup({
          reservation,
          chargedMilli: 0,
          audit: { ...audit, status: 400 },
          claim: { key: "k", owner: "request-1" },
          answer: null,
          purchase: { email: "ada@example.com", at: "2026-03-10T00:00:00.000Z" },
        });
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
        expect(await store.sharedAnswer("k", since)).toBeNull();
        expect(await store.unreturnedMilli("ada@example.com")).toBe(0);
        const again = await started(ada.id, "k", "request-2");
        expect(again.amountMilli).toBe(1_000);
      });

      test("an end after the reservation expired and was released still counts the charge, once", async () => {
        const ada = await addMember("Ada", 5_000);
        const result = await store.startLookup({
          key: "k",
          freshSince: since,
          owner: "request-1",
          claimTtlMs: MINUTE,
          memberId: ada.id,
          month,
          amountMilli: 1_000,
          reservationTtlMs: 1,
        });
        if (result.kind !== "reserved") throw new Error(result.kind);
        await sleep(30);
        expect(await store.releaseExpired()).toBe(1);
        const end = {
          reservation: result.reservation,
          chargedMilli: 700,
          audit,
          claim: null,
          answer: null,
          purchase: null,
        };
        await store.finishLookup(end);
        await store.finishLookup(end);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 700,
          reservedMilli: 0,
        });
      });

      test("a start and an end are checked as reserve and settle are", async () => {
        const ada = await addMember("Ada");
        await expect(start(ada.id, "k", "request-1", 1.5)).rejects.toThrow(RangeError);
        await expect(
          store.startLookup({
            key: "k",
            freshSince: since,
            owner: "request-1",
            claimTtlMs: MINUTE,
            memberId: ada.id,
            month: "2026-13",
            amountMilli: 1_000,
            reservationTtlMs: MINUTE,
          })
        ).rejects.toThrow(RangeError);
        await store.removeMember(ada.id);
        await expect(start(ada.id, "k", "request-1")).rejects.toThrow();
        // A failed start keeps no claim.
        expect(await store.claimLookup("k", "request-2", MINUTE)).toBe(true);
        await expect(
          store.finishLookup({
            reservation: { id: "r", memberId: ada.id, month, amountMilli: 1_000 },
            chargedMilli: -1,
            audit,
            claim: null,
            answer: null,
            purchase: null,
          })
        ).rejects.toThrow(RangeError);
      });
    });

    describe("the sealed service key", () => {
      test("is absent at first, then kept and replaced", async () => {
        expect(await store.sealedServiceKey()).toBeNull();
        await store.setSealedServiceKey("v1.sealed-one");
        expect(await store.sealedServiceKey()).toBe("v1.sealed-one");
        await store.setSealedServiceKey("v1.sealed-two");
        expect(await store.sealedServiceKey()).toBe("v1.sealed-two");
      });

      test("is sealed with a salt made once: the first one given is kept", async () => {
        expect(await store.sealingSalt("first-salt")).toBe("first-salt");
        expect(await store.sealingSalt("second-salt")).toBe("first-salt");
        if (instances === 2)
          expect(await (await secondInstance()).sealingSalt("third-salt")).toBe("first-salt");
      });
    });

    async function secondInstance(): Promise<TeamStore> {
      if (!opened.second) throw new Error("this store was opened without a second instance");
      return opened.second();
    }

    (instances === 2 ? describe : describe.skip)("two instances on one database", () => {
      test("share members, tokens, budgets and spend", async () => {
        const other = await secondInstance();
        await store.updateTeam({ monthlyBudgetMilli: 1_000 });
        const ada = await addMember("Ada");
        await store.issueToken(ada.id, "a".repeat(64));
        expect(await other.memberByTokenHash("a".repeat(64))).toEqual(ada);
        const reservation = await reserved(ada.id, "2026-03", 800);
        expect(await other.reserve(ada.id, "2026-03", 300, MINUTE)).toMatchObject({
          ok: false,
          budget: "team",
          usedMilli: 800,
        });
        await other.settle(reservation, 600, { operation: "verify", status: 200 });
        expect(await store.memberMonth(ada.id, "2026-03")).toEqual({
          spentMilli: 600,
          reservedMilli: 0,
        });
      });
    });
  });
}
