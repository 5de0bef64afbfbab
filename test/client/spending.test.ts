import fc from "fast-check";
import type { LookupOperation } from "../../src/client/lookup-key";
import { MAX_COST_MILLI, SpendingGuard, refusal } from "../../src/client/spending";

const items = (...operations: LookupOperation[]) => operations.map((operation) => ({ operation }));
const repeat = (operation: LookupOperation, n: number) =>
  Array.from({ length: n }, () => ({ operation }));

describe("spending guard", () => {
  test("maximum prices: 1 per person, profile, company; 2 per decision maker; 0.2 per verification", () => {
    expect(MAX_COST_MILLI).toMatchObject({
      person: 1000,
      linkedin_url: 1000,
      company: 1000,
      decision_maker: 2000,
      verify: 200,
    });
  });

  test("switch off: every new lookup is refused with 'Spending is off'", () => {
    const guard = new SpendingGuard({ enabled: false, confirmAbove: null, sessionBudget: null });
    const decision = guard.decide(items("person", "verify"));
    expect(decision.send).toHaveLength(0);
    expect(decision.hold).toHaveLength(0);
    expect(decision.refuse.map((r) => r.error.code)).toEqual(["spending_off", "spending_off"]);
    expect(decision.refuse[0]!.error.kind).toBe("refused");
    expect(decision.refuse[0]!.error.message).toMatch(/^Spending is off/);
  });

  test("threshold with mixed operations and fractional prices: exactly N passes, more is held", () => {
    // 10 verifications (2.0) + 4 decision makers (8) + 15 persons (15) = 25.0, exactly N.
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    const exact = [
      ...repeat("verify", 10),
      ...repeat("decision_maker", 4),
      ...repeat("person", 15),
    ];
    expect(guard.decide(exact).send).toHaveLength(29);
    expect(guard.question).toBeNull();
    // One more verification in the same recalculation passes N by 0.2: held and asked.
    const more = guard.decide(items("verify"));
    expect(more.hold).toHaveLength(1);
    expect(guard.question).toEqual({
      count: 1,
      maxCredits: 0.2,
      confirmAbove: 25,
      reason: "threshold",
    });
  });

  test("0.1 + 0.2 style sums are exact: 3 verifications fit a threshold of 0.6", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 0.6, sessionBudget: null });
    expect(guard.decide(repeat("verify", 3)).send).toHaveLength(3);
    expect(guard.decide(repeat("verify", 1)).hold).toHaveLength(1);
  });

  test("a batch over N is held whole; lookups arriving while the question is open join it", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    expect(guard.decide(repeat("person", 26)).hold).toHaveLength(26);
    expect(guard.decide(items("verify")).hold).toHaveLength(1);
    expect(guard.decide(items("decision_maker")).hold).toHaveLength(1);
    expect(guard.question).toEqual({
      count: 28,
      maxCredits: 28.2,
      confirmAbove: 25,
      reason: "threshold",
    });
  });

  test("Run: the rest of the recalculation may spend up to N more before the next question", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    guard.decide(repeat("person", 200));
    guard.answer(true);
    expect(guard.question).toBeNull();
    expect(guard.decide(repeat("person", 25)).send).toHaveLength(25);
    expect(guard.decide(repeat("person", 1)).hold).toHaveLength(1);
  });

  test("Don't run closes the question and the next recalculation starts fresh", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    guard.decide(repeat("person", 30));
    guard.answer(false);
    expect(guard.question).toBeNull();
    guard.resetBurst();
    expect(guard.decide(repeat("person", 25)).send).toHaveLength(25);
  });

  test("small batches of one recalculation add up: the threshold is per recalculation", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 25, sessionBudget: null });
    for (let i = 0; i < 5; i++) expect(guard.decide(repeat("person", 5)).send).toHaveLength(5);
    expect(guard.decide(repeat("person", 5)).hold).toHaveLength(5);
  });

  test("threshold 0 asks every time; null never asks", () => {
    const zero = new SpendingGuard({ enabled: true, confirmAbove: 0, sessionBudget: null });
    expect(zero.decide(items("verify")).hold).toHaveLength(1);
    const never = new SpendingGuard({ enabled: true, confirmAbove: null, sessionBudget: null });
    expect(never.decide(repeat("decision_maker", 5000)).send).toHaveLength(5000);
  });

  test("budget edge: a lookup is let through only if spent + reserved + its maximum fits", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: null, sessionBudget: 3 });
    // 2 (decision maker) + 0.2 * 5 (verifications) = 3.0 exactly: all pass.
    const first = guard.decide([...items("decision_maker"), ...repeat("verify", 5)]);
    expect(first.send).toHaveLength(6);
    // Reserved is 3.0: one more verification would pass the budget.
    const over = guard.decide(items("verify"));
    expect(over.refuse.map((r) => r.error.code)).toEqual(["budget_reached"]);
    expect(over.refuse[0]!.error.message).toMatch(/Session budget reached \(3 credits/);
    // The decision maker was not found (free): its reservation comes back.
    guard.settled("decision_maker", 0);
    for (let i = 0; i < 5; i++) guard.settled("verify", 0.2);
    expect(guard.spent).toBe(1);
    expect(guard.decide(repeat("person", 2)).send).toHaveLength(2);
    expect(guard.decide(items("verify")).refuse).toHaveLength(1);
  });

  test("budget comes before the question: what cannot be spent is never offered", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 5, sessionBudget: 10 });
    const decision = guard.decide(repeat("person", 12));
    expect(decision.hold).toHaveLength(10);
    expect(decision.refuse).toHaveLength(2);
    expect(guard.question).toMatchObject({ count: 10, maxCredits: 10 });
    guard.answer(false);
    // Declined: the reservation is given back.
    guard.resetBurst();
    expect(guard.decide(repeat("person", 5)).send).toHaveLength(5);
  });

  test("a held lookup withdrawn alone gives back its share; the last one closes the question", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 0, sessionBudget: 2 });
    guard.decide(repeat("person", 2));
    guard.releaseHeld("person");
    expect(guard.question).toEqual({
      count: 1,
      maxCredits: 1,
      confirmAbove: 0,
      reason: "threshold",
    });
    guard.releaseHeld("person");
    expect(guard.question).toBeNull();
    expect(guard.decide(repeat("person", 2)).hold).toHaveLength(2);
  });

  test("a policy change applies to the next decision", () => {
    const guard = new SpendingGuard();
    expect(guard.decide(items("person")).send).toHaveLength(1);
    guard.setPolicy({ enabled: false, confirmAbove: 25, sessionBudget: null });
    expect(guard.decide(items("person")).refuse).toHaveLength(1);
  });

  test("refusal messages say why and where to change it", () => {
    expect(refusal("declined").message).toMatch(/^Not run: declined/);
    expect(refusal("stopped").message).toMatch(/^Stopped/);
    expect(
      refusal("unconfirmed", { enabled: true, confirmAbove: 25, sessionBudget: null }).message
    ).toMatch(/more than 25 credits.*task pane/);
  });

  test("a question owed (kept answers gone): nothing is sent before yes, whatever the policy and batches; no keeps it owed", () => {
    const operation = fc.constantFrom<LookupOperation>(
      "person",
      "linkedin_url",
      "company",
      "decision_maker",
      "verify"
    );
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 50 })),
        fc.option(fc.integer({ min: 0, max: 50 })),
        fc.array(fc.array(operation, { maxLength: 8 }), { minLength: 1, maxLength: 6 }),
        fc.nat({ max: 6 }),
        (enabled, confirmAbove, sessionBudget, batches, declines) => {
          const guard = new SpendingGuard({ enabled, confirmAbove, sessionBudget });
          let agreed = 0;
          guard.requireQuestion("answers_gone", () => agreed++);
          for (let round = 0; round <= declines; round++) {
            let held = 0;
            for (const batch of batches) {
              const decision = guard.decide(batch.map((op) => ({ operation: op })));
              expect(decision.send).toEqual([]);
              held += decision.hold.length;
              // The switch and the budget refuse first, as without a question.
              for (const { error } of decision.refuse)
                expect(["spending_off", "budget_reached"]).toContain(error.code);
            }
            if (held === 0) {
              expect(guard.question).toBeNull();
              return;
            }
            expect(guard.question).toMatchObject({ count: held, reason: "answers_gone" });
            if (round < declines) guard.answer(false);
          }
          guard.answer(true);
          expect(agreed).toBe(1);
          expect(guard.questionOwed).toBeNull();
          expect(guard.question).toBeNull();
        }
      )
    );
  });

  test("the refusal of a question owed that could not be asked says the kept answers are gone", () => {
    expect(refusal("answers_gone").message).toMatch(/no longer in this browser.*task pane/);
  });
});
