import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Writable } from "node:stream";
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from "fastify";
import { version } from "../../package.json";
import { closeStalledBodies } from "./body-stalls";
import { DEMO_PREFIX, demo } from "./demo";
import { HostError, errorHandler, notFoundHandler } from "./errors";
import { drainOnClose } from "./graceful";
import { closeUnfinishedHeaders } from "./header-timeouts";
import { REQUEST_ID_HEADER, loggerOptions, requestIds } from "./logging";
import { HostMetrics } from "./metrics/host-metrics";
import { registerMetricsRoute } from "./metrics/metrics-route";
import { instrumentRequests, routeOf } from "./metrics/request-metrics";
import {
  DEFAULT_BODY_LIMIT,
  DEMO_DEFAULTS,
  HELD_CONNECTION_DEFAULTS,
  type ServerOptions,
} from "./options";
import {
  Readiness,
  registerReadiness,
  type ReadinessCheck,
  type ReadinessOptions,
} from "./readiness";
import { relay } from "./relay";
import { site } from "./site";
import { ADMIN_AJV } from "./team/admin-schemas";
import type { TeamTimings } from "./team/team-context";
import { openTeamHost, strongSecretFile, type TeamHost } from "./team/team-host";

// The production host: serves the built add-in and relays /api/* to the
// service, over HTTPS with HTTP/2 (so the browser's six connections per host do not bound the
// client) or plain HTTP behind a TLS terminator. It keeps no state: run as many as needed (with
// --demo, Try mode's sandbox keeps its own database: src/server/demo.ts).

export { OFFICE_FRAME_ANCESTORS } from "./site";

export type BuildServerOptions = Pick<ServerOptions, "dist" | "upstream"> &
  Partial<ServerOptions> & {
    /** Whether the host logs at all (the CLI always does; tests capture the lines or go without). */
    log?: boolean;
    /** Where the JSON log lines go (default stdout); tests capture them. */
    logStream?: Writable;
    /** /readyz's time limit per check and reuse of a report (tests shorten them). */
    readiness?: Partial<ReadinessOptions>;
    /** Team mode's waits (tests shorten them). */
    teamTimings?: Partial<TeamTimings>;
    /** The clock of team mode's months and freshness, and of Try mode's accounts' age (tests move it). */
    now?: () => Date;
    /** How often Try mode removes its accounts older than a day (tests shorten it). */
    demoSweepEveryMs?: number;
    /** Tests only: members' webhook URLs on this machine are accepted (never from the command line). */
    allowPrivateWebhookTargets?: boolean;
    /** Tests only: how the host names of members' webhook URLs resolve (default: the system's). */
    webhookResolver?: (hostname: string) => Promise<string[]>;
  };

