import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SETTINGS, SETTING_NAMES, type Setting } from "../../src/server/config/settings";
import { parseCommandLine, parseServerArgs } from "../../src/server/options";
import { DIST, runHostProcess } from "./helpers";

// The host's configuration (issue 36 item 4): every flag also a MAILFINDER_ variable
// (the earlier names still read), flags over the environment, and whatever the host does not
// know or cannot use refused before it starts: unknown flags (exit 2, with the known ones),
// unknown variables under its prefix, bad values, disagreeing spellings. --print-config shows
// the effective configuration with secrets masked; --help the usage.

const BASE = ["--dist", "d", "--upstream", "https://api.example.com"];
const refusal = (argv: string[], env: Record<string, string> = {}): string => {
  try {
    parseServerArgs(argv, env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")} ${JSON.stringify(env)}`);
};

describe("the host's configuration", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-config-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test("every setting from its flag, its MAILFINDER_ variable or its earlier name; flags win", () => {
    expect(parseServerArgs(BASE, {})).toMatchObject({
      port: 8080,
      logLevel: "info",
      requestLogs: true,
      metrics: false,
    });
    expect(
      parseServerArgs([], {
        MAILFINDER_DIST: "/srv/addin",
        MAILFINDER_UPSTREAM: "https://api.example.com/",
        MAILFINDER_PORT: "9000",
        MAILFINDER_LOG_LEVEL: "debug",
        MAILFINDER_QUIET: "yes",
        MAILFINDER_METRICS: "on",
      })
    ).toMatchObject({
      dist: "/srv/addin",
      upstream: "https://api.example.com",
      port: 9000,
      logLevel: "debug",
      requestLogs: false,
      metrics: true,
    });
    // The earlier names: LOG=0 is --quiet, LOG_LEVEL and METRICS as earlier releases named them.
    expect(
      parseServerArgs(BASE, { LOG: "0", LOG_LEVEL: "warn", METRICS: "1", PORT: "7000" })
    ).toMatchObject({ requestLogs: false, logLevel: "warn", metrics: true, port: 7000 });
    expect(parseServerArgs(BASE, { LOG: "1" }).requestLogs).toBe(true);
    // A flag wins over the environment, and takes its value after "=" too.
    expect(
      parseServerArgs([...BASE, "--port=9443", "--log-level", "error"], {
        MAILFINDER_PORT: "1",
        LOG_LEVEL: "trace",
      })
    ).toMatchObject({ port: 9443, logLevel: "error" });
    // An empty variable is not set.
    expect(parseServerArgs(BASE, { MAILFINDER_PORT: "", PORT: "" }).port).toBe(8080);
    // Variables that are not the host's are none of its business.
    expect(parseServerArgs(BASE, { METRIC: "1", PATH: "/bin", MAILFINDERX: "1" }).metrics).toBe(
      false
    );
  });

  test("unknown flags, flags given twice, values where none is taken or missing: refused", () => {
    const unknown = refusal([...BASE, "--metric"]);
    expect(unknown).toContain("Unknown option --metric (did you mean --metrics?)");
    expect(unknown).toMatch(/Known options: --dist --upstream .*--metrics .*--print-config/);
    expect(refusal([...BASE, "--port", "1", "--port", "2"])).toContain("--port is given twice");
    expect(refusal([...BASE, "--metrics=1"])).toContain("--metrics is a switch and takes no value");
    expect(refusal([...BASE, "--port"])).toContain("--port needs a value");
    expect(refusal([...BASE, "--host", "--port", "1"])).toContain("--host needs a value");
    expect(refusal([...BASE, "serve"])).toContain('Unexpected argument "serve"');
    // No flag carries the database URL: it holds a password, and command lines are public.
    expect(refusal([...BASE, "--database-url", "postgres://x"])).toContain(
      "Unknown option --database-url"
    );
  });

  test("unknown variables under the host's prefix are refused; a misspelt prefix too", () => {
    const typo = refusal(BASE, { MAILFINDER_METRIC: "1" });
    expect(typo).toContain("Unknown environment variable MAILFINDER_METRIC");
    expect(typo).toContain("did you mean MAILFINDER_METRICS?");
    expect(typo).toMatch(/Known: MAILFINDER_DIST .*MAILFINDER_DATABASE_URL/);
    expect(refusal(BASE, { MAIL_FINDER_PORT: "1" })).toContain(
      "MAIL_FINDER_PORT (did you mean MAILFINDER_PORT?)"
    );
    expect(refusal(BASE, { mailfinder_port: "1" })).toContain("mailfinder_port");
    expect(refusal(BASE, { MAILFINDER_A: "1", MAILFINDER_B: "2" })).toContain(
      "Unknown environment variables MAILFINDER_A, MAILFINDER_B"
    );
  });

  test("bad values and disagreeing spellings are refused, naming where they came from", () => {
    expect(refusal([...BASE, "--port", "x"])).toContain(
      '--port needs a whole number from 0 to 65535, not "x"'
    );
    expect(refusal(BASE, { PORT: "70000" })).toContain("--port (PORT) needs a whole number");
    expect(refusal(BASE, { MAILFINDER_LOG_LEVEL: "loud" })).toContain(
      "--log-level (MAILFINDER_LOG_LEVEL) is one of fatal, error, warn, info, debug, trace, silent"
    );
    expect(refusal(BASE, { METRICS: "maybe" })).toContain("--metrics (METRICS) is a switch");
    expect(refusal(BASE, { LOG: "verbose" })).toContain("--quiet (LOG) is a switch");
    expect(refusal([...BASE, "--upstream-connections", "0"])).toContain("from 1 to 4096");
    expect(refusal(BASE, { MAILFINDER_PORT: "8080", PORT: "9090" })).toContain(
      "MAILFINDER_PORT and PORT are both set and disagree: set MAILFINDER_PORT only"
    );
    expect(parseServerArgs(BASE, { MAILFINDER_PORT: "8080", PORT: "8080" }).port).toBe(8080);
    expect(refusal(BASE, { MAILFINDER_QUIET: "0", LOG: "0" })).toContain("disagree");
    expect(refusal(["--dist", "d"], { UPSTREAM_URL: "ftp://x" })).toContain(
      "--upstream must be an http(s) URL (from UPSTREAM_URL)"
    );
    // Settings that make sense only with another one.
    expect(refusal([...BASE, "--metrics-token-file", "/t"])).toContain(
      "--metrics-token-file protects /metrics, which is off"
    );
    expect(refusal([...BASE, "--service-key-file", "/k"])).toContain(
      "--service-key-file is for team mode, which is off"
    );
    const database = refusal(BASE, { DATABASE_URL: "postgres://mf:hunter2@db/mf" });
    expect(database).toContain("DATABASE_URL is for team mode");
    expect(database).not.toContain("hunter2");
    const team = [...BASE, "--team", "--service-key-file", "/k", "--admin-token-file", "/a"];
    const mysql = refusal(team, { MAILFINDER_DATABASE_URL: "mysql://mf:hunter2@db/mf" });
    expect(mysql).toContain(
      "MAILFINDER_DATABASE_URL must be a postgres:// or postgresql:// URL, not mysql://mf:***@db/mf"
    );
    expect(mysql).not.toContain("hunter2");
  });

  test("every setting of the team group without --team is refused, by flag or variable, naming it", () => {
    // Read from the settings table, so that a setting joining or leaving the group is covered.
    const teamOnly = SETTING_NAMES.filter(
      (name) => name !== "team" && SETTINGS[name].group === "team"
    );
    expect(teamOnly).toEqual(expect.arrayContaining(["db", "entra-issuer", "entra-scope"]));
    for (const name of teamOnly) {
      const setting: Setting = SETTINGS[name];
      const value = setting.kind.type === "url" ? "https://example.org/x" : "/x";
      if (setting.flag)
        expect(refusal([...BASE, setting.flag, value])).toContain(
          `${setting.flag} is for team mode, which is off: add --team`
        );
      expect(refusal(BASE, { [setting.env]: value })).toContain(
        `${setting.flag ?? setting.env}${setting.flag ? ` (from ${setting.env})` : ""} is for team mode`
      );
    }
    expect(refusal([...BASE, "--db", "/t.db", "--entra-audience", "a"])).toContain(
      "--db, --entra-audience are for team mode, which is off"
    );
    // Given with --team, the same settings are taken.
    const team = [...BASE, "--team", "--service-key-file", "/k", "--admin-token-file", "/a"];
    expect(parseServerArgs([...team, "--db", "/t.db"], {}).team?.db).toBe("/t.db");
  });

  test("Entra ID's issuer and keys must be https URLs, refused before the start", () => {
    const team = [...BASE, "--team", "--service-key-file", "/k", "--admin-token-file", "/a"];
    const entra = (issuer: string): string[] => [
      ...team,
      "--entra-issuer",
      issuer,
      "--entra-audience",
      "api://h/c",
      "--entra-client-id",
      "c",
    ];
    const good = "https://login.microsoftonline.com/t/v2.0";
    expect(refusal(entra("login.microsoftonline.com/t"))).toContain(
      '--entra-issuer is not a URL: "login.microsoftonline.com/t"'
    );
    expect(refusal(entra("http://login.example/t/v2.0"))).toContain(
      "--entra-issuer must be an https URL without credentials, not one starting http://login.example"
    );
    expect(refusal([...entra(good), "--entra-jwks-url", "keys.json"])).toContain(
      "--entra-jwks-url is not a URL"
    );
    expect(refusal(entra(good), { MAILFINDER_ENTRA_JWKS_URL: "http://keys.example/k" })).toContain(
      "--entra-jwks-url (from MAILFINDER_ENTRA_JWKS_URL) must be an https URL"
    );
    const secret = refusal([
      ...entra(good),
      "--entra-jwks-url",
      "https://u:hunter2@keys.example/k",
    ]);
    expect(secret).toContain("must be an https URL without credentials");
    expect(secret).not.toContain("hunter2");
    expect(
      parseServerArgs([...entra(good), "--entra-jwks-url", "https://keys.example/k"], {}).team
        ?.entra
    ).toMatchObject({ issuer: good, jwksUrl: "https://keys.example/k" });
  });

  test("--help and --print-config answer without starting; --help whatever else is given", () => {
    expect(parseCommandLine([...BASE, "--nonsense", "--help"], {}).action).toBe("--help");
    expect(parseCommandLine([...BASE, "--print-config"], {}).action).toBe("--print-config");
  });

  test("as a process: exit 2 with the reason, --help exits 0", async () => {
    const unknown = await runHostProcess(["--dist", DIST, "--upstream", "http://x", "--metric"]);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain("Unknown option --metric (did you mean --metrics?)");
    const variable = await runHostProcess(["--dist", DIST, "--upstream", "http://x"], {
      MAILFINDER_METRICS_TOKEN: "/t",
    });
    expect(variable.code).toBe(2);
    expect(variable.output).toContain("Unknown environment variable MAILFINDER_METRICS_TOKEN");
    const help = await runHostProcess(["--help"]);
    expect(help.code).toBe(0);
    expect(help.output).toContain("npm run serve -- --dist <dir> --upstream");
    expect(help.output).toContain("MAILFINDER_METRICS_TOKEN_FILE (or METRICS_TOKEN_FILE)");
  }, 120_000);

  test("--print-config: the effective values and their source, secrets masked, exit 0", async () => {
    const serviceKey = `sk_live_${randomBytes(12).toString("hex")}`;
    const adminToken = randomBytes(32).toString("base64url");
    writeFileSync(join(directory, "service-key"), serviceKey, { mode: 0o600 });
    writeFileSync(join(directory, "admin-token"), adminToken, { mode: 0o600 });
    const printed = await runHostProcess(
      [
        "--dist",
        DIST,
        "--upstream",
        "https://api.example.com/",
        "--team",
        "--service-key-file",
        join(directory, "service-key"),
        "--metrics",
        "--metrics-token-file",
        join(directory, "no-such-file"),
        "--print-config",
      ],
      {
        ADMIN_TOKEN_FILE: join(directory, "admin-token"),
        DATABASE_URL: "postgresql://mf:pg-secret-1@db.internal:5432/mf?sslpassword=pg-secret-2",
        LOG: "0",
      }
    );
    expect(printed.code).toBe(0);
    const config = JSON.parse(printed.output) as Record<string, { value: unknown; from: string }>;
    expect(config.upstream).toEqual({ value: "https://api.example.com", from: "--upstream" });
    expect(config.port).toEqual({ value: 8080, from: "default" });
    expect(config.quiet).toEqual({ value: true, from: "LOG" });
    expect(config["service-key-file"]).toEqual({
      value: join(directory, "service-key"),
      from: "--service-key-file",
    });
    expect(config["admin-token-file"]).toEqual({
      value: join(directory, "admin-token"),
      from: "ADMIN_TOKEN_FILE",
    });
    // A secret file's path is shown; it is not even opened (this one does not exist).
    expect(config["metrics-token-file"]!.value).toBe(join(directory, "no-such-file"));
    expect(config["database-url"]).toEqual({
      value: "postgresql://mf:***@db.internal:5432/mf?sslpassword=***",
      from: "DATABASE_URL",
    });
    for (const secret of [serviceKey, adminToken, "pg-secret-1", "pg-secret-2"])
      expect(printed.output).not.toContain(secret);
    // A configuration the host would refuse is refused here too.
    const refused = await runHostProcess(["--dist", DIST, "--port", "x", "--print-config"]);
    expect(refused.code).toBe(2);
  }, 120_000);

  test("a metrics token file that is weak or readable by others stops the start (exit 1), never shown", async () => {
    const weak = "metrics-metrics-metrics-metrics-metrics";
    writeFileSync(join(directory, "weak-token"), weak, { mode: 0o600 });
    const strong = randomBytes(32).toString("base64url");
    writeFileSync(join(directory, "open-token"), strong, { mode: 0o644 });
    const base = ["--dist", DIST, "--upstream", "http://127.0.0.1:9", "--port", "0", "--metrics"];
    const tooWeak = await runHostProcess([
      ...base,
      "--metrics-token-file",
      join(directory, "weak-token"),
    ]);
    expect(tooWeak.code).toBe(1);
    expect(tooWeak.output).toMatch(
      /"level":"fatal".*"msg":"The host could not start: The metrics token in .* is too easy to guess/
    );
    expect(tooWeak.output).not.toContain(weak);
    const readable = await runHostProcess([
      ...base,
      "--metrics-token-file",
      join(directory, "open-token"),
    ]);
    expect(readable.code).toBe(1);
    expect(readable.output).toContain("can be read by other users");
    expect(readable.output).not.toContain(strong);
  }, 120_000);
});
