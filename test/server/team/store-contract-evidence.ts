import type { Reservation, SharedAnswer, TeamStore } from "../../../src/server/team/store";
import type { OpenedStore } from "./store-contract";

// The team store's contract for what issue 42 added (SECURITY.md), run against SQLite and
// PostgreSQL alike: bounce reports give back what the service was seen to return and no more,
// once; the report window pauses paid requests (across instances, none slipping in unseen); a
// webhook lookup settles at its result's charge whichever comes first, above and below; a
// webhook's result never replaces a better or newer answer; answers purged one or a domain at a
// time; legacy lookups "bought" only when charged.

const MINUTE = 60_000;
const month = "2026-03";
const earlier = "2026-01";
const reportAudit = { operation: "v5.1/report/bad-email", status: 200 };
const lookupAudit = { operation: "v5.1/find-email/person", status: 200 };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const ALL = ["2000-01-01T00:00:00.000Z", "2100-01-01T00:00:00.000Z"] as const;

export function describeTeamStoreEvidence(
  name: string,
  open: () => Promise<OpenedStore>,
  { instances }: { instances: 1 | 2 } = { instances: 1 }
): void {
  describe(`${name}: the team store's evidence contract`, () => {
    let opened: OpenedStore;
    let store: TeamStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.close();
    });

    const addMember = (name: string, monthlyBudgetMilli: number | null = null) =>
      store.addMember({ name, email: `${name.toLowerCase()}@example.com`, monthlyBudgetMilli });

    async function reserved(
      memberId: string,
      at: string,
      amountMilli: number
    ): Promise<Reservation> {
      const result = await store.reserve(memberId, at, amountMilli, MINUTE);
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
      return result.reservation;
    }

    async function bought(memberId: string, at: string, amountMilli: number, when: string) {
      await store.settle(await reserved(memberId, at, amountMilli), amountMilli, lookupAudit);
      await store.recordPurchase({
        memberId,
        email: "gone@acme.com",
        month: at,
        amountMilli,
        at: when,
      });
    }

    let reports = 0;
    const report = (memberId: string, returnedMilli: number | null) =>
      store.recordBounceReport({
        memberId,
        email: "gone@acme.com",
        // One second apart: listed newest first.
        at: new Date(Date.UTC(2026, 2, 10) + ++reports * 1000).toISOString(),
        returnedMilli,
        audit: reportAudit,
      });

    describe("bounce reports", () => {
      test("give back what the service returned, oldest purchase first, each once, never on its word alone", async () => {
        const ada = await addMember("Ada");
        const bob = await addMember("Bob");
        await bought(ada.id, earlier, 2_000, "2026-01-05T00:00:00.000Z");
        await bought(bob.id, month, 200, "2026-03-02T00:00:00.000Z");
        await bought(ada.id, month, 1_000, "2026-03-03T00:00:00.000Z");
        expect(await store.unreturnedMilli("gone@acme.com")).toBe(3_200);

        // Not seen, or nothing seen returned: claims, nobody's month moves.
        expect(await report(bob.id, null)).toMatchObject({
          claimedMilli: 3_200,
          returnedMilli: null,
          refundedMilli: 0,
          outcome: "unmeasured",
        });
        expect(await report(bob.id, 0)).toMatchObject({ refundedMilli: 0, outcome: "claimed" });
        expect(await store.memberMonth(ada.id, earlier)).toEqual({
          spentMilli: 2_000,
          reservedMilli: 0,
        });

        // Seen to return part: the oldest purchase, then part of the next.
        expect(await report(bob.id, 2_100)).toMatchObject({
          claimedMilli: 3_200,
          refundedMilli: 2_100,
          outcome: "partly_returned",
        });
        expect(await store.memberMonth(ada.id, earlier)).toEqual({
          spentMilli: 0,
          reservedMilli: 0,
        });
        expect(await store.memberMonth(bob.id, month)).toEqual({
          spentMilli: 100,
          reservedMilli: 0,
        });
        expect(await store.unreturnedMilli("gone@acme.com")).toBe(1_100);

        // More returned than is waiting (another purchase of the company's): only what is waiting.
        expect(await report(ada.id, 9_000)).toMatchObject({
          claimedMilli: 1_100,
          refundedMilli: 1_100,
          outcome: "returned",
        });
        expect(await store.memberMonth(bob.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
        expect(await report(ada.id, 1_000)).toMatchObject({
          claimedMilli: 0,
          refundedMilli: 0,
          outcome: "nothing_bought",
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 0, reservedMilli: 0 });

        const returned = (await store.audit(...ALL))
          .filter((entry) => entry.operation === reportAudit.operation)
          .map((entry) => entry.creditsMilli);
        expect(returned.reduce((sum, credits) => sum + credits, 0)).toBe(-3_200);
        const listed = await store.bounceReports(...ALL, 10);
        expect(listed.map((entry) => entry.outcome)).toEqual([
          "nothing_bought",
          "returned",
          "partly_returned",
          "claimed",
          "unmeasured",
        ]);
        await store.pruneAudit("2100-01-01T00:00:00.000Z");
        expect(await store.bounceReports(...ALL, 10)).toEqual([]);
      });

      test("two reports of one address at once give each credit back once", async () => {
        const ada = await addMember("Ada");
        await bought(ada.id, month, 1_000, "2026-03-03T00:00:00.000Z");
        const reports = await Promise.all(Array.from({ length: 6 }, () => report(ada.id, 1_000)));
        expect(reports.reduce((sum, entry) => sum + entry.refundedMilli, 0)).toBe(1_000);
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
      });
    });

    describe("the report window", () => {
      test("pauses reservations and lookups while it is open; only its owner renews or closes it", async () => {
        const ada = await addMember("Ada");
        expect(await store.openReportWindow("desk-1", MINUTE)).toBe(true);
        expect(await store.openReportWindow("desk-2", MINUTE)).toBe(false);
        expect(await store.openReportWindow("desk-1", MINUTE)).toBe(true);
        expect(await store.reserve(ada.id, month, 1_000, MINUTE)).toEqual({
          ok: false,
          paused: true,
        });
        const start = {
          key: "k",
          freshSince: "2000-01-01T00:00:00.000Z",
          owner: "request-1",
          claimTtlMs: MINUTE,
          memberId: ada.id,
          month,
          amountMilli: 1_000,
          reservationTtlMs: MINUTE,
        };
        expect(await store.startLookup(start)).toEqual({ kind: "paused" });
        // Nothing kept claimed: another request may take the lookup once the window closes.
        expect(await store.claimLookup("k", "request-2", MINUTE)).toBe(true);
        await store.releaseLookup("k", "request-2");
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
        await store.closeReportWindow("desk-2");
        expect((await store.reserve(ada.id, month, 1_000, MINUTE)).ok).toBe(false);
        await store.closeReportWindow("desk-1");
        expect((await store.reserve(ada.id, month, 1_000, MINUTE)).ok).toBe(true);
        expect((await store.startLookup(start)).kind).toBe("reserved");
      });

      test("a window whose owner stopped renewing it expires", async () => {
        expect(await store.openReportWindow("desk-1", 30)).toBe(true);
        await sleep(80);
        expect(await store.openReportWindow("desk-2", MINUTE)).toBe(true);
      });

      test("paid requests out: open reservations not expired, webhook results awaited", async () => {
        const ada = await addMember("Ada");
        const since = new Date(Date.now() - MINUTE).toISOString();
        expect(await store.paidInFlight(since)).toBe(0);
        const open = await reserved(ada.id, month, 1_000);
        await store.reserve(ada.id, month, 1_000, 1);
        await sleep(20);
        expect(await store.paidInFlight(since)).toBe(1);
        await store.addPendingWebhook(pending(ada.id, "a"));
        await store.addPendingWebhook({
          ...pending(ada.id, "b"),
          createdAt: "2020-01-01T00:00:00.000Z",
        });
        expect(await store.paidInFlight(since)).toBe(2);
        await store.settle(open, 1_000, lookupAudit);
        await store.deliverWebhookResult(pending(ada.id, "a").id, 0, lookupAudit);
        expect(await store.paidInFlight(since)).toBe(0);
      });

      if (instances === 2)
        test("across instances, no reservation slips in unseen while it opens", async () => {
          const other = await opened.second!();
          const members = await Promise.all(["A", "B", "C", "D"].map((n) => addMember(n)));
          for (let round = 0; round < 5; round++) {
            const reserving = Promise.all(
              Array.from({ length: 24 }, (_, i) =>
                other.reserve(members[i % members.length]!.id, month, 10, MINUTE)
              )
            );
            await sleep(round);
            expect(await store.openReportWindow(`desk-${round}`, MINUTE)).toBe(true);
            const seen = await store.paidInFlight(new Date().toISOString());
            const outcomes = await reserving;
            expect(await store.paidInFlight(new Date().toISOString())).toBe(seen);
            expect(outcomes.filter((outcome) => outcome.ok).length).toBe(seen);
            for (const outcome of outcomes)
              if (outcome.ok) await store.release(outcome.reservation);
            await store.closeReportWindow(`desk-${round}`);
          }
        });
    });

    function pending(memberId: string, id: string) {
      return {
        id: id.padEnd(43, "w"),
        memberId,
        month,
        chargedMilli: 2_000,
        operation: "v5.1/find-email/decision-maker",
        lookupKey: `v5.1:d\u001fdacme.com\u001fkceo-${id}`,
        memberUrl: "https://hooks.example.com/x",
        createdAt: new Date().toISOString(),
      };
    }

    describe("webhook lookups", () => {
      const dm = { operation: "v5.1/find-email/decision-maker", status: 200 };

      test("the answer first, then the result: settled at the most, then the difference, once", async () => {
        const ada = await addMember("Ada");
        const hook = pending(ada.id, "first");
        await store.addPendingWebhook(hook);
        const reservation = await reserved(ada.id, month, 2_000);
        expect(await store.settleWebhookLookup(reservation, hook.id, dm)).toBe(2_000);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 2_000,
          reservedMilli: 0,
        });
        expect(await store.pendingWebhook(hook.id)).toEqual(hook);
        expect(await store.deliverWebhookResult(hook.id, 0, dm)).toEqual(hook);
        expect(await store.deliverWebhookResult(hook.id, 0, dm)).toBe("delivered");
        expect(await store.pendingWebhook(hook.id)).toBe("delivered");
        expect(await store.memberMonth(ada.id, month)).toEqual({ spentMilli: 0, reservedMilli: 0 });
        expect((await store.audit(...ALL)).map((entry) => entry.creditsMilli)).toEqual([
          2_000, -2_000,
        ]);
      });

      test("the result first: the answer settles at the result's charge, not capped by the month", async () => {
        const ada = await addMember("Ada");
        const hook = pending(ada.id, "early");
        await store.addPendingWebhook(hook);
        const reservation = await reserved(ada.id, month, 2_000);
        expect(await store.deliverWebhookResult(hook.id, 1_000, dm)).toEqual(hook);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 0,
          reservedMilli: 2_000,
        });
        expect(await store.settleWebhookLookup(reservation, hook.id, dm)).toBe(1_000);
        expect(await store.settleWebhookLookup(reservation, hook.id, dm)).toBe(1_000);
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 1_000,
          reservedMilli: 0,
        });
      });

      test("a result above the reservation is settled above it", async () => {
        const ada = await addMember("Ada", 2_000);
        const hook = pending(ada.id, "above");
        await store.addPendingWebhook(hook);
        const reservation = await reserved(ada.id, month, 2_000);
        await store.settleWebhookLookup(reservation, hook.id, dm);
        await store.deliverWebhookResult(hook.id, 3_500, dm);
        // The charge is real: counted even past the member's budget.
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: 3_500,
          reservedMilli: 0,
        });
        expect(await store.teamMonth(month)).toEqual({ spentMilli: 3_500, reservedMilli: 0 });
        expect((await store.audit(...ALL)).map((entry) => entry.creditsMilli)).toEqual([
          2_000, 1_500,
        ]);
      });

      test("the answer and the result at once, many times over: settled at the result's charge", async () => {
        const ada = await addMember("Ada");
        for (let i = 0; i < 8; i++) {
          const hook = pending(ada.id, `race${i}`);
          await store.addPendingWebhook(hook);
          const reservation = await reserved(ada.id, month, 2_000);
          await Promise.all([
            store.settleWebhookLookup(reservation, hook.id, dm),
            store.deliverWebhookResult(hook.id, i % 3 === 0 ? 0 : 2_000, dm),
          ]);
        }
        const expected = [0, 1, 2, 3, 4, 5, 6, 7].filter((i) => i % 3 !== 0).length * 2_000;
        expect(await store.memberMonth(ada.id, month)).toEqual({
          spentMilli: expected,
          reservedMilli: 0,
        });
      });
    });

    describe("shared answers", () => {
      const body = (status: string, email: string | null = null) =>
        JSON.stringify({ email_status: status, email, credits_charged: 0 });
      const kept = (
        key: string,
        status: string,
        storedAt: string,
        email?: string
      ): SharedAnswer => ({
        key,
        status: 200,
        body: body(status, email ?? null),
        storedAt,
      });
      const person = "v5.1:p\u001fdacme.com\u001ffada\u001fllovelace";

      test("a webhook's result is kept unless a better or a newer answer is", async () => {
        await store.putSharedAnswer(kept(person, "valid", "2026-03-02T00:00:00.000Z"));
        for (const [status, at] of [
          ["not_found", "2026-03-05T00:00:00.000Z"],
          ["risky", "2026-03-05T00:00:00.000Z"],
          ["valid", "2026-03-01T00:00:00.000Z"],
        ] as const)
          expect([status, at, await store.offerSharedAnswer(kept(person, status, at))]).toEqual([
            status,
            at,
            false,
          ]);
        expect(JSON.parse((await store.sharedAnswer(person, ALL[0]))!.body).email_status).toBe(
          "valid"
        );
        expect(
          await store.offerSharedAnswer(kept(person, "valid", "2026-03-06T00:00:00.000Z"))
        ).toBe(true);
        expect((await store.sharedAnswer(person, ALL[0]))!.storedAt).toBe(
          "2026-03-06T00:00:00.000Z"
        );
        expect(
          await store.offerSharedAnswer(kept("v5.1:p\u001fdnew.com", "not_found", ALL[0]))
        ).toBe(true);
        // The lookups' own answers replace what was kept (bought after it went stale).
        await store.putSharedAnswer(kept(person, "not_found", "2026-03-07T00:00:00.000Z"));
        expect(JSON.parse((await store.sharedAnswer(person, ALL[0]))!.body).email_status).toBe(
          "not_found"
        );
      });

      test("a domain's answers: listed, purged one at a time or all at once", async () => {
        const at = "2026-03-02T00:00:00.000Z";
        const verify = "v5.1:v\u001feada@acme.com";
        const byName = "v5.1:c\u001fcacme corp";
        const elsewhere = "v5.1:p\u001fdother.com\u001ffbo\u001flsun";
        await store.putSharedAnswer(kept(person, "valid", at, "ada@acme.com"));
        await store.putSharedAnswer(kept(verify, "valid", "2026-03-03T00:00:00.000Z"));
        await store.putSharedAnswer(
          kept(byName, "valid", "2026-03-01T00:00:00.000Z", "info@acme.com")
        );
        await store.putSharedAnswer(kept(elsewhere, "valid", at, "bo@other.com"));
        expect(
          (await store.sharedAnswersOfDomain("acme.com", 10)).map((answer) => answer.key)
        ).toEqual([verify, person, byName]);
        expect(await store.purgeSharedAnswer(verify)).toBe(true);
        expect(await store.purgeSharedAnswer(verify)).toBe(false);
        expect(await store.purgeDomainAnswers("")).toBe(0);
        expect(await store.purgeDomainAnswers("acme.com")).toBe(2);
        expect(await store.sharedAnswersOfDomain("acme.com", 10)).toEqual([]);
        expect(await store.sharedAnswerCount()).toBe(1);
      });
    });

    test("a legacy lookup is bought once charged, not once answered", async () => {
      const ada = await addMember("Ada");
      const end = (key: string, chargedMilli: number, reservation: Reservation) => ({
        reservation,
        chargedMilli,
        audit: { operation: "v5.0/search/person", status: 200 },
        claim: null,
        answer: null,
        purchase: null,
        legacyKey: key,
      });
      await store.finishLookup(
        end("v5.0:p\u001fdacme.com", 0, await reserved(ada.id, month, 1_000))
      );
      expect(await store.legacyCharged("v5.0:p\u001fdacme.com")).toBe(false);
      await store.finishLookup(
        end("v5.0:p\u001fdacme.com", 1_000, await reserved(ada.id, month, 1_000))
      );
      expect(await store.legacyCharged("v5.0:p\u001fdacme.com")).toBe(true);
      expect(await store.legacyCharged("v5.0:p\u001fdother.com")).toBe(false);
    });
  });
}
