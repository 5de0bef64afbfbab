import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { SANDBOX_FLAGS, USAGE, parseArgs, wantsHelp } from "../../src/sandbox/cli";

// `npm run sandbox -- --port <n> --db <file | :memory:>` and its knobs (SANDBOX_FLAGS).

describe("parseArgs", () => {
  test("defaults", () => {
    expect(parseArgs([])).toEqual({ port: 4010, host: "127.0.0.1", db: ".sandbox/sandbox.db" });
  });

  test("every flag", () => {
    const options = parseArgs([
      "--port",
      "0",
      "--host",
      "0.0.0.0",
      "--db",
      ":memory:",
      "--latency-ms",
      "250",
      "--concurrency",
      "3",
      "--queue-timeout-ms",
      "1500",
      "--fault-rate",
      "0.25",
      "--slow-rate",
      "0.5",
      "--slow-ms",
      "2000",
      "--drop-rate",
      "0.1",
      "--malformed-rate",
      "0.05",
      "--job-step-ms",
      "20",
      "--job-chunk",
      "50",
      "--domain-ready-ms",
      "100",
      "--demo-key",
      "my-demo-key-123",
      "--cors-origin",
      "https://a.example",
      "--cors-origin",
      "https://b.example",
      "--seed",
      "42",
      "--log",
    ]);
    expect(options).toEqual({
      port: 0,
      host: "0.0.0.0",
      db: ":memory:",
      latencyMs: 250,
      concurrency: 3,
      queueTimeoutMs: 1500,
      faults: { rate503: 0.25, slowRate: 0.5, slowMs: 2000, dropRate: 0.1, malformedRate: 0.05 },
      jobStepMs: 20,
      jobChunkSize: 50,
      domainReadyMs: 100,
      demoApiKey: "my-demo-key-123",
      corsOrigins: ["https://a.example", "https://b.example"],
      seed: 42,
      logger: true,
    });
  });

  test("a single fault flag creates only that fault; bounds are inclusive", () => {
    expect(parseArgs(["--fault-rate", "1"]).faults).toEqual({ rate503: 1 });
    expect(parseArgs(["--fault-rate", "0"]).faults).toEqual({ rate503: 0 });
    expect(parseArgs(["--fault-rate", "0.2", "--fault-seed", "44"]).faults).toEqual({
      rate503: 0.2,
      seed: 44,
    });
    expect(parseArgs(["--port", "65535"]).port).toBe(65535);
    expect(parseArgs(["--concurrency", "1"]).concurrency).toBe(1);
    expect(parseArgs(["--db", "/tmp/x/sandbox.db"]).db).toBe("/tmp/x/sandbox.db");
    expect(parseArgs(["--port", "5000"])).not.toHaveProperty("faults");
  });

  test.each<[string, string[]]>([
    ["a port above 65535", ["--port", "65536"]],
    ["a negative port", ["--port", "-1"]],
    ["a port that is not a number", ["--port", "abc"]],
    ["a port without a value", ["--port"]],
    ["an empty port", ["--port", ""]],
    ["a fault rate above 1", ["--fault-rate", "1.5"]],
    ["a negative fault seed", ["--fault-seed", "-1"]],
    ["a negative slow rate", ["--slow-rate", "-0.1"]],
    ["a drop rate that is not a number", ["--drop-rate", "often"]],
    ["a malformed rate above 1", ["--malformed-rate", "2"]],
    ["zero concurrency", ["--concurrency", "0"]],
    ["a negative latency", ["--latency-ms", "-5"]],
    ["a negative queue timeout", ["--queue-timeout-ms", "-1"]],
    ["Infinity", ["--latency-ms", "Infinity"]],
    ["a job chunk of zero", ["--job-chunk", "0"]],
    ["a negative domain ready time", ["--domain-ready-ms", "-1"]],
    ["a db flag without a file", ["--db"]],
    ["a db flag followed by another flag", ["--db", "--port", "5000"]],
    ["a host flag without an address", ["--host"]],
    ["a host flag followed by another flag", ["--host", "--port", "5000"]],
    ["a cors origin without a value", ["--cors-origin"]],
    ["a cors origin that is not an origin", ["--cors-origin", "localhost:3000"]],
    ["a cors origin with a path", ["--cors-origin", "https://a.example/app"]],
    ["a short demo key", ["--demo-key", "short"]],
    ["a demo key with a space", ["--demo-key", "has a space in it"]],
    ["a demo key without a value", ["--demo-key"]],
    ["a negative seed", ["--seed", "-1"]],
    ["an unknown flag", ["--verbose"]],
    ["a stray value", ["4010"]],
  ])("%s throws with the usage text", (_name, argv) => {
    expect(() => parseArgs(argv)).toThrow(/Usage: npm run sandbox/);
  });

  test("the flags table and the parser agree: every flag of the table is read, each in the usage", () => {
    for (const { flag, placeholder } of SANDBOX_FLAGS) {
      const argv = placeholder ? [flag, flag === "--demo-key" ? "a-demo-key" : "1"] : [flag];
      if (flag === "--db" || flag === "--host") argv[1] = "x";
      if (flag === "--cors-origin") argv[1] = "https://a.example";
      let message = "";
      try {
        parseArgs(argv);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).not.toContain("Unknown option");
      expect(USAGE).toContain(flag);
    }
    expect(wantsHelp(["--port", "1", "-h"])).toBe(true);
    expect(wantsHelp(["--help"])).toBe(true);
    expect(wantsHelp(["--port", "1"])).toBe(false);
  });

  test("--help throws the usage text, which lists every flag", () => {
    let message = "";
    try {
      parseArgs(["--help"]);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const flag of [
      "--port",
      "--host",
      "--db",
      "--latency-ms",
      "--concurrency",
      "--queue-timeout-ms",
      "--fault-rate",
      "--slow-rate",
      "--slow-ms",
      "--drop-rate",
      "--malformed-rate",
      "--job-step-ms",
      "--job-chunk",
      "--domain-ready-ms",
      "--demo-key",
      "--cors-origin",
      "--seed",
      "--log",
    ]) {
      expect(message).toContain(flag);
    }
  });
});

