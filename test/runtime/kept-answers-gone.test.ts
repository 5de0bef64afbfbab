import fc from "fast-check";
import { ApiError } from "../../src/client/errors";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { cacheNamespace } from "../../src/client/answer-cache";
import { SpendingGuard } from "../../src/client/spending";
import { MemoryStore } from "../../src/client/key-value-store";
import { KeptAnswersCheck } from "../../src/runtime/kept-answers-check";
import { Services } from "../../src/runtime/services";
import { SettingsStore } from "../../src/runtime/settings";
import type { TaskPaneHost } from "../../src/runtime/task-pane-host";
import {
  MAX_SHELVES,
  SHELVES_SETTING_KEY,
  WorkbookShelves,
  parseShelves,
} from "../../src/runtime/answer-shelves";
import type { WorkbookSettings } from "../../src/runtime/document-settings";
import { MemorySettingsStorage } from "../helpers/custom-functions";
import { eventually, startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";

// Kept answers gone: a workbook reopened where the answers its cells showed are no
// longer kept (a cleared browser, WebKit's forgotten frame storage, another computer) must say
// so and ask before its cells buy them again, however little that costs. Real sandbox, real
// client and scheduler; the workbook's document settings and the pane are stand-ins.

/** A workbook's document settings: `set` changes them, `saveAsync` writes them to the file. */
class Workbook {
  /** What the saved file holds. */
  saved = new Map<string, unknown>();
  saves = 0;
  failSaves = false;

  /** The workbook as one opening of it sees its settings. */
  open(): WorkbookSettings {
    const current = new Map(this.saved);
    return {
      get: (name: string) => current.get(name),
      set: (name: string, value: unknown) => void current.set(name, value),
      saveAsync: (callback?: (result: Office.AsyncResult<void>) => void) => {
        this.saves++;
        const failed = this.failSaves;
        if (!failed) this.saved = new Map(current);
        callback?.({
          status: failed ? "failed" : "succeeded",
          error: failed ? { message: "the document is read-only" } : undefined,
        } as unknown as Office.AsyncResult<void>);
      },
    } as unknown as WorkbookSettings;
  }

  get shelves(): string[] {
    return parseShelves(this.saved.get(SHELVES_SETTING_KEY));
  }
}

class FakePane implements TaskPaneHost {
  canShow = true;
  asked = 0;
  async askInTaskPane(): Promise<boolean> {
    this.asked++;
    return this.canShow;
  }
  present(): () => void {
    return () => undefined;
  }
  onLeave(): void {}
}

interface Opened {
  services: Services;
  pane: FakePane;
  wire: string[];
}

const LOOKUPS = /\/(find-email|verify-email)\b/;

/** One runtime: the workbook opened in a browser whose kept answers are `browser`. */
function open(
  sandbox: TestSandbox,
  apiKey: string,
  workbook: Workbook,
  browser: MemoryStore,
  confirmAbove: number | null = 25,
  tryMode = false
): Opened {
  const wire: string[] = [];
  const pane = new FakePane();
  const settings = new SettingsStore(new MemorySettingsStorage(), {
    apiKey,
    baseUrl: sandbox.baseUrl,
    webhookUrl: null,
    confirmAbove,
    tryMode,
  });
  const shelves = new WorkbookShelves(workbook.open());
  const services = new Services(
    settings,
    new KeyValueAnswerStore(browser),
    {
      timeoutMs: 10_000,
      allowShortTimeout: true,
      retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 },
      fetch: (input, init) => {
        if (LOOKUPS.test(String(input))) wire.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
    },
    { host: pane, scheduler: { quietMs: 50 }, cacheFlushDelayMs: 5, workbookShelves: () => shelves }
  );
  return { services, pane, wire };
}

const person = (i: number) => ({
  first_name: `Grace${i}`,
  last_name: "Hopper",
  domain: `gone-test-${i}.example`,
});

/** The workbook's cells calculated: what each ends with ("ok", "not_found" or a refusal code). */
async function calculate(opened: Opened, cells: number): Promise<Array<Promise<string>>> {
  const scheduler = await opened.services.scheduler();
  return Array.from({ length: cells }, (_, i) =>
    scheduler.lookup("person", person(i)).then(
      (outcome) => outcome.status,
      (error: unknown) => (error instanceof ApiError ? error.code : Promise.reject(error))
    )
  );
}

const question = async (opened: Opened) =>
  eventually(async () => opened.services.spending.question ?? undefined);

/** The check of one opening of `workbook` (Try mode when `demo`). */
const checkOf = (workbook: Workbook, guard = new SpendingGuard(), demo = false) =>
  new KeptAnswersCheck({
    guard,
    workbook: () => new WorkbookShelves(workbook.open()),
    demo: () => demo,
  });

const tick = (ms = 100) => new Promise((resolve) => setTimeout(resolve, ms));

describe("kept answers gone: the workbook says so and asks before buying again", () => {
  let sandbox: TestSandbox;
  let account: TestAccount;
  beforeAll(async () => {
    sandbox = await startSandbox({ latencyMs: 5 });
  });
  afterAll(async () => sandbox.close());
  beforeEach(async () => {
    account = await sandbox.account(1000);
  });

  test("cleared browser: no lookup until Buy again; declining leaves it owed; the new shelf noted", async () => {
    const workbook = new Workbook();
    const browser = new MemoryStore();
    // First session: 6 cells, below the threshold of 25: bought without a question.
    const first = open(sandbox, account.apiKey, workbook, browser);
    const bought = await Promise.all(await calculate(first, 6));
    expect(bought.every((s) => s === "ok" || s === "not_found")).toBe(true);
    expect(first.wire).toHaveLength(6);
    expect(first.pane.asked).toBe(0);
    await first.services.flush();
    await eventually(async () => (workbook.shelves.length === 1 ? true : undefined));

    // Reopened in the same browser: every cell from kept answers, no question.
    const same = open(sandbox, account.apiKey, workbook, browser);
    expect(await Promise.all(await calculate(same, 6))).toEqual(bought);
    expect(same.wire).toHaveLength(0);
    expect(same.pane.asked).toBe(0);

    // The browser's storage cleared: the same 6 cells hold, the question names why.
    const cleared = new MemoryStore();
    const after = open(sandbox, account.apiKey, workbook, cleared);
    const held = await calculate(after, 6);
    expect(await question(after)).toEqual({
      count: 6,
      maxCredits: 6,
      confirmAbove: 25,
      reason: "answers_gone",
    });
    await tick();
    expect(after.wire).toHaveLength(0);
    const scheduler = await after.services.scheduler();
    scheduler.answer(false);
    expect(await Promise.all(held)).toEqual(Array(6).fill("declined"));
    expect(after.wire).toHaveLength(0);
    expect(workbook.shelves).toHaveLength(1);

    // Recalculated: asked again (a no did not settle it); yes buys them, and is noted.
    const again = await calculate(after, 6);
    expect((await question(after)).reason).toBe("answers_gone");
    expect(after.pane.asked).toBe(2);
    scheduler.answer(true);
    expect(await Promise.all(again)).toEqual(bought);
    expect(after.wire).toHaveLength(6);
    await eventually(async () => (workbook.shelves.length === 2 ? true : undefined));

    // From then on the cleared browser's answers are the workbook's: no question, no lookup,
    // and the first browser's still count (the shelves of both are noted).
    const later = open(sandbox, account.apiKey, workbook, cleared);
    expect(await Promise.all(await calculate(later, 6))).toEqual(bought);
    expect(later.wire).toHaveLength(0);
    const back = open(sandbox, account.apiKey, workbook, browser);
    expect(await Promise.all(await calculate(back, 6))).toEqual(bought);
    expect(back.wire).toHaveLength(0);
    expect(back.pane.asked + later.pane.asked).toBe(0);
  });

  test("asked whatever the threshold, 'never ask' included; after yes, the threshold applies again", async () => {
    const workbook = new Workbook();
    await Promise.all(
      await calculate(open(sandbox, account.apiKey, workbook, new MemoryStore()), 2)
    );
    const elsewhere = open(sandbox, account.apiKey, workbook, new MemoryStore(), null);
    const cells = await calculate(elsewhere, 2);
    expect((await question(elsewhere)).reason).toBe("answers_gone");
    (await elsewhere.services.scheduler()).answer(true);
    await Promise.all(cells);
    expect(elsewhere.wire).toHaveLength(2);
    // A new cell of the same session: the user's "never ask" is in force again.
    const scheduler = await elsewhere.services.scheduler();
    await scheduler.lookup("person", person(50));
    expect(elsewhere.pane.asked).toBe(1);
    expect(elsewhere.wire).toHaveLength(3);
  });

  test("kept answers cleared from Settings: the workbook asks before buying them again", async () => {
    const workbook = new Workbook();
    const browser = new MemoryStore();
    await Promise.all(await calculate(open(sandbox, account.apiKey, workbook, browser), 3));
    const namespace = await cacheNamespace(sandbox.baseUrl, account.apiKey);
    expect(await new KeyValueAnswerStore(browser).clear(namespace)).toBe(3);
    const reopened = open(sandbox, account.apiKey, workbook, browser);
    const cells = await calculate(reopened, 3);
    expect((await question(reopened)).count).toBe(3);
    (await reopened.services.scheduler()).answer(false);
    expect(await Promise.all(cells)).toEqual(["declined", "declined", "declined"]);
  });

  test("cleared and bought again in the same session (Clear and recalculate): the next opening asks nothing", async () => {
    const workbook = new Workbook();
    const browser = new MemoryStore();
    const session = open(sandbox, account.apiKey, workbook, browser);
    await Promise.all(await calculate(session, 3));
    await eventually(async () => (workbook.shelves.length === 1 ? true : undefined));
    const cache = await (await session.services.scheduler()).currentCache();
    expect(await cache.clear()).toBe(3);
    // The user's own clear and recalculation in this session: bought again, as asked.
    await Promise.all(await calculate(session, 3));
    expect(session.wire).toHaveLength(6);
    expect(session.pane.asked).toBe(0);
    await session.services.flush();
    await eventually(async () => (workbook.shelves.length === 2 ? true : undefined));

    const reopened = open(sandbox, account.apiKey, workbook, browser);
    await Promise.all(await calculate(reopened, 3));
    expect(reopened.wire).toHaveLength(0);
    expect(reopened.pane.asked).toBe(0);
  });

  test("when the pane cannot ask, the cells say the kept answers are gone; nothing is sent", async () => {
    const workbook = new Workbook();
    await Promise.all(
      await calculate(open(sandbox, account.apiKey, workbook, new MemoryStore()), 2)
    );
    const elsewhere = open(sandbox, account.apiKey, workbook, new MemoryStore());
    elsewhere.pane.canShow = false;
    const scheduler = await elsewhere.services.scheduler();
    const cell = scheduler.lookup("person", person(0));
    await expect(cell).rejects.toThrow(/no longer in this browser.*Open the task pane/);
    await expect(cell).rejects.toMatchObject({ code: "answers_gone" });
    expect(elsewhere.wire).toHaveLength(0);
  });

  test("a workbook that never noted a shelf asks nothing; Try mode's examples are neither checked nor noted", async () => {
    const fresh = open(sandbox, account.apiKey, new Workbook(), new MemoryStore());
    await Promise.all(await calculate(fresh, 3));
    expect(fresh.pane.asked).toBe(0);
    expect(fresh.wire).toHaveLength(3);

    const workbook = new Workbook();
    workbook.saved.set(SHELVES_SETTING_KEY, ["0123456789abcdef01"]);
    const guard = new SpendingGuard();
    const demo = checkOf(workbook, guard, true);
    expect(await demo.check(new KeyValueAnswerStore(new MemoryStore()), "demo")).toBe("unchecked");
    expect(guard.questionOwed).toBeNull();
    expect(workbook.saves).toBe(0);
  });

  test("only a shelf that served the cells is noted: a namespace merely looked at (the pane before a key) is not", async () => {
    const workbook = new Workbook();
    const store = new KeyValueAnswerStore(new MemoryStore());
    const session = () => checkOf(workbook);
    const first = session();
    expect(await first.check(store, "no-key")).toBe("new");
    expect(await first.check(store, "keyed")).toBe("new");
    first.used("keyed");
    await eventually(async () => (workbook.shelves.length === 1 ? true : undefined));
    expect(workbook.shelves).toEqual([await store.shelf("keyed")]);

    // Its answers are in this browser: under any account, nothing is gone.
    const reopened = session();
    expect(await reopened.check(store, "no-key")).toBe("here");
    expect(await reopened.check(store, "keyed")).toBe("here");
    const elsewhere = session();
    expect(await elsewhere.check(new KeyValueAnswerStore(new MemoryStore()), "keyed")).toBe("gone");
  });

  test("the question is owed for the account in force: withdrawn when it changes, owed again for the new one", async () => {
    const workbook = new Workbook();
    const store = new KeyValueAnswerStore(new MemoryStore());
    workbook.saved.set(SHELVES_SETTING_KEY, ["0123456789abcdef01"]);
    const guard = new SpendingGuard();
    const check = checkOf(workbook, guard);
    check.follow("theirs");
    expect(await check.check(store, "theirs")).toBe("gone");
    expect(guard.questionOwed).toBe("answers_gone");
    check.follow("mine");
    expect(guard.questionOwed).toBeNull();
    expect(await check.check(store, "mine")).toBe("gone");
    expect(guard.questionOwed).toBe("answers_gone");
    // Try mode's namespace is never checked: nothing is owed for its lookups.
    check.follow("demo");
    expect(guard.questionOwed).toBeNull();
  });

  test("another account in the same browser (the key changed): its answers are not gone, nothing is asked", async () => {
    const workbook = new Workbook();
    const browser = new MemoryStore();
    const mine = open(sandbox, account.apiKey, workbook, browser);
    await Promise.all(await calculate(mine, 3));
    await eventually(async () => (workbook.shelves.length === 1 ? true : undefined));
    const theirs = await sandbox.account(100);
    const reopened = open(sandbox, account.apiKey, workbook, browser);
    await reopened.services.settings.save({ apiKey: theirs.apiKey });
    const cells = await calculate(reopened, 3);
    await Promise.all(cells);
    expect(reopened.wire).toHaveLength(3);
    expect(reopened.pane.asked).toBe(0);
  });

  test("a workbook whose settings cannot be saved: yes still buys; those answers then serve it without a question", async () => {
    const workbook = new Workbook();
    await Promise.all(
      await calculate(open(sandbox, account.apiKey, workbook, new MemoryStore()), 2)
    );
    workbook.failSaves = true;
    const browser = new MemoryStore();
    const opened = open(sandbox, account.apiKey, workbook, browser);
    const cells = await calculate(opened, 2);
    expect((await question(opened)).reason).toBe("answers_gone");
    (await opened.services.scheduler()).answer(true);
    const answers = await Promise.all(cells);
    expect(opened.wire).toHaveLength(2);
    await opened.services.flush();
    expect(workbook.shelves).toHaveLength(1);

    // Nothing to buy, nothing asked (the question is about buying, not about the shelf).
    const next = open(sandbox, account.apiKey, workbook, browser);
    expect(await Promise.all(await calculate(next, 2))).toEqual(answers);
    expect(next.wire).toHaveLength(0);
    expect(next.pane.asked).toBe(0);
  });
});

describe("the shelves a workbook notes", () => {
  const settingsOf = (value: unknown): WorkbookSettings =>
    ({
      get: () => value,
      set: () => undefined,
      saveAsync: (callback?: (result: Office.AsyncResult<void>) => void) =>
        callback?.({ status: "succeeded" } as unknown as Office.AsyncResult<void>),
    }) as unknown as WorkbookSettings;

  test("whatever the document holds, it reads as a list of at most 8 distinct shelf ids", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const saved of [value, JSON.stringify(value)]) {
          const shelves = new WorkbookShelves(settingsOf(saved)).noted();
          expect(shelves.length).toBeLessThanOrEqual(MAX_SHELVES);
          expect(new Set(shelves).size).toBe(shelves.length);
          for (const shelf of shelves) expect(shelf).toMatch(/^[0-9a-f]{8,64}$/);
        }
      })
    );
  });

  test("the most recent first, the oldest dropped past 8", async () => {
    const workbook = new Workbook();
    const ids = Array.from({ length: 10 }, (_, i) => `${i}`.repeat(18));
    for (const id of ids) await new WorkbookShelves(workbook.open()).note(id);
    expect(workbook.shelves).toEqual(ids.slice(2).reverse());
    const saves = workbook.saves;
    await new WorkbookShelves(workbook.open()).note(ids[9]!);
    expect(workbook.saves).toBe(saves);
    await new WorkbookShelves(workbook.open()).note(ids[5]!);
    expect(workbook.shelves[0]).toBe(ids[5]);
    expect(workbook.shelves).toHaveLength(MAX_SHELVES);
  });
});
