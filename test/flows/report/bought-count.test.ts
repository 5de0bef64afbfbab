import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import type { VerifyEmailResult } from "../../../src/api/types";
import type { EmailServiceClient } from "../../../src/client/client";
import { IndexedDbAnswerStore } from "../../../src/client/answer-store-indexeddb";
import { Listeners } from "../../../src/client/listeners";
import { lookupKey } from "../../../src/client/lookup-key";
import { AnswerCache } from "../../../src/client/answer-cache";
import { LookupScheduler } from "../../../src/client/scheduler";
import { boughtSources, followBoughtCount } from "../../../src/flows/report/bought-count";

// The Report tab's count of addresses bought through the add-in (issue 34, item 8): the Report
// tab opened while an Enrich run was buying the same addresses counted 0 of the 7 it bought,
// because it read the kept answers once, before the run's answers were kept, and never again.
// Here the run's answers are held on the wire and let go at chosen moments.

const emails = Array.from({ length: 10 }, (_, i) => `contact${i}@list-${i}.example`);
/** The sandbox charges a verification that answers valid (0.2), not the others. */
const VALID = 7;

interface World {
  scheduler: LookupScheduler;
  cache: AnswerCache;
  /** Enrich runs of the runtime, as the runner tells them. */
  run: { running: boolean; changes: Listeners; set(running: boolean): void };
  /** Verifications on the wire, by address; `answer()` lets them all come back. */
  onTheWire: Map<string, () => void>;
  answer(): void;
  /** An Enrich run of the list: one verification per address, all at once. */
  enrich(): Promise<unknown>;
  /** The counts the Report tab shows for the list (null: counting), until stopped. */
  report(): { shown: Array<number | null>; stop: () => void };
}

async function world(): Promise<World> {
  const cache = new AnswerCache({
    store: IndexedDbAnswerStore.open({ factory: new IDBFactory() }),
    namespace: "ns",
    flushDelayMs: 20,
  });
  const onTheWire = new Map<string, () => void>();
  const client = {
    cellLookup: (_kind: "verify", body: { email: string }) =>
      new Promise<VerifyEmailResult>((resolve) => {
        const valid = emails.indexOf(body.email) < VALID;
        onTheWire.set(body.email, () =>
          resolve({
            input: body,
            email_status: valid ? "valid" : "invalid",
            mx_host: null,
            mx_domain: null,
            credits_charged: valid ? 0.2 : 0,
          } as unknown as VerifyEmailResult)
        );
      }),
  } as unknown as EmailServiceClient;
  const scheduler = new LookupScheduler({ client, cache });
  const changes = new Listeners();
  const run = {
    running: false,
    changes,
    set(running: boolean) {
      this.running = running;
      changes.emit();
    },
  };
  const runner = {
    get running() {
      return run.running;
    },
    subscribe: (l: () => void) => changes.add(l),
  };
  return {
    scheduler,
    cache,
    run,
    onTheWire,
    answer: () => {
      for (const answer of onTheWire.values()) answer();
      onTheWire.clear();
    },
    enrich: () => Promise.all(emails.map((email) => scheduler.lookup("verify", { email }))),
    report: () => {
      const shown: Array<number | null> = [];
      const stop = followBoughtCount(boughtSources(scheduler, runner), emails, (count) =>
        shown.push(count)
      );
      return { shown, stop };
    },
  };
}

async function until(what: string, done: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The count last shown once it is a number. */
async function settled(shown: Array<number | null>): Promise<number> {
  await until("a count", () => typeof shown.at(-1) === "number");
  // Whatever follows now (a recount of the same store) must not change it.
  await new Promise((resolve) => setTimeout(resolve, 60));
  return shown.at(-1) as number;
}

describe("the Report tab's count of addresses bought through the add-in", () => {
  test("opened while an Enrich run's verifications are on the wire: no count until they are kept, then the 7 it bought", async () => {
    const w = await world();
    const enriching = w.enrich();
    await until("the run's verifications on the wire", () => w.onTheWire.size === emails.length);
    const report = w.report();
    // Counted now, the store holds none of them: nothing is shown as the count meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(report.shown.every((count) => count === null)).toBe(true);
    w.answer();
    await enriching;
    expect(await settled(report.shown)).toBe(VALID);
    expect(report.shown.filter((count) => count !== null)).toEqual([VALID]);
    report.stop();
  });

  test("opened just before a run: the count follows the answers it buys", async () => {
    const w = await world();
    const report = w.report();
    expect(await settled(report.shown)).toBe(0);
    // The run is going before its lookups reach the scheduler (its list is read, its job saved).
    w.run.set(true);
    expect(report.shown.at(-1)).toBeNull();
    const enriching = w.enrich();
    await until("the run's verifications on the wire", () => w.onTheWire.size === emails.length);
    w.answer();
    await enriching;
    expect(report.shown.at(-1)).toBeNull();
    w.run.set(false);
    expect(await settled(report.shown)).toBe(VALID);
    report.stop();
  });

  test("answers kept after the count (written late, or cleared) are counted again; nothing after stop", async () => {
    const w = await world();
    const report = w.report();
    expect(await settled(report.shown)).toBe(0);
    // Answers that reach the store without a lookup of this runtime (written on a later flush).
    w.cache.set(lookupKey("verify", { email: emails[0]! }), {
      status: "ok",
      value: { email_status: "valid", credits_charged: 0.2 },
    });
    expect(await settled(report.shown)).toBe(1);
    await w.cache.clear();
    expect(await settled(report.shown)).toBe(0);
    report.stop();
    const seen = report.shown.length;
    w.cache.set(lookupKey("verify", { email: emails[1]! }), {
      status: "ok",
      value: { email_status: "valid", credits_charged: 0.2 },
    });
    await w.cache.flush();
    w.run.set(true);
    expect(report.shown).toHaveLength(seen);
  });
});
