import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// The built add-in the release ships: `npm run build` (webpack's production build) into dist/,
// or with --no-build the dist/ already there (`npm test` has just built it), refused when it is
// missing or a development build (which embeds the sandbox's demo key and the dev server's
// settings).

/** Why `dist` cannot be shipped, or null. */
export function unshippable(dist: string): string | null {
  const functions = join(dist, "functions.js");
  if (!existsSync(join(dist, "taskpane.html")) || !existsSync(functions))
    return `${dist} holds no built add-in: run npm run build (or npm run release without --no-build)`;
  if (readFileSync(functions, "utf8").includes("sandbox-demo-key"))
    return `${dist} is a development build: run npm run build (or npm run release without --no-build)`;
  return null;
}

/** Runs `npm run build` in `root`, its output shown only when it fails. */
export function buildAddin(root: string): void {
  try {
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "pipe", maxBuffer: 64 << 20 });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? "");
    throw new Error(`npm run build failed:\n${output.split("\n").slice(-30).join("\n")}`);
  }
}
