import type { AnswerCache } from "../../client/answer-cache";
import type { LookupScheduler } from "../../client/scheduler";
import type { EnrichRunner } from "../enrich/enrich-runner";

// Bounces pay back: how many of a list's addresses were bought through the add-in
// (charged kept answers), the number the user decides on before reporting. It follows the kept
// answers: while answers may still be bought (lookups under way, an Enrich run going) there is
// no count yet, and it is counted again whenever answers reach the store, so that it is never
// a number read before the answers of a run just ended were kept.

export interface BoughtCountSources {
  /** The kept answers of the account in force. */
  cache: () => Promise<Pick<AnswerCache, "chargedEmails" | "onStored">>;
  /** Whether answers may be bought now. */
  buying: () => boolean;
  /** Hears every change of `buying()`; the returned function stops it. */
  subscribe: (listener: () => void) => () => void;
}

/** Answers are bought while the runtime's lookups are under way or one of its Enrich runs goes. */
export function boughtSources(
  scheduler: Pick<LookupScheduler, "backlog" | "subscribe" | "currentCache">,
  runner: Pick<EnrichRunner, "running" | "subscribe">
): BoughtCountSources {
  return {
    cache: () => scheduler.currentCache(),
    buying: () => scheduler.backlog > 0 || runner.running,
    subscribe: (listener) => {
      const stops = [scheduler.subscribe(listener), runner.subscribe(listener)];
      return () => stops.forEach((stop) => stop());
    },
  };
}

/**
 * Calls `onCount` with the count of `emails` bought, or null while it is not known (answers
 * may still be bought, or counting is under way), each time it changes, until the returned
 * function is called.
 */
export function followBoughtCount(
  sources: BoughtCountSources,
  emails: readonly string[],
  onCount: (count: number | null) => void
): () => void {
  let stopped = false;
  let shown: number | null | undefined;
  /** Answers may have reached the store since the last count. */
  let stale = true;
  let counting = false;
  let last = 0;
  let followed: { cache: object; stop: () => void } | null = null;

  const show = (count: number | null): void => {
    if (stopped || count === shown) return;
    shown = count;
    onCount(count);
  };

  const answersStored = (): void => {
    stale = true;
    update();
  };

  const count = async (): Promise<void> => {
    const cache = await sources.cache();
    if (stopped) return;
    // Followed before it is read: answers written from then on are counted again.
    if (followed?.cache !== cache) {
      followed?.stop();
      followed = { cache, stop: cache.onStored(answersStored) };
    }
    last = (await cache.chargedEmails(emails)).size;
  };

  function update(): void {
    if (stopped) return;
    if (sources.buying()) {
      stale = true;
      return show(null);
    }
    // A change while it counts is seen when it ends.
    if (counting) return;
    if (!stale) return show(last);
    stale = false;
    counting = true;
    show(null);
    void count()
      // A store that cannot be read shows no bought answers.
      .catch(() => (last = 0))
      .finally(() => {
        counting = false;
        update();
      });
  }

  const unsubscribe = sources.subscribe(update);
  update();
  return () => {
    stopped = true;
    unsubscribe();
    followed?.stop();
  };
}
