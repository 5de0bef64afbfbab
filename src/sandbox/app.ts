import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import "./context";
import { Directory } from "./directory/directory";
import { openDatabase } from "./storage/db";
import { World } from "./services/world";
import { AdjustableClock, systemClock, type Clock } from "./services/clock";
import { DomainFiles } from "./services/domain-files";
import { Faults, type FaultSettings } from "./services/faults";
import { Ledger } from "./services/ledger";
import { Lookups } from "./services/lookups";
import { SearchAllowance, type AllowanceLimits } from "./services/search-allowance";
import { LookupQueue } from "./services/queue";
import { DEFAULT_WEBHOOK_OPTIONS, WebhookOutbox, type WebhookOptions } from "./services/webhooks";
import { SearchService } from "./jobs/searches";
import { JobRunner } from "./jobs/runner";
import secureJson from "secure-json-parse";
import { ServiceError, badRequest, unauthorized } from "./errors";
import { baseUrlOf, errorBody, isApiPath, isLegacyPath, sendError } from "./http";
import { interfaceRoutes } from "./routes/handlers";
import { sandboxRoutes } from "./routes/sandbox";

export interface SandboxOptions {
  /** SQLite file, or ":memory:". */
  db?: string;
  seed?: number;
  companies?: number;
  /** Processing time of one lookup, spent while holding a queue slot. */
  latencyMs?: number;
  /** Lookups served at once. */
  concurrency?: number;
  /**
   * Wait for a slot before 503 `server_busy` (docs/interface.md, Limits: a request may wait up to 1
   * minute).
   */
  queueTimeoutMs?: number;
  faults?: Partial<FaultSettings>;
  /** Key of the demo account, created on first start. */
  demoApiKey?: string;
  demoCredits?: number;
  clock?: Clock;
  /** Rows a bulk/GeoLead worker step processes, and the pause between steps. */
  jobChunkSize?: number;
  jobStepMs?: number;
  /** Time from a domain file order to `ready`. */
  domainReadyMs?: number;
  webhooks?: Partial<WebhookOptions>;
  /** Extra origins allowed by CORS; loopback origins are always allowed. */
  corsOrigins?: string[];
  bodyLimitBytes?: number;
  /** What one account may search in all (Try mode's demo keys); none: no bound. */
  searchAllowance?: AllowanceLimits;
  logger?: boolean;
  /** Where the request log goes when `logger` is on (default stdout). */
  logStream?: NodeJS.WritableStream;
}

export const DEFAULT_DEMO_API_KEY = "sandbox-demo-key";

const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** A configured sandbox service that is not yet listening (tests `listen` on a port of their own). */
const noRoute = (request: FastifyRequest): ServiceError =>
  new ServiceError(404, "not_found", `No route ${request.method} ${request.url.split("?")[0]}.`);

/**
 * The service declares an API key in the Authorization header; its text shows
 * `Bearer <key>` and older documentation of the service the bare key: both are accepted.
 */
export function apiKeyOf(header: string | undefined): string {
  const match = /^(?:Bearer\s+)?(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1]! : "";
}

