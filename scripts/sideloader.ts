import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

// office-addin-debugging, which sideloads the add-in into Excel desktop for `npm start` and
// `npm stop`: npm ci installs it on Windows and macOS only (tools/sideload/package.json).

const ROOT = join(__dirname, "..");
const SIDELOADER = join(ROOT, "node_modules", ".bin", "office-addin-debugging");

/** Whether this platform's Excel desktop can be sideloaded into. */
export const canSideload = process.platform === "win32" || process.platform === "darwin";

/** Whether office-addin-debugging is installed. */
export const sideloaderInstalled = (): boolean => existsSync(SIDELOADER);

/** Runs office-addin-debugging with `args` in the project; answers its exit code. */
export function runSideloader(args: string[]): number | null {
  const windows = process.platform === "win32";
  return spawnSync(
    // npm's bin shims are .cmd files on Windows, which only a shell runs; the path is quoted
    // for it (a user folder may have a space).
    windows ? `"${SIDELOADER}"` : SIDELOADER,
    args,
    { cwd: ROOT, stdio: "inherit", shell: windows }
  ).status;
}
