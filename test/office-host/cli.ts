/**
 * `npm run office-host -- --addin <url> [--port <n>] [--host <name>] ...`: the Office host page
 * on its own, for other tools (a browser driven by hand, Playwright, Puppeteer) to open and
 * drive through `window.officeHost` (README-cli-traces.md). It prints the page's URL for the
 * add-in and stops on SIGINT or SIGTERM.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOfficeHostServer, type OfficeHostServer } from "./server";

export interface OfficeHostCliOptions {
  /** 0: a free port (the URL printed says which). */
  port: number;
  host: string;
  /** The add-in's page (its shared runtime's page), http(s). */
  addin: string;
  locale?: string;
  seed?: number;
  visibility?: "Taskpane" | "Hidden";
  /** PEM files; absent: the office-addin-dev-certs pair if present, else a throwaway one. */
  certificate?: { cert: string; key: string };
}

export const USAGE = `Usage: npm run office-host -- --addin <url> [options]
  --addin <url>        the add-in's page, http(s) (required), e.g.
                       https://localhost:3000/taskpane.html from npm run dev-server
  --port <n>           port of the host page (default 0: a free one, printed)
  --host <name>        name it listens on and is reached by (default 127.0.0.1). office.js
                       only talks to an https host page on the add-in's own host name (or on
                       *.officeapps.live.com): for https://localhost:3000 use --host localhost
  --locale <tag>       Office's display language (default en-US)
  --seed <n>           seeds the order of one calculation's custom function calls (default 1)
  --visibility <v>     Taskpane (default) or Hidden: the runtime starts without its pane
  --cert <file>        PEM certificate of the host page; with --key. Default: the
  --key <file>         office-addin-dev-certs pair (~/.office-addin-dev-certs/localhost.crt
                       and localhost.key) when present, else a throwaway self-signed one
  --help               this text`;

/** A refusal of the command line: the message, then exit code 2. */
export class UsageError extends Error {}

/** The office-addin-dev-certs pair (as scripts/dev-certs.js reads it), when both files exist. */
export function devCertificate(home = os.homedir()): { cert: string; key: string } | undefined {
  const directory = path.join(home, ".office-addin-dev-certs");
  const cert = path.join(directory, "localhost.crt");
  const key = path.join(directory, "localhost.key");
  return fs.existsSync(cert) && fs.existsSync(key) ? { cert, key } : undefined;
}

const FLAGS = new Set([
  "--addin",
  "--port",
  "--host",
  "--locale",
  "--seed",
  "--visibility",
  "--cert",
  "--key",
]);

/**
 * Reads the flags (`--flag value` or `--flag=value`). Throws a UsageError on an unknown flag,
 * a missing or bad value, or a missing --addin; returns null for --help.
 */
export function parseArgs(
  argv: readonly string[],
  defaults: { devCertificate?: () => { cert: string; key: string } | undefined } = {}
): OfficeHostCliOptions | null {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") return null;
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (!FLAGS.has(flag)) throw new UsageError(`unknown argument: ${arg}`);
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else {
      value = argv[i + 1];
      if (value === undefined || value.startsWith("--"))
        throw new UsageError(`${flag} needs a value`);
      i++;
    }
    if (values.has(flag)) throw new UsageError(`${flag} is given twice`);
    values.set(flag, value);
  }

  const addin = values.get("--addin");
  if (addin === undefined) throw new UsageError("--addin <url of the add-in's page> is required");
  let addinUrl: URL;
  try {
    addinUrl = new URL(addin);
  } catch {
    throw new UsageError(`--addin: not a URL: ${addin}`);
  }
  if (addinUrl.protocol !== "https:" && addinUrl.protocol !== "http:")
    throw new UsageError(`--addin: an http(s) URL is needed, not ${addinUrl.protocol}`);

  const options: OfficeHostCliOptions = { port: 0, host: "127.0.0.1", addin: addinUrl.href };

  const port = values.get("--port");
  if (port !== undefined) {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
      throw new UsageError(`--port: a number from 0 to 65535, not ${JSON.stringify(port)}`);
    options.port = Number(port);
  }

  const host = values.get("--host");
  if (host !== undefined) {
    // A name or an IPv4 address: it is also the page's origin (https://<host>:<port>).
    if (
      !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
        host
      )
    )
      throw new UsageError(`--host: a host name or IPv4 address, not ${JSON.stringify(host)}`);
    options.host = host;
  }

  const locale = values.get("--locale");
  if (locale !== undefined) {
    if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(locale))
      throw new UsageError(`--locale: a language tag such as en-US, not ${JSON.stringify(locale)}`);
    options.locale = locale;
  }

  const seed = values.get("--seed");
  if (seed !== undefined) {
    if (!/^-?\d+$/.test(seed) || !Number.isSafeInteger(Number(seed)))
      throw new UsageError(`--seed: an integer, not ${JSON.stringify(seed)}`);
    options.seed = Number(seed);
  }

  const visibility = values.get("--visibility");
  if (visibility !== undefined) {
    if (visibility !== "Taskpane" && visibility !== "Hidden")
      throw new UsageError(`--visibility: Taskpane or Hidden, not ${JSON.stringify(visibility)}`);
    options.visibility = visibility;
  }

  const cert = values.get("--cert");
  const key = values.get("--key");
  if ((cert === undefined) !== (key === undefined))
    throw new UsageError("--cert and --key go together (PEM files)");
  if (cert !== undefined && key !== undefined) {
    for (const [flag, file] of [
      ["--cert", cert],
      ["--key", key],
    ] as const)
      if (!fs.existsSync(file) || !fs.statSync(file).isFile())
        throw new UsageError(`${flag}: no such file: ${file}`);
    options.certificate = { cert: path.resolve(cert), key: path.resolve(key) };
  } else {
    const found = (defaults.devCertificate ?? devCertificate)();
    if (found) options.certificate = found;
  }
  return options;
}

/** office.js trusts the host page's name only when it is the add-in's or Excel on the web's. */
export function trustWarning(options: OfficeHostCliOptions): string | null {
  const addinHost = new URL(options.addin).hostname;
  if (options.host === addinHost || /\.officeapps\.live\.com$/i.test(options.host)) return null;
  return (
    `warning: the add-in is on ${addinHost} and the host page on ${options.host}: office.js ` +
    `in the add-in's frame will not trust the page (it only talks to an https page on the ` +
    `add-in's own host name or *.officeapps.live.com). Use --host ${addinHost}.`
  );
}

async function main(): Promise<void> {
  let options: OfficeHostCliOptions | null;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`office-host: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  let server: OfficeHostServer;
  try {
    server = await startOfficeHostServer({
      port: options.port,
      host: options.host,
      certificate: options.certificate,
    });
  } catch (error) {
    // A port in use, a bad certificate: one line, not a stack.
    console.error(`office-host: the host page could not start: ${(error as Error).message}`);
    process.exit(1);
  }
  const url = server.pageUrl(options.addin, {
    locale: options.locale,
    seed: options.seed,
    visibility: options.visibility,
  });
  const certificate = options.certificate
    ? `certificate ${options.certificate.cert}`
    : "a throwaway self-signed certificate (the browser must be told to accept it)";
  console.log(`Office host page listening at ${server.origin} (${certificate})`);
  console.log(`  add-in : ${options.addin}`);
  console.log(`  open   : ${url}`);
  console.log(`  drive  : window.officeHost in that page (test/office-host/README.md)`);
  const warning = trustWarning(options);
  if (warning) console.error(warning);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    void server.close().then(() => {
      console.log("stopped");
      process.exit(0);
    });
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

if (require.main === module) void main();
