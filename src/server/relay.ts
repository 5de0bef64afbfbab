import type { IncomingHttpHeaders } from "node:http";
import { Transform, type Readable, type TransformCallback } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { Pool } from "undici";
import { canonicalRequest, type CanonicalRequest } from "./api/canonical-request";
import { clientGone } from "./client-gone";
import { HostError, payloadTooLarge } from "./errors";
import {
  NO_UPSTREAM_OBSERVER,
  type UpstreamObserver,
  type UpstreamOutcome,
} from "./metrics/observers";
import { forRequest, workOf } from "./request-context";
import { causeOrOwnCode } from "../api/error-code";

// The relay: /api/* goes to the service over a
// keep-alive pool, as the canonical request of the interface it was parsed into (never the raw
// path: src/server/api/canonical-request.ts); bodies stream both ways; the service's status,
// headers and body come back as they are, its errors and its 503 included. The request to the
// service is never cancelled by the client hanging up: once sent, its outcome is the service's,
// and the hooks see it whatever the client does (team mode settles it).

export const API_PREFIX = "/api";

export interface RelayOptions {
  /** The service's base URL: /api/x goes to <upstream>/x. */
  upstream: URL;
  /** Largest request body passed on, in bytes: 413 beyond it. */
  bodyLimit: number;
  /** Wait for the service's headers, and between two chunks of its body. */
  timeoutMs: number;
  /** Keep-alive connections to the service. */
  connections: number;
  /** Team mode: sign-in, prices and the team's key around each request. */
  hooks?: RelayHooks;
  /** What /metrics counts of the requests to the service. */
  observer?: UpstreamObserver;
}

/** What happened to a request that got no answer from the service. */
export type Failure =
  /** It surely did not reach the service (no connection, refused by the host itself). */
  | "not_sent"
  /** It may have reached the service: the outcome is not known (connection broken, timeout). */
  | "unknown";

/** One relayed request's course in team mode: exactly one of `answered` and `failed` runs. */
export interface RelayCall {
  /** The Authorization header to send (none: undefined). */
  authorization: string | undefined;
  /** The service answered with `status` (before its body is passed on). */
  answered(status: number): Promise<void>;
  /** Nothing came back. */
  failed(failure: Failure): Promise<void>;
}

/** What team mode does around a relayed request (src/server/team/team-relay.ts). */
export interface RelayHooks {
  /**
   * An operation the host answers itself (team lookups): the reply, or null to relay it.
   * Called before the body is read (`request.body` is its stream).
   */
  answer?(
    request: FastifyRequest,
    reply: FastifyReply,
    canonical: CanonicalRequest
  ): Promise<FastifyReply> | null;
  /** Before it goes out: who asks, what it may cost (a HostError refuses it). */
  before(request: FastifyRequest, canonical: CanonicalRequest): Promise<RelayCall>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request as an operation of the service's interface (the relay's, the demo's). */
    canonical?: CanonicalRequest;
  }
}

/**
 * Request headers passed to the service; every other one (cookies, x-forwarded-*, origin) stays
 * here. `x-request-id` is the host's own (the client's only from a trusted proxy: logging.ts).
 */
const RELAYED_REQUEST_HEADERS = ["authorization", "content-type", "content-length", "accept"];

/** Headers of the service's answer the host sets itself. */
const HOST_RESPONSE_HEADERS = new Set(["x-request-id"]);

/** Headers of one connection, not of the answer (RFC 9110 7.6.1): the host sets its own. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  // The service's cookies are not the add-in origin's.
  "set-cookie",
]);

/**
 * The service's answers are data, never a page of the add-in's origin: not sniffed into HTML,
 * and a document opened from one runs nothing (a CSV or JSON file opened in a tab).
 */
export const RELAYED_RESPONSE_HEADERS = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; sandbox",
} as const;

/** Errors of undici's that say the request never left: nothing can have been done with it. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Counts a body sent without content-length (chunked, or HTTP/2) and stops it past the limit. */
function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) done(payloadTooLarge(limit));
      else done(null, chunk);
    },
  });
}

/** Whether a failed request may have reached the service. */
export function failureOf(error: unknown): Failure {
  if (error instanceof HostError) return "not_sent";
  const code = causeOrOwnCode(error);
  return code !== undefined && NOT_SENT.has(code) ? "not_sent" : "unknown";
}

/** How a request that got no answer ended, for /metrics. */
export function upstreamOutcomeOf(error: unknown): UpstreamOutcome {
  const answer = upstreamFailure(error, "", 0);
  if (answer.code === "gateway_timeout") return { failure: "timeout" };
  if (answer.code !== "bad_gateway") return { refused: true }; // the body ran over the limit
  return { failure: failureOf(error) === "not_sent" ? "unreachable" : "broken" };
}

