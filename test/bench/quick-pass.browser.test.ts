import { spawn } from "node:child_process";
import { join } from "node:path";

// The quick pass of every benchmark (`npm run bench:quick`: small sizes, each goal that holds at
// small sizes judged), run inside `npm test` so that a benchmark the product has outgrown fails
// here instead of going unnoticed until someone runs `npm run bench`. It runs as a test file so
// that it shares the run's workers with the other long files instead of adding minutes after
// them; its goals are counts, ratios and bounds, not absolute times (see bench/goals.ts).

const ROOT = join(__dirname, "..", "..");

test("npm run bench:quick: every benchmark meets its goals at small sizes", async () => {
  const child = spawn(join(ROOT, "node_modules", ".bin", "tsx"), ["bench/run.ts", "--quick"], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  // The runner's summary (each benchmark passed, failed with the goal it missed, or crashed
  // with its last lines) is what a failure shows, whole: a diff would cut it short.
  const summary = output.slice(Math.max(0, output.lastIndexOf("\nSummary") + 1));
  if (code !== 0) throw new Error(`npm run bench:quick exited with ${code}\n${summary}`);
  expect(summary).toMatch(/^Summary \(quick\): 10 benchmarks/);
  console.log(summary);
}, 900_000);
