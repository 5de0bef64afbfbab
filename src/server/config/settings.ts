import { alias, LOG_LEVELS, secretFile, type Setting } from "./setting-kinds";
import { TEAM_SETTINGS } from "./team-settings";

// Every setting of the production host in one table (issue 36 item 4): the command line, the
// environment, `--help`, `--print-config` and the configuration table of docs/operations.md are
// all made from it (read-settings.ts, usage.ts, print-config.ts), so none of them can drift.
//
// Environment names: each setting is `MAILFINDER_<NAME>`, and the host owns that prefix: a
// variable that starts with it (or with `MAIL_FINDER_`) and is not in this table is refused, so
// a misspelt setting stops the start instead of being ignored. The names the host read before
// the prefix (PORT, UPSTREAM_URL, DATABASE_URL, LOG=0, ...) are kept as aliases, so that
// existing deployments keep working; given together with the prefixed name, they must agree.

export const ENV_PREFIX = "MAILFINDER_";
/** A spelling of the prefix people type by mistake: refused too, and told the right one. */
export const ENV_PREFIX_MISSPELT = "MAIL_FINDER_";

export { GROUP_TITLES, LOG_LEVELS } from "./setting-kinds";
export type {
  Alias,
  LogLevel,
  Secrecy,
  Setting,
  SettingGroup,
  SettingKind,
  SettingValue,
} from "./setting-kinds";

/** 100,000 rows (a bulk search's most) of a wide CSV or XLSX stay well under 100 MiB. */
export const DEFAULT_BODY_LIMIT = 110 * 1024 * 1024;

