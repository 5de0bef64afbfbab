import type { IncomingHttpHeaders } from "node:http";
import { Transform, type TransformCallback } from "node:stream";
import type { FastifyPluginAsync } from "fastify";
import proxy from "@fastify/http-proxy";
import { HostError, payloadTooLarge } from "./errors";

// The relay (DESIGN 3 "Reaching a service without CORS", 6b): /api/* goes to the service with
// the /api prefix stripped, over a keep-alive pool; bodies stream both ways; the service's
// status, headers and body come back as they are, its errors and its 503 included.

export interface RelayOptions {
  /** The service's base URL: /api/x goes to <upstream>/x. */
  upstream: URL;
  /** Largest request body passed on, in bytes: 413 beyond it. */
  bodyLimit: number;
  /** Wait for the service's headers, and between two chunks of its body. */
  timeoutMs: number;
  /** Keep-alive connections to the service. */
  connections: number;
  /** Team mode (DESIGN 6c): sign-in, prices and the team's key around each request. */
  hooks?: RelayHooks;
}

/** What the hooks see of a request (the same object from `before` to the end). */
export interface RelayedRequest {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

/** What team mode does around a relayed request (src/server/team/team-relay.ts). */
export interface RelayHooks {
  /** Before it goes out: who asks, what it may cost (a HostError refuses it). */
  before(request: RelayedRequest): Promise<void>;
  /** The Authorization header to send instead of the caller's (none: undefined). */
  authorization(request: RelayedRequest): string | undefined;
  /** The service answered with `status` (before the body is passed on). */
  answered(request: RelayedRequest, status: number): Promise<void>;
  /** Nothing came back (unreachable, timed out). */
  failed(request: RelayedRequest): Promise<void>;
}

/** Request headers passed to the service; every other one (cookies, x-forwarded-*, origin) stays here. */
const RELAYED_REQUEST_HEADERS = [
  "authorization",
  "content-type",
  "content-length",
  "x-webhook-url",
  "accept",
] as const;

/** Headers of one connection, not of the answer (RFC 9110 7.6.1): the host sets its own. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
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

/** What went wrong between the relay and the service, as the host's own answer. */
function upstreamFailure(error: Error, options: RelayOptions): HostError {
  const cause = (error as { cause?: Error & { code?: string } }).cause;
  if (cause instanceof HostError) return cause; // the body ran over the limit on its way
  const origin = options.upstream.origin;
  if ((error as { statusCode?: number }).statusCode === 504)
    return new HostError(
      504,
      "gateway_timeout",
      `The service at ${origin} did not answer within ${options.timeoutMs / 1000} s.`
    );
  const reason = cause ?? (error as Error & { code?: string });
  const detail =
    reason.code && !reason.message.includes(reason.code)
      ? `${reason.message} (${reason.code})`
      : reason.message;
  // Only the origin and the transport's own words: never a header, so never the key.
  return new HostError(
    502,
    "bad_gateway",
    `The service at ${origin} could not be reached: ${detail || "no answer"}.`
  );
}

export const relay: FastifyPluginAsync<RelayOptions> = async (app, options) => {
  const hooks = options.hooks;
  // Over the limit: 413 before anything reaches the service.
  app.addHook("onRequest", async (request) => {
    if (Number(request.headers["content-length"] ?? 0) > options.bodyLimit)
      throw payloadTooLarge(options.bodyLimit);
  });
  app.addHook("preParsing", async (request, _reply, payload) =>
    request.headers["content-length"] === undefined
      ? payload.pipe(limitBody(options.bodyLimit))
      : payload
  );

  await app.register(proxy, {
    upstream: options.upstream.origin,
    prefix: "/api",
    rewritePrefix: options.upstream.pathname.replace(/\/+$/, ""),
    http2: false,
    undici: {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    },
    // Never resent here: only the client knows what may be sent again (spec 7, DESIGN 3).
    retryMethods: [],
    // The plugin's own request logs would be a second set; the host logs each request once.
    disableRequestLogging: true,
    ...(hooks ? { preHandler: (request: RelayedRequest) => hooks.before(request) } : {}),
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const kept: IncomingHttpHeaders = { host: headers.host as string };
        for (const name of RELAYED_REQUEST_HEADERS)
          if (headers[name] !== undefined) kept[name] = headers[name] as string;
        if (hooks) {
          const authorization = hooks.authorization(request);
          if (authorization) kept.authorization = authorization;
          else delete kept.authorization;
        }
        return kept;
      },
      ...(hooks
        ? {
            onResponse: (request, reply, response) => {
              void hooks
                .answered(request, response.statusCode)
                .then(() => reply.send(response.stream))
                .catch((error: unknown) => reply.send(error));
            },
          }
        : {}),
      rewriteHeaders: (headers) => {
        const kept: IncomingHttpHeaders = {};
        for (const [name, value] of Object.entries(headers))
          if (!HOP_BY_HOP.has(name.toLowerCase())) kept[name] = value as string;
        return kept;
      },
      onError: (reply, { error }) => {
        if (hooks) void hooks.failed(reply.request).catch(() => undefined);
        void reply.send(upstreamFailure(error, options));
      },
    },
  });
};
