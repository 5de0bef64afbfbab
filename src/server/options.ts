import { isIP } from "node:net";
import { ConfigError, readSettings, type ResolvedSettings } from "./config/read-settings";
import {
  SETTINGS,
  SETTING_NAMES,
  type Action,
  type LogLevel,
  type SettingName,
} from "./config/settings";
import { USAGE } from "./config/usage";
import { maskedUrl } from "./config/masking";
import type { EntraOptions } from "./team/sign-in";

// The production host's command line and environment: read against the
// settings table (src/server/config/settings.ts), then each value checked for what it means.

export interface ServerOptions {
  port: number;
  host: string;
  /** The built add-in (dist/). */
  dist: string;
  /** The service's base URL; /api/* is relayed to it. */
  upstream: string;
  /** PEM files: with both, HTTPS with HTTP/2 (ALPN h2, HTTP/1.1 fallback); without, plain HTTP. */
  cert?: string;
  key?: string;
  /** Keep-alive connections to the upstream (default 128). */
  upstreamConnections: number;
  /** Largest request body relayed, in bytes (default 110 MiB). */
  bodyLimit: number;
  /** Time allowed for the upstream's answer (default 120 s: above the client's 90 s). */
  upstreamTimeoutMs: number;
  /** How long a request's headers may take to arrive (default 60 s: header-timeouts.ts). */
  headersTimeoutMs: number;
  /** How long a request body may send nothing while the host reads it (default 30 s: body-stalls.ts). */
  bodyIdleTimeoutMs: number;
  /** How long a graceful shutdown lets requests in flight finish (default 30 s). */
  shutdownGraceMs: number;
  /** A JSON log line per request answered (method, route, status, time; never a header or the key). */
  requestLogs: boolean;
  /** The least severe log lines written. */
  logLevel: LogLevel;
  /** GET /metrics served (Prometheus text format). */
  metrics: boolean;
  /** The file of the token /metrics asks for (Authorization: Bearer <token>); none: open. */
  metricsTokenFile?: string;
  /** Try mode: the embedded sandbox at /demo-api. */
  demo: boolean;
  /** The demo's own database file (":memory:" for tests). */
  demoDb: string;
  /** Credits of each demo account. */
  demoCredits: number;
  /** Requests per minute from one client address to /demo-api. */
  demoRateLimit: number;
  /** Team mode: the host holds the service key; members sign in. */
  team: TeamServerOptions | null;
  /**
   * The proxies in front (addresses or CIDR ranges) whose X-Forwarded-For is believed: the
   * client's address (rate limits, logs) is then the one they name. Empty: the socket's.
   */
  trustProxy: string[];
  /**
   * The host's public URL (https), as users load the add-in from it: the manifests are rendered
   * for it, and in team mode lookups sent with x-webhook-url are answered through it.
   */
  publicUrl?: URL;
}

export interface TeamServerOptions {
  serviceKeyFile: string;
  adminTokenFile: string;
  /**
   * A secret of the operator's that seals the service key in the store (team/sealing.ts):
   * without it, the store's own salt does, and whoever reads the database can open the key.
   */
  sealingKeyFile?: string;
  /** SQLite file, when no DATABASE_URL. */
  db: string;
  /** PostgreSQL (several host instances share members, budgets and answers). */
  databaseUrl?: string;
  /** Microsoft Entra ID sign-in, where the organisation configures it. */
  entra: EntraOptions | null;
}

export { DEFAULT_BODY_LIMIT, type LogLevel } from "./config/settings";
export { USAGE } from "./config/usage";

export const DEMO_DEFAULTS = {
  demoDb: SETTINGS["demo-db"].default,
  demoCredits: SETTINGS["demo-credits"].default,
  demoRateLimit: SETTINGS["demo-rate-limit"].default,
} as const;

export const TEAM_DEFAULTS = { db: SETTINGS.db.default } as const;

/** What buildServer applies when it is not told: the command line's defaults. */
export const HELD_CONNECTION_DEFAULTS = {
  headersTimeoutMs: SETTINGS["headers-timeout-ms"].default,
  bodyIdleTimeoutMs: SETTINGS["body-idle-timeout-ms"].default,
} as const;

/** What the command line asks: run the host with `options`, or print its help or configuration. */
export type CommandLineRequest =
  | { action: "--help" }
  | {
      action: Exclude<Action, "--help"> | null;
      options: ServerOptions;
      settings: ResolvedSettings;
    };

/**
 * The command line and the environment, checked; throws a ConfigError saying what is wrong
 * (with the usage where it helps). `--help` is answered whatever else is given.
 */