/** The table. Its order is the order of --help, --print-config and the docs. */
export const SETTINGS = {
  dist: {
    flag: "--dist",
    env: "MAILFINDER_DIST",
    aliases: alias("ADDIN_DIST"),
    kind: { type: "file" },
    default: null,
    defaultText: "(required; a release's own dist/)",
    placeholder: "<dir>",
    secret: "none",
    group: "host",
    description: "The built add-in (`npm run build`).",
  },
  upstream: {
    flag: "--upstream",
    env: "MAILFINDER_UPSTREAM",
    aliases: alias("UPSTREAM_URL"),
    kind: { type: "url" },
    default: null,
    defaultText: "(required)",
    placeholder: "<url>",
    secret: "none",
    group: "host",
    description:
      "The service's base URL: `/api/x` is relayed to `<url>/x`. No credentials, query or fragment; https in team mode unless on this machine.",
  },
  port: {
    flag: "--port",
    env: "MAILFINDER_PORT",
    aliases: alias("PORT"),
    kind: { type: "integer", min: 0, max: 65535 },
    default: null,
    defaultText: "8443 with TLS, 8080 without",
    placeholder: "<n>",
    secret: "none",
    group: "host",
    description: "The port to listen on (0 picks a free one).",
  },
  host: {
    flag: "--host",
    env: "MAILFINDER_HOST",
    aliases: alias("HOST"),
    kind: { type: "text" },
    default: "0.0.0.0",
    placeholder: "<addr>",
    secret: "none",
    group: "host",
    description: "The address to listen on.",
  },
  cert: {
    flag: "--cert",
    env: "MAILFINDER_TLS_CERT_FILE",
    aliases: alias("TLS_CERT_FILE"),
    kind: { type: "file" },
    default: null,
    defaultText: "none",
    placeholder: "<file>",
    secret: "none",
    group: "host",
    description: "TLS certificate (PEM). With `--key`: HTTPS with HTTP/2 (HTTP/1.1 fallback).",
  },
  key: secretFile({
    flag: "--key",
    env: "TLS_KEY_FILE",
    group: "host",
    defaultText: "none",
    description: "TLS private key (PEM), with `--cert`.",
  }),
  "public-url": {
    flag: "--public-url",
    env: "MAILFINDER_PUBLIC_URL",
    aliases: alias("PUBLIC_URL"),
    kind: { type: "url" },
    default: null,
    defaultText: "none (no manifests served)",
    placeholder: "<url>",
    secret: "none",
    group: "host",
    description:
      "The https address users load the add-in from: the manifests (`/manifest.xml`, `/manifest.json`, `/mail-finder.zip`) and the functions' help links are rendered for it at start; in team mode, webhook lookups are answered through it.",
  },
  "upstream-connections": {
    flag: "--upstream-connections",
    env: "MAILFINDER_UPSTREAM_CONNECTIONS",
    aliases: alias("UPSTREAM_CONNECTIONS"),
    kind: { type: "integer", min: 1, max: 4096 },
    default: 128,
    placeholder: "<n>",
    secret: "none",
    group: "host",
    description: "Keep-alive connections to the service (the most requests out to it at once).",
  },
  "body-limit": {
    flag: "--body-limit",
    env: "MAILFINDER_BODY_LIMIT",
    aliases: alias("BODY_LIMIT"),
    kind: { type: "integer", min: 1024, max: 2 ** 32 },
    default: DEFAULT_BODY_LIMIT,
    defaultText: `${DEFAULT_BODY_LIMIT} (110 MiB)`,
    placeholder: "<bytes>",
    secret: "none",
    group: "host",
    description: "Largest request body relayed: larger ones are refused with 413.",
  },
  "upstream-timeout-ms": {
    flag: "--upstream-timeout-ms",
    env: "MAILFINDER_UPSTREAM_TIMEOUT_MS",
    aliases: alias("UPSTREAM_TIMEOUT_MS"),
    kind: { type: "integer", min: 1_000, max: 3_600_000 },
    default: 120_000,
    placeholder: "<ms>",
    secret: "none",
    group: "host",
    description:
      "How long the service may take to answer (then 504); above the client's 90 s, so the host never gives up first.",
  },
  "headers-timeout-ms": {
    flag: "--headers-timeout-ms",
    env: "MAILFINDER_HEADERS_TIMEOUT_MS",
    aliases: [],
    kind: { type: "integer", min: 1_000, max: 600_000 },
    default: 60_000,
    placeholder: "<ms>",
    secret: "none",
    group: "host",
    description:
      "How long a request's headers may take to arrive, and the TLS handshake before them (then the connection is closed); an HTTP/2 connection with no request open is closed after it too.",
  },
  "body-idle-timeout-ms": {
    flag: "--body-idle-timeout-ms",
    env: "MAILFINDER_BODY_IDLE_TIMEOUT_MS",
    aliases: [],
    kind: { type: "integer", min: 1_000, max: 600_000 },
    default: 30_000,
    placeholder: "<ms>",
    secret: "none",
    group: "host",
    description:
      "How long a request body may send nothing while the host reads it (then the request is closed); a body that keeps moving takes as long as it needs.",
  },
  "shutdown-grace-ms": {
    flag: "--shutdown-grace-ms",
    env: "MAILFINDER_SHUTDOWN_GRACE_MS",
    aliases: alias("SHUTDOWN_GRACE_MS"),
    kind: { type: "integer", min: 0, max: 600_000 },
    default: 30_000,
    placeholder: "<ms>",
    secret: "none",
    group: "host",
    description: "On SIGTERM or SIGINT, how long requests in flight may take to finish.",
  },
  "trust-proxy": {
    flag: "--trust-proxy",
    env: "MAILFINDER_TRUST_PROXY",
    aliases: alias("TRUST_PROXY"),
    kind: { type: "addresses" },
    default: null,
    defaultText: "none",
    placeholder: "<addrs>",
    secret: "none",
    group: "host",
    description:
      "Comma list of the proxies' addresses or CIDR ranges in front (a TLS terminator). Their `X-Forwarded-For` names the client (rate limits, logs) and their `x-request-id` is kept. `/0` is refused.",
  },
  "log-level": {
    flag: "--log-level",
    env: "MAILFINDER_LOG_LEVEL",
    aliases: alias("LOG_LEVEL"),
    kind: { type: "choice", values: LOG_LEVELS },
    default: "info",
    placeholder: "<level>",
    secret: "none",
    group: "logs",
    description: `The least severe log lines written: ${LOG_LEVELS.join(", ")}.`,
  },
  quiet: {
    flag: "--quiet",
    env: "MAILFINDER_QUIET",
    aliases: [{ name: "LOG", inverted: true }],
    kind: { type: "boolean" },
    default: false,
    defaultText: "off",
    secret: "none",
    group: "logs",
    description:
      "No line per request (start, stop, warnings and errors are still logged). `LOG=0`, the earlier spelling, still works.",
  },
  metrics: {
    flag: "--metrics",
    env: "MAILFINDER_METRICS",
    aliases: alias("METRICS"),
    kind: { type: "boolean" },
    default: false,
    defaultText: "off",
    secret: "none",
    group: "metrics",
    description: "Serve `GET /metrics` (Prometheus text format). Off: `/metrics` is 404.",
  },
  "metrics-token-file": secretFile({
    flag: "--metrics-token-file",
    env: "METRICS_TOKEN_FILE",
    group: "metrics",
    defaultText: "none",
    description:
      "`/metrics` answers only `Authorization: Bearer <the file's token>` (one line, mode 0600, a random token: `openssl rand -base64 32`; read once at start). Needs `--metrics`.",
  }),
  demo: {
    flag: "--demo",
    env: "MAILFINDER_DEMO",
    aliases: alias("DEMO"),
    kind: { type: "boolean" },
    default: false,
    defaultText: "off",
    secret: "none",
    group: "demo",
    description: "Try mode: the embedded sandbox at `/demo-api`.",
  },
  "demo-db": {
    flag: "--demo-db",
    env: "MAILFINDER_DEMO_DB",
    aliases: alias("DEMO_DB"),
    kind: { type: "file" },
    default: ".demo/demo.db",
    placeholder: "<file>",
    secret: "none",
    group: "demo",
    description: "The demo's own database (its folder is created).",
  },
  "demo-credits": {
    flag: "--demo-credits",
    env: "MAILFINDER_DEMO_CREDITS",
    aliases: alias("DEMO_CREDITS"),
    kind: { type: "integer", min: 1, max: 100_000 },
    default: 50,
    placeholder: "<n>",
    secret: "none",
    group: "demo",
    description: "Credits of each demo account.",
  },
  "demo-rate-limit": {
    flag: "--demo-rate-limit",
    env: "MAILFINDER_DEMO_RATE_LIMIT",
    aliases: alias("DEMO_RATE_LIMIT"),
    kind: { type: "integer", min: 1, max: 1_000_000 },
    // A bulk job's polling and a fill-down of a few dozen cells fit in a minute.
    default: 300,
    placeholder: "<n>",
    secret: "none",
    group: "demo",
    description: "Requests per minute from one client address to `/demo-api` (then 429).",
  },
  ...TEAM_SETTINGS,
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

/** Flags that do something instead of setting something. */
export const ACTIONS = {
  "--help": "Print this help and exit.",
  "--print-config": "Print the effective configuration as JSON (secrets masked) and exit.",
} as const;

export type Action = keyof typeof ACTIONS;
