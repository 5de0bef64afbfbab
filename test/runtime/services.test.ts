import { ApiError } from "../../src/client/errors";
import type { LookupOutcome } from "../../src/client/answer-cache";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { Services } from "../../src/runtime/services";
import { SettingsStore } from "../../src/runtime/settings";
import type { TaskPaneHost } from "../../src/runtime/task-pane-host";
import { MemorySettingsStorage } from "../helpers/custom-functions";
import {
  call,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";
import { NO_FAULTS } from "../../src/sandbox/services/faults";

// The runtime's services as the functions and the task pane use them, against two real
// sandboxes: settings that apply at once, the spending guard, Stop and durable answers.

interface Runtime {
  services: Services;
  /** Lookup requests that went on the wire, as "<base URL> <path>". */
  wire: string[];
  store: MemoryStore;
  host: FakeHost;
}

/** The task pane, as far as the runtime sees it: shown or not, presenting the question or not. */
class FakeHost implements TaskPaneHost {
  canShow = true;
  asked = 0;
  lost: (() => void) | null = null;
  async askInTaskPane(lost: () => void): Promise<boolean> {
    this.asked++;
    this.lost = lost;
    return this.canShow;
  }
  present(): () => void {
    return () => undefined;
  }
  onLeave(): void {}
}

const LOOKUP_PATHS = /\/(find-email|verify-email|search)\b/;

function runtime(
  baseUrl: string,
  apiKey: string,
  spending: { confirmAbove?: number | null; sessionBudget?: number | null } = {},
  maxConcurrent?: number
): Runtime {
  const wire: string[] = [];
  const store = new MemoryStore();
  const host = new FakeHost();
  const settings = new SettingsStore(new MemorySettingsStorage(), {
    apiKey,
    baseUrl,
    webhookUrl: null,
    confirmAbove: spending.confirmAbove === undefined ? null : spending.confirmAbove,
    sessionBudget: spending.sessionBudget ?? null,
  });
  const services = new Services(
    settings,
    new KeyValueAnswerStore(store),
    {
      timeoutMs: 10_000,
      allowShortTimeout: true,
      ...(maxConcurrent === undefined ? {} : { maxConcurrent }),
      retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 },
      fetch: (input, init) => {
        const url = String(input);
        if (LOOKUP_PATHS.test(url)) wire.push(`${new URL(url).origin} ${new URL(url).pathname}`);
        return fetch(input, init);
      },
    },
    { host, scheduler: { quietMs: 50 }, cacheFlushDelayMs: 5 }
  );
  return { services, wire, store, host };
}

const person = (i: number) => ({
  first_name: `Ada${i}`,
  last_name: "Lovelace",
  domain: `spend-test-${i}.example`,
});

