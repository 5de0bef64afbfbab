import { spawn } from "node:child_process";
import { join } from "node:path";

// The production host (`npm run serve`) in a process of its own, as it runs for users: the
// benchmarks that time a page load keep it apart from their own process, which also drives the
// browser (Playwright's protocol traffic during a load would delay the host's answers).

export interface HostProcess {
  /** https://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

export async function startHostProcess(options: {
  dist: string;
  upstream: string;
  cert: string;
  key: string;
}): Promise<HostProcess> {
  const root = join(__dirname, "..");
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(root, "src/server/cli.ts"),
      ...["--dist", options.dist, "--upstream", options.upstream],
      ...["--cert", options.cert, "--key", options.key, "--port", "0", "--host", "127.0.0.1"],
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] }
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${output}`)), 30_000);
    child.once("exit", (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Mail Finder host listening at (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!.replace("localhost", "127.0.0.1"));
      }
    });
  });
  child.stdout!.resume();
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
