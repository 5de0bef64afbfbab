import { buildServer } from "./app";
import { parseServerArgs, type ServerOptions } from "./options";

// Entry of `npm run serve` (DESIGN 6b): prints its URL; on SIGTERM or SIGINT it stops taking
// new requests, lets those in flight finish (up to the grace period), then exits.
async function main(): Promise<void> {
  let options: ServerOptions;
  try {
    options = parseServerArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const app = await buildServer(options);
  const address = await app.listen({ port: options.port, host: options.host });
  const url = address.replace("://0.0.0.0", "://localhost").replace("://[::]", "://localhost");
  const protocol = options.cert
    ? "HTTPS, HTTP/2 with HTTP/1.1 fallback"
    : "HTTP/1.1 (put TLS in front)";
  console.log(`Mail Finder host listening at ${url} (${protocol})`);
  console.log(`  add-in   : ${url}/taskpane.html (from ${options.dist})`);
  console.log(`  relay    : ${url}/api -> ${options.upstream}`);
  console.log(`  health   : ${url}/healthz`);
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
    void app.close().then(() => process.exit(0));
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));
}

void main();
