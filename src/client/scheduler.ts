import type {
  CompanyRequest, CompanyResult, DecisionMakerRequest, DecisionMakerResult, LegacyEmployeesResult,
  LinkedinUrlRequest, LinkedinUrlResult, PersonRequest, PersonResult, VerifyEmailRequest, VerifyEmailResult,
} from "../api/types";
import type { EmailServiceClient } from "./client";
import { ApiError } from "./errors";
import { lookupKey, type LookupOperation } from "./lookup-key";
import type { LookupOutcome, ResultCache } from "./result-cache";

export interface LookupTypes {
  person: { request: PersonRequest; result: PersonResult };
  company: { request: CompanyRequest; result: CompanyResult };
  decision_maker: { request: DecisionMakerRequest; result: DecisionMakerResult };
  linkedin_url: { request: LinkedinUrlRequest; result: LinkedinUrlResult };
  verify: { request: VerifyEmailRequest; result: VerifyEmailResult };
  employees: { request: { domain?: string; company_name?: string; preferred_title: string; country_code?: string }; result: LegacyEmployeesResult };
}

type Executor = (client: EmailServiceClient, body: never) => Promise<unknown>;

const EXECUTORS: Record<LookupOperation, Executor> = {
  person: (client, body: PersonRequest) => client.findEmail.person(body),
  company: (client, body: CompanyRequest) => client.findEmail.company(body),
  decision_maker: (client, body: DecisionMakerRequest) => client.findEmail.decisionMaker(body),
  linkedin_url: (client, body: LinkedinUrlRequest) => client.findEmail.linkedinUrl(body),
  verify: (client, body: VerifyEmailRequest) => client.verifyEmail(body),
  employees: (client, body: LookupTypes["employees"]["request"]) => client.legacy.employees(body),
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
  /** Requests in flight at once. Browsers open 6 HTTP/1.1 connections per host. */
  concurrency?: number;
}

export interface SchedulerStats {
  calls: number;
  cacheHits: number;
  /** Calls that joined a lookup already queued or in flight. */
  joined: number;
  /** Lookups sent to the service (one per distinct key; retries are the transport's). */
  sent: number;
  cancelledBeforeSending: number;
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
  sent: boolean;
}

/** 404 `no_result` means the same as `not_found` (DESIGN 3); 451 is the legacy blacklisted. */
function definitiveOutcome(error: unknown): LookupOutcome | null {
  if (!(error instanceof ApiError)) return null;
  if (error.kind === "not_found") return { status: "not_found", code: error.code, message: error.message };
  if (error.kind === "blacklisted") return { status: "blacklisted", code: error.code, message: error.message };
  return null;
}

const cancelledError = (): ApiError =>
  new ApiError({ kind: "cancelled", status: null, code: "cancelled", message: "The calculation was cancelled." });

/**
 * Collects the lookups of a recalculation, serves cached answers without a request,
 * de-duplicates equal lookups (also while one is in flight), and sends the rest with
 * bounded concurrency. The queue here, not the browser, holds the backlog.
 */
export class LookupScheduler {
  readonly stats: SchedulerStats = { calls: 0, cacheHits: 0, joined: 0, sent: 0, cancelledBeforeSending: 0 };
  private readonly pending = new Map<string, Pending>();
  private readonly queue: Pending[] = [];
  private active = 0;
  private pumpScheduled = false;
  private readonly concurrency: number;

  constructor(private readonly options: SchedulerOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 6);
  }

  get cache(): ResultCache {
    return this.options.cache;
  }

  async lookup<Op extends LookupOperation>(
    operation: Op, body: LookupTypes[Op]["request"], options: ScheduleOptions = {},
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
    if (entry) this.stats.joined++;
    else {
      entry = { key, operation, body, waiters: new Set(), sent: false };
      this.pending.set(key, entry);
      this.queue.push(entry);
      this.schedulePump();
    }
    return this.wait(entry, options.signal) as Promise<LookupOutcome<LookupTypes[Op]["result"]>>;
  }

  /** Lookups queued or in flight. */
  get backlog(): number {
    return this.pending.size;
  }

  private wait(entry: Pending, signal?: AbortSignal): Promise<LookupOutcome> {
    return new Promise((resolve, reject) => {
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
      const onAbort = (): void => {
        entry.waiters.delete(waiter);
        reject(cancelledError());
        // Nobody wants it any more and it has not left: drop it. Once sent, it is let finish
        // so that a charged answer is cached, not thrown away.
        if (entry.waiters.size === 0 && !entry.sent) {
          this.pending.delete(entry.key);
          const at = this.queue.indexOf(entry);
          if (at >= 0) this.queue.splice(at, 1);
          this.stats.cancelledBeforeSending++;
        }
      };
      entry.waiters.add(waiter);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  // Deferred to the end of the current task, so that every call of one recalculation is
  // collected (and de-duplicated) before the first request goes out.
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setTimeout(() => {
      this.pumpScheduled = false;
      this.pump();
    }, 0);
  }

  private pump(): void {
    while (this.active < this.concurrency && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      void this.send(entry);
    }
  }

  private async send(entry: Pending): Promise<void> {
    entry.sent = true;
    this.active++;
    this.stats.sent++;
    let outcome: LookupOutcome | null = null;
    let failure: unknown = null;
    try {
      const value = await EXECUTORS[entry.operation](this.options.client, entry.body as never);
      outcome = { status: "ok", value };
    } catch (error) {
      outcome = definitiveOutcome(error);
      if (!outcome) failure = error;
    } finally {
      this.active--;
      this.pending.delete(entry.key);
    }
    if (outcome) this.options.cache.set(entry.key, outcome);
    for (const waiter of entry.waiters) {
      if (outcome) waiter.resolve(outcome);
      else waiter.reject(failure);
    }
    this.pump();
  }
}
