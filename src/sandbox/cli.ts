import type { SandboxOptions } from "./app";

export interface CliOptions extends SandboxOptions {
  port: number;
  host: string;
}

const USAGE = `Usage: npm run sandbox -- [options]
  --port <n>               port to listen on (default 4010; 0 picks a free one)
  --host <addr>            address to bind (default 127.0.0.1)
  --db <file|:memory:>     SQLite database (default .sandbox/sandbox.db)
  --latency-ms <n>         processing time of each lookup (default 0)
  --concurrency <n>        lookups served at once (default 16)
  --queue-timeout-ms <n>   wait for a slot before 503 server_busy (default 60000)
  --fault-rate <0..1>      share of API requests answered 503 (default 0)
  --slow-rate <0..1>       share of answers delayed by --slow-ms
  --slow-ms <n>            delay of a slow answer (default 0)
  --drop-rate <0..1>       share of connections closed without an answer
  --malformed-rate <0..1>  share of answers with a broken JSON body
  --job-step-ms <n>        pause between bulk/GeoLead worker steps (default 0)
  --job-chunk <n>          rows per worker step (default 1000)
  --domain-ready-ms <n>    time from a domain file order to ready (default 3000)
  --demo-key <key>         API key of the demo account (default sandbox-demo-key)
  --cors-origin <origin>   extra origin allowed by CORS (repeatable)
  --seed <n>               seed of the generated directory
  --log                    log every request`;

/** Parses the sandbox's flags (DESIGN section 7). Throws with the usage text on bad input. */
export function parseArgs(argv: string[]): CliOptions {
  const options: CliOptions = { port: 4010, host: "127.0.0.1", db: ".sandbox/sandbox.db" };
  const faults: NonNullable<SandboxOptions["faults"]> = {};
  const cors: string[] = [];
  const number = (
    flag: string,
    value: string | undefined,
    min: number,
    max = Number.MAX_SAFE_INTEGER
  ): number => {
    const n = Number(value);
    if (value === undefined || value.trim() === "" || !Number.isFinite(n) || n < min || n > max) {
      throw new Error(`${flag} needs a number from ${min} to ${max}\n\n${USAGE}`);
    }
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string | undefined => argv[++i];
    switch (flag) {
      case "--port":
        options.port = number(flag, value(), 0, 65535);
        break;
      case "--host": {
        const host = value();
        if (!host || host.startsWith("--")) throw new Error(`--host needs an address\n\n${USAGE}`);
        options.host = host;
        break;
      }
      case "--db": {
        const file = value();
        if (!file || file.startsWith("--"))
          throw new Error(`--db needs a file or :memory:\n\n${USAGE}`);
        options.db = file;
        break;
      }
      case "--latency-ms":
        options.latencyMs = number(flag, value(), 0);
        break;
      case "--concurrency":
        options.concurrency = number(flag, value(), 1, 10_000);
        break;
      case "--queue-timeout-ms":
        options.queueTimeoutMs = number(flag, value(), 0);
        break;
      case "--fault-rate":
        faults.rate503 = number(flag, value(), 0, 1);
        break;
      case "--slow-rate":
        faults.slowRate = number(flag, value(), 0, 1);
        break;
      case "--slow-ms":
        faults.slowMs = number(flag, value(), 0);
        break;
      case "--drop-rate":
        faults.dropRate = number(flag, value(), 0, 1);
        break;
      case "--malformed-rate":
        faults.malformedRate = number(flag, value(), 0, 1);
        break;
      case "--job-step-ms":
        options.jobStepMs = number(flag, value(), 0);
        break;
      case "--job-chunk":
        options.jobChunkSize = number(flag, value(), 1, 100_000);
        break;
      case "--domain-ready-ms":
        options.domainReadyMs = number(flag, value(), 0);
        break;
      case "--demo-key": {
        const key = value();
        if (!key || !/^[\x21-\x7e]{8,200}$/.test(key))
          throw new Error(`--demo-key needs 8 to 200 printable characters\n\n${USAGE}`);
        options.demoApiKey = key;
        break;
      }
      case "--cors-origin": {
        const origin = value();
        if (!origin || !/^https?:\/\/[^/\s]+$/.test(origin))
          throw new Error(`--cors-origin needs an origin such as https://host:port\n\n${USAGE}`);
        cors.push(origin);
        break;
      }
      case "--seed":
        options.seed = number(flag, value(), 0, 2 ** 32 - 1);
        break;
      case "--log":
        options.logger = true;
        break;
      case "--help":
      case "-h":
        throw new Error(USAGE);
      default:
        throw new Error(`Unknown option ${flag}\n\n${USAGE}`);
    }
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  if (cors.length > 0) options.corsOrigins = cors;
  return options;
}