export function parseCommandLine(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env
): CommandLineRequest {
  if (argv.includes("--help")) return { action: "--help" };
  try {
    const { action, settings } = readSettings(argv, env);
    return {
      action: action as Exclude<Action, "--help"> | null,
      options: checked(settings),
      settings,
    };
  } catch (error) {
    if (error instanceof ConfigError && error.showUsage)
      throw new ConfigError(`${error.message}\n\n${USAGE}`, true);
    throw error;
  }
}

/** Flags win over the environment; throws with the reason (and the usage) on bad input. */
export function parseServerArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env
): ServerOptions {
  const request = parseCommandLine(argv, env);
  if (request.action === "--help") throw new ConfigError(USAGE);
  return request.options;
}

/** A setting's value as its kind reads it. */
type ValueOf<N extends SettingName> = (typeof SETTINGS)[N]["kind"]["type"] extends "boolean"
  ? boolean
  : (typeof SETTINGS)[N]["kind"]["type"] extends "integer"
    ? number
    : string;

type Read = <N extends SettingName>(name: N) => ValueOf<N> | undefined;

/** What each value means, checked: URLs, pairs of settings, what team mode needs. */
function checked(settings: ResolvedSettings): ServerOptions {
  const read = ((name: SettingName) => settings[name].value ?? undefined) as Read;
  /** The setting's flag, then where its value came from when not from the flag: for errors. */
  const named = (name: SettingName): string => {
    const { flag, env } = SETTINGS[name] as { flag: string | null; env: string };
    const from = settings[name].from;
    if (!flag) return from === "default" ? env : from;
    return from === "default" || from === flag ? flag : `${flag} (from ${from})`;
  };
  /** " (from VARIABLE)" when a value came from the environment. */
  const fromWhere = (name: SettingName): string => {
    const { from } = settings[name];
    return from.startsWith("--") || from === "default" ? "" : ` (from ${from})`;
  };
  const dist = read("dist");
  const upstream = read("upstream");
  if (!dist) throw new ConfigError(`--dist is required`);
  if (!upstream) throw new ConfigError(`--upstream is required`);
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new ConfigError(`--upstream is not a URL: ${upstream}${fromWhere("upstream")}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigError(`--upstream must be an http(s) URL${fromWhere("upstream")}`);
  if (url.username || url.password || url.search || url.hash)
    throw new ConfigError(
      `--upstream must be a plain base URL (no credentials, query or fragment)${fromWhere("upstream")}`,
      false
    );
  const cert = read("cert");
  const key = read("key");
  if (Boolean(cert) !== Boolean(key)) throw new ConfigError(`--cert and --key go together`);
  const team = read("team") === true;
  // Team mode sends the company's key with every request: never in clear across a network.
  if (team && url.protocol === "http:" && !isLoopback(url.hostname))
    throw new ConfigError(
      `--upstream ${url.origin} is plain http on another machine: team mode sends the company's key with every request, so it needs https (http is accepted for this machine only)`,
      false
    );
  const metrics = read("metrics") === true;
  const metricsTokenFile = read("metrics-token-file");
  if (metricsTokenFile && !metrics)
    throw new ConfigError(
      `${named("metrics-token-file")} protects /metrics, which is off: add --metrics (or MAILFINDER_METRICS=1)`
    );
  // Every setting of the team group (settings.ts), given while team mode is off, is a mistake:
  // the operator meant a team host and would get a relay that holds no key and checks no member.
  const offTeam = SETTING_NAMES.filter(
    (name) =>
      name !== "team" && SETTINGS[name].group === "team" && settings[name].from !== "default"
  );
  if (!team && offTeam.length > 0)
    throw new ConfigError(
      `${offTeam.map(named).join(", ")} ${offTeam.length > 1 ? "are" : "is"} for team mode, which is off: add --team (or MAILFINDER_TEAM=1), or leave ${offTeam.length > 1 ? "them" : "it"} out`
    );
  const publicUrl = publicUrlOf(read("public-url"), fromWhere("public-url"));
  return {
    team: team ? teamOptions(read, named) : null,
    ...(publicUrl ? { publicUrl } : {}),
    trustProxy: trustedProxies(read("trust-proxy")),
    port: read("port") ?? (cert ? 8443 : 8080),
    host: read("host") ?? SETTINGS.host.default,
    dist,
    upstream: url.href.replace(/\/+$/, ""),
    ...(cert && key ? { cert, key } : {}),
    upstreamConnections: read("upstream-connections") ?? SETTINGS["upstream-connections"].default,
    bodyLimit: read("body-limit") ?? SETTINGS["body-limit"].default,
    upstreamTimeoutMs: read("upstream-timeout-ms") ?? SETTINGS["upstream-timeout-ms"].default,
    headersTimeoutMs: read("headers-timeout-ms") ?? SETTINGS["headers-timeout-ms"].default,
    bodyIdleTimeoutMs: read("body-idle-timeout-ms") ?? SETTINGS["body-idle-timeout-ms"].default,
    shutdownGraceMs: read("shutdown-grace-ms") ?? SETTINGS["shutdown-grace-ms"].default,
    requestLogs: read("quiet") !== true,
    logLevel: (read("log-level") ?? SETTINGS["log-level"].default) as LogLevel,
    metrics,
    ...(metricsTokenFile ? { metricsTokenFile } : {}),
    demo: read("demo") === true,
    demoDb: read("demo-db") ?? DEMO_DEFAULTS.demoDb,
    demoCredits: read("demo-credits") ?? DEMO_DEFAULTS.demoCredits,
    demoRateLimit: read("demo-rate-limit") ?? DEMO_DEFAULTS.demoRateLimit,
  };
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Addresses and CIDR ranges (IPv4 or IPv6), checked: a typo must not trust the world. */
function trustedProxies(text: string | undefined): string[] {
  if (!text) return [];
  return text.split(",").map((entry) => {
    const value = entry.trim();
    const [address, bits, extra] = value.split("/");
    const version = isIP(address ?? "");
    const max = version === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      version === 0 ||
      extra !== undefined ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (bits !== undefined && !/^\d+$/.test(bits))
    )
      throw new ConfigError(
        `--trust-proxy: ${JSON.stringify(value)} is not an address or CIDR range`
      );
    if (prefix === 0)
      throw new ConfigError(
        `--trust-proxy: ${value} would trust every address: name the proxies`,
        false
      );
    return value;
  });
}

