import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";

import { canSideload, runSideloader, sideloaderInstalled } from "./sideloader";

const { certificatePaths } = require("./dev-certs") as {
  certificatePaths: () => Record<string, string>;
};

// `npm start`: the sandbox service, the https dev server with its /api relay to the sandbox,
// then sideloading where office-addin-debugging supports it, or the steps to do it by hand.

const ROOT = join(__dirname, "..");
const STATE_FILE = join(ROOT, ".sandbox", "start.json");
const SANDBOX_PORT = Number(process.env.SANDBOX_PORT ?? 4010);
const SANDBOX_DB = process.env.SANDBOX_DB ?? ".sandbox/sandbox.db";
const DEV_SERVER_PORT = Number(
  process.env.DEV_SERVER_PORT ?? process.env.npm_package_config_dev_server_port ?? 3000
);
const bin = (name: string): string => join(ROOT, "node_modules", ".bin", name);

const children: ChildProcess[] = [];

function ensureCertificates(): void {
  const missing = () => Object.values(certificatePaths()).some((file) => !existsSync(file));
  if (missing()) {
    console.log("Creating the localhost development certificate (office-addin-dev-certs install)…");
    // It writes the files even where it cannot trust the CA (no sudo), and still exits 0.
    spawnSync(bin("office-addin-dev-certs"), ["install"], { stdio: "inherit", cwd: ROOT });
  }
  if (missing())
    throw new Error(
      "The development certificate could not be created: run `npx office-addin-dev-certs install`."
    );
}

function start(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {}
): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  child.stdout!.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n"))
      if (line.trim()) console.log(`[${name}] ${line}`);
  });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] exited (${signal ?? code}); stopping.`);
      void stop(1);
    }
  });
  return child;
}

function waitForOutput(
  child: ChildProcess,
  pattern: RegExp,
  timeoutMs: number
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs / 1000} s`)),
      timeoutMs
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
  });
}

/** Polls the dev server until the task pane page answers (its certificate is self-signed). */
async function waitForHttps(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const req = request(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on("error", () => resolve(false));
      req.on("timeout", () => req.destroy());
      req.end();
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let stopping = false;
async function stop(code: number): Promise<void> {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  rmSync(STATE_FILE, { force: true });
  process.exit(code);
}

function sideload(): void {
  if (canSideload && !sideloaderInstalled())
    console.log("office-addin-debugging is not installed: run npm ci (or scripts/setup.sh) again.");
  if (canSideload && sideloaderInstalled()) {
    console.log("Sideloading into Excel desktop (office-addin-debugging)…");
    const status = runSideloader([
      "start",
      "manifest.xml",
      "desktop",
      "--app",
      "excel",
      "--dev-server-port",
      String(DEV_SERVER_PORT),
      "--no-debug",
    ]);
    if (status === 0) return;
    console.log("Sideloading did not complete; use the steps below.");
  }
  console.log(`
Sideload the add-in (office-addin-debugging cannot sideload on ${process.platform}):
  Excel on the web
    1. Trust the development certificate in your browser: import ${certificatePaths().ca}
       as a certificate authority (or open https://localhost:${DEV_SERVER_PORT}/taskpane.html once and accept it).
    2. Open a workbook at https://www.office.com, then Home > Add-ins > More Add-ins >
       My Add-ins > Upload My Add-in, and choose ${join(ROOT, "manifest.xml")}.
    3. Type =MAIL.FINDEMAIL("Ada", "Lovelace", "example.com") in a cell, or open
       Mail Finder on the Home tab.
  Excel on Windows or Mac: run npm start there, or see the README ("Sideloading").`);
}

async function main(): Promise<void> {
  process.once("SIGINT", () => void stop(0));
  process.once("SIGTERM", () => void stop(0));
  ensureCertificates();

  const sandbox = start("sandbox", process.execPath, [
    "--import",
    "tsx",
    "src/sandbox/server.ts",
    "--port",
    String(SANDBOX_PORT),
    "--db",
    SANDBOX_DB,
    // A little latency and pacing, so that a demo shows progress as the real service would.
    "--latency-ms",
    "300",
    "--job-step-ms",
    "250",
    "--job-chunk",
    "200",
  ]);
  const [, baseUrl, demoKey] = await waitForOutput(
    sandbox,
    /base URL : (\S+)[\s\S]*demo key : (\S+)/,
    60_000
  );

  const devServer = start("dev-server", bin("webpack"), ["serve", "--mode", "development"], {
    SANDBOX_URL: baseUrl,
    SANDBOX_DEMO_KEY: demoKey,
  });
  await waitForHttps(`https://localhost:${DEV_SERVER_PORT}/taskpane.html`, 180_000);

  mkdirSync(join(ROOT, ".sandbox"), { recursive: true });
  writeFileSync(
    STATE_FILE,
    JSON.stringify({ pid: process.pid, sandbox: sandbox.pid, devServer: devServer.pid })
  );

  console.log(`
Mail Finder is running.
  add-in       https://localhost:${DEV_SERVER_PORT}/taskpane.html (manifest.xml)
  sandbox      ${baseUrl}  (relayed to the add-in as https://localhost:${DEV_SERVER_PORT}/api)
  demo key     ${demoKey}  (the add-in uses it by default; change it in the task pane)
  examples     ${baseUrl}/sandbox/examples`);
  sideload();
  console.log("\nStop with Ctrl+C or `npm stop`.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
