import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import {
  NO_TEAM_OBSERVER,
  NO_UPSTREAM_OBSERVER,
  type TeamObserver,
  type UpstreamObserver,
} from "../metrics/observers";
import { errorCodeOf, type ReadinessCheck } from "../readiness";
import { adminApi } from "./admin-api";
import { observedStore } from "./observed-store";
import { openTeamStore } from "./open-store";
import { REPORT_DESK_DEFAULTS, ReportDesk } from "./report-desk";
import { PgTeamStore } from "./pg-store";
import { readSecretFile } from "./secret-file";
import { strongSecret } from "./secret-strength";
import { ServiceKeyHolder } from "./service-key";
import { SharedLookups } from "./shared-lookups";
import { SignIn } from "./sign-in";
import type { TeamSettings, TeamStore } from "./store";
import type { TeamContext, TeamTimings } from "./team-context";
import { teamRelayHooks } from "./team-relay";
import { registerTeamRoutes } from "./team-routes";
import { Upstream } from "./upstream";
import { WebhookRelay } from "./webhooks";
import type { TeamServerOptions } from "../options";
import type { RelayHooks } from "../relay";

// Team mode of the production host: the secret files read (readable by the
// host's user only; the admin token and the sealing key strong enough, or the host does not
// start), the store opened (SQLite, or PostgreSQL with DATABASE_URL) and migrated, the service
// key read and sealed, and the routes: lookups answered by the host, the relay's hooks,
// /team/*, the admin API. Expired reservations of a host that was killed are released at
// start and then every minute, by whichever instance comes first.

const SETTINGS_MS = 5_000;
const AUDIT_DAYS = 400;

/** The team settings (options.ts), and what the host adds. */
export interface TeamHostOptions extends TeamServerOptions {
  upstream: URL;
  upstreamTimeoutMs: number;
  upstreamConnections: number;
  timings?: Partial<TeamTimings>;
  now?: () => Date;
  /** The host's public URL: lookups sent with x-webhook-url are answered through it. */
  publicUrl?: URL;
  /** Tests only: members' webhook URLs on this machine are accepted. */
  allowPrivateWebhookTargets?: boolean;
  /** Tests only: how members' webhook host names resolve. */
  webhookResolver?: (hostname: string) => Promise<string[]>;
  /** What /metrics counts (no-ops by default). */
  observer?: TeamObserver & UpstreamObserver;
  /** Where the team host's own work logs (a report measured while requests were out). */
  log: FastifyBaseLogger;
}

