import { checkedOutcome, keptValue, type CheckedOutcome } from "./answer-record";
import type { EmailServiceClient } from "./client";
import { ApiError } from "./errors";
import { chargeOf, executeLookup } from "./lookup-executors";
import type { LookupEnd, LookupState, LookupTally } from "./lookup-counts";
import type { LookupOperation } from "./lookup-key";
import type { CachedOutcome, LookupOutcome, AnswerCache } from "./answer-cache";
import { refusal } from "./spending";
import { SpendingGate, type SpendingGateOptions } from "./spending-gate";
import type { Endpoint } from "./transport";
import { t } from "../i18n/i18n";

// The queue of distinct lookups, each in its state (lookup-counts.ts): collected until every
// call of one recalculation is in, passed through the spending gate, queued for the client
// (whose transport bounds what is on the wire), sent, and settled: its answer kept in the cache
// of the endpoint that paid for it before its cells are shown it.

/** The caches of the endpoints (key + base URL) answers were bought at. */
export interface CacheDirectory {
  /** The cache of the endpoint in force now. */
  current(): Promise<AnswerCache>;
  /** The cache of the endpoint a request went to. */
  of(endpointId: string): AnswerCache;
}

export interface LookupQueueOptions extends SpendingGateOptions {
  client: EmailServiceClient;
  caches: CacheDirectory;
  tally: LookupTally;
  /** Something the Lookups view shows changed. */
  changed: () => void;
  /** The time an answer is kept under. */
  now: () => number;
  /** The longest an answer waits to be stored before its cells are shown it (default 2,000 ms). */
  storeWaitMs?: number;
}

interface Waiter {
  resolve: (outcome: CheckedOutcome) => void;
  reject: (error: unknown) => void;
}

interface QueuedLookup {
  key: string;
  operation: LookupOperation;
  body: object;
  waiters: Set<Waiter>;
  /** Aborted when nobody waits any more, or on Stop: withdraws the request if not sent. */
  withdraw: AbortController;
  state: LookupState;
  guarded: boolean;
  /** The cache of the endpoint in force when the lookup was asked for. */
  cache: AnswerCache;
  /** Where the request went, once sent; its answer is kept in that endpoint's cache. */
  endpointId: string | null;
  /** Why it was withdrawn, when that was not the cells' own cancellation. */
  refusal: ApiError | null;
  /** The answer came from a team host's shared answers. */
  shared: boolean;
}

export const cancelledError = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "cancelled",
    message: t("cells.calculationCancelled"),
  });

const withdrawnError = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "withdrawn",
    message: t("cells.lookupWithdrawn"),
  });

const isWithdrawal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "withdrawn";

/** 404 `no_result` means the same as `not_found`; 451 is the legacy blacklisted. */
function definitiveOutcome(error: unknown): LookupOutcome | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === "not_found")
    return { status: "not_found", code: error.code, message: error.message };
  if (error.kind === "blacklisted")
    return { status: "blacklisted", code: error.code, message: error.message };
  return null;
}

function endOf(outcome: LookupOutcome | null, error: unknown): LookupEnd {
  if (outcome) return "answered";
  if (error instanceof ApiError && error.kind === "refused") return "notRun";
  return isWithdrawal(error) ? "withdrawn" : "failed";
}

export class LookupQueue {
  readonly gate: SpendingGate<QueuedLookup>;
  /** The lookup of each key that new calls join. */
  private readonly pending = new Map<string, QueuedLookup>();
  /** Every lookup not ended: collected, held, queued or sent. */
  private readonly live = new Set<QueuedLookup>();
  private collected: QueuedLookup[] = [];
  private decisionTimer: ReturnType<typeof setTimeout> | null = null;
  /** Lookups whose kept answer is being read from the store. */
  private reading = 0;

  constructor(private readonly options: LookupQueueOptions) {
    this.gate = new SpendingGate(options, {
      send: (entry) => void this.dispatch(entry),
      refuse: (entry, error) => void this.settle(entry, null, error),
      hold: (entry) => this.move(entry, "held"),
    });
  }

  /** Lookups collected, held, queued or in flight. */
  get size(): number {
    return this.live.size;
  }

  /** Whether a lookup of `key` is on its way, for a new call to join. */
  has(key: string): boolean {
    const known = this.pending.get(key);
    return known !== undefined && !known.withdraw.signal.aborted;
  }

  /** The answer of the lookup of `key` on its way (joined), else of a new one. */
  ask(
    key: string,
    operation: LookupOperation,
    body: object,
    cache: AnswerCache,
    signal?: AbortSignal
  ): Promise<CheckedOutcome> {
    return this.wait(this.enqueue(key, operation, body, cache), signal);
  }

  /** The answer of the lookup of `key` on its way, or null when there is none to join. */
  join(key: string, signal?: AbortSignal): Promise<CheckedOutcome> | null {
    if (!this.has(key)) return null;
    this.options.tally.stats.joined++;
    return this.wait(this.pending.get(key)!, signal);
  }

  /** A cell shown its kept answer, without a request. */
  served(kept: CachedOutcome): CheckedOutcome {
    this.options.tally.stats.cacheHits++;
    this.options.changed();
    return checkedOutcome(kept);
  }

  /** A read of the store: the guard decides once every read of the recalculation is done. */
  async read(cache: AnswerCache, key: string): Promise<CachedOutcome | undefined> {
    this.reading++;
    try {
      return await cache.get(key);
    } finally {
      this.reading--;
      if (this.reading === 0) this.scheduleDecision();
    }
  }

