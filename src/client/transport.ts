import { ApiError, SIGN_IN_REQUIRED, copyError, errorFromResponse, networkError } from "./errors";
import {
  LearnedCeiling,
  type AttemptOutcome,
  type CeilingOptions,
  type ConnectionLimiter,
  type Slot,
} from "./limiter";
import { t, type MessageId } from "../i18n/i18n";
import { checkBaseUrl, sendsTo, type BaseUrlProblem } from "./base-url";

// The one request core of the client (Octokit style): base URL, authentication, timeout,
// retries with backoff and jitter, and both error shapes parsed into ApiError.

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Backoff base: the n-th retry waits a random time up to min(max, base * 2^n) ("full jitter"). */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * A 503 means "retry after a few seconds" (docs/interface.md, Limits): waits grow from 1 s to at
 * most 5 s.
 * Eight retries make a lookup fail at a steady 20% rate of 503s about once in 2.6 million.
 */
export const DEFAULT_RETRY: RetryPolicy = { retries: 8, baseDelayMs: 1_000, maxDelayMs: 5_000 };

/**
 * The service asks for a client timeout of at least 60 s (docs/interface.md, Limits); a request may
 * wait in the service's
 * queue up to a minute and then take a few seconds, so the default leaves room for both.
 */
export const DEFAULT_TIMEOUT_MS = 90_000;
export const MIN_TIMEOUT_MS = 60_000;

export type ApiKeySource =
  string | (() => string | null | undefined | Promise<string | null | undefined>);

/** Where a request goes and with which key; `id` names that pair (the cache namespace). */
export interface Endpoint {
  baseUrl: string;
  apiKey: string | null;
  id: string;
  /** A team host's Microsoft 365 sign-in: a bearer token instead of `apiKey`, for one origin. */
  credential?: Credential;
}

export interface Credential {
  /**
   * Asked for at each attempt (tokens expire); throws the ApiError the request fails with when
   * there is none.
   */
  token: () => Promise<string>;
  /**
   * The only origin the token may go to: the team host's, which is the page's own (its
   * /team/config gave the sign-in's settings); null without a page (Node): same-origin paths
   * only. A request bound elsewhere is refused before the token is even asked for.
   */
  origin: string | null;
}

/** With the limiter's: `maxConcurrent`, `concurrency` and `protocol` (limiter.ts). */
export interface TransportOptions extends CeilingOptions {
  /** A fixed base URL and key; not needed with `endpoint`. */
  baseUrl?: string;
  apiKey?: ApiKeySource;
  /**
   * Read at every attempt, right before it goes on the wire, so that settings saved while
   * requests wait apply to every request not yet sent.
   */
  endpoint?: () => Endpoint | Promise<Endpoint>;
  /** At least 60 s unless `allowShortTimeout` (tests). */
  timeoutMs?: number;
  allowShortTimeout?: boolean;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  /** Injected for tests; defaults to Math.random. */
  random?: () => number;
  /** Called before every attempt that goes on the wire (metrics, tests). */
  onAttempt?: (attempt: AttemptInfo) => void;
  /** Called with the error a request fails with in the end, after its retries (key redacted). */
  onFailure?: (error: ApiError) => void;
}

export interface AttemptInfo {
  method: string;
  path: string;
  attempt: number;
}

/**
 * Which failures an operation may resend:
 * - `idempotent`: lookups and reads. Sending again is harmless (a repeat is free for 30 days),
 *   so 503, transport failures and unreadable answers are retried.
 * - `once`: operations that create something (bulk, GeoLead, reports). Only a 503, which the
 *   service answers before doing any work, is retried; a lost answer is reported, never resent.
 */
export type RetryMode = "idempotent" | "once";

export interface RequestOptions {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Default true; false for GET /status. */
  auth?: boolean;
  retry: RetryMode;
  /** How the body of a 2xx answer is read. */
  responseType?: "json" | "text" | "bytes";
  /** Aborts the request wherever it is (cancels an answer being awaited too). */
  signal?: AbortSignal;
  /** Withdraws the request only while it waits for a connection; once sent it is let finish. */
  withdraw?: AbortSignal;
  /** Called as an attempt goes on the wire, with the endpoint it goes to. */
  onSend?: (endpoint: Endpoint) => void;
}

export interface TransportResponse<T> {
  status: number;
  headers: Headers;
  data: T;
  attempts: number;
}

const CELL_MESSAGES: Record<BaseUrlProblem, MessageId> = {
  invalid: "cells.baseUrlInvalid",
  // Rare here: the settings refuse these with their own words; a build's default may not.
  otherSite: "cells.baseUrlInvalid",
  characters: "cells.baseUrlInvalid",
  path: "cells.baseUrlPath",
  credentials: "cells.baseUrlCredentials",
  query: "cells.baseUrlQuery",
  https: "cells.baseUrlHttps",
};

