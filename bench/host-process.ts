import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { ROOT } from "./production-build";

// The production host (`npm run serve`) in a process of its own, as it runs for
// users: the benchmarks keep it apart from their own process, which also drives the browser
// (Playwright's protocol traffic would delay the host's answers).

export interface HostProcess {
  /** http(s)://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface HostProcessOptions {
  dist: string;
  upstream: string;
  /** HTTPS and HTTP/2 with this certificate; HTTP/1.1 without. */
  tls?: { cert: string; key: string } | null;
  /** More flags of `npm run serve` (`--quiet`, `--upstream-connections 128`). */
  args?: string[];
  /** More environment (DATABASE_URL for team mode on PostgreSQL). */
  env?: Record<string, string>;
  /** The checkout whose host runs (default this one): a baseline's, to compare with. */
  root?: string;
  /**
   * A compiled host (scripts/release/compile-host.ts: `server/cli.js` of a release) run with
   * node alone, as a release runs it; by default the checkout's sources under tsx.
   */
  compiled?: string;
}

/** Starts the host on a free port; resolves with its URL once it listens. */
export async function startHostProcess(options: HostProcessOptions): Promise<HostProcess> {
  const root = options.root ?? ROOT;
  const args = options.compiled
    ? ["--enable-source-maps", options.compiled, "--port", "0"]
    : ["--import", "tsx", join(root, "src/server/cli.ts"), "--port", "0"];
  args.push("--host", "127.0.0.1", "--dist", options.dist, "--upstream", options.upstream);
  if (options.tls) args.push("--cert", options.tls.cert, "--key", options.tls.key);
  args.push(...(options.args ?? []));
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...options.env },
  });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    // A minute: on a machine busy with other work a start takes far longer than its 2 s.
    const timer = setTimeout(() => {
      // Not left running: a child would keep the benchmark's process from ending.
      child.kill("SIGKILL");
      reject(new Error(`host did not start within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /Mail Finder host listening at (https?:\/\/[^\s"]+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
