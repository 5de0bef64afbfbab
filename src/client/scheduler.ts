import type {
  CompanyRequest,
  CompanyResult,
  DecisionMakerRequest,
  DecisionMakerResult,
  LegacyEmployeesResult,
  LinkedinUrlRequest,
  LinkedinUrlResult,
  PersonRequest,
  PersonResult,
  VerifyEmailRequest,
  VerifyEmailResult,
} from "../api/types";
import { keptValue } from "./answer-record";
import { isBounced } from "./bounces";
import type { EmailServiceClient, LookupCallOptions } from "./client";
import { ApiError } from "./errors";
import { Listeners } from "./listeners";
import { lookupKey, type LookupOperation } from "./lookup-key";
import type { CheckedOutcome } from "./answer-record";
import type { CachedOutcome, LookupOutcome, ResultCache } from "./result-cache";
import { RefreshAsk, RefreshSurvey, type OldAnswer, type RefreshScope } from "./refresh-scope";
import { refusal, type SpendingGuard, type SpendingQuestion } from "./spending";
import type { Endpoint } from "./transport";
import { t } from "../i18n/i18n";

export interface LookupTypes {
  person: { request: PersonRequest; result: PersonResult };
  company: { request: CompanyRequest; result: CompanyResult };
  decision_maker: { request: DecisionMakerRequest; result: DecisionMakerResult };
  linkedin_url: { request: LinkedinUrlRequest; result: LinkedinUrlResult };
  verify: { request: VerifyEmailRequest; result: VerifyEmailResult };
  employees: {
    request: {
      domain?: string;
      company_name?: string;
      preferred_title: string;
      country_code?: string;
    };
    result: LegacyEmployeesResult;
  };
}

type Executor = (
  client: EmailServiceClient,
  body: never,
  options: LookupCallOptions
) => Promise<unknown>;

const EXECUTORS: Record<LookupOperation, Executor> = {
  person: (client, body: PersonRequest, options) => client.findEmail.person(body, options),
  company: (client, body: CompanyRequest, options) => client.findEmail.company(body, options),
  decision_maker: (client, body: DecisionMakerRequest, options) =>
    client.findEmail.decisionMaker(body, options),
  linkedin_url: (client, body: LinkedinUrlRequest, options) =>
    client.findEmail.linkedinUrl(body, options),
  verify: (client, body: VerifyEmailRequest, options) => client.verifyEmail(body, options),
  employees: (client, body: LookupTypes["employees"]["request"], options) =>
    client.legacy.employees(body, options),
};

/** What an answer cost: v5.1 says so; a legacy employee search costs 1 when it finds someone. */
function chargeOf(operation: LookupOperation, value: unknown): number {
  if (operation === "employees")
    return ((value as LegacyEmployeesResult)?.employees?.length ?? 0) > 0 ? 1 : 0;
  const charged = (value as { credits_charged?: unknown })?.credits_charged;
  return typeof charged === "number" ? charged : 0;
}

export interface ScheduleOptions {
  /** The cell was cancelled: its interest is dropped, other cells are unaffected. */
  signal?: AbortSignal;
  /** Ask the service again even if an answer is cached (an explicit user action). */
  refresh?: boolean;
  /**
   * A formula value preview (the user is still typing, DESIGN 2): a kept answer only; else it
   * is refused ("preview") at once, and nothing is sent, joined, held or counted as a lookup.
   */
  keptOnly?: boolean;
  /** A worksheet cell's lookup: a Refresh under way (DESIGN 3) decides what it is shown. */
  fromCell?: boolean;
}

/** The caches of the endpoints (key + base URL) answers were bought at. */
export interface CacheDirectory {
  /** The cache of the endpoint in force now. */
  current(): Promise<ResultCache>;
  /** The cache of the endpoint a request went to. */
  of(endpointId: string): ResultCache;
}

