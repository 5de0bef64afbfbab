import { spawnSync } from "node:child_process";
import { join } from "node:path";

// `npm run bench`: every benchmark in turn, each in its own process; extra flags go to all.
const BENCHMARKS = [
  "client-lookups.ts",
  "spending.ts",
  "browser-concurrency.ts",
  "bulk-100k.ts",
  "sheet-writer.ts",
  "kept-answers.ts",
  "enrich-bulk.ts",
  "pane-load.ts",
  "team-host.ts",
  "canonical-request.ts",
];

let failed = false;
for (const bench of BENCHMARKS) {
  console.log(`\n=== ${bench} ===`);
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", join(__dirname, bench), ...process.argv.slice(2)],
    { stdio: "inherit" }
  );
  if (result.status !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