export async function buildApp(options: SandboxOptions = {}): Promise<FastifyInstance> {
  const clock = new AdjustableClock(options.clock ?? systemClock);
  const db = openDatabase(options.db ?? ":memory:");
  const directory = new Directory({ seed: options.seed, companies: options.companies });
  // Replays the clock's moves and the world's changes kept in the database.
  const world = new World(db, directory, clock);
  const faults = new Faults(options.faults);
  const lookups = new Lookups(directory, () => faults.current.literalInputs);
  const ledger = new Ledger(db, clock);
  // Webhook retries are scheduled on the wall clock, whatever clock the ledger uses.
  const webhooks = new WebhookOutbox(db, systemClock, {
    ...DEFAULT_WEBHOOK_OPTIONS,
    ...options.webhooks,
  });
  const allowance = options.searchAllowance
    ? new SearchAllowance(db, options.searchAllowance)
    : null;
  // What the searches work with, and what the routes reach through app.sandbox.
  const services = { db, clock, directory, lookups, ledger, webhooks };
  const searches = new SearchService({ ...services, allowance });
  const runner = new JobRunner(searches, {
    chunkSize: options.jobChunkSize ?? 1000,
    stepMs: options.jobStepMs ?? 0,
  });
  const domainFiles = new DomainFiles({
    db,
    clock,
    directory,
    ledger,
    webhooks,
    readyAfterMs: options.domainReadyMs ?? 3000,
  });

  const demoApiKey = options.demoApiKey ?? DEFAULT_DEMO_API_KEY;
  if (!ledger.findByApiKey(demoApiKey)) {
    ledger.createAccount({
      apiKey: demoApiKey,
      credits: options.demoCredits ?? 1000,
      email: "demo@sandbox.test",
    });
  }

  const app = Fastify({
    logger: options.logger
      ? { level: "info", ...(options.logStream ? { stream: options.logStream } : {}) }
      : false,
    bodyLimit: options.bodyLimitBytes ?? 64 * 1024 * 1024,
    // No coercion, and a schema's `additionalProperties: false` rejects unknown fields (fastify's
    // default would strip them silently, so a misspelt knob would be accepted and ignored).
    ajv: { customOptions: { coerceTypes: false, allErrors: false, removeAdditional: false } },
  });
  app.decorate("sandbox", {
    ...services,
    searches,
    runner,
    domainFiles,
    world,
    queue: new LookupQueue({
      concurrency: options.concurrency ?? 16,
      queueTimeoutMs: options.queueTimeoutMs ?? 60_000,
    }),
    faults,
    latencyMs: options.latencyMs ?? 0,
    demoApiKey,
  });
  app.decorateRequest("account", null as never);

  await app.register(cors, {
    origin: (origin, callback) => {
      const allowed =
        !origin || LOOPBACK_ORIGIN.test(origin) || (options.corsOrigins ?? []).includes(origin);
      callback(null, allowed);
    },
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["authorization", "content-type", "x-webhook-url"],
    exposedHeaders: ["content-disposition"],
    maxAge: 600,
  });
  await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024, files: 1, fields: 32 } });
  // An empty body is "no body" (POST .../order has none); anything else must be JSON.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === "") return done(null, undefined);
    try {
      done(
        null,
        secureJson.parse(text, undefined, { protoAction: "remove", constructorAction: "remove" })
      );
    } catch {
      done(badRequest("The request body is not valid JSON."), undefined);
    }
  });
  // Legacy clients may post forms (fields arrive as strings either way); v5.1 takes JSON only.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (request, body, done) => {
      if (!isLegacyPath(request.url))
        return done(badRequest("Unsupported content type: send application/json."), undefined);
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    }
  );

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) => sendError(request, reply, noRoute(request)));

  // Faults and authentication apply to the service's own paths, not to /status or /sandbox.
  // A path the interface does not have is answered 404 here, before any body is parsed (a
  // form posted to a mistyped path must say "no such path", not "unsupported content type");
  // on the API's paths only after authentication, so that nothing is revealed without a key.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "OPTIONS") return;
    if (!isApiPath(request.url)) {
      if (request.is404) throw noRoute(request);
      return;
    }
    const fault = app.sandbox.faults.before();
    if (fault === "drop") {
      request.raw.socket.destroy();
      return reply;
    }
    if (fault) {
      const error =
        fault === "503"
          ? new ServiceError(
              503,
              "server_busy",
              "The server is busy under heavy load; retry after a few seconds."
            )
          : new ServiceError(500, "internal_error", "Injected internal error.");
      return reply
        .status(error.statusCode)
        .type("application/json")
        .send(errorBody(error, isLegacyPath(request.url), baseUrlOf(request)));
    }
    const account = ledger.findByApiKey(apiKeyOf(request.headers.authorization));
    if (!account) throw unauthorized();
    request.account = account;
    if (request.is404) throw noRoute(request);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!isApiPath(request.url) || request.method === "OPTIONS" || reply.statusCode >= 500)
      return payload;
    const fault = app.sandbox.faults.after();
    if (fault.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.drop) {
      request.raw.socket.destroy();
      return payload;
    }
    if (
      fault.malformed &&
      typeof payload === "string" &&
      String(reply.getHeader("content-type") ?? "").includes("json")
    ) {
      reply.header("content-type", "application/json");
      return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    }
    return payload;
  });

  await app.register(interfaceRoutes);
  await app.register(sandboxRoutes);

  app.addHook("onReady", async () => {
    webhooks.start();
    runner.start();
    domainFiles.start();
  });
  app.addHook("onClose", async () => {
    await runner.stop();
    domainFiles.stop();
    await webhooks.stop();
    db.close();
  });
  return app;
}
