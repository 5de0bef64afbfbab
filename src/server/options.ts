import { isIP } from "node:net";

// The production host's command line and environment (DESIGN 6b).

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
  /** How long a graceful shutdown lets requests in flight finish (default 30 s). */
  shutdownGraceMs: number;
  /** Structured request logs (JSON lines, the key never in them). */
  log: boolean;
  /** Try mode (DESIGN 4d): the embedded sandbox at /demo-api. */
  demo: boolean;
  /** The demo's own database file (":memory:" for tests). */
  demoDb: string;
  /** Credits of each demo account. */
  demoCredits: number;
  /** Requests per minute from one client address to /demo-api. */
  demoRateLimit: number;
  /** Team mode (DESIGN 6c): the host holds the service key; members sign in. */
  team: TeamServerOptions | null;
  /**
   * The proxies in front (addresses or CIDR ranges) whose X-Forwarded-For is believed: the
   * client's address (rate limits, logs) is then the one they name. Empty: the socket's.
   */
  trustProxy: string[];
}

export interface TeamServerOptions {
  /** The host's public URL (https): lookups sent with x-webhook-url are answered through it. */
  publicUrl?: URL;
  serviceKeyFile: string;
  adminTokenFile: string;
  /** A secret of the operator's that seals the service key in the store (team/sealing.ts). */
  sealingKeyFile?: string;
  /** SQLite file, when no DATABASE_URL. */
  db: string;
  /** PostgreSQL (several host instances share members, budgets and answers). */
  databaseUrl?: string;
  /** Microsoft Entra ID sign-in, where the organisation configures it. */
  entra: {
    issuer: string;
    audience: string;
    clientId: string;
    jwksUrl?: string;
    adminGroup?: string;
    scope?: string;
  } | null;
}

/**
 * 100,000 rows (the spec's bulk limit) of a wide CSV or XLSX stay well under 100 MiB; the
 * margin covers the multipart framing.
 */
export const DEFAULT_BODY_LIMIT = 110 * 1024 * 1024;

export const DEMO_DEFAULTS = {
  demoDb: ".demo/demo.db",
  demoCredits: 50,
  // A bulk job's polling and a fill-down of a few dozen cells fit in a minute.
  demoRateLimit: 300,
} as const;

export const TEAM_DEFAULTS = { db: ".team/team.db" } as const;

export const USAGE = `Usage: npm run serve -- --dist <dir> --upstream <service base URL> [options]
  --port <n>                    port (default 8443 with TLS, 8080 without; 0 picks a free one)   PORT
  --host <addr>                 address to bind (default 0.0.0.0)                                HOST
  --dist <dir>                  the built add-in (npm run build)                                ADDIN_DIST
  --upstream <url>              the service's base URL, relayed at /api                        UPSTREAM_URL
  --cert <file> --key <file>    TLS certificate and key (PEM): HTTPS with HTTP/2                TLS_CERT_FILE, TLS_KEY_FILE
  --upstream-connections <n>    keep-alive connections to the service (default 128)           UPSTREAM_CONNECTIONS
  --body-limit <bytes>          largest request body (default ${DEFAULT_BODY_LIMIT})                    BODY_LIMIT
  --upstream-timeout-ms <n>     wait for the service's answer (default 120000)                UPSTREAM_TIMEOUT_MS
  --shutdown-grace-ms <n>       let requests finish on SIGTERM (default 30000)                SHUTDOWN_GRACE_MS
  --trust-proxy <addrs>         comma list of proxy addresses or CIDRs whose X-Forwarded-For
                                names the client (rate limits, logs); default none             TRUST_PROXY
  --quiet                       no request logs                                                 LOG=0
  --demo                        Try mode: the embedded sandbox at /demo-api                     DEMO=1
  --demo-db <file>              its own database (default ${DEMO_DEFAULTS.demoDb})                    DEMO_DB
  --demo-credits <n>            credits of each demo account (default ${DEMO_DEFAULTS.demoCredits})                  DEMO_CREDITS
  --demo-rate-limit <n>         requests per minute per address to /demo-api (default ${DEMO_DEFAULTS.demoRateLimit})  DEMO_RATE_LIMIT
Team mode (the host holds the service key; members sign in with a team token):
  --team                        team mode                                                      TEAM=1
  --service-key-file <file>     the service's API key (one line)                              SERVICE_KEY_FILE
  --admin-token-file <file>     the admin token (one line, 32 characters or more, random)     ADMIN_TOKEN_FILE
  --sealing-key-file <file>     seals the service key in the database (else a salt kept there) SEALING_KEY_FILE
  --public-url <url>            the host's public https URL: webhook lookups are answered
                                through it and settled at what the service charged            PUBLIC_URL
  --db <file>                   SQLite database (default ${TEAM_DEFAULTS.db}); DATABASE_URL=postgres://... for PostgreSQL
  --entra-issuer <url> --entra-audience <aud> --entra-client-id <id>
                                Microsoft Entra ID sign-in (all three)                         ENTRA_ISSUER, ENTRA_AUDIENCE, ENTRA_CLIENT_ID
  --entra-jwks-url <url>        the issuer's keys (default: from the issuer)                  ENTRA_JWKS_URL
  --entra-admin-group <id>      members of this group are admins                               ENTRA_ADMIN_GROUP
  --entra-scope <scope>         what the pane asks a token for (default: <audience>/.default)  ENTRA_SCOPE`;