export interface SchedulerOptions {
  client: EmailServiceClient;
  /** One cache for every answer, or `caches`, one per endpoint. */
  cache?: ResultCache;
  caches?: CacheDirectory;
  /** The spending guard (DESIGN 4); without it every lookup is sent. */
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

export interface SchedulerStats {
  calls: number;
  cacheHits: number;
  /** Calls that joined a lookup already queued or in flight. */
  joined: number;
  /** Distinct lookups handed to the client (its transport bounds what is on the wire). */
  dispatched: number;
  /** Lookups withdrawn because every cell that wanted them was cancelled before sending. */
  withdrawn: number;
}

/** The Lookups view (DESIGN 4): distinct lookups, and the cell calls answered from kept answers. */
export interface LookupCounts {
  /** Not sent yet: collected, held for the question, or queued for a connection. */
  waiting: number;
  /** On the wire (or between retries of a request that went on the wire). */
  inFlight: number;
  answered: number;
  failed: number;
  /** Refused by the guard, declined, or stopped: nothing was sent. */
  notRun: number;
  /** Cell calls answered from kept answers, without a request. */
  cached: number;
  /** Answered lookups that a team host gave from its team's shared answers, free (DESIGN 6c). */
  shared: number;
  /** Answers asked again because the browser's storage ran out of room and dropped them. */
  reasked: number;
  /** Credits charged for the lookups of cells this session. */
  spent: number;
}

interface Waiter {
  resolve: (outcome: CheckedOutcome) => void;
  reject: (error: unknown) => void;
}

type EntryState = "collected" | "held" | "queued" | "sent";

interface Pending {
  key: string;
  operation: LookupOperation;
  body: object;
  waiters: Set<Waiter>;
  /** Aborted when nobody waits any more, or on Stop: withdraws the request if not sent. */
  withdraw: AbortController;
  state: EntryState;
  /** Let through by the guard: its reserved maximum is given back when it ends. */
  guarded: boolean;
  /** The cache of the endpoint in force when the lookup was asked for. */
  cache: ResultCache;
  /** Where the request went, once sent; its answer is kept in that endpoint's cache. */
  endpointId: string | null;
  /** Why it was withdrawn, when that was not the cells' own cancellation. */
  refusal: ApiError | null;
  /** The answer came from a team host's shared answers. */
  shared: boolean;
}

/** 404 `no_result` means the same as `not_found` (DESIGN 3); 451 is the legacy blacklisted. */
function definitiveOutcome(error: unknown): LookupOutcome | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === "not_found")
    return { status: "not_found", code: error.code, message: error.message };
  if (error.kind === "blacklisted")
    return { status: "blacklisted", code: error.code, message: error.message };
  return null;
}

/** A kept answer as a lookup gives it: with the time it was bought. */
const checked = (kept: CachedOutcome): CheckedOutcome => ({
  ...kept.outcome,
  checkedAt: kept.storedAt,
});

const cancelledError = (): ApiError =>
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

const fixedCaches = (cache: ResultCache): CacheDirectory => ({
  current: async () => cache,
  of: () => cache,
});

/**
 * Collects the lookups of a recalculation, serves kept answers without a request,
 * de-duplicates equal lookups (also while one is in flight), asks the spending guard before
 * new paid lookups go out, and hands the rest to the client, whose transport bounds the
 * requests on the wire and holds the backlog. A cell is shown its answer once it is kept.
 */
export class LookupScheduler {
  readonly stats: SchedulerStats = {
    calls: 0,
    cacheHits: 0,
    joined: 0,
    dispatched: 0,
    withdrawn: 0,
  };
  private readonly tally = {
    waiting: 0,
    inFlight: 0,
    answered: 0,
    failed: 0,
    notRun: 0,
    reasked: 0,
    shared: 0,
  };
  private spentMilli = 0;
  private readonly pending = new Map<string, Pending>();
  private readonly live = new Set<Pending>();
  private readonly held: Pending[] = [];
  private collected: Pending[] = [];
  private quietTimer: ReturnType<typeof setTimeout> | null = null;
  private decisionTimer: ReturnType<typeof setTimeout> | null = null;
  /** Lookups whose kept answer is being read from the store. */
  private reading = 0;
  /** A Refresh of a selection's cells under way: its survey or its ask. */
  private refreshScope: RefreshScope | null = null;
  private readonly caches: CacheDirectory;
  private readonly changes = new Listeners();

