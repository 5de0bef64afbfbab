import { EmailServiceClient } from "../../src/client/client";
import { ApiError } from "../../src/client/errors";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { AnswerCache, cacheNamespace } from "../../src/client/answer-cache";
import { LookupScheduler } from "../../src/client/scheduler";
import { SpendingGuard, refusal } from "../../src/client/spending";
import { MemoryStore } from "../../src/client/key-value-store";
import { answerChange, countChanges } from "../../src/client/answer-changes";
import {
  countOldCellAnswers,
  refreshOldCellAnswers,
  refreshRefusal,
} from "../../src/flows/refresh/refresh-cells";
import { outcomeText, refreshOutcome } from "../../src/flows/refresh/refresh-outcome";
import type { MailArea } from "../../src/workbook/mail-cells";
import { startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";

// Refresh through the scheduler, against the sandbox over HTTP: the survey notes the
// kept answers older than the age and buys nothing; the ask sends only those, without a
// question (the user confirmed the count), under the switch and the budget; a stopped or
// failed ask leaves the cell its old answer.

const DAY = 24 * 60 * 60 * 1000;
const AREA: MailArea = {
  sheetName: "Sheet1",
  address: "D2:D6",
  rowIndex: 1,
  columnIndex: 3,
  rowCount: 5,
  columnCount: 1,
  formulas: 5,
};

const person = (i: number) => ({
  first_name: `Ada${i}`,
  last_name: "Lovelace",
  domain: `refresh-${i}.example`,
});

async function status(promise: Promise<{ status: string; checkedAt: number }>): Promise<string> {
  try {
    return (await promise).status;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe("Refresh of old answers through the scheduler", () => {
  let sandbox: TestSandbox;
  let account: TestAccount;
  let now = Date.now();

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    account = await sandbox.account(100);
    now = Date.now();
  });

  async function harness(
    policy = { confirmAbove: 1 as number | null, sessionBudget: null as number | null },
    options: { maxConcurrent?: number; onSent?: (count: number) => void } = {}
  ) {
    const wire: string[] = [];
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      maxConcurrent: options.maxConcurrent ?? 6,
      retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      onAttempt: (attempt) => {
        wire.push(attempt.path);
        options.onSent?.(wire.length);
      },
    });
    const cache = new AnswerCache({
      store: new KeyValueAnswerStore(new MemoryStore()),
      namespace: await cacheNamespace(sandbox.baseUrl, account.apiKey),
      flushDelayMs: 1,
      now: () => now,
    });
    const guard = new SpendingGuard({ enabled: true, ...policy });
    const questions: number[] = [];
    const scheduler = new LookupScheduler({
      client,
      cache,
      guard,
      now: () => now,
      ask: async (question) => {
        questions.push(question.count);
        return false;
      },
    });
    // Cells 0-2 bought on day 0, cells 3-4 on day 40 (no question: within the threshold each).
    for (const i of [0, 1, 2, 3, 4]) {
      if (i === 3) now += 40 * DAY;
      await scheduler.lookup("person", person(i), { fromCell: true });
      guard.resetBurst();
    }
    now += 21 * DAY;
    return { scheduler, guard, wire, questions };
  }

  /** The five cells as Excel calculates them: each asks for its lookup. */
  const calculateCells =
    (scheduler: LookupScheduler, extra: number[] = []) =>
    async () => {
      await Promise.all(
        [0, 1, 2, 3, 4, ...extra].map((i) =>
          status(scheduler.lookup("person", person(i), { fromCell: true }))
        )
      );
    };

  test("the count notes only the answers older than the age, and buys nothing", async () => {
    const { scheduler, wire } = await harness();
    expect(wire).toHaveLength(5);
    const seen: string[] = [];
    const count = await countOldCellAnswers(
      {
        scheduler,
        selectArea: async () => ({ ...AREA, formulas: 6 }),
        calculate: async () => {
          // Cell 5 has no kept answer: not asked by a refresh.
          const cells = [0, 1, 2, 3, 4, 5].map((i) =>
            status(scheduler.lookup("person", person(i), { fromCell: true }))
          );
          seen.push(...(await Promise.all(cells)));
        },
      },
      60
    );
    expect(wire).toHaveLength(5);
    expect(count.old.map((o) => o.body)).toEqual([person(0), person(1), person(2)]);
    expect(count.maxCredits).toBe(3);
    expect(count.notKept).toBe(1);
    expect(seen).toEqual(["ok", "ok", "ok", "ok", "ok", "refresh_only"]);
    // Over: lookups are as before (cell 5 goes out).
    expect(await status(scheduler.lookup("person", person(5), { fromCell: true }))).toBe("ok");
    expect(wire).toHaveLength(6);
  });

  test("the ask sends only the counted answers, without a question, and reports the results", async () => {
    const { scheduler, wire, questions } = await harness();
    const deps = { scheduler, selectArea: async () => AREA, calculate: calculateCells(scheduler) };
    const count = await countOldCellAnswers(deps, 60);
    const before = await account.credits();
    const outcome = await refreshOldCellAnswers({ ...deps, idleMs: 200 }, count);
    expect(wire).toHaveLength(8);
    expect(wire.slice(5).every((path) => path.startsWith("/v5.1/find-email/person"))).toBe(true);
    expect(questions).toEqual([]);
    expect(outcome).toMatchObject({
      announced: 3,
      answered: 3,
      stopped: 0,
      failed: 0,
      notAsked: 0,
    });
    expect(outcome.spent).toBe(before - (await account.credits()));
    // Asked again just now: a new count finds nothing old, and the cells show today's answers.
    const again = await countOldCellAnswers(deps, 60);
    expect(again.old).toHaveLength(0);
    const shown = await scheduler.lookup("person", person(0), { fromCell: true });
    expect(shown.checkedAt).toBe(now);
  });

  test("spending off or a budget that cannot hold the most it costs: nothing is sent, and why", async () => {
    const { scheduler, guard, wire } = await harness({ confirmAbove: null, sessionBudget: 2 });
    const deps = { scheduler, selectArea: async () => AREA, calculate: calculateCells(scheduler) };
    const count = await countOldCellAnswers(deps, 60);
    // A budget of 2 cannot hold the 3 credits the three old answers may cost.
    expect(guard.budgetLeft).toBeLessThan(count.maxCredits);
    await expect(refreshOldCellAnswers(deps, count)).rejects.toThrow(/session budget/i);
    guard.setPolicy({ enabled: false, confirmAbove: null, sessionBudget: null });
    expect(refreshRefusal(scheduler, count.maxCredits)).toMatch(/Spending is off/);
    await expect(refreshOldCellAnswers(deps, count)).rejects.toThrow(/Spending is off/);
    expect(wire.filter((p) => p.startsWith("/v5.1/find-email")).length).toBeLessThanOrEqual(5);
    const sentBefore = wire.length;
    guard.setPolicy({ enabled: true, confirmAbove: null, sessionBudget: null });
    expect(refreshRefusal(scheduler, count.maxCredits)).toBeNull();
    expect(wire).toHaveLength(sentBefore);
  });

  test("Stop: the answers not sent keep their old answer, and the outcome says so", async () => {
    let scheduler: LookupScheduler | null = null;
    // One request at a time: Stop as the ask's first request leaves withdraws the two queued.
    const made = await harness(undefined, {
      maxConcurrent: 1,
      onSent: (count) => {
        if (count === 6) scheduler?.stop();
      },
    });
    scheduler = made.scheduler;
    const shown: string[] = [];
    const deps = {
      scheduler,
      selectArea: async () => AREA,
      idleMs: 200,
      calculate: async () => {
        const cells = [0, 1, 2, 3, 4].map((i) =>
          made.scheduler.lookup("person", person(i), { fromCell: true })
        );
        for (const cell of await Promise.all(cells)) shown.push(cell.status);
      },
    };
    const count = await countOldCellAnswers({ ...deps, calculate: calculateCells(scheduler) }, 60);
    const outcome = await refreshOldCellAnswers(deps, count);
    expect(made.wire).toHaveLength(6);
    expect(shown).toEqual(["ok", "ok", "ok", "ok", "ok"]);
    expect(outcome).toMatchObject({ announced: 3, answered: 1, stopped: 2 });
    expect(outcomeText(outcome)).toContain("Stopped: 2 answers were not looked up again");
  });

  test("an answer whose address was reported bounced is never counted, however old", async () => {
    const { scheduler } = await harness();
    const valid = (await sandbox.examples()).person!.valid as ReturnType<typeof person>;
    const found = await scheduler.lookup("person", valid, { fromCell: true });
    if (found.status !== "ok") throw new Error("the valid example was not found");
    now += 100 * DAY;
    const cache = await scheduler.currentCache();
    await cache.markBounced([found.value.email!]);
    const count = await countOldCellAnswers(
      {
        scheduler,
        selectArea: async () => ({ ...AREA, formulas: 6 }),
        calculate: async () => {
          await Promise.all(
            [valid, ...[0, 1, 2, 3, 4].map(person)].map((body) =>
              status(scheduler.lookup("person", body, { fromCell: true }))
            )
          );
        },
      },
      60
    );
    expect(count.old.map((o) => o.body)).toEqual([0, 1, 2, 3, 4].map(person));
  });

  test("lookups that are not a cell's are not held to a refresh", async () => {
    const { scheduler, wire } = await harness();
    const survey = scheduler.beginRefreshSurvey(60 * DAY);
    expect(await status(scheduler.lookup("person", person(9)))).toBe("ok");
    scheduler.endRefresh(survey);
    expect(survey.calls).toBe(0);
    expect(wire).toHaveLength(6);
  });
});

