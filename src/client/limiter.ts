import { ApiError } from "./errors";
import { t } from "../i18n/i18n";

// Requests on the wire at once (docs/architecture.md, The shared client). The service's capacity is
// unknown and changes, so the limit is found rather than guessed: additive increase while answers
// come back without 503s and without growing latency, multiplicative decrease on 503, timeouts and
// network errors (AIMD, with TCP's slow start until the first sign of load).

export interface LimiterOptions {
  /** Requests on the wire at first (default 6). */
  initial?: number;
  /** The most it may grow to (default 6: a browser's HTTP/1.1 connections per host). */
  ceiling?: number;
  /** false: a fixed limit of `initial` (tests, benchmarks of a fixed client). */
  adaptive?: boolean;
  /** "Latency not growing": a path's recent latency under this multiple of its fastest (1.5). */
  latencyTolerance?: number;
}

/** How an attempt ended, as the limiter learns from it. */
export type AttemptOutcome =
  /** The service answered (any status but 503); its latency tells whether it is loaded. */
  | { kind: "answer"; path: string; latencyMs: number }
  /** 503, a timeout or a network error: the service (or the way to it) is overloaded. */
  | { kind: "overload" }
  /** Cancelled, withdrawn or unreadable: says nothing about load. */
  | { kind: "neutral" };

/** A slot on the wire; `seq` orders sends, so that one burst of 503s halves the limit once. */
export interface Slot {
  readonly seq: number;
}

interface Waiting {
  start: (slot: Slot) => void;
}

interface PathLatency {
  fastest: number;
  recent: number;
}

const MAX_TRACKED_PATHS = 64;
const SMOOTHING = 0.2;

/**
 * Bounds the requests on the wire, with the backlog held here, in order, where it can be
 * withdrawn. A slot is held only while a request is on the wire, never while it waits to be
 * retried; when the limit falls, requests on the wire finish and no new one starts until
 * fewer than the limit remain, so nothing is lost.
 */
export class ConnectionLimiter {
  private active = 0;
  private readonly waiting: Waiting[] = [];
  private limitValue: number;
  private ceilingValue: number;
  private slowStartUntil = Number.POSITIVE_INFINITY;
  private sent = 0;
  /** Requests sent up to this one saw the limit before its last decrease. */
  private decreasedAfter = 0;
  private readonly latency = new Map<string, PathLatency>();
  private readonly adaptive: boolean;
  private readonly tolerance: number;
  readonly history = { increases: 0, decreases: 0, peak: 0 };

  constructor(options: LimiterOptions | number = {}) {
    const o = typeof options === "number" ? { initial: options, adaptive: false } : options;
    this.adaptive = o.adaptive ?? true;
    this.ceilingValue = Math.max(1, Math.floor(o.ceiling ?? o.initial ?? 6));
    this.limitValue = Math.min(this.ceilingValue, Math.max(1, o.initial ?? 6));
    this.tolerance = o.latencyTolerance ?? 1.5;
  }

  /** Requests allowed on the wire now. */
  get limit(): number {
    return Math.floor(this.limitValue);
  }

  get ceiling(): number {
    return this.ceilingValue;
  }

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** A new ceiling (HTTP/2 detected, or set in Settings); the limit falls to it at once. */
  setCeiling(ceiling: number): void {
    this.ceilingValue = Math.max(1, Math.floor(ceiling));
    if (!this.adaptive) this.limitValue = this.ceilingValue;
    this.limitValue = Math.min(this.limitValue, this.ceilingValue);
    this.pump();
  }

  /**
   * Resolves with a slot when one is free. `urgent` (a retry) goes ahead of first attempts;
   * aborting `withdraw` while still waiting removes the request without it ever being sent.
   */
  acquire(options: { urgent?: boolean; withdraw?: AbortSignal } = {}): Promise<Slot> {
    if (options.withdraw?.aborted) return Promise.reject(withdrawn());
    if (this.active < this.limit && this.waiting.length === 0) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(withdrawn());
      };
      const entry: Waiting = {
        start: (slot) => {
          options.withdraw?.removeEventListener("abort", onAbort);
          resolve(slot);
        },
      };
      options.withdraw?.addEventListener("abort", onAbort, { once: true });
      if (options.urgent) this.waiting.unshift(entry);
      else this.waiting.push(entry);
    });
  }

  /** Frees the slot and learns from how the attempt ended. */
  release(slot: Slot, outcome: AttemptOutcome = { kind: "neutral" }): void {
    // Measured before the slot is freed: was the limit what held requests back?
    const limited = this.waiting.length > 0 || this.active >= this.limit;
    this.active--;
    if (this.adaptive && outcome.kind === "overload") this.decrease(slot);
    else if (this.adaptive && outcome.kind === "answer") {
      if (!this.unloaded(outcome))
        this.slowStartUntil = Math.min(this.slowStartUntil, this.limitValue);
      else if (limited) this.increase();
    }
    this.pump();
  }

  private take(): Slot {
    this.active++;
    this.history.peak = Math.max(this.history.peak, this.active);
    return { seq: ++this.sent };
  }

  private pump(): void {
    while (this.active < this.limit && this.waiting.length > 0)
      this.waiting.shift()!.start(this.take());
  }

  /** Halves the limit, once for all the requests that were sent at the old limit. */
  private decrease(slot: Slot): void {
    if (slot.seq <= this.decreasedAfter) return;
    this.limitValue = Math.max(1, Math.floor(this.limitValue / 2));
    this.slowStartUntil = this.limitValue;
    this.decreasedAfter = this.sent;
    this.history.decreases++;
  }

  /** Slow start (one more per answer) until the first sign of load, then one more per limit's worth. */
  private increase(): void {
    if (this.limitValue >= this.ceilingValue) return;
    const step = this.limitValue < this.slowStartUntil ? 1 : 1 / this.limitValue;
    this.limitValue = Math.min(this.ceilingValue, this.limitValue + step);
    this.history.increases++;
  }

  /** The answer came back about as fast as the fastest on its path: the service is not queueing. */
  private unloaded(outcome: { path: string; latencyMs: number }): boolean {
    let stats = this.latency.get(outcome.path);
    if (!stats) {
      if (this.latency.size >= MAX_TRACKED_PATHS) this.latency.clear();
      stats = { fastest: outcome.latencyMs, recent: outcome.latencyMs };
      this.latency.set(outcome.path, stats);
    }
    stats.fastest = Math.min(stats.fastest, outcome.latencyMs);
    stats.recent = stats.recent + SMOOTHING * (outcome.latencyMs - stats.recent);
    // A floor of a few ms keeps a very fast path (a local sandbox) from reading jitter as load.
    return stats.recent <= Math.max(stats.fastest * this.tolerance, stats.fastest + 5);
  }
}

