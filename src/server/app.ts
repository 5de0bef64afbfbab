import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Transform, type TransformCallback, type Writable } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import proxy from "@fastify/http-proxy";
import fastifyStatic from "@fastify/static";
import { DEFAULT_BODY_LIMIT, type ServerOptions } from "./options";

// The production host (DESIGN 1 item 5, 6b): serves the built add-in and relays /api/* to the
// service, over HTTPS with HTTP/2 (so the browser's six connections per host do not bound the
// client) or plain HTTP behind a TLS terminator. It keeps no state.

export type BuildServerOptions = Pick<ServerOptions, "dist" | "upstream"> &
  Partial<ServerOptions> & {
    /** Where the JSON log lines go (default stdout); tests capture them. */
    logStream?: Writable;
  };

/** Request headers the relay passes to the service (DESIGN 6b); everything else stays here. */
const RELAYED_REQUEST_HEADERS = [
  "authorization",
  "content-type",
  "content-length",
  "x-webhook-url",
  "accept",
] as const;

/**
 * Office on the web frames the task pane from these origins (Microsoft's list of Office
 * domains); 'self' for the dev tools and the pane opened directly.
 */
export const OFFICE_FRAME_ANCESTORS = [
  "'self'",
  "https://*.officeapps.live.com",
  "https://*.office.com",
  "https://*.office365.com",
  "https://*.microsoft365.com",
  "https://*.cloud.microsoft",
  "https://*.sharepoint.com",
  "https://*.live.com",
];

/** Webpack's hashed chunk names ("taskpane-ui.1a2b3c4d.js"): their content never changes. */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)$/;

class PayloadTooLarge extends Error {
  readonly statusCode = 413;
  constructor(limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

/** Counts a streamed body (no content-length) and stops it past the limit. */
function limitBody(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) done(new PayloadTooLarge(limit));
      else done(null, chunk);
    },
  });
}

/** The part of a reply the relay's errors use (HTTP/1.1 and HTTP/2 replies alike). */
interface ErrorReply {
  sent: boolean;
  code(status: number): { type(contentType: string): { send(body: unknown): unknown } };
}

function relayError(reply: ErrorReply, status: number, code: string, message: string): void {
  if (reply.sent) return;
  void reply.code(status).type("application/json").send({ error: code, message });
}

/** Builds the host without listening (tests pick a port; src/server/cli.ts starts it). */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const dist = resolve(options.dist);
  const upstream = new URL(options.upstream);
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 120_000;
  const tls =
    options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : null;
  const logger = options.log
    ? {
        level: "info",
        ...(options.logStream ? { stream: options.logStream } : {}),
        // The key never reaches a log: headers are not logged, and redacted if anything tries.
        redact: {
          paths: ["req.headers.authorization", "headers.authorization", "authorization"],
          censor: "[redacted]",
        },
        serializers: {
          req: (request: FastifyRequest) => ({
            method: request.method,
            url: request.url.split("?")[0],
            http: request.raw.httpVersion,
            remoteAddress: request.ip,
          }),
        },
      }
    : false;
  // One instance type for both transports; fastify's typings split them by overload.
  const app = Fastify({
    ...(tls ? { http2: true as const, https: { allowHTTP1: true, ...tls } } : {}),
    logger,
    bodyLimit,
    // Longer than the client's 90 s timeout: the relay never gives up first.
    http2SessionTimeout: upstreamTimeoutMs + 5_000,
    connectionTimeout: 0,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  } as never) as unknown as FastifyInstance;

  await app.register(helmet, {
    // The pane is framed by Office on the web: no X-Frame-Options, frame-ancestors instead.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    hsts: tls ? { maxAge: 31_536_000 } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "https://appsforoffice.microsoft.com"],
        // Fluent UI (Griffel) injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https://appsforoffice.microsoft.com"],
        fontSrc: ["'self'", "data:"],
        // The relay, or a service set in Settings (https only, DESIGN 5).
        connectSrc: ["'self'", "https:"],
        frameSrc: ["'self'", "https:"],
        frameAncestors: OFFICE_FRAME_ANCESTORS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });

  app.get("/healthz", async (_request, reply) => {
    try {
      await access(join(dist, "taskpane.html"));
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, message: "The built add-in is not readable." });
    }
  });

  await app.register(async (relay) => {
    // Over the limit: 413 before anything reaches the service.
    relay.addHook("onRequest", async (request, reply) => {
      const length = Number(request.headers["content-length"] ?? 0);
      if (length > bodyLimit) {
        relayError(reply, 413, "payload_too_large", new PayloadTooLarge(bodyLimit).message);
        return reply;
      }
    });
    relay.addHook("preParsing", async (request, _reply, payload) =>
      request.headers["content-length"] === undefined ? payload.pipe(limitBody(bodyLimit)) : payload
    );
    await relay.register(proxy, {
      upstream: upstream.origin,
      prefix: "/api",
      rewritePrefix: upstream.pathname.replace(/\/+$/, ""),
      http2: false,
      undici: {
        connections: options.upstreamConnections ?? 128,
        pipelining: 1,
        keepAliveTimeout: 60_000,
        headersTimeout: upstreamTimeoutMs,
        bodyTimeout: upstreamTimeoutMs,
      },
      // Never resent here: the client decides what may be sent again (spec 8).
      retryMethods: [],
      disableRequestLogging: true,
      replyOptions: {
        rewriteRequestHeaders: (_request, headers) => {
          const kept: Record<string, string | string[] | undefined> = { host: headers.host };
          for (const name of RELAYED_REQUEST_HEADERS)
            if (headers[name] !== undefined) kept[name] = headers[name];
          return kept as typeof headers;
        },
        onError: (reply: ErrorReply & { log: FastifyRequest["log"] }, { error }) => {
          const cause = (error as { cause?: { code?: string; statusCode?: number } }).cause;
          if (cause?.statusCode === 413 || (error as { statusCode?: number }).statusCode === 413)
            return relayError(
              reply,
              413,
              "payload_too_large",
              new PayloadTooLarge(bodyLimit).message
            );
          const timedOut = (error as { statusCode?: number }).statusCode === 504;
          reply.log.warn({ code: cause?.code ?? (error as Error).name }, "upstream failed");
          relayError(
            reply,
            timedOut ? 504 : 502,
            timedOut ? "gateway_timeout" : "bad_gateway",
            timedOut
              ? `The service at ${upstream.origin} did not answer within ${upstreamTimeoutMs / 1000} s.`
              : `The service at ${upstream.origin} could not be reached (${cause?.code ?? "no answer"}).`
          );
        },
      },
    });
  });

  await app.register(fastifyStatic, {
    root: dist,
    index: ["taskpane.html"],
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, path) => {
      void reply.header(
        "cache-control",
        HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache"
      );
    },
  });
  return app;
}
