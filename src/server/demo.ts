import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import rateLimit from "@fastify/rate-limit";
import { buildApp } from "../sandbox/app";
import { removeAccountsCreatedBefore } from "../sandbox/services/account-removal";
import type { Clock } from "../sandbox/services/clock";
import { toCredits } from "../sandbox/services/ledger";
import type { AllowanceLimits } from "../sandbox/services/search-allowance";
import { canonicalRequest } from "./api/canonical-request";
import { networkOf } from "./client-network";
import { HostError } from "./errors";
import { RELAYED_RESPONSE_HEADERS } from "./relay";

// Try mode: the embedded sandbox at /demo-api on the host's origin, so that a new
// user can try every feature on demo data without an account.
//
// How it is mounted: the sandbox runs in this process, never listening, and each request is
// handed to it with `inject`. Nothing but this plugin can reach it (no port that another local
// process could call with /sandbox/* and mint credits), only the service's interface reaches it:
// each request is parsed into its canonical operation (src/server/api/canonical-request.ts) and
// only that is handed on, so that no spelling (`..`, `%2e%2e`, `%2F`) reaches the sandbox's own
// routes; and no second HTTP hop or proxy has to be kept alive. Bodies are read whole (the
// demo's allowance is small, and so is its body limit) instead of streamed as /api does.

export const DEMO_PREFIX = "/demo-api";

export interface DemoOptions {
  /** The demo's own database file, or ":memory:". */
  db: string;
  /** Credits of each demo account. */
  credits: number;
  /** Requests per minute from one client network (client-network.ts: an IPv6 /48). */
  rateLimit: number;
  /** Demo accounts per hour from one client network (default 10). */
  accountsPerHour?: number;
  /** Largest request body, in bytes (default 16 MiB: a demo's file). */
  bodyLimit?: number;
  /** What one demo key may search in all (default DEMO_ALLOWANCE). */
  allowance?: AllowanceLimits;
  /** The demo's clock (accounts' age); tests move it. */
  clock?: Clock;
  /** How often accounts older than DEMO_ACCOUNT_LIFETIME_MS are removed (default 10 minutes). */
  sweepEveryMs?: number;
}

export const DEMO_BODY_LIMIT = 16 * 1024 * 1024;

/** One demo key's searches in all: enough to try bulk and GeoLead, not to work for free. */
export const DEMO_ALLOWANCE: AllowanceLimits = { searches: 10, rows: 10_000 };

/** A demo account and its searches are removed this long after it was made. */
export const DEMO_ACCOUNT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Client networks each rate limit remembers (an LRU: the least recently seen is forgotten
 * first): 150 to 300 bytes each, so a few MB a limit whatever the number of addresses that
 * come (90,000 more addresses than it holds: no growth; unbounded, 14 MB). A network forgotten
 * starts again at 0, which its own requests cannot bring about: they keep it among the most
 * recently seen.
 */
export const RATE_LIMIT_NETWORKS = 10_000;

/** Request headers handed to the sandbox. Not x-webhook-url: the demo posts nothing anywhere. */
const FORWARDED_HEADERS = ["authorization", "content-type", "accept"] as const;

/** Headers of the sandbox's answer the host sets itself. */
const OWN_HEADERS = new Set([
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
]);

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function tooMany(what: string) {
  return (_request: FastifyRequest, context: { statusCode: number; ttl: number }): HostError =>
    new HostError(
      context.statusCode,
      "rate_limited",
      `Too many ${what} from this address to the demo: try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`
    );
}

async function startSandbox(options: DemoOptions): Promise<FastifyInstance> {
  if (options.db !== ":memory:") mkdirSync(dirname(resolve(options.db)), { recursive: true });
  const sandbox = await buildApp({
    db: options.db,
    // The sandbox's built-in demo account has a well-known key: here it gets a secret one and
    // no credits. Demo accounts come from POST /demo-api/demo/accounts.
    demoApiKey: `unused_${randomBytes(18).toString("base64url")}`,
    demoCredits: 0,
    searchAllowance: options.allowance ?? DEMO_ALLOWANCE,
    ...(options.clock ? { clock: options.clock } : {}),
    jobChunkSize: 100,
    jobStepMs: 100,
    domainReadyMs: 2_000,
    bodyLimitBytes: options.bodyLimit ?? DEMO_BODY_LIMIT,
  });
  await sandbox.ready();
  // Webhooks would be POSTed from this host to any address a caller names: never in the demo.
  await sandbox.sandbox.webhooks.stop();
  return sandbox;
}

export const demo: FastifyPluginAsync<DemoOptions> = async (app, options) => {
  const sandbox = await startSandbox(options);
  const { db, clock, demoApiKey } = sandbox.sandbox;
  // Demo accounts older than a day go, with their searches (at start, then every few minutes).
  const removeOld = (): void => {
    const removed = removeAccountsCreatedBefore(
      db,
      clock.now() - DEMO_ACCOUNT_LIFETIME_MS,
      demoApiKey
    );
    if (removed > 0) app.log.info({ removed }, "demo accounts older than 24 hours removed");
  };
  removeOld();
  const sweep = setInterval(removeOld, options.sweepEveryMs ?? 10 * 60_000);
  sweep.unref();
  app.addHook("onClose", async () => {
    clearInterval(sweep);
    await sandbox.close();
  });

  // Bodies pass to the sandbox as they came: it parses and validates them itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: options.bodyLimit ?? DEMO_BODY_LIMIT },
    (_request, body, done) => done(null, body)
  );

  // Per client network (request.ip: the socket's, or the proxy's word where the host trusts a
  // proxy; an IPv6 address by its /48, which one client holds whole), so that one network's
  // flood leaves the others served and rotating through its addresses gains nothing.
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => networkOf(request.ip),
    cache: RATE_LIMIT_NETWORKS,
    errorResponseBuilder: tooMany("requests"),
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const canonical = canonicalRequest(request.method, request.url, DEMO_PREFIX);
    const headers: Record<string, string> = { host: request.host };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const body =
      canonical.operation.body !== "none" &&
      Buffer.isBuffer(request.body) &&
      request.body.length > 0
        ? request.body
        : null;
    const answer = await sandbox.inject({
      method: canonical.operation.method,
      url: canonical.target,
      headers,
      ...(body ? { payload: body } : {}),
    });
    void reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined && !OWN_HEADERS.has(name)) void reply.header(name, value);
    return reply.headers(RELAYED_RESPONSE_HEADERS).send(answer.rawPayload);
  };

  // Every other path under the prefix is parsed as a request of the interface: the service's
  // operations pass in their canonical form, anything else is refused (404, 405, 400).
  app.route({ method: METHODS, url: "/*", handler: forward });

  app.post(
    "/demo/accounts",
    {
      config: {
        rateLimit: {
          max: options.accountsPerHour ?? 10,
          timeWindow: 3_600_000,
          keyGenerator: (request: FastifyRequest) => networkOf(request.ip),
          cache: RATE_LIMIT_NETWORKS,
          errorResponseBuilder: tooMany("demo accounts"),
        },
      },
    },
    async () => {
      const account = sandbox.sandbox.ledger.createAccount({ credits: options.credits });
      return { api_key: account.api_key, credits_left: toCredits(account.credits_milli) };
    }
  );
};
