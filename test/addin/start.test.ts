import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { certificatePaths } = require("../../scripts/dev-certs") as {
  certificatePaths: () => { ca: string };
};

// `npm start` on this machine (Linux: no sideloading): the sandbox, the https dev server with
// the /api relay, the printed steps and demo key; `npm stop` ends it.

const ROOT = join(__dirname, "..", "..");

function httpsGet(
  url: string,
  headers: Record<string, string> = {}
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { ca: readFileSync(certificatePaths().ca), headers }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    }).on("error", reject);
  });
}

test("npm start serves the add-in over https with the sandbox behind /api; npm stop stops it", async () => {
  const dir = mkdtempSync(join(tmpdir(), "mf-start-"));
  const env = {
    ...process.env,
    SANDBOX_PORT: "4611",
    DEV_SERVER_PORT: "3611",
    SANDBOX_DB: join(dir, "sandbox.db"),
  };
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start did not come up:\n${output}`)),
        170_000
      );
      const check = setInterval(() => {
        if (output.includes("Stop with Ctrl+C")) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 100);
      void exited.then(() => reject(new Error(`npm start exited:\n${output}`)));
    });
    expect(output).toContain("demo key     sandbox-demo-key");
    expect(output).toContain("Upload My Add-in");
    expect(output).toContain(join(ROOT, "manifest.xml"));

    // Verified against the development CA: the dev server's certificate is the one it made.
    const page = await httpsGet("https://localhost:3611/taskpane.html");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/functions\.js[\s\S]*taskpane\.js/);
    const metadata = JSON.parse((await httpsGet("https://localhost:3611/functions.json")).body);
    expect(metadata.functions).toHaveLength(7);
    const account = await httpsGet("https://localhost:3611/api/v5.1/account", {
      authorization: "Bearer sandbox-demo-key",
    });
    expect(account.status).toBe(200);
    expect(JSON.parse(account.body)).toMatchObject({ email: "demo@sandbox.test" });
  } finally {
    const stop = spawnSync(process.execPath, ["--import", "tsx", "scripts/stop.ts"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(stop.stdout).toMatch(/Stopped the dev server and the sandbox|Nothing to stop/);
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
  await expect(httpsGet("https://localhost:3611/taskpane.html")).rejects.toThrow();
}, 200_000);
