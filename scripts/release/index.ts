import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { buildAddin, unshippable } from "./built-addin";
import { compileHost } from "./compile-host";
import { writeLockFile } from "./lock-file";
import { packTarball } from "./pack";
import { copyReleaseFiles } from "./release-files";
import { RELEASE_NAME, releasePackage, type RootPackage } from "./release-package";

// `npm run release [-- --no-build] [--out-dir <dir>]`: packs
// `release/mail-finder-<version>.tgz`, which an operator installs with `npm ci --omit=dev` and
// runs with `npm start -- <flags>`. It builds the add-in first (`npm run build`), unless
// --no-build says to ship the dist/ already built. The tarball's folder is
// `mail-finder-<version>/`: server/ (the compiled host), dist/, docs/, package.json, its lock,
// .npmrc, LICENSE, README.md (the operators'), CHANGELOG.md, SECURITY.md, the Dockerfile and
// deploy/ (release-files.ts).

const ROOT = join(__dirname, "..", "..");
const USAGE = "Usage: npm run release [-- --no-build] [--out-dir <dir>] (default release/)";

interface ReleaseOptions {
  build: boolean;
  outDir: string;
}

function parseArguments(args: string[]): ReleaseOptions {
  const options: ReleaseOptions = { build: true, outDir: join(ROOT, "release") };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--no-build") options.build = false;
    else if (arg === "--out-dir" && args[i + 1]) options.outDir = resolve(args[++i]!);
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const kilobytes = (bytes: number): string =>
  `${Math.round(bytes / 1024).toLocaleString("en-US")} KB`;

async function release(options: ReleaseOptions): Promise<void> {
  const started = performance.now();
  const dist = join(ROOT, "dist");
  if (options.build) {
    buildAddin(ROOT);
    console.log(`built the add-in (npm run build) in ${seconds(started)}`);
  }
  const refused = unshippable(dist);
  if (refused) throw new Error(refused);

  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as RootPackage;
  const folder = `${RELEASE_NAME}-${root.version}`;
  const stage = mkdtempSync(join(tmpdir(), "mf-release-"));
  try {
    const releaseRoot = join(stage, folder);
    const host = await compileHost(releaseRoot);
    console.log(
      `compiled the host: ${kilobytes(host.bytes)}, requires ${host.packages.join(", ")}`
    );
    const manifest = releasePackage(root, host.packages);
    writeFileSync(join(releaseRoot, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const locking = performance.now();
    await writeLockFile(releaseRoot, join(ROOT, "package-lock.json"));
    console.log(`wrote its package.json and package-lock.json (${seconds(locking)})`);
    copyReleaseFiles(ROOT, dist, releaseRoot);
    const tarball = join(options.outDir, `${folder}.tgz`);
    const bytes = await packTarball(stage, folder, tarball);
    const shown = relative(ROOT, tarball).startsWith("..") ? tarball : relative(ROOT, tarball);
    console.log(`wrote ${shown} (${kilobytes(bytes)}) in ${seconds(started)}`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

Promise.resolve()
  .then(() => release(parseArguments(process.argv.slice(2))))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