/**
 * Entra ID's issuer and keys are fetched over the network and trusted to sign members in: an
 * https URL, checked now (exit 2) rather than when the first sign-in fails.
 */
function httpsUrl(text: string, named: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`${named} is not a URL: ${JSON.stringify(text)}`, false);
  }
  if (url.protocol !== "https:" || url.username || url.password)
    throw new ConfigError(
      `${named} must be an https URL without credentials, not one starting ${url.protocol}//${url.host}`,
      false
    );
}

/** --public-url, checked: the plain https address users reach the host at. */
function publicUrlOf(text: string | undefined, from: string): URL | undefined {
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`--public-url is not a URL: ${text}${from}`);
  }
  // ' and & would need escaping where the address is written into the pages and manifests.
  if (url.protocol !== "https:" || url.username || url.search || url.hash || /['&]/.test(url.href))
    throw new ConfigError(`--public-url must be the host's plain https URL${from}`);
  return url;
}

function teamOptions(read: Read, named: (name: SettingName) => string): TeamServerOptions {
  const serviceKeyFile = read("service-key-file");
  const adminTokenFile = read("admin-token-file");
  if (!serviceKeyFile) throw new ConfigError(`--team needs --service-key-file`);
  if (!adminTokenFile) throw new ConfigError(`--team needs --admin-token-file`);
  const databaseUrl = read("database-url")?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError(
      `${named("database-url")} must be a postgres:// or postgresql:// URL, not ${maskedUrl(databaseUrl)}`,
      false
    );
  const issuer = read("entra-issuer");
  const audience = read("entra-audience");
  const clientId = read("entra-client-id");
  const given = [issuer, audience, clientId].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new ConfigError(`--entra-issuer, --entra-audience and --entra-client-id go together`);
  if (issuer) httpsUrl(issuer, named("entra-issuer"));
  const jwksUrl = read("entra-jwks-url");
  if (jwksUrl) httpsUrl(jwksUrl, named("entra-jwks-url"));
  const adminGroup = read("entra-admin-group");
  const scope = read("entra-scope");
  const sealingKeyFile = read("sealing-key-file");
  return {
    serviceKeyFile,
    adminTokenFile,
    ...(sealingKeyFile ? { sealingKeyFile } : {}),
    db: read("db") ?? TEAM_DEFAULTS.db,
    ...(databaseUrl ? { databaseUrl } : {}),
    entra:
      issuer && audience && clientId
        ? {
            issuer,
            audience,
            clientId,
            ...(jwksUrl ? { jwksUrl } : {}),
            ...(adminGroup ? { adminGroup } : {}),
            ...(scope ? { scope } : {}),
          }
        : null,
  };
}