/**
 * Non-loopback base URLs must be https (base-url.ts); a same-origin relay path ("/api") is allowed.
 */
export function validateBaseUrl(baseUrl: string): string {
  const checked = checkBaseUrl(baseUrl);
  if ("problem" in checked) throw configError(t(CELL_MESSAGES[checked.problem]));
  return checked.baseUrl;
}

function configError(message: string, code = "invalid_base_url"): ApiError {
  return new ApiError({ kind: "config", status: null, code, message });
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** AbortSignal.any where the runtime has it (older Safari WebViews in Office for Mac do not). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

const cancelled = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "cancelled",
    message: t("cells.requestCancelled"),
  });

export class Transport {
  private readonly timeoutMs: number;
  private readonly retryPolicy: RetryPolicy;
  private readonly fetchImpl: typeof fetch;
  private readonly random: () => number;
  private readonly ceiling: LearnedCeiling;

  constructor(private readonly options: TransportOptions) {
    if (!options.endpoint) validateBaseUrl(options.baseUrl ?? "");
    const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!options.allowShortTimeout && timeout < MIN_TIMEOUT_MS) {
      throw configError(
        // i18n-exempt: a developer's option (tests), never set from the user's settings.
        `The client timeout must be at least ${MIN_TIMEOUT_MS / 1000} s, as the service asks.`,
        "invalid_timeout"
      );
    }
    this.timeoutMs = timeout;
    this.retryPolicy = { ...DEFAULT_RETRY, ...options.retry };
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.random = options.random ?? Math.random;
    this.ceiling = new LearnedCeiling(options);
  }

  get limiter(): ConnectionLimiter {
    return this.ceiling.limiter;
  }

  /** The protocol of the service's answers, once known ("h2", "http/1.1"). */
  get protocol(): string | null {
    return this.ceiling.protocol;
  }

  /**
   * Settings: at most this many requests at once whatever the protocol; null lets the
   * protocol decide (6 over HTTP/1.1, up to 64 over HTTP/2).
   */
  setConcurrencyCeiling(ceiling: number | null): void {
    this.ceiling.setOverride(ceiling);
  }

  async request<T>(options: RequestOptions): Promise<TransportResponse<T>> {
    for (let attempt = 1; ; attempt++) {
      let slot: Slot;
      try {
        slot = await this.limiter.acquire({ urgent: attempt > 1, withdraw: options.withdraw });
      } catch (error) {
        throw copyError(error as ApiError, { attempts: attempt - 1 });
      }
      let failure: ApiError;
      let apiKey: string | null = null;
      let usedCredential = false;
      let outcome: AttemptOutcome = { kind: "neutral" };
      const started = Date.now();
      try {
        const endpoint = await this.endpoint();
        this.ceiling.useEndpoint(endpoint.baseUrl);
        const credential = options.auth === false ? undefined : endpoint.credential;
        usedCredential = credential !== undefined;
        if (credential) refuseOtherOrigin(this.url(endpoint.baseUrl, options), credential);
        apiKey =
          options.auth === false
            ? null
            : credential
              ? await credential.token()
              : requireKey(endpoint.apiKey);
        const response = await this.attempt<T>(options, endpoint, apiKey, attempt);
        outcome = { kind: "answer", path: options.path, latencyMs: Date.now() - started };
        this.ceiling.learnProtocol(this.url(endpoint.baseUrl, options));
        return { ...response, attempts: attempt };
      } catch (error) {
        failure = this.redact(error instanceof ApiError ? error : networkError(error), apiKey);
        // A Microsoft 365 account the team host refuses (not a member): the host's reason, shown
        // in cells as a sign-in to redo, not as a key to set.
        if (failure.kind === "unauthorized" && usedCredential)
          failure = copyError(failure, { code: SIGN_IN_REQUIRED });
        outcome = loadSignal(failure, options.path, Date.now() - started);
      } finally {
        // The connection is free while the request waits to be retried.
        this.limiter.release(slot, outcome);
      }
      const retryable =
        failure.kind === "busy" ||
        (options.retry === "idempotent" &&
          (failure.kind === "network" || failure.kind === "malformed"));
      if (!retryable || attempt > this.retryPolicy.retries) {
        const final = copyError(failure, { attempts: attempt });
        this.options.onFailure?.(final);
        throw final;
      }
      await sleep(this.backoff(attempt), options.signal);
    }
  }

  private async endpoint(): Promise<Endpoint> {
    if (this.options.endpoint) {
      const endpoint = await this.options.endpoint();
      return { ...endpoint, baseUrl: validateBaseUrl(endpoint.baseUrl) };
    }
    const source = this.options.apiKey;
    const apiKey = (typeof source === "function" ? await source() : source) ?? null;
    return { baseUrl: validateBaseUrl(this.options.baseUrl ?? ""), apiKey, id: "" };
  }

  private backoff(attempt: number): number {
    const cap = Math.min(
      this.retryPolicy.maxDelayMs,
      this.retryPolicy.baseDelayMs * 2 ** (attempt - 1)
    );
    // Full jitter, with a floor so that a retry never comes back at once.
    return Math.round(cap / 4 + (this.random() * cap * 3) / 4);
  }

  private url(baseUrl: string, options: RequestOptions): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) params.set(name, String(value));
    }
    const query = params.toString();
    return `${baseUrl}${options.path}${query ? `?${query}` : ""}`;
  }

  private async attempt<T>(
    options: RequestOptions,
    endpoint: Endpoint,
    apiKey: string | null,
    attempt: number
  ): Promise<{ status: number; headers: Headers; data: T }> {
    if (options.signal?.aborted) throw cancelled();
    const headers: Record<string, string> = {
      accept: "application/json, text/csv, */*",
      ...options.headers,
    };
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? anySignal([options.signal, timeout]) : timeout;
    this.options.onAttempt?.({ method: options.method, path: options.path, attempt });
    options.onSend?.(endpoint);
    let response: Response;
    try {
      response = await this.fetchImpl(this.url(endpoint.baseUrl, options), {
        method: options.method,
        headers,
        body,
        signal,
      });
    } catch (error) {
      throw this.failure(error, options.signal, timeout);
    }
    let payload: ArrayBuffer;
    try {
      payload = await response.arrayBuffer();
    } catch (error) {
      throw this.failure(error, options.signal, timeout);
    }
    const text = (): string => new TextDecoder().decode(payload);
    if (!response.ok) throw errorFromResponse(response.status, text());
    if (options.responseType === "bytes")
      return {
        status: response.status,
        headers: response.headers,
        data: new Uint8Array(payload) as T,
      };
    if (options.responseType === "text")
      return { status: response.status, headers: response.headers, data: text() as T };
    try {
      return { status: response.status, headers: response.headers, data: JSON.parse(text()) as T };
    } catch {
      throw new ApiError({
        kind: "malformed",
        status: response.status,
        code: "malformed_response",
        message: t("cells.notJson"),
      });
    }
  }

  private failure(
    error: unknown,
    callerSignal: AbortSignal | undefined,
    timeout: AbortSignal
  ): ApiError {
    if (callerSignal?.aborted) return cancelled();
    if (timeout.aborted) {
      return new ApiError({
        kind: "timeout",
        status: null,
        code: "timeout",
        message: t("cells.noAnswerWithin", { seconds: Math.round(this.timeoutMs / 1000) }),
      });
    }
    return networkError(error);
  }

  /** The key never appears in an error message, whatever the service or the runtime put there. */
  private redact(error: ApiError, apiKey: string | null): ApiError {
    if (!apiKey || !error.message.includes(apiKey)) return error;
    return copyError(error, { message: error.message.split(apiKey).join("[redacted]") });
  }
}

