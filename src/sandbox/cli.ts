import type { SandboxOptions } from "./app";

export interface CliOptions extends SandboxOptions {
  port: number;
  host: string;
}

type Faults = NonNullable<SandboxOptions["faults"]>;

/** What a numeric flag sets, parsed. */
interface ParsedFlags {
  options: CliOptions;
  faults: Faults;
}

/** A flag whose value is a number from `min` to `max`, and where parseArgs puts it. */
interface NumberValue {
  min: number;
  max?: number;
  set(parsed: ParsedFlags, value: number): void;
}

/** One flag of the sandbox, as `--help` and docs/sandbox.md say it. */
export interface SandboxFlag {
  flag: `--${string}`;
  /** The value's placeholder: `--port <n>`; none for a switch. */
  placeholder?: string;
  /** The default as people read it. */
  default: string;
  meaning: string;
  /** A number flag: read by parseArgs from this row alone. */
  number?: NumberValue;
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
    number: { min: 0, max: 65535, set: (p, n) => (p.options.port = n) },
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
    number: { min: 0, set: (p, n) => (p.options.latencyMs = n) },
  },
  {
    flag: "--concurrency",
    placeholder: "<n>",
    default: "16",
    meaning: "lookups served at once (1 to 10000)",
    number: { min: 1, max: 10_000, set: (p, n) => (p.options.concurrency = n) },
  },
  {
    flag: "--queue-timeout-ms",
    placeholder: "<ms>",
    default: "60000",
    meaning: "how long a lookup waits for a slot before 503 server_busy",
    number: { min: 0, set: (p, n) => (p.options.queueTimeoutMs = n) },
  },
  {
    flag: "--fault-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of API requests answered 503 server_busy",
    number: { min: 0, max: 1, set: (p, n) => (p.faults.rate503 = n) },
  },
  {
    flag: "--fault-seed",
    placeholder: "<n>",
    default: "none: at random",
    meaning: "seed of the fault rates' draws: the same faults in every run",
    number: { min: 0, max: 2 ** 32 - 1, set: (p, n) => (p.faults.seed = n) },
  },
  {
    flag: "--slow-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of answers delayed by --slow-ms",
    number: { min: 0, max: 1, set: (p, n) => (p.faults.slowRate = n) },
  },
  {
    flag: "--slow-ms",
    placeholder: "<ms>",
    default: "0",
    meaning: "delay of a slow answer",
    number: { min: 0, set: (p, n) => (p.faults.slowMs = n) },
  },
  {
    flag: "--drop-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of connections closed without an answer (after the work: the costly case)",
    number: { min: 0, max: 1, set: (p, n) => (p.faults.dropRate = n) },
  },
  {
    flag: "--malformed-rate",
    placeholder: "<0..1>",
    default: "0",
    meaning: "share of answers with a truncated JSON body",
    number: { min: 0, max: 1, set: (p, n) => (p.faults.malformedRate = n) },
  },
  {
    flag: "--job-step-ms",
    placeholder: "<ms>",
    default: "0",
    meaning: "pause between bulk/GeoLead worker steps",
    number: { min: 0, set: (p, n) => (p.options.jobStepMs = n) },
  },
  {
    flag: "--job-chunk",
    placeholder: "<n>",
    default: "1000",
    meaning: "rows per worker step (1 to 100000)",
    number: { min: 1, max: 100_000, set: (p, n) => (p.options.jobChunkSize = n) },
  },
  {
    flag: "--domain-ready-ms",
    placeholder: "<ms>",
    default: "3000",
    meaning: "time from a domain file order to ready",
    number: { min: 0, set: (p, n) => (p.options.domainReadyMs = n) },
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
    number: { min: 0, max: 2 ** 32 - 1, set: (p, n) => (p.options.seed = n) },
  },
  { flag: "--log", default: "off", meaning: "log every request" },
];

const NUMBER_FLAGS = new Map(
  SANDBOX_FLAGS.flatMap(({ flag, number }) => (number ? [[flag as string, number] as const] : []))
);

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
  const faults: Faults = {};
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
    const numeric = NUMBER_FLAGS.get(flag);
    if (numeric) {
      numeric.set({ options, faults }, number(flag, value(), numeric.min, numeric.max));
      continue;
    }
    switch (flag) {
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
