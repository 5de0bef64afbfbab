import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ROOT, imageUser } from "./dockerfile-reading";

// The image built from the Dockerfile and the release tarball, and run as an operator runs it:
// read-only root, its volumes, /readyz answering through the published port, the image's own
// health check passing, its user, and a stop on SIGTERM that exits 0.
//
// On request only (CONTAINER_TEST=1): it needs podman and the base images
// (`bash scripts/container-setup.sh` as root: podman, debootstrap and the base images made
// offline), and a release tarball in release/ (`npm run release`). It takes about 70 s with those
// in place, and some 4 minutes more on a fresh machine (docs/deploy.md has the figures), so CI
// leaves it out.

const run = promisify(execFile);
const enabled = process.env.CONTAINER_TEST === "1";
const IMAGE = "localhost/mail-finder:container-test";
const CONTAINER = `mail-finder-test-${process.pid}`;
const TEAM_CONTAINER = `mail-finder-team-test-${process.pid}`;

/** podman's options for this machine: within its limits, and runc where crun cannot run. */
async function podmanOptions(): Promise<{ global: string[]; limits: string[] }> {
  const { stdout } = await run("sh", ["-c", "ulimit -Hn"]);
  const files = Math.min(Number(stdout.trim()) || 1024, 65_536);
  // podman's defaults (1,048,576 open files) are above what a machine without CAP_SYS_RESOURCE
  // may give; crun refuses cgroups mixed v1 and v2 ("hybrid"), runc runs there.
  const hybrid = readdirSync("/sys/fs/cgroup").includes("unified");
  return {
    global: hybrid ? ["--runtime", "runc"] : [],
    limits: ["--ulimit", `nofile=${files}:${files}`, "--ulimit", "nproc=4096:4096"],
  };
}

async function podman(args: string[], timeout = 60_000): Promise<string> {
  const { global } = await podmanOptions();
  const { stdout } = await run("podman", [...global, ...args], { timeout, maxBuffer: 64 << 20 });
  return stdout.trim();
}

/** The one release tarball of release/. */
function releaseTarball(): string {
  const folder = join(ROOT, "release");
  const tarballs = (() => {
    try {
      return readdirSync(folder).filter((file) => /^mail-finder-.+\.tgz$/.test(file));
    } catch {
      return [];
    }
  })();
  if (tarballs.length !== 1)
    throw new Error(
      `release/ holds ${tarballs.length} mail-finder-<version>.tgz: run npm run release (one)`
    );
  return join(folder, tarballs[0]!);
}

const describeContainer = enabled ? describe : describe.skip;
if (!enabled) console.log("The container test runs with CONTAINER_TEST=1 (docs/deploy.md).");