describe("the sandbox as a process", () => {
  let child: ChildProcess | null = null;

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    child = null;
  });

  /** Reads stdout until `pattern` has matched every line it needs. */
  function readUntil(
    process: ChildProcess,
    done: (output: string) => boolean,
    timeoutMs: number
  ): Promise<string> {
    return new Promise((resolve, reject) => {
      let output = "";
      let errors = "";
      const timer = setTimeout(
        () => reject(new Error(`timed out; stdout: ${output}; stderr: ${errors}`)),
        timeoutMs
      );
      process.stderr!.on("data", (chunk) => (errors += chunk));
      process.stdout!.on("data", (chunk) => {
        output += chunk;
        if (done(output)) {
          clearTimeout(timer);
          resolve(output);
        }
      });
      process.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code}; stdout: ${output}; stderr: ${errors}`));
      });
    });
  }

  test("--help and -h print the usage on stdout and exit 0, starting nothing", async () => {
    const root = join(__dirname, "..", "..");
    for (const flag of ["--help", "-h"]) {
      child = spawn(
        process.execPath,
        ["--import", "tsx", "src/sandbox/server.ts", "--port", "0", flag],
        { cwd: root, stdio: ["ignore", "pipe", "pipe"] }
      );
      let stdout = "";
      let stderr = "";
      child.stdout!.on("data", (chunk) => (stdout += chunk));
      child.stderr!.on("data", (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child!.once("exit", resolve));
      expect({ flag, code, stderr }).toEqual({ flag, code: 0, stderr: "" });
      expect(stdout).toContain("Usage: npm run sandbox -- [options]");
      expect(stdout).toContain("--help, -h");
      expect(stdout).not.toContain("listening");
    }
  }, 60_000);

  test("prints its base URL and demo key, serves them, and stops on SIGTERM", async () => {
    const root = join(__dirname, "..", "..");
    child = spawn(
      // Node itself, with tsx as its loader: the tsx command would relay SIGTERM to its child and,
      // if the child did not report it within 30 ms (a loaded machine), kill it (exit 143).
      process.execPath,
      ["--import", "tsx", "src/sandbox/server.ts", "--port", "0", "--db", ":memory:"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      }
    );
    const output = await readUntil(
      child,
      (text) => /base URL\s*:\s*\S+/.test(text) && /demo key\s*:\s*\S+/.test(text),
      30_000
    );
    const baseUrl = /base URL\s*:\s*(\S+)/.exec(output)![1]!;
    const demoKey = /demo key\s*:\s*(\S+)/.exec(output)![1]!;
    expect(baseUrl).toMatch(/^http:\/\/[^/]+:\d+$/);
    expect(baseUrl).not.toMatch(/:0$/);

    const status = await fetch(`${baseUrl}/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ healthy: true });
    const account = await fetch(`${baseUrl}/v5.1/account`, {
      headers: { authorization: `Bearer ${demoKey}` },
    });
    expect(account.status).toBe(200);
    const body = (await account.json()) as { credits_left: unknown; email: unknown };
    expect(typeof body.credits_left).toBe("number");
    expect(typeof body.email).toBe("string");

    const exited = new Promise<number | null>((resolve) =>
      child!.once("exit", (code) => resolve(code))
    );
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  test("a bad flag exits with status 2 and the usage text on stderr", async () => {
    const root = join(__dirname, "..", "..");
    child = spawn(
      process.execPath,
      ["--import", "tsx", "src/sandbox/server.ts", "--port", "nope"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      }
    );
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) =>
      child!.once("exit", (c) => resolve(c))
    );
    expect(code).toBe(2);
    expect(stderr).toContain("Usage: npm run sandbox");
  });
});