describe("what changed", () => {
  const found = (email: string | null, emailStatus: string) => ({
    status: "ok" as const,
    value: { email, email_status: emailStatus },
  });
  const nothing = { status: "not_found" as const, code: "no_result", message: "" };

  test("email and status decide, other fields do not", () => {
    expect(answerChange(found("a@x.co", "valid"), found("A@x.co", "valid"))).toBeNull();
    expect(answerChange(found("a@x.co", "valid"), found("a@x.co", "invalid"))).toEqual({
      kind: "status",
      from: "valid",
      to: "invalid",
    });
    expect(answerChange(found("a@x.co", "valid"), found("b@x.co", "valid"))).toEqual({
      kind: "newEmail",
    });
    expect(answerChange(nothing, found("b@x.co", "valid"))).toEqual({ kind: "newEmail" });
    expect(answerChange(found("a@x.co", "valid"), nothing)).toEqual({ kind: "lost" });
    expect(answerChange(nothing, nothing)).toBeNull();
    // A verification: no email in the answer, its status moves.
    const verified = (s: string) => ({ status: "ok" as const, value: { email_status: s } });
    expect(answerChange(verified("valid"), verified("invalid"))).toEqual({
      kind: "status",
      from: "valid",
      to: "invalid",
    });
    const company = (emails: string[]) => ({
      status: "ok" as const,
      value: { email_status: "valid", emails },
    });
    expect(answerChange(company(["a@x", "b@x"]), company(["b@x", "a@x"]))).toBeNull();
    expect(answerChange(company(["a@x"]), company(["c@x"]))).toEqual({ kind: "listChanged" });
  });

  test("the summary counts by kind, most first", () => {
    const counted = countChanges([
      { kind: "status", from: "valid", to: "invalid" },
      null,
      { kind: "newEmail" },
      { kind: "status", from: "valid", to: "invalid" },
      { kind: "status", from: "risky", to: "invalid" },
    ]);
    expect(counted.map((c) => c.count)).toEqual([2, 1, 1]);
    const results = [
      ...Array.from({ length: 7 }, (_, i) => ({
        key: `v${i}`,
        operation: "verify" as const,
        before: { status: "ok" as const, value: { email_status: "valid" } },
        after: { status: "ok" as const, value: { email_status: "invalid" } },
      })),
      ...Array.from({ length: 2 }, (_, i) => ({
        key: `p${i}`,
        operation: "person" as const,
        before: nothing,
        after: found(`n${i}@x.co`, "valid"),
      })),
      { key: "f", operation: "person" as const, before: nothing, error: refusal("budget_reached") },
    ];
    const outcome = refreshOutcome(11, results, 2.4);
    expect(outcome).toMatchObject({ answered: 9, changed: 9, failed: 1, notAsked: 1 });
    expect(outcomeText(outcome)).toContain("7 valid -> invalid, 2 new emails");
    expect(outcomeText(outcome)).toContain("9 answers looked up again (2.4 credits)");
    expect(outcomeText(outcome)).toContain("1 answer was not asked by any cell");
  });
});

describe("an agreement to spend", () => {
  test("lookups within it go out without a question; the switch and the budget still hold", () => {
    const guard = new SpendingGuard({ enabled: true, confirmAbove: 1, sessionBudget: 10 });
    const items = (n: number) =>
      Array.from({ length: n }, () => ({ operation: "person" as const }));
    guard.agree(5);
    expect(guard.decide(items(5)).send).toHaveLength(5);
    // What is left of it (none) and the threshold (1) decide the next ones.
    expect(guard.decide(items(3)).hold).toHaveLength(3);
    guard.answer(false);
    expect(guard.budgetLeft).toBe(5);
    guard.agree(8);
    const decision = guard.decide(items(8));
    expect(decision.refuse).toHaveLength(3);
    expect(decision.send).toHaveLength(5);
    guard.agree(0);
  });
});