/** What a cell ends with: the outcome, or the error's code. */
async function outcome(promise: Promise<LookupOutcome>): Promise<string> {
  try {
    const result = await promise;
    return result.status;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

describe("runtime services against the sandbox", () => {
  let first: TestSandbox;
  let second: TestSandbox;
  let examples: Record<string, Record<string, any>>;

  beforeAll(async () => {
    [first, second] = await Promise.all([
      startSandbox({ latencyMs: 100 }),
      startSandbox({ latencyMs: 100 }),
    ]);
    examples = await first.examples();
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  describe("settings apply at once", () => {
    let mine: TestAccount;
    let theirs: TestAccount;
    beforeEach(async () => {
      mine = await first.account(100);
      theirs = await second.account(40);
    });

    test("the next lookup after Save goes to the new base URL with the new key; kept answers follow the account", async () => {
      const { services, wire } = runtime(first.baseUrl, mine.apiKey);
      const scheduler = await services.scheduler();
      const valid = examples.person!.valid;
      expect((await scheduler.lookup("person", valid)).status).toBe("ok");
      expect(wire).toEqual([`${first.baseUrl} /v5.1/find-email/person`]);
      expect(await mine.credits()).toBe(99);

      await services.settings.save({ baseUrl: second.baseUrl, apiKey: theirs.apiKey });
      // The answer kept for the first account is not shown for the second: asked again there.
      expect((await scheduler.lookup("person", valid)).status).toBe("ok");
      expect(wire.slice(1)).toEqual([`${second.baseUrl} /v5.1/find-email/person`]);
      expect(await theirs.credits()).toBe(39);
      expect(await mine.credits()).toBe(99);

      // Back to the first: its kept answer is shown again, without a request.
      await services.settings.save({ baseUrl: first.baseUrl, apiKey: mine.apiKey });
      expect((await scheduler.lookup("person", valid)).status).toBe("ok");
      expect(wire).toHaveLength(2);
    });

    test("the client of the task pane (Test connection) and MAIL.CREDITS follow the new account", async () => {
      const { services } = runtime(first.baseUrl, mine.apiKey);
      const client = await services.client();
      expect((await client.account()).credits_left).toBe(100);
      const seen: Array<number | null> = [];
      services.credits.subscribe((snapshot) => seen.push(snapshot.creditsLeft));
      await services.settings.save({ baseUrl: second.baseUrl, apiKey: theirs.apiKey });
      expect((await client.account()).email).toBe(theirs.email);
      // The balance is forgotten at once, then read from the new account.
      await eventually(async () =>
        services.credits.snapshot.creditsLeft === 40 ? true : undefined
      );
      expect(seen).toEqual(expect.arrayContaining([100, null, 40]));
    });

    test("requests at once, saved in Settings, bound the very next requests", async () => {
      const { services } = runtime(first.baseUrl, mine.apiKey);
      const scheduler = await services.scheduler();
      expect(services.connection.ceiling).toBe(6);
      await services.settings.save({ maxConcurrency: 2 });
      expect(services.connection.ceiling).toBe(2);
      let peak = 0;
      // On the wire, as the transport holds its slots.
      const watch = scheduler.subscribe(() => (peak = Math.max(peak, services.connection.inUse)));
      await Promise.all([1, 2, 3, 4, 5, 6].map((i) => scheduler.lookup("person", person(100 + i))));
      watch();
      expect(peak).toBe(2);
      await services.settings.save({ maxConcurrency: null });
      expect(services.connection.ceiling).toBe(6);
    });

    test("a change during a recalculation: sent lookups finish where they went, the rest go to the new service", async () => {
      const { services, wire } = runtime(first.baseUrl, mine.apiKey, {}, 2);
      const scheduler = await services.scheduler();
      // The first service answers in 2 s: its two lookups are still in flight when Settings
      // change, however busy the machine (at 100 ms, a loaded CI sent it two more first).
      await call(first.baseUrl, "POST", "/sandbox/faults", { slowRate: 1, slowMs: 2_000 });
      let results: string[];
      try {
        const cells = Array.from({ length: 10 }, (_, i) => scheduler.lookup("person", person(i)));
        await eventually(async () => (scheduler.counts.inFlight === 2 ? true : undefined));
        await services.settings.save({ baseUrl: second.baseUrl, apiKey: theirs.apiKey });
        // A new cell for a lookup in flight at the first service does not join it.
        const joinedLate = scheduler.lookup("person", person(0));
        results = await Promise.all([...cells, joinedLate].map(outcome));
      } finally {
        await call(first.baseUrl, "POST", "/sandbox/faults", NO_FAULTS);
      }
      expect(results.every((r) => r === "ok")).toBe(true);
      const toFirst = wire.filter((w) => w.startsWith(first.baseUrl));
      const toSecond = wire.filter((w) => w.startsWith(second.baseUrl));
      expect(toFirst).toHaveLength(2);
      expect(toSecond).toHaveLength(9);
      // Each answer is kept under the account that bought it.
      await services.settings.save({ baseUrl: first.baseUrl, apiKey: mine.apiKey });
      const cacheOfFirst = await scheduler.currentCache();
      expect((await cacheOfFirst.usage()).count).toBe(2);
    });
  });

  describe("spending", () => {
    let account: TestAccount;
    beforeEach(async () => {
      account = await first.account(1000);
    });

    test("switch off: no request, kept answers still shown, the rest 'Spending is off'", async () => {
      const { services, wire } = runtime(first.baseUrl, account.apiKey);
      const scheduler = await services.scheduler();
      expect((await scheduler.lookup("person", person(1))).status).toBe("ok");
      await services.settings.save({ spendingEnabled: false });
      expect((await scheduler.lookup("person", person(1))).status).toBe("ok");
      const refused = await Promise.all(
        [2, 3, 4].map((i) => outcome(scheduler.lookup("person", person(i))))
      );
      expect(refused).toEqual(["spending_off", "spending_off", "spending_off"]);
      expect(wire).toHaveLength(1);
      expect(scheduler.counts).toMatchObject({ answered: 1, notRun: 3, cached: 1, waiting: 0 });
    });

    test("threshold: 200 new lookups with N = 25 send nothing until Run, then every one", async () => {
      const { services, wire, host } = runtime(first.baseUrl, account.apiKey, { confirmAbove: 25 });
      const scheduler = await services.scheduler();
      const cells = Array.from({ length: 200 }, (_, i) =>
        outcome(scheduler.lookup("person", person(i)))
      );
      await eventually(async () => (services.spending.question ? true : undefined));
      expect(services.spending.question).toEqual({
        count: 200,
        maxCredits: 200,
        confirmAbove: 25,
        reason: "threshold",
      });
      expect(host.asked).toBe(1);
      await tick(100);
      expect(wire).toHaveLength(0);
      expect(scheduler.counts.waiting).toBe(200);
      scheduler.answer(true);
      expect(new Set(await Promise.all(cells))).toEqual(new Set(["ok"]));
      expect(wire).toHaveLength(200);
    });

    test("Don't run sends nothing and settles every held cell, late joiners included", async () => {
      const { services, wire, host } = runtime(first.baseUrl, account.apiKey, { confirmAbove: 25 });
      const scheduler = await services.scheduler();
      const cells = Array.from({ length: 200 }, (_, i) =>
        outcome(scheduler.lookup("person", person(i)))
      );
      await eventually(async () => (services.spending.question ? true : undefined));
      const late = outcome(scheduler.lookup("verify", { email: "someone@late-joiner.example" }));
      await eventually(async () => (services.spending.question?.count === 201 ? true : undefined));
      expect(services.spending.question!.maxCredits).toBeCloseTo(200.2, 6);
      expect(host.asked).toBe(1);
      scheduler.answer(false);
      const results = await Promise.all([...cells, late]);
      expect(new Set(results)).toEqual(new Set(["declined"]));
      await tick(100);
      expect(wire).toHaveLength(0);
      expect(scheduler.counts).toMatchObject({ notRun: 201, waiting: 0, inFlight: 0 });
    });

    test("when the pane cannot ask, held cells settle at once naming the setting", async () => {
      const { services, wire, host } = runtime(first.baseUrl, account.apiKey, { confirmAbove: 2 });
      host.canShow = false;
      const scheduler = await services.scheduler();
      const results = await Promise.all(
        [1, 2, 3].map((i) => outcome(scheduler.lookup("person", person(i))))
      );
      expect(results).toEqual(["unconfirmed", "unconfirmed", "unconfirmed"]);
      expect(wire).toHaveLength(0);
      const again = [7, 8, 9].map((i) => scheduler.lookup("person", person(i)));
      await expect(again[0]).rejects.toThrow(/may spend more than 2 credits.*task pane/);
      await Promise.allSettled(again);
    });

    test("the pane hidden while asking: the held cells settle as unconfirmed", async () => {
      const { services, host } = runtime(first.baseUrl, account.apiKey, { confirmAbove: 0 });
      const scheduler = await services.scheduler();
      const cell = outcome(scheduler.lookup("person", person(1)));
      await eventually(async () => (host.lost ? true : undefined));
      host.lost!();
      expect(await cell).toBe("unconfirmed");
    });

    test("budget edge: cells stop spending at the budget, counting what is in flight", async () => {
      const { services, wire } = runtime(first.baseUrl, account.apiKey, { sessionBudget: 2.4 });
      const scheduler = await services.scheduler();
      const valid = examples.verify!.valid;
      // 2 persons (2.0) + 2 verifications (0.4) = 2.4 fit; the third verification does not.
      const results = await Promise.all([
        outcome(scheduler.lookup("person", person(1))),
        outcome(scheduler.lookup("person", person(2))),
        outcome(scheduler.lookup("verify", valid)),
        outcome(scheduler.lookup("verify", { email: "x@verify-budget.example" })),
        outcome(scheduler.lookup("verify", { email: "y@verify-budget.example" })),
      ]);
      expect(results.slice(0, 4)).toEqual(["ok", "ok", "ok", "ok"]);
      expect(results[4]).toBe("budget_reached");
      expect(wire).toHaveLength(4);
      expect(scheduler.counts.spent).toBeLessThanOrEqual(2.4);
    });
  });

  describe("Stop", () => {
    test("withdraws what is not sent, lets what is in flight finish and keeps it", async () => {
      const account = await first.account(1000);
      const { services, wire, store } = runtime(first.baseUrl, account.apiKey, {}, 3);
      const scheduler = await services.scheduler();
      const cells = Array.from({ length: 40 }, (_, i) =>
        outcome(scheduler.lookup("person", person(i)))
      );
      await eventually(async () => (scheduler.counts.inFlight === 3 ? true : undefined));
      const stopped = scheduler.stop();
      expect(stopped).toBe(37);
      const results = await Promise.all(cells);
      expect(results.filter((r) => r === "ok")).toHaveLength(3);
      expect(results.filter((r) => r === "stopped")).toHaveLength(37);
      await tick(100);
      expect(wire).toHaveLength(3);
      expect(scheduler.counts).toMatchObject({ answered: 3, notRun: 37, waiting: 0, inFlight: 0 });
      // The three answers are kept (durably: in the store, not only in memory).
      expect((await store.entries("mf.answers.v2.")).length).toBe(3);
    });
  });

  describe("freshness: answers older than the setting count as not kept", () => {
    const DAY = 24 * 60 * 60 * 1000;
    let now = Date.now();
    beforeEach(() => {
      now = Date.now();
      // The runtime's clock, and the in-process sandbox's: both age as days pass.
      jest.spyOn(Date, "now").mockImplementation(() => now);
    });
    afterEach(() => jest.restoreAllMocks());

    test("a recalculation asks again only the old answers, under the spending rules, and keeps the new ones", async () => {
      const account = await first.account(100);
      const { services, wire } = runtime(first.baseUrl, account.apiKey, { confirmAbove: 1 });
      const scheduler = await services.scheduler();
      const answerAll = (ids: number[]) => {
        const cells = ids.map((i) => outcome(scheduler.lookup("person", person(i))));
        return cells;
      };
      // Bought at day 0 (three), at day 40 (one): each under the question.
      let cells = answerAll([1, 2, 3]);
      await eventually(async () => (services.spending.question ? true : undefined));
      scheduler.answer(true);
      expect(await Promise.all(cells)).toEqual(["ok", "ok", "ok"]);
      now += 40 * DAY;
      cells = answerAll([4]);
      expect(await Promise.all(cells)).toEqual(["ok"]);
      expect(wire).toHaveLength(4);

      // Day 60, answers older than 30 days asked again: the three of day 0, not the one of day 40.
      now += 20 * DAY;
      await services.settings.save({ maxAgeDays: 30 });
      cells = answerAll([1, 2, 3, 4]);
      await eventually(async () => (services.spending.question ? true : undefined));
      expect(services.spending.question).toMatchObject({ count: 3, maxCredits: 3 });
      expect(wire).toHaveLength(4);
      scheduler.answer(true);
      expect(await Promise.all(cells)).toEqual(["ok", "ok", "ok", "ok"]);
      expect(wire).toHaveLength(7);
      // The new answers replaced the old: asked again, everything is kept.
      cells = answerAll([1, 2, 3, 4]);
      expect(await Promise.all(cells)).toEqual(["ok", "ok", "ok", "ok"]);
      expect(wire).toHaveLength(7);

      // With spending off, an old answer is not bought again: the cell says why.
      now += 31 * DAY;
      await services.settings.save({ spendingEnabled: false });
      expect(await Promise.all(answerAll([1]))).toEqual(["spending_off"]);
      // Without the setting, every kept answer is shown whatever its age.
      await services.settings.save({ maxAgeDays: null });
      expect(await Promise.all(answerAll([1, 2, 3, 4]))).toEqual(["ok", "ok", "ok", "ok"]);
      expect(wire).toHaveLength(7);
    });

    test("the setting is a whole number of days from 1 to 3650, or nothing", async () => {
      const { services } = runtime(first.baseUrl, "key");
      for (const bad of [0, -1, 1.5, 3651, Number.NaN])
        await expect(services.settings.save({ maxAgeDays: bad })).rejects.toMatchObject({
          field: "maxAgeDays",
        });
      expect(services.settings.value.maxAgeDays).toBeNull();
      await services.settings.save({ maxAgeDays: 90 });
      expect(services.settings.value.maxAgeDays).toBe(90);
    });
  });

  test("durable answers: in the store by the time the cell is shown them", async () => {
    const account = await first.account(100);
    const { services, store } = runtime(first.baseUrl, account.apiKey);
    const scheduler = await services.scheduler();
    const shown = await Promise.all([1, 2, 3].map((i) => scheduler.lookup("person", person(i))));
    expect(shown).toHaveLength(3);
    expect((await store.entries("mf.answers.v2.")).length).toBe(3);
  });
});