const ENV: Record<string, string> = {
  "--port": "PORT",
  "--host": "HOST",
  "--dist": "ADDIN_DIST",
  "--upstream": "UPSTREAM_URL",
  "--cert": "TLS_CERT_FILE",
  "--key": "TLS_KEY_FILE",
  "--upstream-connections": "UPSTREAM_CONNECTIONS",
  "--body-limit": "BODY_LIMIT",
  "--upstream-timeout-ms": "UPSTREAM_TIMEOUT_MS",
  "--shutdown-grace-ms": "SHUTDOWN_GRACE_MS",
  "--trust-proxy": "TRUST_PROXY",
  "--demo-db": "DEMO_DB",
  "--demo-credits": "DEMO_CREDITS",
  "--demo-rate-limit": "DEMO_RATE_LIMIT",
  "--service-key-file": "SERVICE_KEY_FILE",
  "--admin-token-file": "ADMIN_TOKEN_FILE",
  "--sealing-key-file": "SEALING_KEY_FILE",
  "--public-url": "PUBLIC_URL",
  "--db": "TEAM_DB",
  "--entra-issuer": "ENTRA_ISSUER",
  "--entra-audience": "ENTRA_AUDIENCE",
  "--entra-client-id": "ENTRA_CLIENT_ID",
  "--entra-jwks-url": "ENTRA_JWKS_URL",
  "--entra-admin-group": "ENTRA_ADMIN_GROUP",
  "--entra-scope": "ENTRA_SCOPE",
};

