import { execFile } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

// A PostgreSQL server of a test's own, which the test may stop and start again (the store going
// away under a running host), without touching the machine's cluster that other tests share
// (test/helpers/postgres.ts). initdb into a temporary folder, pg_ctl on a free loopback port with
// its socket in that folder; as the postgres user when the tests run as root (PostgreSQL refuses
// to run as root). Without PostgreSQL's programs the test fails, saying so.

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** The newest PostgreSQL's programs (Debian puts them under /usr/lib/postgresql/<version>/bin). */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  let versions: string[];
  try {
    versions = readdirSync(root).filter((name) => /^\d+$/.test(name));
  } catch {
    versions = [];
  }
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest)
    throw new Error(
      `No PostgreSQL programs under ${root}: install PostgreSQL (scripts/setup.sh installs Debian's postgresql package).`
    );
  return join(root, newest, "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL program as the postgres user when this process is root. */
async function asOwner(program: string, args: string[]): Promise<void> {
  const root = process.getuid?.() === 0;
  try {
    await (root
      ? run("runuser", ["-u", "postgres", "--", program, ...args], { cwd: "/tmp", timeout: 60_000 })
      : run(program, args, { cwd: "/tmp", timeout: 60_000 }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${program} ${args.join(" ")} failed: ${stderr || String(error)}`);
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const directory = mkdtempSync(join(tmpdir(), "mf-private-pg-"));
  const data = join(directory, "data");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(directory, Number(stdout.trim()), Number(group.trim()));
  }
  const port = await freePort();
  await asOwner(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--no-sync",
    "-E",
    "UTF8",
  ]);
  const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: "start" | "stop"): Promise<void> =>
    action === "start"
      ? asOwner(join(bin, "pg_ctl"), [
          "-D",
          data,
          "-o",
          options,
          "-l",
          join(directory, "server.log"),
          "-w",
          "start",
        ])
      : asOwner(join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
  await ctl("start");
  let running = true;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (!running) return;
      await ctl("stop");
      running = false;
    },
    async start() {
      if (running) return;
      await ctl("start");
      running = true;
    },
    async remove() {
      if (running) await ctl("stop").catch(() => undefined);
      running = false;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
