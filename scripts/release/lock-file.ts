import { execFile } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

// The release's package-lock.json: the root's lock beside the release's package.json, pruned by
// npm to that package.json (`--package-lock-only`: nothing installed, no script run), so that
// every package keeps the version and integrity the project is tested with. npm may ask the
// registry about a package the root's lock does not describe fully.

/** Writes `<folder>/package-lock.json` for the package.json already in `folder`. */
export async function writeLockFile(folder: string, rootLock: string): Promise<void> {
  copyFileSync(rootLock, join(folder, "package-lock.json"));
  try {
    await run(
      "npm",
      ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"],
      { cwd: folder, maxBuffer: 16 << 20 }
    );
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`npm could not prune the lock file:\n${stderr || stdout || String(error)}`);
  }
}
