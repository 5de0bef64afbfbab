import type { CheckedOutcome } from "./answer-record";
import { isBounced } from "./bounces";
import type { EmailServiceClient } from "./client";
import { Listeners } from "./listeners";
import { LookupTally, type LookupCounts, type SchedulerStats } from "./lookup-counts";
import type { LookupTypes } from "./lookup-executors";
import { lookupKey, type LookupOperation } from "./lookup-key";
import { LookupQueue, cancelledError, type CacheDirectory } from "./lookup-queue";
import { RefreshRouting } from "./refresh-routing";
import type { OldAnswer, RefreshAsk, RefreshScope, RefreshSurvey } from "./refresh-scope";
import type { CachedOutcome, AnswerCache } from "./answer-cache";
import { refusal, type SpendingGuard, type SpendingQuestion } from "./spending";

export type { CacheDirectory } from "./lookup-queue";
export type { LookupCounts, SchedulerStats } from "./lookup-counts";
export type { LookupTypes } from "./lookup-executors";

export interface ScheduleOptions {
  /** The cell was cancelled: its interest is dropped, other cells are unaffected. */
  signal?: AbortSignal;
  /** Ask the service again even if an answer is cached (an explicit user action). */
  refresh?: boolean;
  /**
   * A formula value preview (the user is still typing): a kept answer only; else it is refused
   * ("preview") at once, and nothing is sent, joined, held or counted as a lookup.
   */
  keptOnly?: boolean;
  /** A worksheet cell's lookup: a Refresh under way decides what it is shown. */
  fromCell?: boolean;
}

export interface SchedulerOptions {
  client: EmailServiceClient;
  /** One cache for every answer, or `caches`, one per endpoint. */
  cache?: AnswerCache;
  caches?: CacheDirectory;
  /** The spending guard (spending.ts); without it every lookup is sent. */
  guard?: SpendingGuard;
  /** Puts the question on screen; resolves false when it cannot be shown. */
  ask?: (question: SpendingQuestion) => Promise<boolean>;
  /** A recalculation ends after this long without a pending lookup (default 1,000 ms). */
  quietMs?: number;
  /** The longest an answer waits to be stored before its cells are shown it (default 2,000 ms). */
  storeWaitMs?: number;
  /**
   * How old a kept answer may be and still be shown (the user's freshness setting, read at
   * each lookup so that a change applies at once); null or absent: any age.
   */
  maxAgeMs?: () => number | null;
  /** The time answers' ages are measured at (default Date.now). */
  now?: () => number;
}

const fixedCaches = (cache: AnswerCache): CacheDirectory => ({
  current: async () => cache,
  of: () => cache,
});

/**
 * Collects the lookups of a recalculation, serves kept answers without a request,
 * de-duplicates equal lookups (also while one is in flight), asks the spending guard before
 * new paid lookups go out, and hands the rest to the client, whose transport bounds the
 * requests on the wire and holds the backlog. A cell is shown its answer once it is kept.
 * The parts: the queue of lookups (lookup-queue.ts) with its spending gate (spending-gate.ts),
 * the Refresh's routing (refresh-routing.ts) and the counters (lookup-counts.ts).
 */
export class LookupScheduler {
  private readonly tally = new LookupTally();
  private readonly caches: CacheDirectory;
  private readonly changes = new Listeners();
  private readonly queue: LookupQueue;
  private readonly refresh: RefreshRouting;

  constructor(private readonly options: SchedulerOptions) {
    if (options.caches) this.caches = options.caches;
    else if (options.cache) this.caches = fixedCaches(options.cache);
    // i18n-exempt: a programming error, never shown to a user.
    else throw new Error("LookupScheduler needs a cache or a cache directory.");
    this.queue = new LookupQueue({
      ...options,
      caches: this.caches,
      tally: this.tally,
      changed: () => this.changes.emit(),
      now: () => this.now(),
    });
    this.refresh = new RefreshRouting(this.queue, () => this.now());
  }