  constructor(private readonly options: SchedulerOptions) {
    if (options.caches) this.caches = options.caches;
    else if (options.cache) this.caches = fixedCaches(options.cache);
    // i18n-exempt: a programming error, never shown to a user.
    else throw new Error("LookupScheduler needs a cache or a cache directory.");
  }

  /** The cache of the endpoint in force (the one the fixed-cache form was given). */
  get cache(): ResultCache {
    // i18n-exempt: a programming error, never shown to a user.
    if (!this.options.cache) throw new Error("Use currentCache() with a cache directory.");
    return this.options.cache;
  }

  currentCache(): Promise<ResultCache> {
    return this.caches.current();
  }

  get guard(): SpendingGuard | undefined {
    return this.options.guard;
  }

  /** Lookups collected, held, queued or in flight. */
  get backlog(): number {
    return this.live.size;
  }

  get counts(): LookupCounts {
    return { ...this.tally, cached: this.stats.cacheHits, spent: this.spentMilli / 1000 };
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
    this.stats.calls++;
    if (options.signal?.aborted) throw cancelledError();
    const key = lookupKey(operation, body);
    const cache = await this.caches.current();
    if (options.keptOnly) {
      const kept = cache.peek(key) ?? (await cache.get(key));
      if (!kept) throw refusal("preview");
      this.stats.cacheHits++;
      this.emit();
      return checked(kept) as Answer;
    }
    if (options.fromCell && this.refreshScope)
      return this.refreshLookup(
        this.refreshScope,
        operation,
        body,
        key,
        cache,
        options.signal
      ) as Promise<Answer>;
    if (!options.refresh) {
      // A lookup already on its way is joined without reading the store.
      const known = this.pending.get(key);
      const joinable = known !== undefined && !known.withdraw.signal.aborted;
      const kept = cache.peek(key) ?? (joinable ? undefined : await this.read(cache, key));
      // An answer older than the freshness setting counts as not kept: asked again, under the
      // spending rules, and the new answer replaces it.
      const cached = kept && this.fresh(kept) ? kept : undefined;
      if (cached) {
        this.stats.cacheHits++;
        this.emit();
        return checked(cached) as Answer;
      }
      if (options.signal?.aborted) throw cancelledError();
    }
    return this.wait(this.enqueue(key, operation, body, cache), options.signal) as Promise<Answer>;
  }