export interface TeamHost {
  context: TeamContext;
  hooks: RelayHooks;
  /** /readyz's checks: the store answers, the sealed service key opens. */
  readinessChecks: ReadinessCheck[];
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** A secret read once from its file; a weak one, or one others may read, stops the start. */
export function strongSecretFile(file: string, what: string): string {
  return strongSecret(readSecretFile(file, what), file, what);
}

export async function openTeamHost(options: TeamHostOptions): Promise<TeamHost> {
  const adminToken = strongSecretFile(options.adminTokenFile, "admin token");
  const fileKey = readSecretFile(options.serviceKeyFile, "service key");
  const sealingSecret = options.sealingKeyFile
    ? strongSecretFile(options.sealingKeyFile, "sealing key")
    : null;
  const opened = await openTeamStore({ databaseUrl: options.databaseUrl, file: options.db });
  const observer = options.observer ?? { ...NO_TEAM_OBSERVER, ...NO_UPSTREAM_OBSERVER };
  const store = observedStore(opened, observer);
  try {
    const serviceKey = await ServiceKeyHolder.open(store, { fileKey, sealingSecret, adminToken });
    return await started(
      options,
      store,
      adminToken,
      serviceKey,
      observer,
      probeOf(opened, observer)
    );
  } catch (error) {
    await store.close().catch(() => undefined);
    throw error;
  }
}

/** The cheapest query of the store: PostgreSQL's `SELECT 1` over its pool, SQLite's one row. */
function probeOf(store: TeamStore, observer: TeamObserver): () => Promise<void> {
  const query =
    store instanceof PgTeamStore ? () => store.ping() : () => store.team().then(() => undefined);
  return () =>
    query().catch((error: unknown) => {
      observer.storeFailed("ping");
      throw error;
    });
}

async function started(
  options: TeamHostOptions,
  store: TeamStore,
  adminToken: string,
  serviceKey: ServiceKeyHolder,
  observer: TeamObserver & UpstreamObserver,
  probe: () => Promise<void>
): Promise<TeamHost> {
  const timings: TeamTimings = {
    reservationTtlMs: options.upstreamTimeoutMs + 60_000,
    claimTtlMs: 10_000,
    pollMs: 50,
    reportWindowTtlMs: REPORT_DESK_DEFAULTS.windowTtlMs,
    reportDrainMs: REPORT_DESK_DEFAULTS.drainMs,
    ...options.timings,
  };
  let settings: { value: Promise<TeamSettings>; at: number } | null = null;
  const upstream = new Upstream(
    options.upstream,
    options.upstreamTimeoutMs,
    options.upstreamConnections,
    observer
  );
  const now = options.now ?? (() => new Date());
  const context: TeamContext = {
    store,
    signIn: new SignIn(store, options.entra),
    serviceKey,
    upstream,
    reports: new ReportDesk(store, upstream, () => serviceKey.key(), now, options.log, {
      ...REPORT_DESK_DEFAULTS,
      windowTtlMs: timings.reportWindowTtlMs,
      drainMs: timings.reportDrainMs,
      pollMs: timings.pollMs,
    }),
    shared: new SharedLookups(store, { claimTtlMs: timings.claimTtlMs, pollMs: timings.pollMs }),
    webhooks: options.publicUrl
      ? new WebhookRelay(store, {
          publicUrl: options.publicUrl,
          allowPrivateTargets: options.allowPrivateWebhookTargets === true,
          ...(options.webhookResolver ? { resolve: options.webhookResolver } : {}),
        })
      : null,
    entra: options.entra,
    options: timings,
    now,
    // An admin's change (freshness, name) applies within SETTINGS_MS on every instance.
    settings() {
      if (!settings || Date.now() - settings.at > SETTINGS_MS) {
        const value = store.team();
        settings = { value, at: Date.now() };
        value.catch(() => (settings = null));
      }
      return settings.value;
    },
  };
  // The audits keep 400 days: older entries go at start and then once a day.
  const pruneAudit = async (): Promise<void> => {
    const before = new Date(context.now().getTime() - AUDIT_DAYS * 86_400_000).toISOString();
    await store.pruneAudit(before);
    await store.pruneAdminAudit(before);
  };
  await store.releaseExpired();
  await pruneAudit();
  const sweeper = setInterval(() => void store.releaseExpired().catch(() => undefined), 60_000);
  sweeper.unref();
  const pruner = setInterval(() => void pruneAudit().catch(() => undefined), 86_400_000);
  pruner.unref();
  return {
    context,
    hooks: teamRelayHooks(context),
    readinessChecks: [
      {
        name: "store",
        run: () =>
          probe().then(
            () => null,
            (error: unknown) => `The team's database did not answer (${errorCodeOf(error)}).`
          ),
      },
      {
        name: "service_key",
        run: () =>
          serviceKey
            .unusableReason()
            .catch(
              (error: unknown) =>
                `The service key kept in the team database could not be read (${errorCodeOf(error)}).`
            ),
      },
    ],
    async register(app) {
      registerTeamRoutes(app, context);
      context.webhooks?.register(app);
      await app.register(adminApi, {
        prefix: "/admin/api",
        store,
        adminToken: () => adminToken,
        replaceServiceKey: (key) => serviceKey.replace(key),
        entraAdmin: (request) => context.signIn.entraAdmin(request),
        now: context.now,
      });
    },
    async close() {
      clearInterval(sweeper);
      clearInterval(pruner);
      await context.upstream.close();
      await context.webhooks?.close();
      await store.close();
    },
  };
}