describeContainer("the image, built and run with podman", () => {
  let port: number;
  beforeAll(async () => {
    // A build context as the Dockerfile expects it: the Dockerfile, its .dockerignore and one
    // tarball in release/.
    const context = mkdtempSync(join(tmpdir(), "container-context-"));
    try {
      mkdirSync(join(context, "release"));
      const tarball = releaseTarball();
      copyFileSync(tarball, join(context, "release", tarball.split("/").at(-1)!));
      copyFileSync(join(ROOT, "Dockerfile"), join(context, "Dockerfile"));
      copyFileSync(join(ROOT, ".dockerignore"), join(context, ".dockerignore"));
      const { limits } = await podmanOptions();
      // The docker format keeps HEALTHCHECK (OCI images have no such field); no layers kept, so
      // that a run leaves no build stage behind.
      await podman(
        ["build", "--format", "docker", "--layers=false", ...limits, "-t", IMAGE, context],
        600_000
      );
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
    const { limits } = await podmanOptions();
    port = 20_000 + (process.pid % 20_000);
    await podman([
      "run",
      "--detach",
      "--name",
      CONTAINER,
      "--read-only",
      ...limits,
      "--publish",
      `127.0.0.1:${port}:8080`,
      "--env",
      "MAILFINDER_UPSTREAM=https://api.the-service.example",
      IMAGE,
      "--demo",
    ]);
    await readyWithin(20_000);
  }, 660_000);

  afterAll(async () => {
    for (const name of [CONTAINER, TEAM_CONTAINER])
      await podman(["rm", "--force", "--volumes", name]).catch(() => undefined);
    await podman(["rmi", "--force", IMAGE]).catch(() => undefined);
  }, 60_000);

  async function readyWithin(ms: number, on = port): Promise<void> {
    const until = Date.now() + ms;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${on}/readyz`).catch(() => null);
      if (answer?.status === 200) return;
      if (Date.now() > until) throw new Error(`/readyz not 200 within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  test("/readyz answers 200 through the published port, and the image's health check passes", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ready: true });
    // The image's own HEALTHCHECK, run by podman inside the container: exit 0 is "healthy".
    await expect(podman(["healthcheck", "run", CONTAINER])).resolves.toBeDefined();
  });

  test("runs as the Dockerfile's non-root user, with the root file system read-only", async () => {
    const { uid } = imageUser();
    expect(await podman(["exec", CONTAINER, "id", "-u"])).toBe(String(uid));
    await expect(podman(["exec", CONTAINER, "touch", "/opt/mail-finder/written"])).rejects.toThrow(
      /Read-only file system/
    );
    // Try mode's database is written in its volume.
    const demo = await podman(["exec", CONTAINER, "ls", "/var/lib/mail-finder/.demo"]);
    expect(demo.split("\n")).toContain("demo.db");
  });

  test("team mode as docs/deploy.md runs it: SQLite in its volume, secrets as the user's files", async () => {
    const secrets = mkdtempSync(join(tmpdir(), "container-secrets-"));
    try {
      const { uid, gid } = imageUser();
      for (const name of ["service-key", "admin-token", "sealing-key"]) {
        // As docs/deploy.md says to make them: openssl rand -base64 32.
        writeFileSync(join(secrets, name), `${randomBytes(32).toString("base64")}\n`);
        chownSync(join(secrets, name), uid, gid ?? uid);
        chmodSync(join(secrets, name), 0o400);
      }
      // The folder too is the user's (a bind mount keeps owners and modes).
      chownSync(secrets, uid, gid ?? uid);
      chmodSync(secrets, 0o500);
      const { limits } = await podmanOptions();
      const teamPort = port + 1;
      await podman([
        "run",
        "--detach",
        "--name",
        TEAM_CONTAINER,
        "--read-only",
        ...limits,
        "--publish",
        `127.0.0.1:${teamPort}:8080`,
        "--volume",
        `${secrets}:/run/secrets/mail-finder:ro`,
        ...["MAILFINDER_UPSTREAM=https://api.the-service.example", "MAILFINDER_TEAM=1"].flatMap(
          (env) => ["--env", env]
        ),
        ...["service-key", "admin-token", "sealing-key"].flatMap((name) => [
          "--env",
          `MAILFINDER_${name.toUpperCase().replace("-", "_")}_FILE=/run/secrets/mail-finder/${name}`,
        ]),
        IMAGE,
      ]);
      // Ready: the store answers and the sealed service key opens.
      await readyWithin(20_000, teamPort).catch(async (error: Error) => {
        const logs = await podman(["logs", TEAM_CONTAINER]).catch(() => "");
        throw new Error(`${error.message}; the host said:\n${logs.slice(-2000)}`);
      });
      const files = await podman(["exec", TEAM_CONTAINER, "ls", "/var/lib/mail-finder/.team"]);
      expect(files.split("\n")).toContain("team.db");
    } finally {
      await podman(["rm", "--force", "--volumes", TEAM_CONTAINER]).catch(() => undefined);
      rmSync(secrets, { recursive: true, force: true });
    }
  }, 60_000);

  test("stops on SIGTERM and exits 0", async () => {
    await podman(["stop", "--time", "40", CONTAINER], 60_000);
    const exit = await podman(["inspect", "--format", "{{.State.ExitCode}}", CONTAINER]);
    expect(exit).toBe("0");
    const logs = await podman(["logs", CONTAINER]);
    expect(logs).toMatch(/SIGTERM: finishing the requests in flight/);
    expect(logs).toMatch(/"msg":"stopped"/);
  }, 60_000);
});
