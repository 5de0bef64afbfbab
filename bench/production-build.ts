import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "..");
export const DIST = join(ROOT, "dist");

/** What the build reads: the add-in's sources (not the sandbox's or the host's) and its config. */
const BUILD_INPUTS = ["src", "webpack.config.js"];
/** Set by bench/run.ts once it has brought dist/ up to date: one build at most per run. */
export const CHECKED_ENV = "BENCH_BUILD_CHECKED";
const NOT_BUILT = [join(ROOT, "src", "sandbox"), join(ROOT, "src", "server")];

/** The newest modification time among `path` and the files under it. */
function newest(path: string): number {
  if (!existsSync(path) || NOT_BUILT.includes(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * dist/ as `npm run build` makes it: built when it is missing, a development build (which embeds
 * the demo key), or older than a source of the add-in (a benchmark of an old build measures
 * nothing of the change at hand).
 */
export function ensureProductionBuild(): void {
  const functions = join(DIST, "functions.js");
  const page = join(DIST, "taskpane.html");
  const why =
    !existsSync(functions) || !existsSync(page)
      ? "dist/ is missing"
      : readFileSync(functions, "utf8").includes("sandbox-demo-key")
        ? "dist/ is a development build"
        : process.env[CHECKED_ENV] !== "1" &&
            Math.max(...BUILD_INPUTS.map((p) => newest(join(ROOT, p)))) > statSync(page).mtimeMs
          ? "a source is newer than dist/"
          : null;
  if (!why) return;
  console.log(`building the production add-in (npm run build): ${why}...`);
  const started = new Date();
  try {
    execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "pipe", maxBuffer: 64 << 20 });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? "");
    throw new Error(`npm run build failed:\n${output.split("\n").slice(-30).join("\n")}`);
  }
  // webpack leaves a file it would write unchanged as it was: the page is dated from this build
  // (its start, so that a source saved during the build makes the next run build again).
  utimesSync(page, started, started);
}
