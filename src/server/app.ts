import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Writable } from "node:stream";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { DEMO_PREFIX, demo } from "./demo";
import { errorHandler, notFoundHandler } from "./errors";
import { drainOnClose } from "./graceful";
import { DEFAULT_BODY_LIMIT, DEMO_DEFAULTS, type ServerOptions } from "./options";
import { relay } from "./relay";
import { site } from "./site";
import type { TeamTimings } from "./team/team-context";
import { openTeamHost, type TeamHost } from "./team/team-host";

// The production host (DESIGN 1 item 5, 6b): serves the built add-in and relays /api/* to the
// service, over HTTPS with HTTP/2 (so the browser's six connections per host do not bound the
// client) or plain HTTP behind a TLS terminator. It keeps no state: run as many as needed (with
// --demo, Try mode's sandbox keeps its own database: src/server/demo.ts).

export { OFFICE_FRAME_ANCESTORS } from "./site";

export type BuildServerOptions = Pick<ServerOptions, "dist" | "upstream"> &
  Partial<ServerOptions> & {
    /** Where the JSON log lines go (default stdout); tests capture them. */
    logStream?: Writable;
    /** Team mode's waits (tests shorten them). */
    teamTimings?: Partial<TeamTimings>;
    /** The clock of team mode's months and freshness (tests move it). */
    now?: () => Date;
    /** Tests only: members' webhook URLs on this machine are accepted (never from the command line). */
    allowPrivateWebhookTargets?: boolean;
  };

/** Builds the host without listening (tests pick a port; src/server/cli.ts starts it). */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const dist = resolve(options.dist);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 120_000;
  const tls =
    options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : null;
  const logger = options.log
    ? {
        level: "info",
        ...(options.logStream ? { stream: options.logStream } : {}),
        // The key never reaches a log: requests are logged without their headers, and the
        // header is censored should anything log it all the same.
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
    // Behind a trusted proxy, request.ip is the client the proxy names (rate limits, logs).
    ...(options.trustProxy && options.trustProxy.length > 0
      ? { trustProxy: options.trustProxy }
      : {}),
    // Request bodies are never parsed here: the relay streams them and counts them itself.
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Longer than the wait for the service, itself longer than the client's 90 s: the client
    // gives up first, never the host.
    http2SessionTimeout: upstreamTimeoutMs + 5_000,
    connectionTimeout: 0,
    requestTimeout: 0,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  } as never) as unknown as FastifyInstance;

  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  drainOnClose(app, tls !== null);

  app.get("/healthz", async (_request, reply) => {
    void reply.header("cache-control", "no-store");
    try {
      await access(join(dist, "taskpane.html"));
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false, message: "The built add-in is not readable." });
    }
  });
  // Team mode: the store opened before anything is served (an unreachable database stops
  // the start with its reason); its lookups, /team and /admin routes next to the relay.
  let team: TeamHost | null = null;
  if (options.team) {
    team = await openTeamHost({
      ...options.team,
      upstream: new URL(options.upstream),
      upstreamTimeoutMs,
      upstreamConnections: options.upstreamConnections ?? 128,
      ...(options.teamTimings ? { timings: options.teamTimings } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.allowPrivateWebhookTargets ? { allowPrivateWebhookTargets: true } : {}),
    });
    const opened = team;
    app.addHook("onClose", () => opened.close());
    await opened.register(app);
  }
  await app.register(relay, {
    upstream: new URL(options.upstream),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    timeoutMs: upstreamTimeoutMs,
    connections: options.upstreamConnections ?? 128,
    ...(team ? { hooks: team.hooks } : {}),
  });
  if (options.demo)
    await app.register(demo, {
      prefix: DEMO_PREFIX,
      db: options.demoDb ?? DEMO_DEFAULTS.demoDb,
      credits: options.demoCredits ?? DEMO_DEFAULTS.demoCredits,
      rateLimit: options.demoRateLimit ?? DEMO_DEFAULTS.demoRateLimit,
    });
  await app.register(site, { dist, tls: tls !== null });
  return app;
}