export interface ConcurrencyOptions {
  /** Requests on the wire at first (default 6). */
  initial?: number;
  /**
   * Ceiling over HTTP/1.1, or while the protocol is unknown (default 6: a browser's limit per
   * host).
   */
  http1Ceiling?: number;
  /** Ceiling over HTTP/2 or HTTP/3 (default 64). */
  http2Ceiling?: number;
}

export const DEFAULT_HTTP1_CEILING = 6;
export const DEFAULT_HTTP2_CEILING = 64;

/** The protocol of the last response for `url`, as the browser reports it (same-origin or TAO). */
export function resourceTimingProtocol(url: string): string | undefined {
  const perf = (globalThis as { performance?: Performance }).performance;
  const location = (globalThis as { location?: Location }).location;
  if (!perf?.getEntriesByName || !location?.href) return undefined;
  const entries = perf.getEntriesByName(new URL(url, location.href).href, "resource");
  const last = entries[entries.length - 1] as PerformanceResourceTiming | undefined;
  return last?.nextHopProtocol || undefined;
}

export interface CeilingOptions {
  /** A fixed number of requests on the wire (no adaptation); without it the limit adapts. */
  maxConcurrent?: number;
  concurrency?: ConcurrencyOptions;
  /**
   * The protocol a response came over ("h2", "http/1.1"); default: the browser's Resource Timing.
   */
  protocol?: (url: string) => string | undefined;
}

/**
 * The limiter of one client with its ceiling learned: 6 over HTTP/1.1 (or while the protocol is
 * unknown), up to 64 once an answer shows HTTP/2 or HTTP/3, or what Settings set by hand.
 */
export class LearnedCeiling {
  readonly limiter: ConnectionLimiter;
  private readonly http1Ceiling: number;
  private readonly http2Ceiling: number;
  private override: number | null = null;
  /** `maxConcurrent` was given: a fixed limit that neither protocol nor settings change. */
  private readonly fixed: boolean;
  /** The base URL whose protocol is known, and that protocol. */
  private protocolOf: { baseUrl: string; protocol: string | null } = {
    baseUrl: "",
    protocol: null,
  };

  constructor(private readonly options: CeilingOptions) {
    const c = options.concurrency ?? {};
    this.http1Ceiling = c.http1Ceiling ?? DEFAULT_HTTP1_CEILING;
    this.http2Ceiling = c.http2Ceiling ?? DEFAULT_HTTP2_CEILING;
    this.fixed = options.maxConcurrent !== undefined;
    this.limiter =
      options.maxConcurrent !== undefined
        ? new ConnectionLimiter(Math.max(1, options.maxConcurrent))
        : new ConnectionLimiter({ initial: c.initial ?? 6, ceiling: this.http1Ceiling });
  }

  /** The protocol of the service's answers, once known ("h2", "http/1.1"). */
  get protocol(): string | null {
    return this.protocolOf.protocol;
  }

  /** Settings: at most this many requests at once whatever the protocol; null: the protocol's. */
  setOverride(ceiling: number | null): void {
    this.override = ceiling;
    this.apply();
  }

  /** A new base URL starts at the HTTP/1.1 ceiling until its first answer tells the protocol. */
  useEndpoint(baseUrl: string): void {
    if (this.protocolOf.baseUrl === baseUrl) return;
    this.protocolOf = { baseUrl, protocol: null };
    this.apply();
  }

  /** After an answer from `url`: its protocol, if the runtime tells it and it is not known yet. */
  learnProtocol(url: string): void {
    if (this.protocolOf.protocol !== null) return;
    const protocol = (this.options.protocol ?? resourceTimingProtocol)(url);
    if (!protocol) return;
    this.protocolOf = { ...this.protocolOf, protocol };
    this.apply();
  }

  /** The setting if there is one, else what the protocol allows (HTTP/1.1 until known). */
  private apply(): void {
    if (this.fixed) return;
    const multiplexed = /^h[23]/.test(this.protocolOf.protocol ?? "");
    this.limiter.setCeiling(this.override ?? (multiplexed ? this.http2Ceiling : this.http1Ceiling));
  }
}

export const withdrawn = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "withdrawn",
    message: t("cells.requestWithdrawn"),
  });