/** Builds the host without listening (tests pick a port; src/server/cli.ts starts it). */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const dist = resolve(options.dist);
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 120_000;
  const headersTimeoutMs = options.headersTimeoutMs ?? HELD_CONNECTION_DEFAULTS.headersTimeoutMs;
  const tls =
    options.cert && options.key
      ? { cert: readFileSync(options.cert), key: readFileSync(options.key) }
      : null;
  // Read once, at start: a weak or readable-by-others token stops the start (as the team's secrets).
  const metricsToken = options.metricsTokenFile
    ? strongSecretFile(options.metricsTokenFile, "metrics token")
    : null;
  const metrics = options.metrics
    ? new HostMetrics({
        mode: options.team ? "team" : "relay",
        store: options.team ? (options.team.databaseUrl ? "postgresql" : "sqlite") : null,
        demo: options.demo === true,
        version,
      })
    : null;
  // One instance type for both transports; fastify's typings split them by overload.
  const app = Fastify({
    ...(tls
      ? {
          http2: true as const,
          https: { allowHTTP1: true, handshakeTimeout: headersTimeoutMs, ...tls },
        }
      : {}),
    // The validator the admin API's body schemas need: nothing coerced (admin-schemas.ts).
    ajv: ADMIN_AJV,
    // JSON lines; never a header, a query string or a secret (logging.ts).
    logger: options.log
      ? loggerOptions({
          level: options.logLevel ?? "info",
          ...(options.logStream ? { stream: options.logStream } : {}),
        })
      : false,
    logController: new LogController({
      disableRequestLogging: options.requestLogs === false,
      requestIdLogLabel: "requestId",
    }),
    genReqId: requestIds(options.trustProxy ?? []),
    requestIdHeader: false,
    // Behind a trusted proxy, request.ip is the client the proxy names (rate limits, logs).
    ...(options.trustProxy && options.trustProxy.length > 0
      ? { trustProxy: options.trustProxy }
      : {}),
    // Request bodies are never parsed here: the relay streams them and counts them itself.
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    // Longer than the wait for the service, itself longer than the client's 90 s: the client
    // gives up first, never the host.
    http2SessionTimeout: upstreamTimeoutMs + 5_000,
    // No bound on a whole request or a quiet connection: an upload or a download that keeps
    // moving may take its time, and so may the service. What holds a connection without moving
    // is closed by the headers timeout and the body's idle watch below.
    connectionTimeout: 0,
    requestTimeout: 0,
    keepAliveTimeout: 65_000,
    return503OnClosing: true,
  } as never) as unknown as FastifyInstance;

  // Every answer says its request's id, the one in its log lines and sent to the service.
  app.addHook("onRequest", async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
  if (metrics) {
    instrumentRequests(app, metrics);
    app.addHook("onClose", async () => metrics.close());
  }
  app.setErrorHandler((error: FastifyError | HostError, request, reply) => {
    if (metrics) countRefusal(metrics, error, request);
    return errorHandler(error, request, reply);
  });
  app.setNotFoundHandler(notFoundHandler);
  drainOnClose(app, tls !== null);
  closeUnfinishedHeaders(app, headersTimeoutMs);
  closeStalledBodies(app, options.bodyIdleTimeoutMs ?? HELD_CONNECTION_DEFAULTS.bodyIdleTimeoutMs);

  /** Null when the built add-in can be served, else why not. */
  const addinUnreadable = (): Promise<string | null> =>
    access(join(dist, "taskpane.html")).then(
      () => null,
      () => "The built add-in is not readable."
    );
  // Liveness: the process answers and has something to serve. Readiness (/readyz) asks more.
  app.get("/healthz", async (_request, reply) => {
    void reply.header("cache-control", "no-store");
    const message = await addinUnreadable();
    if (message === null) return { ok: true };
    return reply.code(503).send({ ok: false, message });
  });
  const readinessChecks: ReadinessCheck[] = [{ name: "addin", run: addinUnreadable }];
  // Team mode: the store opened before anything is served (an unreachable database stops
  // the start with its reason); its lookups, /team and /admin routes next to the relay.
  let team: TeamHost | null = null;
  if (options.team) {
    team = await openTeamHost({
      ...options.team,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      upstream: new URL(options.upstream),
      upstreamTimeoutMs,
      upstreamConnections: options.upstreamConnections ?? 128,
      ...(options.teamTimings ? { timings: options.teamTimings } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.allowPrivateWebhookTargets ? { allowPrivateWebhookTargets: true } : {}),
      ...(options.webhookResolver ? { webhookResolver: options.webhookResolver } : {}),
      ...(metrics ? { observer: metrics } : {}),
      log: app.log,
    });
    readinessChecks.push(...team.readinessChecks);
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
    ...(metrics ? { observer: metrics } : {}),
  });
  const readiness = new Readiness(readinessChecks, options.readiness);
  registerReadiness(app, readiness);
  if (metrics) {
    metrics.watchReadiness(() => readiness.report().then(readinessFigures));
    registerMetricsRoute(app, metrics, metricsToken);
    if (!metricsToken)
      app.log.warn(
        "/metrics is served to anyone who reaches the host: protect it with --metrics-token-file, or keep it off the network"
      );
  }
  if (options.demo)
    await app.register(demo, {
      prefix: DEMO_PREFIX,
      db: options.demoDb ?? DEMO_DEFAULTS.demoDb,
      credits: options.demoCredits ?? DEMO_DEFAULTS.demoCredits,
      rateLimit: options.demoRateLimit ?? DEMO_DEFAULTS.demoRateLimit,
      ...(options.now ? { clock: { now: () => options.now!().getTime() } } : {}),
      ...(options.demoSweepEveryMs ? { sweepEveryMs: options.demoSweepEveryMs } : {}),
    });
  await app.register(site, {
    dist,
    tls: tls !== null,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  });
  return app;
}

function readinessFigures(report: { checks: Record<string, { ok: boolean }> }): {
  checks: Record<string, boolean>;
} {
  return {
    checks: Object.fromEntries(Object.entries(report.checks).map(([name, { ok }]) => [name, ok])),
  };
}

/** Refusals /metrics counts, told by the one error handler: bodies over the limit, sign-ins. */
function countRefusal(
  metrics: HostMetrics,
  error: FastifyError | HostError,
  request: FastifyRequest
): void {
  if (error.statusCode === 413) metrics.bodyLimitRefused(routeOf(request));
  if (!(error instanceof HostError)) return;
  // Sign-ins are the members' (/api, /team) and the admin's (/admin); /metrics' token is none.
  const path = request.url;
  const who = path.startsWith("/admin/") ? "admin" : /^\/(api|team)\//.test(path) ? "member" : null;
  if (who === null) return;
  if (error.code === "unauthorized") metrics.signInRefused(who, "invalid");
  else if (error.code === "rate_limited" && who === "admin")
    metrics.signInRefused(who, "throttled");
}
