import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A sandbox service started as a child process, as `npm run sandbox` would. */
export interface SandboxProcess {
  baseUrl: string;
  demoKey: string;
  child: ChildProcess;
  /** Peak resident memory of the service so far (VmHWM), in MiB. */
  peakMemoryMiB(): number;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 60_000;

export async function startSandboxProcess(args: string[]): Promise<SandboxProcess> {
  const root = join(__dirname, "..");
  // node with tsx's loader, so that the pid is the service itself, not a wrapper.
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(root, "src/sandbox/server.ts"), "--port", "0", ...args],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    }
  );
  const { baseUrl, demoKey } = await new Promise<{ baseUrl: string; demoKey: string }>(
    (resolve, reject) => {
      let output = "";
      // A minute: on a machine busy with other work a start takes far longer than its 2 s.
      const timer = setTimeout(() => {
        // Not left running: a child would keep the benchmark's process from ending.
        child.kill("SIGKILL");
        reject(new Error(`sandbox did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
      }, START_TIMEOUT_MS);
      child.once("exit", (code) => reject(new Error(`sandbox exited with ${code}:\n${output}`)));
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const url = /base URL : (\S+)/.exec(output);
        const key = /demo key : (\S+)/.exec(output);
        if (url && key) {
          clearTimeout(timer);
          resolve({ baseUrl: url[1]!, demoKey: key[1]! });
        }
      });
    }
  );
  return {
    baseUrl,
    demoKey,
    child,
    peakMemoryMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? "0");
      return kb / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Several sandboxes started at once; if one fails to start, those that started are stopped. */
export async function startSandboxProcesses(argsList: string[][]): Promise<SandboxProcess[]> {
  const started = await Promise.allSettled(argsList.map((args) => startSandboxProcess(args)));
  const failed = started.find((s) => s.status === "rejected");
  if (!failed) return started.map((s) => (s as PromiseFulfilledResult<SandboxProcess>).value);
  // Left running, one would keep the benchmark's process from ending.
  for (const s of started) if (s.status === "fulfilled") await s.value.stop();
  throw failed.reason;
}

export async function post(baseUrl: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(baseUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  const columns = Object.keys(rows[0] ?? {});
  const cell = (value: string | number): string =>
    typeof value === "number" ? formatNumber(value) : value;
  const widths = columns.map((c) =>
    Math.max(c.length, ...rows.map((r) => cell(r[c] ?? "").length))
  );
  const line = (values: string[]): string => values.map((v, i) => v.padEnd(widths[i]!)).join("  ");
  console.log(`\n${title}`);
  console.log(line(columns));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => cell(row[c] ?? ""))));
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 1);
}