/**
 * What a failed attempt tells of the service's load: the limiter halves on 503, timeouts, network
 * errors.
 */
function loadSignal(failure: ApiError, path: string, latencyMs: number): AttemptOutcome {
  if (failure.kind === "busy" || failure.kind === "timeout" || failure.kind === "network")
    return { kind: "overload" };
  // Any other HTTP answer (a 404 no_result, a 402) came back in the usual time.
  if (failure.status !== null) return { kind: "answer", path, latencyMs };
  return { kind: "neutral" };
}

/**
 * The sign-in's token never leaves its origin: a request bound elsewhere is refused rather than
 * sent without it, since it carries the member's lookups, meant for the team host alone.
 */
function refuseOtherOrigin(url: string, credential: Credential): void {
  if (sendsTo(url, credential.origin)) return;
  let origin: string;
  try {
    origin = new URL(url, credential.origin ?? undefined).origin;
  } catch {
    origin = url.split("?")[0]!;
  }
  throw configError(t("cells.signInOtherOrigin", { origin }), "sign_in_other_origin");
}

function requireKey(key: string | null): string {
  if (!key || !key.trim()) {
    throw new ApiError({
      kind: "unauthorized",
      status: null,
      code: "missing_api_key",
      message: t("cells.missingApiKey"),
    });
  }
  return key.trim();
}
