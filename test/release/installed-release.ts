import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";

// The release as an operator has it: packed by `npm run release`, unpacked, installed
// with `npm ci --omit=dev` and started with `npm start -- <flags>`, each from a shell whose PATH
// has the machine's own Node first (Node 20 on Debian and in CI) and no node_modules/.bin of the
// checkout, and none of the npm_* variables an outer `npm test` would pass down. Shared by
// test/release/ and bench/release.ts.

export const ROOT = join(__dirname, "../..");

/** The machine's Node, as an operator's shell finds it. */
export const SYSTEM_NODE = "/usr/bin/node";

/** The environment of an operator's shell: `extra` added. */
export function operatorEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && !dir.includes("node_modules"));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^npm_/i.test(name) && !name.startsWith("MAILFINDER_") && name !== "NODE_OPTIONS")
      env[name] = value;
  return { ...env, PATH: [dirname(SYSTEM_NODE), ...path].join(delimiter), ...extra };
}

export interface Finished {
  code: number | null;
  output: string;
  ms: number;
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv }
): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const finished = { code, output, ms: performance.now() - started };
      if (code === 0) resolve(finished);
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** `npm run release -- --no-build --out-dir <outDir>` (dist/ must be built): the tarball's path. */
export async function packRelease(outDir: string): Promise<{ tarball: string; ms: number }> {
  const packed = await run("npm", ["run", "release", "--", "--no-build", "--out-dir", outDir], {
    cwd: ROOT,
  });
  const tarball = /wrote (\S+\.tgz)/.exec(packed.output)?.[1];
  if (!tarball || !existsSync(tarball)) throw new Error(`no tarball written:\n${packed.output}`);
  return { tarball, ms: packed.ms };
}

export interface InstalledRelease {
  /** The release's folder (mail-finder-<version>/). */
  root: string;
  /** What `npm ci --omit=dev` printed. */
  output: string;
  /** The time of `npm ci --omit=dev`. */
  installMs: number;
}

/** Unpacks `tarball` into `into` and installs it as the README says. */
export async function installRelease(tarball: string, into: string): Promise<InstalledRelease> {
  await run("tar", ["xzf", tarball, "-C", into], { cwd: into });
  const folder = /([^/]+)\.tgz$/.exec(tarball)![1]!;
  const root = join(into, folder);
  const installed = await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund"], {
    cwd: root,
    env: operatorEnv(),
  });
  return { root, output: installed.output, installMs: installed.ms };
}

export interface RunningHost {
  url: string;
  /** The host's start line (where it listens, its Node, its mode), parsed. */
  startLine: Record<string, unknown>;
  /** Milliseconds from the spawn to the start line. */
  listeningMs: number;
  output(): string;
  /** SIGTERM to the process group (npm and the host); resolves once it has exited. */
  stop(): Promise<void>;
}

const LISTENING = /^\{.*"msg":"Mail Finder host listening at (https?:\/\/[^\s"]+).*\}$/m;

/**
 * Runs `command` in `cwd` from an operator's shell (`npm start -- <flags>` in a release, `npm run
 * serve -- <flags>` in the checkout); resolves once the host says where it listens.
 */
export async function startHost(
  cwd: string,
  command: string[],
  env: Record<string, string> = {}
): Promise<RunningHost> {
  const started = performance.now();
  const [program, ...args] = command;
  // A process group of its own, so that a stop reaches the host beneath npm and sh.
  const child: ChildProcess = spawn(program!, args, {
    cwd,
    env: operatorEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  const line = await new Promise<RegExpExecArray>((resolve, reject) => {
    // A minute: on a machine busy with other work a start takes far longer than its second.
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command.join(" ")} did not start within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = LISTENING.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${command.join(" ")} exited with ${code}:\n${output}`));
    });
  });
  return {
    url: line[1]!.replace("://localhost", "://127.0.0.1"),
    startLine: JSON.parse(line[0]) as Record<string, unknown>,
    listeningMs: performance.now() - started,
    output: () => output,
    stop,
  };
}
