import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { version } from "../../package.json";
import { buildServer } from "./app";
import { maskedUrl } from "./config/masking";
import { printableConfig } from "./config/print-config";
import { ConfigError } from "./config/read-settings";
import { USAGE } from "./config/usage";
import { writeLogLine } from "./logging";
import { parseCommandLine, type CommandLineRequest, type ServerOptions } from "./options";
import { NO_PUBLIC_URL_MESSAGE } from "./public-manifests";
import { manifestUrls } from "./public-url-files";

// Entry of `npm run serve`. A configuration it refuses is said in plain text
// on stderr with exit 2 (the answer to whoever typed the command: the reason, and the usage
// where it helps); `--help` and `--print-config` print and exit 0. From the start on, every
// line is a JSON log line, the first saying where the host listens. On SIGTERM or SIGINT it
// stops taking new requests, lets those in flight finish (up to the grace period), then exits.
async function main(): Promise<void> {
  let request: CommandLineRequest;
  try {
    request = parseCommandLine(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (request.action === "--help") {
    console.log(USAGE);
    process.exit(0);
  }
  if (request.action === "--print-config") {
    console.log(JSON.stringify(printableConfig(request.settings, request.options), null, 2));
    process.exit(0);
  }
  const { options } = request;
  if (!existsSync(join(options.dist, "taskpane.html"))) {
    console.error(
      `--dist ${options.dist} holds no built add-in (taskpane.html): run npm run build`
    );
    process.exit(2);
  }
  let app: FastifyInstance;
  let address: string;
  try {
    app = await buildServer({ ...options, log: true });
    address = await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    // An unreadable certificate, a port in use: said in one line, not as a stack.
    writeLogLine("fatal", `The host could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  started(app, address, options);
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, `${signal}: finishing the requests in flight, then stopping`);
    const force = setTimeout(() => {
      app.log.error(`still busy after ${options.shutdownGraceMs} ms: stopping anyway`);
      process.exit(1);
    }, options.shutdownGraceMs);
    force.unref();
    void app.close().then(() => {
      app.log.info("stopped");
      process.exit(0);
    });
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

/** The start's log line: where the host listens, on which Node, and what it serves. */
function started(app: FastifyInstance, address: string, options: ServerOptions): void {
  const url = address.replace("://0.0.0.0", "://localhost").replace("://[::]", "://localhost");
  const protocol = options.cert
    ? "HTTPS, HTTP/2 with HTTP/1.1 fallback"
    : "HTTP/1.1 (put TLS in front)";
  const team = options.team;
  app.log.info(
    {
      url,
      protocol,
      node: process.version,
      version,
      addin: `${url}/taskpane.html`,
      dist: options.dist,
      relay: `${url}/api`,
      manifests: options.publicUrl ? manifestUrls(options.publicUrl) : "off (no --public-url)",
      upstream: options.upstream,
      health: `${url}/healthz`,
      readiness: `${url}/readyz`,
      metrics: options.metrics
        ? `${url}/metrics${options.metricsTokenFile ? " (token)" : " (open)"}`
        : "off",
      ...(options.demo
        ? {
            demo: `${url}/demo-api`,
            demoCredits: options.demoCredits,
            demoRateLimit: options.demoRateLimit,
            demoDb: options.demoDb,
          }
        : {}),
      mode: team ? "team" : options.demo ? "demo" : "relay",
      ...(team
        ? {
            store: team.databaseUrl
              ? `PostgreSQL ${maskedUrl(team.databaseUrl)}`
              : `SQLite ${team.db}`,
            entra: team.entra !== null,
            admin: `${url}/admin`,
          }
        : {}),
    },
    `Mail Finder host listening at ${url} (${protocol}, Node ${process.version})`
  );
  // Said at every start: without it, users cannot be given a manifest for this host.
  if (!options.publicUrl) app.log.warn(`No --public-url: ${NO_PUBLIC_URL_MESSAGE}`);
}

void main();