  get stats(): SchedulerStats {
    return this.tally.stats;
  }

  /** The cache of the endpoint in force (the one the fixed-cache form was given). */
  get cache(): AnswerCache {
    // i18n-exempt: a programming error, never shown to a user.
    if (!this.options.cache) throw new Error("Use currentCache() with a cache directory.");
    return this.options.cache;
  }

  currentCache(): Promise<AnswerCache> {
    return this.caches.current();
  }

  get guard(): SpendingGuard | undefined {
    return this.options.guard;
  }

  /** Lookups collected, held, queued or in flight. */
  get backlog(): number {
    return this.queue.size;
  }

  get counts(): LookupCounts {
    return this.tally.counts;
  }

  subscribe(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  async lookup<Op extends LookupOperation>(
    operation: Op,
    body: LookupTypes[Op]["request"],
    options: ScheduleOptions = {}
  ): Promise<CheckedOutcome<LookupTypes[Op]["result"]>> {
    type Answer = CheckedOutcome<LookupTypes[Op]["result"]>;
    this.tally.stats.calls++;
    if (options.signal?.aborted) throw cancelledError();
    const key = lookupKey(operation, body);
    const cache = await this.caches.current();
    if (options.keptOnly) {
      const kept = cache.peek(key) ?? (await cache.get(key));
      if (!kept) throw refusal("preview");
      return this.queue.served(kept) as Answer;
    }
    if (options.fromCell && this.refresh.active)
      return this.refresh.lookup(operation, body, key, cache, options.signal) as Promise<Answer>;
    if (!options.refresh) {
      // A lookup already on its way is joined without reading the store.
      const kept =
        cache.peek(key) ?? (this.queue.has(key) ? undefined : await this.queue.read(cache, key));
      // An answer older than the freshness setting counts as not kept: asked again, under the
      // spending rules, and the new answer replaces it.
      if (kept && this.fresh(kept)) return this.queue.served(kept) as Answer;
      if (options.signal?.aborted) throw cancelledError();
    }
    return this.queue.ask(key, operation, body, cache, options.signal) as Promise<Answer>;
  }

  /** Refresh, first step (refresh-routing.ts); end it with endRefresh. */
  beginRefreshSurvey(maxAgeMs: number): RefreshSurvey {
    return this.refresh.beginSurvey(maxAgeMs);
  }

  /** Refresh, second step: only the surveyed old answers are asked again. */
  beginRefreshAsk(old: Iterable<OldAnswer>): RefreshAsk {
    return this.refresh.beginAsk(old);
  }

  endRefresh(scope: RefreshScope): void {
    this.refresh.end(scope);
  }

  /** The answer to the spending question: run what is held, or settle it as declined. */
  answer(run: boolean): void {
    this.queue.gate.answer(run);
  }

  /** The question cannot be (or is no longer) on screen: the held lookups are not run. */
  unanswerable(): void {
    this.queue.gate.unanswerable();
  }

  /**
   * Stop: every lookup not sent yet is withdrawn and its cells settle as stopped; requests
   * already on the wire finish and their answers are kept.
   */
  stop(): number {
    return this.queue.stop();
  }

  /**
   * The key or base URL changed: lookups on the wire finish for the account that sent them,
   * but new cells no longer join them; lookups not sent yet go to the new endpoint.
   */
  endpointChanged(): void {
    this.queue.endpointChanged();
  }

  /** The time answers' ages are measured at (read at each call: a page's clock may move). */
  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether a kept answer is young enough to be shown (the freshness setting). */
  private fresh(kept: CachedOutcome): boolean {
    const maxAge = this.options.maxAgeMs?.() ?? null;
    // A bounced address (reported) is never bought again, however old its answer.
    if (maxAge !== null && isBounced(kept)) return true;
    return maxAge === null || this.now() - kept.storedAt <= maxAge;
  }
}