  /**
   * Every lookup not sent yet is withdrawn and its cells settle as stopped; requests already on
   * the wire finish and their answers are kept. Resolves with how many were stopped.
   */
  stop(): number {
    let stopped = this.gate.refuseHeld(refusal("stopped"));
    for (const entry of [...this.live]) {
      if (entry.state === "sent" || entry.withdraw.signal.aborted) continue;
      stopped++;
      entry.refusal = refusal("stopped");
      entry.withdraw.abort();
    }
    this.gate.stopped();
    return stopped;
  }

  /** Lookups on the wire finish for the account that sent them, but new calls no longer join. */
  endpointChanged(): void {
    for (const entry of this.live)
      if (entry.state === "sent" && this.pending.get(entry.key) === entry)
        this.pending.delete(entry.key);
  }

  private enqueue(
    key: string,
    operation: LookupOperation,
    body: object,
    cache: AnswerCache
  ): QueuedLookup {
    const known = this.pending.get(key);
    if (known && !known.withdraw.signal.aborted) {
      this.options.tally.stats.joined++;
      return known;
    }
    const entry: QueuedLookup = {
      key,
      operation,
      body,
      waiters: new Set(),
      withdraw: new AbortController(),
      state: "collected",
      guarded: false,
      cache,
      endpointId: null,
      refusal: null,
      shared: false,
    };
    this.pending.set(key, entry);
    this.enter(entry);
    this.collected.push(entry);
    this.scheduleDecision();
    return entry;
  }

  private wait(entry: QueuedLookup, signal?: AbortSignal): Promise<CheckedOutcome> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        entry.waiters.delete(waiter);
        reject(cancelledError());
        // Nobody wants it any more: withdrawn if it has not left; once sent it is let
        // finish, so that a charged answer is kept rather than thrown away.
        if (entry.waiters.size === 0) this.withdrawUnwanted(entry);
      };
      const waiter: Waiter = {
        resolve: (outcome) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
        reject: (error) => {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        },
      };
      entry.waiters.add(waiter);
      // The signal may have fired while the call awaited the cache: act on it now.
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private withdrawUnwanted(entry: QueuedLookup): void {
    entry.withdraw.abort();
    if (entry.state !== "held") return;
    this.gate.release(entry);
    void this.settle(entry, null, withdrawnError());
  }

  // The decision waits for the end of the current task and for the store reads under way, so
  // that every call of one recalculation is collected and de-duplicated before the guard
  // decides (one question for a whole fill-down) and the first request goes out.
  private scheduleDecision(): void {
    if (this.decisionTimer || this.reading > 0 || this.collected.length === 0) return;
    this.decisionTimer = setTimeout(() => {
      this.decisionTimer = null;
      if (this.reading === 0) this.decide();
    }, 0);
  }

  private decide(): void {
    const batch: QueuedLookup[] = [];
    for (const entry of this.collected.splice(0)) {
      if (entry.withdraw.signal.aborted) void this.settle(entry, null, withdrawnError());
      else batch.push(entry);
    }
    this.gate.pass(batch);
  }

  private async dispatch(entry: QueuedLookup): Promise<void> {
    this.move(entry, "queued");
    this.options.tally.stats.dispatched++;
    try {
      const value = await executeLookup(this.options.client, entry.operation, entry.body, {
        withdraw: entry.withdraw.signal,
        onSend: (endpoint: Endpoint) => {
          entry.endpointId = endpoint.id;
          if (entry.state !== "sent") this.move(entry, "sent");
        },
        onAnswer: (answer) => {
          entry.shared = answer.shared;
        },
      });
      await this.settle(entry, { status: "ok", value: keptValue(value) }, null);
    } catch (error) {
      await this.settle(entry, definitiveOutcome(error), error);
    }
  }

  private async settle(
    entry: QueuedLookup,
    outcome: LookupOutcome | null,
    error: unknown
  ): Promise<void> {
    if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
    if (!outcome && entry.refusal && isWithdrawal(error)) error = entry.refusal;
    const charged = outcome?.status === "ok" ? chargeOf(entry.operation, outcome.value) : 0;
    this.gate.settled(entry, charged);
    this.options.tally.ended(endOf(outcome, error), charged, entry.shared);
    this.leave(entry);
    const checkedAt = this.options.now();
    if (outcome) {
      const caches = this.options.caches;
      const cache = entry.endpointId === null ? entry.cache : caches.of(entry.endpointId);
      if (cache.set(entry.key, outcome, checkedAt)) this.options.tally.reasked();
      await this.stored(cache);
    }
    // Each cell is shown the answer with the time it is kept under (its age).
    for (const waiter of entry.waiters) {
      if (outcome) waiter.resolve({ ...outcome, checkedAt });
      else waiter.reject(error);
    }
  }

  /** Kept durably before the cell shows it; a slow or failing store delays a cell only so long. */
  private async stored(cache: AnswerCache): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      cache.whenStored(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.storeWaitMs ?? 2_000);
      }),
    ]);
    clearTimeout(timer);
  }

  private enter(entry: QueuedLookup): void {
    this.live.add(entry);
    this.options.tally.live(entry.state, 1);
    this.gate.busy();
    this.options.changed();
  }

  private move(entry: QueuedLookup, state: LookupState): void {
    this.options.tally.live(entry.state, -1);
    entry.state = state;
    this.options.tally.live(state, 1);
    this.options.changed();
  }

  private leave(entry: QueuedLookup): void {
    if (!this.live.delete(entry)) return;
    this.options.tally.live(entry.state, -1);
    if (this.live.size === 0) this.gate.idle(() => this.live.size === 0);
    this.options.changed();
  }
}
