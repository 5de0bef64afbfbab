import { execFile, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { promisify } from "node:util";
import { parseServerArgs } from "../../src/server/options";
import { ROOT } from "./dockerfile-reading";
import {
  RELEASE_HOST,
  RELEASE_NODE,
  SECRET_FILE_VARIABLES,
  readHostCommand,
  unknownFlags,
  unknownVariables,
} from "./host-command";

// The systemd unit: the release's Node on its host as a user of its own, hardened,
// its secrets as credentials; what it says to the host checked against the host itself (the
// environment it builds with the example environment file is one parseServerArgs accepts), and
// the unit checked by systemd's own `systemd-analyze verify` and `security` where systemd is
// installed.

const FOLDER = join(ROOT, "deploy", "systemd");
const UNIT = "mail-finder.service";
/** Where systemd puts a system service's credentials (%d) and state (%S). */
const CREDENTIALS = `/run/credentials/${UNIT}`;
const STATE = "/var/lib";

/** A unit file's settings: section -> key -> values in order (a key may repeat). */
function readUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let section: Map<string, string[]> | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = new Map();
      sections.set(header[1]!, section);
      continue;
    }
    const at = line.indexOf("=");
    if (!section || at < 0) throw new Error(`not a setting: ${line}`);
    const key = line.slice(0, at).trim();
    section.set(key, [...(section.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return sections;
}

const unit = readUnit(readFileSync(join(FOLDER, UNIT), "utf8"));
const service = unit.get("Service")!;
const values = (key: string): string[] => service.get(key) ?? [];
const value = (key: string): string | undefined => values(key).at(-1);
/** The specifiers the unit uses, as systemd resolves them for a system service. */
const resolved = (text: string): string =>
  text.replaceAll("%d", CREDENTIALS).replaceAll("%S", STATE).replaceAll("%%", "%");

/** KEY=VALUE lines of an environment file. */
function readEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not an assignment: ${line}`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** The service's environment: Environment=, then the environment file, which overrides it. */
function serviceEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const assignment of values("Environment")) {
    const at = assignment.indexOf("=");
    env[assignment.slice(0, at)] = resolved(assignment.slice(at + 1));
  }
  expect(values("EnvironmentFile")).toEqual(["/etc/mail-finder/mail-finder.env"]);
  return { ...env, ...readEnvironmentFile(readFileSync(join(FOLDER, "mail-finder.env"), "utf8")) };
}

const command = (): string[] => value("ExecStart")!.split(/\s+/);

describe("the systemd unit", () => {
  test("runs the release's Node on its host, with real flags only", () => {
    const { script, nodeOptions, hostArgs } = readHostCommand(command());
    expect(script).toBe(RELEASE_HOST);
    for (const option of nodeOptions)
      expect(process.allowedNodeEnvironmentFlags.has(option.split("=")[0]!)).toBe(true);
    expect(unknownFlags(hostArgs)).toEqual([]);
    expect(value("Type")).toBe("exec");
  });

  test("as a user of its own", () => {
    expect(value("User")).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(value("User")).not.toBe("root");
    expect(value("DynamicUser") ?? "no").toBe("no");
  });

  test("its environment, with the example environment file, is one the host accepts in team mode", () => {
    const env = serviceEnvironment();
    expect(unknownVariables(env)).toEqual([]);
    const options = parseServerArgs(readHostCommand(command()).hostArgs, env);
    expect(options.team).not.toBeNull();
    expect(options.publicUrl?.protocol).toBe("https:");
    expect(options.dist).toBe(posix.join(posix.dirname(posix.dirname(RELEASE_HOST)), "dist"));
  });

  test("its secrets are credentials that systemd hands to the user alone", () => {
    const env = serviceEnvironment();
    const credentials = new Map(
      values("LoadCredential").map((line) => line.split(":") as [string, string])
    );
    for (const [name, path] of Object.entries(env).filter(([n]) => SECRET_FILE_VARIABLES.has(n))) {
      if (name === "MAILFINDER_TLS_KEY_FILE" || name === "MAILFINDER_METRICS_TOKEN_FILE") continue;
      expect(posix.dirname(path)).toBe(CREDENTIALS);
      expect(credentials.get(posix.basename(path))).toMatch(/^\/etc\/mail-finder\//);
    }
    expect(credentials.size).toBeGreaterThanOrEqual(3);
  });

  test("writes its state directory only", () => {
    const env = serviceEnvironment();
    expect(value("ProtectSystem")).toBe("strict");
    const writable = values("ReadWritePaths").map(resolved);
    const state = values("StateDirectory").flatMap((line) => line.split(/\s+/));
    for (const path of [env.MAILFINDER_DB!, env.MAILFINDER_DEMO_DB!]) {
      expect(writable.some((root) => path.startsWith(`${root}/`))).toBe(true);
      // systemd makes each folder, owned by the user, before the start.
      expect(state.map((folder) => posix.join(STATE, folder))).toContain(posix.dirname(path));
    }
    expect(value("PrivateTmp")).toBe("yes");
    expect(value("NoNewPrivileges")).toBe("yes");
    // V8 compiles JavaScript into memory it then runs: this setting would stop Node at start.
    expect(value("MemoryDenyWriteExecute") ?? "no").toBe("no");
  });

  test("restarts on failure, and stops on SIGTERM after the host's grace", () => {
    expect(value("Restart")).toBe("on-failure");
    expect(value("KillSignal")).toBe("SIGTERM");
    const options = parseServerArgs([], serviceEnvironment());
    const stop = /^(\d+)s?$/.exec(value("TimeoutStopSec") ?? "");
    expect(stop).not.toBeNull();
    expect(Number(stop![1]) * 1000).toBeGreaterThan(options.shutdownGraceMs);
  });

  // systemd's own reading of the unit, in a root of its own (the release's Node is a stand-in
  // there: verify asks only that ExecStart is executable).
  const analyze = (() => {
    try {
      execFileSync("systemd-analyze", ["--version"], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  })();
  const withSystemd = analyze ? describe : describe.skip;
  if (!analyze)
    console.log(
      "systemd-analyze is not installed: the unit's verify and security checks are skipped"
    );

  withSystemd("systemd-analyze", () => {
    let root: string;
    beforeAll(() => {
      root = mkdtempSync(join(tmpdir(), "systemd-root-"));
      mkdirSync(join(root, "etc", "systemd", "system"), { recursive: true });
      cpSync(join(FOLDER, UNIT), join(root, "etc", "systemd", "system", UNIT));
      cpSync("/usr/lib/systemd/system", join(root, "usr", "lib", "systemd", "system"), {
        recursive: true,
        verbatimSymlinks: true,
      });
      const node = join(root, RELEASE_NODE);
      mkdirSync(dirname(node), { recursive: true });
      writeFileSync(node, "#!/bin/sh\n", { mode: 0o755 });
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    const run = async (args: string[]): Promise<{ code: number; output: string }> => {
      try {
        const { stdout, stderr } = await promisify(execFile)("systemd-analyze", args);
        return { code: 0, output: `${stdout}${stderr}` };
      } catch (error) {
        const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
        return { code, output: `${stdout}${stderr}` };
      }
    };

    test("verify: no unknown key, no bad value, ExecStart found", async () => {
      // verify exits 0 on a misspelt key and only says so: any output is a failure.
      expect(await run(["verify", `--root=${root}`, UNIT])).toEqual({ code: 0, output: "" });
    });

    test('security: exposure 2.0 or less (systemd\'s "OK")', async () => {
      const { code, output } = await run([
        "security",
        "--offline=yes",
        `--root=${root}`,
        "--threshold=20",
        "--no-pager",
        UNIT,
      ]);
      const exposure = /Overall exposure level for mail-finder\.service: (\d+\.\d)/.exec(output);
      expect(Number(exposure?.[1])).toBeLessThanOrEqual(2);
      expect(code).toBe(0);
    });
  });
});

describe("the environment file example", () => {
  test("names settings of the host only", () => {
    const text = readFileSync(join(FOLDER, "mail-finder.env"), "utf8");
    expect(unknownVariables(readEnvironmentFile(text))).toEqual([]);
    // The commented lines too: an operator uncomments them as they are.
    const commented = text
      .split("\n")
      .map((line) => /^#\s*(MAILFINDER_[A-Z0-9_]+)=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name));
    expect(commented.length).toBeGreaterThan(0);
    expect(unknownVariables(Object.fromEntries(commented.map((name) => [name, ""])))).toEqual([]);
  });
});