  /** The lookup of `key` on its way (joined), else a new one collected for the guard. */
  private enqueue(
    key: string,
    operation: LookupOperation,
    body: object,
    cache: ResultCache
  ): Pending {
    const known = this.pending.get(key);
    if (known && !known.withdraw.signal.aborted) {
      this.stats.joined++;
      return known;
    }
    const entry: Pending = {
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
    this.collect(entry);
    return entry;
  }

  /**
   * Refresh, first step: while the selection's cells calculate, each is shown its kept answer
   * and those older than `maxAgeMs` are noted; nothing is bought (a cell without a kept answer
   * is not asked). End it with endRefresh.
   */
  beginRefreshSurvey(maxAgeMs: number): RefreshSurvey {
    const survey = new RefreshSurvey(maxAgeMs, () => this.now());
    this.refreshScope = survey;
    return survey;
  }

  /**
   * Refresh, second step: while the cells calculate again, only the surveyed old answers are
   * asked again (under the spending guard); every other cell is shown its kept answer.
   */
  beginRefreshAsk(old: Iterable<OldAnswer>): RefreshAsk {
    const ask = new RefreshAsk(old);
    this.refreshScope = ask;
    return ask;
  }

  endRefresh(scope: RefreshScope): void {
    if (this.refreshScope === scope) this.refreshScope = null;
  }

  private async refreshLookup(
    scope: RefreshScope,
    operation: LookupOperation,
    body: object,
    key: string,
    cache: ResultCache,
    signal?: AbortSignal
  ): Promise<CheckedOutcome> {
    const old = scope.phase === "ask" ? scope.take(key) : null;
    if (scope.phase === "ask" && old) {
      try {
        const answer = await this.wait(this.enqueue(key, operation, body, cache), signal);
        scope.answered(old, answer);
        return answer;
      } catch (error) {
        // Failed, refused or stopped: the answer kept before is still the cell's answer.
        scope.failed(old, error);
        if (signal?.aborted) throw error;
        return checked(old.kept);
      }
    }
    const known = this.pending.get(key);
    if (known && !known.withdraw.signal.aborted) {
      this.stats.joined++;
      return this.wait(known, signal);
    }
    const kept = cache.peek(key) ?? (await this.read(cache, key));
    if (scope.phase === "survey") scope.noteCall(key, operation, body, kept);
    if (!kept) throw refusal("refresh_only");
    this.stats.cacheHits++;
    this.emit();
    return checked(kept);
  }

  /** The time answers' ages are measured at (read at each call: a page's clock may move). */
  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Whether a kept answer is young enough to be shown (the freshness setting). */
  private fresh(kept: CachedOutcome): boolean {
    const maxAge = this.options.maxAgeMs?.() ?? null;
    // A bounced address (reported) is never bought again, however old its answer (DESIGN 3).
    if (maxAge !== null && isBounced(kept)) return true;
    return maxAge === null || this.now() - kept.storedAt <= maxAge;
  }

  /** The answer to the spending question: run what is held, or settle it as declined. */
  answer(run: boolean): void {
    const guard = this.options.guard;
    if (!guard?.question) return;
    if (!run) {
      this.refuseHeld(refusal("declined"));
      return;
    }
    guard.answer(true);
    for (const entry of this.held.splice(0)) {
      entry.guarded = true;
      void this.dispatch(entry);
    }
  }

  /** Closes the question without running what it held: each held cell settles with `error`. */
  private refuseHeld(error: ApiError): number {
    const held = this.held.splice(0);
    if (this.options.guard?.question) this.options.guard.answer(false);
    for (const entry of held) void this.settle(entry, null, error);
    return held.length;
  }

  /**
   * Stop (DESIGN 4): every lookup not sent yet is withdrawn and its cells settle as stopped;
   * requests already on the wire finish and their answers are kept.
   */
  stop(): number {
    let stopped = this.refuseHeld(refusal("stopped"));
    for (const entry of [...this.live]) {
      if (entry.state === "sent" || entry.withdraw.signal.aborted) continue;
      stopped++;
      entry.refusal = refusal("stopped");
      entry.withdraw.abort();
    }
    this.options.guard?.resetBurst();
    return stopped;
  }

  /**
   * The key or base URL changed: lookups on the wire finish for the account that sent them,
   * but new cells no longer join them; lookups not sent yet go to the new endpoint.
   */
  endpointChanged(): void {
    for (const entry of this.live)
      if (entry.state === "sent" && this.pending.get(entry.key) === entry)
        this.pending.delete(entry.key);
  }

  private wait(entry: Pending, signal?: AbortSignal): Promise<CheckedOutcome> {
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

  private withdrawUnwanted(entry: Pending): void {
    entry.withdraw.abort();
    if (entry.state !== "held") return;
    const at = this.held.indexOf(entry);
    if (at >= 0) this.held.splice(at, 1);
    this.options.guard?.releaseHeld(entry.operation);
    void this.settle(entry, null, withdrawnError());
  }

  /** A read of the store: the guard decides once every read of the recalculation is done. */
  private async read(cache: ResultCache, key: string): Promise<CachedOutcome | undefined> {
    this.reading++;
    try {
      return await cache.get(key);
    } finally {
      this.reading--;
      if (this.reading === 0) this.scheduleDecision();
    }
  }

  // Dispatch waits for the end of the current task and for the store reads under way, so that
  // every call of one recalculation is collected and de-duplicated before the guard decides
  // (one question for a whole fill-down) and the first request goes out.
  private collect(entry: Pending): void {
    this.collected.push(entry);
    this.scheduleDecision();
  }

  private scheduleDecision(): void {
    if (this.decisionTimer || this.reading > 0 || this.collected.length === 0) return;
    this.decisionTimer = setTimeout(() => {
      this.decisionTimer = null;
      if (this.reading === 0) this.decide();
    }, 0);
  }

  private decide(): void {
    const batch: Pending[] = [];
    for (const entry of this.collected.splice(0)) {
      if (entry.withdraw.signal.aborted) void this.settle(entry, null, withdrawnError());
      else batch.push(entry);
    }
    const guard = this.options.guard;
    if (!guard) {
      for (const entry of batch) void this.dispatch(entry);
      return;
    }
    const wasAsking = guard.question !== null;
    const decision = guard.decide(batch);
    for (const { item, error } of decision.refuse) void this.settle(item, null, error);
    for (const entry of decision.send) {
      entry.guarded = true;
      void this.dispatch(entry);
    }
    for (const entry of decision.hold) {
      this.move(entry, "held");
      this.held.push(entry);
    }
    if (!wasAsking && decision.hold.length > 0) void this.ask();
  }

  /** Held cells never wait without a question on screen (DESIGN 4). */
  private async ask(): Promise<void> {
    const question = this.options.guard?.question;
    if (!question) return;
    let shown = false;
    try {
      shown = (await this.options.ask?.(question)) ?? false;
    } catch {
      shown = false;
    }
    if (!shown) this.unanswerable();
  }

  /** The question cannot be (or is no longer) on screen: the held lookups are not run. */
  unanswerable(): void {
    const guard = this.options.guard;
    if (!guard?.question) return;
    const code = guard.question.reason === "answers_gone" ? "answers_gone" : "unconfirmed";
    this.refuseHeld(refusal(code, guard.policy));
  }

  private async dispatch(entry: Pending): Promise<void> {
    this.move(entry, "queued");
    this.stats.dispatched++;
    try {
      const value = await EXECUTORS[entry.operation](this.options.client, entry.body as never, {
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
    entry: Pending,
    outcome: LookupOutcome | null,
    error: unknown
  ): Promise<void> {
    if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
    if (!outcome && entry.refusal && isWithdrawal(error)) error = entry.refusal;
    const charged = outcome?.status === "ok" ? chargeOf(entry.operation, outcome.value) : 0;
    if (entry.guarded) this.options.guard?.settled(entry.operation, charged);
    this.spentMilli += Math.round(charged * 1000);
    if (outcome) {
      this.tally.answered++;
      if (entry.shared) this.tally.shared++;
    } else if (error instanceof ApiError && error.kind === "refused") this.tally.notRun++;
    else if (isWithdrawal(error)) this.stats.withdrawn++;
    else this.tally.failed++;
    this.leave(entry);
    const checkedAt = this.now();
    if (outcome) {
      const cache = entry.endpointId === null ? entry.cache : this.caches.of(entry.endpointId);
      if (cache.set(entry.key, outcome, checkedAt)) this.tally.reasked++;
      await this.stored(cache);
    }
    // Each cell is shown the answer with the time it is kept under (its age, DESIGN 3).
    for (const waiter of entry.waiters) {
      if (outcome) waiter.resolve({ ...outcome, checkedAt });
      else waiter.reject(error);
    }
  }

  /** Kept durably before the cell shows it; a slow or failing store delays a cell only so long. */
  private async stored(cache: ResultCache): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      cache.whenStored(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.options.storeWaitMs ?? 2_000);
      }),
    ]);
    clearTimeout(timer);
  }

  private enter(entry: Pending): void {
    this.live.add(entry);
    this.count(entry.state, 1);
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
    this.emit();
  }

  private move(entry: Pending, state: EntryState): void {
    this.count(entry.state, -1);
    entry.state = state;
    this.count(state, 1);
    this.emit();
  }

  /** Sent lookups count as in flight; every other live state as waiting. */
  private count(state: EntryState, change: 1 | -1): void {
    if (state === "sent") this.tally.inFlight += change;
    else this.tally.waiting += change;
  }

  private leave(entry: Pending): void {
    if (!this.live.delete(entry)) return;
    this.count(entry.state, -1);
    if (this.live.size === 0 && this.options.guard) {
      const guard = this.options.guard;
      this.quietTimer = setTimeout(() => {
        this.quietTimer = null;
        if (this.live.size === 0) guard.resetBurst();
      }, this.options.quietMs ?? 1_000);
    }
    this.emit();
  }

  private emit(): void {
    this.changes.emit();
  }
}

const isWithdrawal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === "withdrawn";
