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
import type { EmailServiceClient, LookupCallOptions } from "./client";
import { ApiError } from "./errors";
import { lookupKey, type LookupOperation } from "./lookup-key";
import type { LookupOutcome, ResultCache } from "./result-cache";

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

export interface ScheduleOptions {
  /** The cell was cancelled: its interest is dropped, other cells are unaffected. */
  signal?: AbortSignal;
  /** Ask the service again even if an answer is cached (an explicit user action). */
  refresh?: boolean;
}

export interface SchedulerOptions {
  client: EmailServiceClient;
  cache: ResultCache;
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

interface Waiter {
  resolve: (outcome: LookupOutcome) => void;
  reject: (error: unknown) => void;
}

interface Pending {
  key: string;
  operation: LookupOperation;
  body: object;
  waiters: Set<Waiter>;
  /** Aborted when nobody waits any more: withdraws the request if it has not been sent. */
  withdraw: AbortController;
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

const cancelledError = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "cancelled",
    message: "The calculation was cancelled.",
  });

/**
 * Collects the lookups of a recalculation, serves cached answers without a request,
 * de-duplicates equal lookups (also while one is in flight) and hands the rest to the
 * client, whose transport bounds the requests on the wire and holds the backlog.
 */
export class LookupScheduler {
  readonly stats: SchedulerStats = {
    calls: 0,
    cacheHits: 0,
    joined: 0,
    dispatched: 0,
    withdrawn: 0,
  };
  private readonly pending = new Map<string, Pending>();
  private collected: Pending[] = [];

  constructor(private readonly options: SchedulerOptions) {}

  get cache(): ResultCache {
    return this.options.cache;
  }

  /** Lookups collected, queued or in flight. */
  get backlog(): number {
    return this.pending.size;
  }

  async lookup<Op extends LookupOperation>(
    operation: Op,
    body: LookupTypes[Op]["request"],
    options: ScheduleOptions = {}
  ): Promise<LookupOutcome<LookupTypes[Op]["result"]>> {
    this.stats.calls++;
    if (options.signal?.aborted) throw cancelledError();
    const key = lookupKey(operation, body);
    await this.options.cache.ready;
    if (!options.refresh) {
      const cached = this.options.cache.get(key);
      if (cached) {
        this.stats.cacheHits++;
        return cached.outcome as LookupOutcome<LookupTypes[Op]["result"]>;
      }
    }
    let entry = this.pending.get(key);
    if (entry && !entry.withdraw.signal.aborted) this.stats.joined++;
    else {
      entry = { key, operation, body, waiters: new Set(), withdraw: new AbortController() };
      this.pending.set(key, entry);
      this.collect(entry);
    }
    return this.wait(entry, options.signal) as Promise<LookupOutcome<LookupTypes[Op]["result"]>>;
  }

  private wait(entry: Pending, signal?: AbortSignal): Promise<LookupOutcome> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        entry.waiters.delete(waiter);
        reject(cancelledError());
        // Nobody wants it any more: withdrawn if it has not left; once sent it is let
        // finish, so that a charged answer is cached rather than thrown away.
        if (entry.waiters.size === 0) entry.withdraw.abort();
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

  // Dispatch waits for the end of the current task, so that every call of one recalculation
  // is collected and de-duplicated before the first request goes out.
  private collect(entry: Pending): void {
    this.collected.push(entry);
    if (this.collected.length > 1) return;
    setTimeout(() => {
      const batch = this.collected;
      this.collected = [];
      for (const collected of batch) {
        if (collected.withdraw.signal.aborted) this.settle(collected, null, withdrawnError());
        else void this.send(collected);
      }
    }, 0);
  }

  private async send(entry: Pending): Promise<void> {
    this.stats.dispatched++;
    try {
      const value = await EXECUTORS[entry.operation](this.options.client, entry.body as never, {
        withdraw: entry.withdraw.signal,
      });
      this.settle(entry, { status: "ok", value }, null);
    } catch (error) {
      this.settle(entry, definitiveOutcome(error), error);
    }
  }

  private settle(entry: Pending, outcome: LookupOutcome | null, error: unknown): void {
    if (this.pending.get(entry.key) === entry) this.pending.delete(entry.key);
    if (outcome) this.options.cache.set(entry.key, outcome);
    else if (error instanceof ApiError && error.code === "withdrawn") this.stats.withdrawn++;
    for (const waiter of entry.waiters) {
      if (outcome) waiter.resolve(outcome);
      else waiter.reject(error);
    }
  }
}

const withdrawnError = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "withdrawn",
    message: "The lookup was withdrawn before it was sent.",
  });