/** Flags win over the environment; throws with the usage text on bad input. */
export function parseServerArgs(
  argv: string[],
  env: Record<string, string | undefined> = process.env
): ServerOptions {
  const given = new Map<string, string>();
  let quiet = env.LOG === "0";
  let demo = env.DEMO === "1" || env.DEMO === "true";
  let team = env.TEAM === "1" || env.TEAM === "true";
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === "--team") {
      team = true;
      continue;
    }
    if (flag === "--quiet") {
      quiet = true;
      continue;
    }
    if (flag === "--demo") {
      demo = true;
      continue;
    }
    if (!(flag in ENV)) throw new Error(`Unknown option ${flag}\n\n${USAGE}`);
    const value = argv[++i];
    if (value === undefined || value.startsWith("--"))
      throw new Error(`${flag} needs a value\n\n${USAGE}`);
    given.set(flag, value);
  }
  const read = (flag: string): string | undefined => given.get(flag) ?? env[ENV[flag]!];
  const number = (flag: string, fallback: number, min: number, max: number): number => {
    const text = read(flag);
    if (text === undefined || text === "") return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${flag} needs a whole number from ${min} to ${max}\n\n${USAGE}`);
    return value;
  };
  const dist = read("--dist");
  const upstream = read("--upstream");
  if (!dist) throw new Error(`--dist is required\n\n${USAGE}`);
  if (!upstream) throw new Error(`--upstream is required\n\n${USAGE}`);
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`--upstream is not a URL: ${upstream}\n\n${USAGE}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`--upstream must be an http(s) URL\n\n${USAGE}`);
  if (url.username || url.password || url.search || url.hash)
    throw new Error(`--upstream must be a plain base URL (no credentials, query or fragment)`);
  const cert = read("--cert");
  const key = read("--key");
  if (Boolean(cert) !== Boolean(key)) throw new Error(`--cert and --key go together\n\n${USAGE}`);
  // Team mode sends the company's key with every request: never in clear across a network.
  if (team && url.protocol === "http:" && !isLoopback(url.hostname))
    throw new Error(
      `--upstream ${url.origin} is plain http on another machine: team mode sends the company's key with every request, so it needs https (http is accepted for this machine only)`
    );
  return {
    team: team ? teamOptions(read, env) : null,
    trustProxy: trustedProxies(read("--trust-proxy")),
    port: number("--port", cert ? 8443 : 8080, 0, 65535),
    host: read("--host") || "0.0.0.0",
    dist,
    upstream: url.href.replace(/\/+$/, ""),
    ...(cert && key ? { cert, key } : {}),
    upstreamConnections: number("--upstream-connections", 128, 1, 4096),
    bodyLimit: number("--body-limit", DEFAULT_BODY_LIMIT, 1024, 2 ** 32),
    upstreamTimeoutMs: number("--upstream-timeout-ms", 120_000, 1_000, 3_600_000),
    shutdownGraceMs: number("--shutdown-grace-ms", 30_000, 0, 600_000),
    log: !quiet,
    demo,
    demoDb: read("--demo-db") || DEMO_DEFAULTS.demoDb,
    demoCredits: number("--demo-credits", DEMO_DEFAULTS.demoCredits, 1, 100_000),
    demoRateLimit: number("--demo-rate-limit", DEMO_DEFAULTS.demoRateLimit, 1, 1_000_000),
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
      throw new Error(
        `--trust-proxy: ${JSON.stringify(value)} is not an address or CIDR range\n\n${USAGE}`
      );
    if (prefix === 0)
      throw new Error(`--trust-proxy: ${value} would trust every address: name the proxies`);
    return value;
  });
}

function teamOptions(
  read: (flag: string) => string | undefined,
  env: Record<string, string | undefined>
): TeamServerOptions {
  const serviceKeyFile = read("--service-key-file");
  const adminTokenFile = read("--admin-token-file");
  if (!serviceKeyFile) throw new Error(`--team needs --service-key-file\n\n${USAGE}`);
  if (!adminTokenFile) throw new Error(`--team needs --admin-token-file\n\n${USAGE}`);
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Error("DATABASE_URL must be a postgres:// or postgresql:// URL");
  const issuer = read("--entra-issuer");
  const audience = read("--entra-audience");
  const clientId = read("--entra-client-id");
  const given = [issuer, audience, clientId].filter(Boolean).length;
  if (given > 0 && given < 3)
    throw new Error(
      `--entra-issuer, --entra-audience and --entra-client-id go together\n\n${USAGE}`
    );
  const jwksUrl = read("--entra-jwks-url");
  const adminGroup = read("--entra-admin-group");
  const scope = read("--entra-scope");
  const sealingKeyFile = read("--sealing-key-file");
  const publicText = read("--public-url");
  let publicUrl: URL | undefined;
  if (publicText) {
    try {
      publicUrl = new URL(publicText);
    } catch {
      throw new Error(`--public-url is not a URL: ${publicText}\n\n${USAGE}`);
    }
    if (publicUrl.protocol !== "https:" || publicUrl.username || publicUrl.search || publicUrl.hash)
      throw new Error(`--public-url must be the host's plain https URL\n\n${USAGE}`);
  }
  return {
    ...(publicUrl ? { publicUrl } : {}),
    serviceKeyFile,
    adminTokenFile,
    ...(sealingKeyFile ? { sealingKeyFile } : {}),
    db: read("--db") || TEAM_DEFAULTS.db,
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
