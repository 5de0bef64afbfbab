import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(__dirname, "..");
export const DIST = join(ROOT, "dist");

/** dist/ as `npm run build` makes it (a development build embeds the demo key: rebuilt). */
export function ensureProductionBuild(): void {
  const functions = join(DIST, "functions.js");
  if (existsSync(functions) && !readFileSync(functions, "utf8").includes("sandbox-demo-key"))
    return;
  console.log("building the production add-in (npm run build)...");
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
}
