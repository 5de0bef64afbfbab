import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer } from "./app";
import { parseServerArgs, type ServerOptions } from "./options";

// Entry of `npm run serve` (DESIGN 6b): prints its URL; on SIGTERM or SIGINT it stops taking
// new requests, lets those in flight finish (up to the grace period), then exits.
async function main(): Promise<void> {
  let options: ServerOptions;
  try {
    options = parseServerArgs(process.argv.slice(2));
    if (!existsSync(join(options.dist, "taskpane.html")))
      throw new Error(
        `--dist ${options.dist} holds no built add-in (taskpane.html): run npm run build`
      );
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  let app: FastifyInstance;
  let address: string;
  try {
    app = await buildServer(options);
    address = await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    // An unreadable certificate, a port in use: said in one line, not as a stack.
    console.error(`The host could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  const url = address.replace("://0.0.0.0", "://localhost").replace("://[::]", "://localhost");
  const protocol = options.cert
    ? "HTTPS, HTTP/2 with HTTP/1.1 fallback"
    : "HTTP/1.1 (put TLS in front)";
  console.log(`Mail Finder host listening at ${url} (${protocol}, Node ${process.version})`);
  console.log(`  add-in   : ${url}/taskpane.html (from ${options.dist})`);
  console.log(`  relay    : ${url}/api -> ${options.upstream}`);
  console.log(`  health   : ${url}/healthz`);
  if (options.demo)
    console.log(
      `  demo     : ${url}/demo-api (Try mode: ${options.demoCredits} credits per demo account, ${options.demoRateLimit} requests a minute per address, database ${options.demoDb})`
    );
  if (options.team) {
    const database = options.team.databaseUrl
      ? `PostgreSQL at ${new URL(options.team.databaseUrl).host}`
      : `SQLite ${options.team.db}`;
    console.log(
      `  team     : the service key is held here; members sign in (${database}${options.team.entra ? ", Microsoft Entra ID" : ""})`
    );
    console.log(`  admin    : ${url}/admin`);
  }
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing the requests in flight, then stopping`);
    const force = setTimeout(() => {
      console.error(`still busy after ${options.shutdownGraceMs} ms: stopping anyway`);
      process.exit(1);
    }, options.shutdownGraceMs);
    force.unref();
    void app.close().then(() => {
      console.log("stopped");
      process.exit(0);
    });
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

void main();
