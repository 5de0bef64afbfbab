import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import type { Instruction, ModifiableInstruction } from "dockerfile-ast";
import { releasePackage } from "../../scripts/release/release-package";
import { parseServerArgs } from "../../src/server/options";
import {
  RELEASE_DIR,
  RELEASE_HOST,
  RELEASE_NODE,
  readHostCommand,
  unknownFlags,
  unknownVariables,
} from "./host-command";
import {
  ROOT,
  all,
  execForm,
  final,
  imageEnvironment as environment,
  imageUser,
  stages,
  the as one,
} from "./dockerfile-reading";

// The container definition, read with dockerfile-ast: what an operator's image must
// be (multi-stage, non-root, health-checked on /readyz, writable paths named, stopped cleanly),
// and what it says to the host checked against the host's own settings. The image built and
// run is test/deploy/container.test.ts (on request: it needs podman).

const image = (stage: Instruction[]): string => stage[0]!.getArguments()[0]!.getValue();
const entrypoint = (): string[] => execForm(one(final, "ENTRYPOINT"));
const command = (): string[] => execForm(one(final, "CMD"));
/** What the operator must add: the service's address (no default can be right). */
const OPERATOR = { MAILFINDER_UPSTREAM: "https://api.the-service.example" };

describe("the Dockerfile", () => {
  test("builds in stages: npm installs the release, the final image only holds it", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(image(stages[0]!)).toMatch(/^node:24-bookworm-slim$/);
    expect(image(final)).toBe("debian:bookworm-slim");
    const install = stages[0]!;
    const name = install[0]!.getArguments()[2]?.getValue();
    expect(install[0]!.getArguments()[1]?.getValue().toUpperCase()).toBe("AS");
    // The build stage takes the release tarball only, and installs its run-time dependencies.
    expect(all(install, "COPY").map((i) => i.getArgumentsContent())).toEqual([
      "release/mail-finder-*.tgz ./",
    ]);
    const runs = all(install, "RUN").map((i) => i.getArgumentsContent() ?? "");
    expect(runs.some((run) => /\bnpm ci\b.*--omit=dev/.test(run))).toBe(true);
    // The final stage copies the installed release from it, and nothing from the context.
    const copies = all(final, "COPY") as ModifiableInstruction[];
    expect(
      copies.map((i) => [
        i.getFlags().map((flag) => `--${flag.getName()}=${flag.getValue()}`),
        i.getArgumentsContent(),
      ])
    ).toEqual([[[`--from=${name}`], `${RELEASE_DIR} ${RELEASE_DIR}`]]);
    expect(all(final, "ADD")).toEqual([]);
  });

  test("runs as a numeric non-root user that owns only the volumes", () => {
    const { uid, gid } = imageUser();
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    // USER is the last word of the stage about the user: no RUN after it runs as root again.
    const lastUser = final.lastIndexOf(one(final, "USER"));
    expect(final.slice(lastUser).filter((i) => i.getKeyword() === "RUN")).toEqual([]);
  });

  test("ENTRYPOINT and CMD in exec form run the release's Node on its host, with real flags only", () => {
    const { nodeOptions, script, hostArgs } = readHostCommand([...entrypoint(), ...command()]);
    expect(script).toBe(RELEASE_HOST);
    // As the release's `npm start` runs it (npm is not in the image to run that script).
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Parameters<
      typeof releasePackage
    >[0];
    const start = releasePackage(root, []).scripts.start.split(" ");
    expect(start).toEqual(["node", ...nodeOptions, posix.relative(RELEASE_DIR, script)]);
    for (const option of nodeOptions)
      expect(process.allowedNodeEnvironmentFlags.has(option.split("=")[0]!)).toBe(true);
    expect(unknownFlags(hostArgs)).toEqual([]);
  });

  test("its ENV is settings of the host, which starts with them and the upstream alone", () => {
    const env = environment();
    expect(unknownVariables(env)).toEqual([]);
    const options = parseServerArgs(readHostCommand([...entrypoint(), ...command()]).hostArgs, {
      ...env,
      ...OPERATOR,
    });
    expect(options.dist).toBe(`${RELEASE_DIR}/dist`);
    expect(options.team).toBeNull();
    // Without the upstream the host says so (exit 2) instead of guessing one.
    expect(() => parseServerArgs([], env)).toThrow(/--upstream is required/);
  });

  test("EXPOSE is the port the host listens on", () => {
    const options = parseServerArgs([], { ...environment(), ...OPERATOR });
    expect(one(final, "EXPOSE").getArgumentsContent()).toBe(String(options.port));
  });

  test("the paths the host writes are VOLUMEs, and nothing else is", () => {
    const env = environment();
    const volumes = execForm(one(final, "VOLUME"));
    // Team mode's SQLite store and Try mode's database, by the host's defaults (relative to its
    // working directory): inside the volume, which is the working directory.
    const workdirs = all(final, "WORKDIR").map((i) => i.getArgumentsContent()!);
    const workdir = workdirs[workdirs.length - 1]!;
    expect(volumes).toEqual([workdir]);
    const team = parseServerArgs(
      ["--team", "--service-key-file", "/s", "--admin-token-file", "/a"],
      {
        ...env,
        ...OPERATOR,
      }
    ).team!;
    const demo = parseServerArgs(["--demo"], { ...env, ...OPERATOR }).demoDb;
    for (const written of [team.db, demo]) {
      const path = posix.resolve(workdir, written);
      expect(path.startsWith(`${workdir}/`)).toBe(true);
    }
    // The user of the image owns it (made and given away before USER).
    const setup = all(final, "RUN")
      .map((i) => i.getArgumentsContent() ?? "")
      .join("\n");
    const user = one(final, "USER").getArgumentsContent()!;
    expect(setup).toContain(`mkdir -p ${workdir}`);
    expect(setup).toMatch(new RegExp(`chown (-R )?${user} ${workdir}(\\s|$)`));
  });

  test("stops on SIGTERM, which the host handles as PID 1", () => {
    const signal = all(final, "STOPSIGNAL").map((i) => i.getArgumentsContent());
    expect(signal.length === 0 || signal[0] === "SIGTERM").toBe(true);
    // Node as PID 1 ignores a signal nobody handles: the host's cli.ts must handle this one.
    const cli = readFileSync(join(ROOT, "src", "server", "cli.ts"), "utf8");
    expect(cli).toMatch(/process\.once\("SIGTERM"/);
  });

  describe("HEALTHCHECK", () => {
    const words = (): string[] => {
      const healthcheck = one(final, "HEALTHCHECK");
      const content = healthcheck.getArgumentsContent()!;
      const cmd = content.slice(content.indexOf("CMD") + 3).trim();
      const parsed = JSON.parse(cmd) as string[];
      expect(Array.isArray(parsed)).toBe(true);
      return parsed;
    };

    test("asks /readyz with the release's own Node (slim images have no curl)", () => {
      const [node, option, script] = words();
      expect(node).toBe(RELEASE_NODE);
      expect(option).toBe("-e");
      expect(script).toContain("/readyz");
    });

    // The check's script itself, run against a server that answers as the host does.
    let server: Server;
    let status = 200;
    const seen: string[] = [];
    beforeAll(async () => {
      server = createServer((request, response) => {
        seen.push(request.url ?? "");
        response.writeHead(request.url === "/readyz" ? status : 404).end("{}");
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** The check's exit code, run by this Node (the release's is the same major). */
    const check = async (port: number): Promise<number> => {
      const [, option, script] = words();
      try {
        await promisify(execFile)(process.execPath, [option!, script!], {
          env: { ...environment(), MAILFINDER_PORT: String(port) },
          timeout: 10_000,
        });
        return 0;
      } catch (error) {
        return (error as { code?: number }).code ?? -1;
      }
    };

    test("passes on 200 from /readyz on the host's port, fails on 503 and when nothing answers", async () => {
      const { port } = server.address() as AddressInfo;
      status = 200;
      expect(await check(port)).toBe(0);
      expect(seen).toEqual(["/readyz"]);
      status = 503;
      expect(await check(port)).toBe(1);
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
      const unused = (closed.address() as AddressInfo).port;
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      expect(await check(unused)).toBe(1);
    });
  });
});

describe(".dockerignore", () => {
  test("sends the builder the release tarball and nothing else of the checkout", () => {
    const rules = readFileSync(join(ROOT, ".dockerignore"), "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"));
    expect(rules[0]).toBe("*");
    const sources = all(stages[0]!, "COPY").map((i) => i.getArguments()[0]!.getValue());
    expect(rules.slice(1)).toEqual(sources.map((source) => `!${source}`));
  });
});
