import type { SandboxOptions } from "./app";

export interface CliOptions extends SandboxOptions {
  port: number;
  host: string;
}

/** One flag of the sandbox, as `--help` and docs/sandbox.md say it. */
export interface SandboxFlag {
  flag: `--${string}`;
  /** The value's placeholder: `--port <n>`; none for a switch. */
  placeholder?: string;
  /** The default as people read it. */
  default: string;
  meaning: string;
}

/**
 * The sandbox's flags, in the order of `--help` and of the table in docs/sandbox.md (written by
 * scripts/write-doc-tables.ts); parseArgs reads each, and a test checks both agree.
 */
export const SANDBOX_FLAGS: readonly SandboxFlag[] = [
  {
    flag: "--port",
    placeholder: "<n>",
    default: "4010",
    meaning: "port to listen on (0 picks a free one)",
  },
  { flag: "--host", placeholder: "<addr>", default: "127.0.0.1", meaning: "address to bind" },
  {
    flag: "--db",
    placeholder: "<file|:memory:>",
    default: ".sandbox/sandbox.db",
    meaning: "SQLite database; accounts, credits, jobs and webhooks survive restarts",
  },
  {
    flag: "--latency-ms",
    placeholder: "<ms>",
    default: "0",
    meaning: "processing time of each lookup, spent while holding a queue slot",
  },
  {
    flag: "--concurrency",
    placeholder: "<n>",
    default: "16",
    meaning: "lookups served at once (1 to 10000)",
  },
  {
    flag: "--queue-timeout-ms",
    placeholder: "<ms>",
    default: "60000",
    meaning: "how long a lookup waits for a slot before 503 server_busy",
  },
  {
    flag: "--fault-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of API requests answered 503 server_busy",
  },
  {
    flag: "--fault-seed",
    placeholder: "<n>",
    default: "none: at random",
    meaning: "seed of the fault rates' draws: the same faults in every run",
  },
  {
    flag: "--slow-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of answers delayed by --slow-ms",
  },
  { flag: "--slow-ms", placeholder: "<ms>", default: "0", meaning: "delay of a slow answer" },
  {
    flag: "--drop-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of connections closed without an answer (after the work: the costly case)",
  },
  {
    flag: "--malformed-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of answers with a truncated JSON body",
  },
  {
    flag: "--job-step-ms",
    placeholder: "<ms>",
    default: "0",
    meaning: "pause between bulk/GeoLead worker steps",
  },
  {
    flag: "--job-chunk",
    placeholder: "<n>",
    default: "1000",
    meaning: "rows per worker step (1 to 100000)",
  },
  {
    flag: "--domain-ready-ms",
    placeholder: "<ms>",
    default: "3000",
    meaning: "time from a domain file order to ready",
  },
  {
    flag: "--demo-key",
    placeholder: "<key>",
    default: "sandbox-demo-key",
    meaning: "API key of the demo account (8 to 200 printable characters)",
  },
  {
    flag: "--cors-origin",
    placeholder: "<origin>",
    default: "loopback origins only",
    meaning: "another origin allowed by CORS, such as https://host:port (repeatable)",
  },
  {
    flag: "--seed",
    placeholder: "<n>",
    default: "20261121",
    meaning: "seed of the generated directory",
  },
  { flag: "--log", default: "off", meaning: "log every request" },
];

/** `--help` and `-h`: print the usage (stdout, exit 0). */
export const HELP_FLAGS = ["--help", "-h"] as const;

export const USAGE = [
  "Usage: npm run sandbox -- [options]",
  ...SANDBOX_FLAGS.map(
    ({ flag, placeholder, default: byDefault, meaning }) =>
      `  ${`${flag}${placeholder ? ` ${placeholder}` : ""}`.padEnd(25)} ${meaning} (default ${byDefault})`
  ),
  `  ${HELP_FLAGS.join(", ").padEnd(25)} print this help and exit`,
].join("\n");

/** Whether the command line asks for the usage (answered whatever else it holds). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((token) => (HELP_FLAGS as readonly string[]).includes(token));
}

/** Parses the sandbox's flags (SANDBOX_FLAGS). Throws with the usage text on bad input; see wantsHelp for --help. */
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
      case "--fault-seed":
        faults.seed = number(flag, value(), 0, 2 ** 32 - 1);
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
        // The CLI answers these before parsing (wantsHelp); here they are not options.
        throw new Error(USAGE);
      default:
        throw new Error(`Unknown option ${flag}\n\n${USAGE}`);
    }
  }
  if (Object.keys(faults).length > 0) options.faults = faults;
  if (cors.length > 0) options.corsOrigins = cors;
  return options;
}
