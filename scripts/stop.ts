import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { canSideload, runSideloader, sideloaderInstalled } from "./sideloader";

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

if (canSideload && sideloaderInstalled()) runSideloader(["stop", "manifest.xml"]);
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
