import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

// `npm stop`: stops what `npm start` started, and unregisters the sideloaded add-in where
// office-addin-debugging supports it.

const ROOT = join(__dirname, "..");
const STATE_FILE = join(ROOT, ".sandbox", "start.json");

function kill(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
}

// Installed on Windows and macOS only (tools/sideload/package.json).
const sideloader = join(ROOT, "node_modules", ".bin", "office-addin-debugging");
if ((process.platform === "win32" || process.platform === "darwin") && existsSync(sideloader)) {
  // Quoted for the shell that runs it on Windows (a user folder may have a space).
  spawnSync(
    process.platform === "win32" ? `"${sideloader}"` : sideloader,
    ["stop", "manifest.xml"],
    {
      cwd: ROOT,
      stdio: "inherit",
      // npm's bin shims are .cmd files on Windows, which only a shell runs.
      shell: process.platform === "win32",
    }
  );
}
if (!existsSync(STATE_FILE)) {
  console.log("Nothing to stop: npm start is not running.");
} else {
  const state = JSON.parse(readFileSync(STATE_FILE, "utf8")) as {
    pid?: number;
    sandbox?: number;
    devServer?: number;
  };
  kill(state.devServer);
  kill(state.sandbox);
  kill(state.pid);
  rmSync(STATE_FILE, { force: true });
  console.log("Stopped the dev server and the sandbox.");
}