/** What went wrong between the relay and the service, as the host's own answer. */
export function upstreamFailure(error: unknown, origin: string, timeoutMs: number): HostError {
  if (error instanceof HostError) return error; // the body ran over the limit on its way
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof HostError) return cause;
  const code = causeOrOwnCode(error);
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT")
    return new HostError(
      504,
      "gateway_timeout",
      `The service at ${origin} did not answer within ${timeoutMs / 1000} s.`
    );
  const message = (error as Error).message ?? "";
  const detail = code && !message.includes(code) ? `${message} (${code})` : message;
  // Only the origin and the transport's own words: never a header, so never the key.
  return new HostError(
    502,
    "bad_gateway",
    `The service at ${origin} could not be reached: ${detail || "no answer"}.`
  );
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (
    (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined
  );
}

/** The request's body as the operation takes it: its content type checked, none where it has none. */
function checkBody(request: FastifyRequest, canonical: CanonicalRequest): void {
  const { body, name } = canonical.operation;
  if (body === "none") {
    if (hasBody(request))
      throw new HostError(400, "bad_request", `The operation ${name} takes no request body.`);
    return;
  }
  const type = (request.headers["content-type"] ?? "").toLowerCase();
  const expected = body === "json" ? "application/json" : "multipart/form-data";
  if (!type.startsWith(expected))
    throw new HostError(
      415,
      "unsupported_media_type",
      `The operation ${name} takes a body of type ${expected}.`
    );
}

export const relay: FastifyPluginAsync<RelayOptions> = async (app, options) => {
  const { hooks } = options;
  const observer = options.observer ?? NO_UPSTREAM_OBSERVER;
  const origin = options.upstream.origin;
  const basePath = options.upstream.pathname.replace(/\/+$/, "");
  const pool = new Pool(origin, {
    connections: options.connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  observer.concurrencyLimit("relay", options.connections);
  app.addHook("onClose", async () => {
    await pool.close();
  });

  // The request is parsed before anything else is done with it: a spelling that is not one
  // operation is refused here, its body unread.
  app.addHook("onRequest", async (request) => {
    request.canonical = canonicalRequest(request.method, request.url, API_PREFIX);
    // Over the limit: 413 before anything reaches the service.
    if (Number(request.headers["content-length"] ?? 0) > options.bodyLimit)
      throw payloadTooLarge(options.bodyLimit);
    checkBody(request, request.canonical);
  });
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (request.headers["content-length"] !== undefined) return payload;
    const limited = limitBody(options.bodyLimit);
    // pipe() passes no error on: a body that fails (stalled, cut) fails what reads it.
    payload.on("error", (error) => limited.destroy(error));
    return payload.pipe(limited);
  });
  // Bodies are never parsed here: they stream to the service (or to team lookups, which read
  // them after sign-in).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const canonical = request.canonical!;
    const own = hooks?.answer?.(request, reply, canonical);
    if (own) return own;
    const call = hooks ? await hooks.before(request, canonical) : null;
    const headers: IncomingHttpHeaders = {};
    for (const name of RELAYED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const webhook = request.headers["x-webhook-url"];
    if (canonical.operation.webhook && typeof webhook === "string")
      headers["x-webhook-url"] = webhook;
    if (call) {
      if (call.authorization) headers.authorization = call.authorization;
      else delete headers.authorization;
    }
    headers["x-request-id"] = request.id;
    let answer: Awaited<ReturnType<Pool["request"]>>;
    const ended = observer.sent("relay");
    try {
      answer = await pool.request({
        method: canonical.operation.method,
        path: basePath + canonical.target,
        headers: headers as Record<string, string>,
        body: canonical.operation.body === "none" ? null : (request.body as Readable),
      });
      ended({ status: answer.statusCode });
    } catch (error) {
      ended(upstreamOutcomeOf(error));
      // The store's own failure to record it is logged: the answer is still the service's.
      if (call)
        await call
          .failed(failureOf(error))
          .catch((cause: unknown) =>
            request.log.error(
              { cause: causeOrOwnCode(cause) },
              "a failed request could not be settled"
            )
          );
      throw upstreamFailure(error, origin, options.timeoutMs);
    }
    try {
      if (call) await call.answered(answer.statusCode);
    } catch (error) {
      answer.body.on("error", () => undefined).destroy();
      throw error;
    }
    void reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (
        value !== undefined &&
        !HOP_BY_HOP.has(name.toLowerCase()) &&
        !HOST_RESPONSE_HEADERS.has(name.toLowerCase())
      )
        void reply.header(name, value);
    void reply.headers(RELAYED_RESPONSE_HEADERS);
    // A client gone meanwhile: the answer's body is dropped (its charge was settled above),
    // which frees its connection to the service; sent to nobody, it would stay paused there.
    if (clientGone(reply)) {
      answer.body.on("error", () => undefined).destroy();
      reply.hijack();
      return reply;
    }
    return reply.send(answer.body);
  };

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: `${API_PREFIX}/*`,
    // Whatever is sent to the service for it carries its id (request-context.ts).
    handler: (request, reply) => forRequest(workOf(request), () => forward(request, reply)),
  });
};
