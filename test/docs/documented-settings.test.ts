import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SANDBOX_FLAGS, HELP_FLAGS } from "../../src/sandbox/cli";
import { ACTIONS, SETTINGS, SETTING_NAMES, type Setting } from "../../src/server/config/settings";
import { HostMetrics } from "../../src/server/metrics/host-metrics";
import { DEV_ENVIRONMENT, INTERNAL_VARIABLES } from "../../scripts/dev-environment";
import { GENERATED_TABLES, tableIn } from "../../scripts/doc-tables";

// The documentation names only flags, variables and metrics the code has, and documents every
// one the code has (issue 43 item 4): every guide (README, CONTRIBUTING, SECURITY, docs/, the
// READMEs of deploy/; not CHANGELOG, which is history) is read for `--flags`, variable names and
// `mailfinder_*` metrics, each checked against the host's settings table, the sandbox's flags,
// the development scripts' variables and the metrics a host registers; the generated tables must
// be what the code makes now (npx tsx scripts/write-doc-tables.ts writes them). Reads files
// only: no server, no browser.

const ROOT = join(__dirname, "..", "..");

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(join(ROOT, folder))) return [];
  return readdirSync(join(ROOT, folder)).flatMap((name) => {
    const path = join(folder, name);
    if (name === "node_modules" || name.startsWith(".")) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

const GUIDES = [
  "README.md",
  "CONTRIBUTING.md",
  "SECURITY.md",
  ...filesUnder("docs", (name) => name.endsWith(".md")),
  ...filesUnder("deploy", (name) => name === "README.md"),
].filter((file) => existsSync(join(ROOT, file)));

const read = (file: string): string => readFileSync(join(ROOT, file), "utf8");

/** Each match of `pattern` in each guide, with its line: "docs/x.md:12". */
function mentions(pattern: RegExp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of GUIDES)
    read(file)
      .split("\n")
      .forEach((line, i) => {
        for (const match of line.matchAll(pattern)) {
          const name = match[1]!;
          found.set(name, [...(found.get(name) ?? []), `${file}:${i + 1}`]);
        }
      });
  return found;
}

/** "NAME (docs/x.md:12, ...)" for each name not known. */
function unknown(found: Map<string, string[]>, known: (name: string) => boolean): string[] {
  return [...found]
    .filter(([name]) => !known(name))
    .map(([name, where]) => `${name} (${where.join(", ")})`);
}

const HOST_SETTINGS = SETTING_NAMES.map((name): Setting => SETTINGS[name]);

/** Source files the development scripts, the build, the tests and the benchmarks are made of. */
const CODE = [
  ...["src", "scripts", "bench", "test", "tools"].flatMap((folder) =>
    filesUnder(folder, (name) => /\.(ts|tsx|js|cjs|mjs)$/.test(name))
  ),
  "webpack.config.js",
  "jest.config.js",
];

describe("the flags, variables and metrics the guides name", () => {
  test("the guides are found", () => {
    for (const page of [
      "README.md",
      "docs/admin-guide.md",
      "docs/operations.md",
      "docs/sandbox.md",
    ])
      expect(GUIDES).toContain(page);
    expect(GUIDES).not.toContain("CHANGELOG.md");
  });

  test("every --flag a guide names is one of the host's, the sandbox's, a script's or a named program's", () => {
    const known = new Set<string>([
      ...HOST_SETTINGS.flatMap((setting) => (setting.flag ? [setting.flag] : [])),
      ...Object.keys(ACTIONS),
      ...SANDBOX_FLAGS.map((flag) => flag.flag),
      ...HELP_FLAGS,
    ]);
    // The development scripts' and benchmarks' own flags, as their code spells them.
    for (const file of filesUnder("scripts", (n) => /\.(ts|js)$/.test(n))
      .concat(filesUnder("bench", (n) => n.endsWith(".ts")))
      .concat(["test/office-host/cli.ts"])) {
      const source = read(file);
      for (const match of source.matchAll(/["'`](--[a-z][a-z0-9-]*)/g)) known.add(match[1]!);
      // bench/*.ts read `--name <value>` through flag("name", ...).
      for (const match of source.matchAll(/\bflag\(\s*"([a-z][a-z0-9-]*)"/g))
        known.add(`--${match[1]}`);
    }
    // Other programs' flags the guides show, by program.
    const programs: Record<string, string[]> = {
      npm: ["--silent", "--omit", "--no-audit", "--no-fund"],
      jest: ["--maxWorkers", "--runInBand", "--testPathPattern", "--testPathIgnorePatterns"],
      node: ["--cpu-prof", "--import"],
      tsc: ["--noEmit"],
      chromium: ["--disable-features"],
      // The deployment guides' containers, clusters and services.
      podman: ["--read-only", "--env-file", "--cgroups", "--runtime", "--ulimit", "--format"],
      "systemd-analyze": ["--offline"],
      debootstrap: ["--variant"],
      kubectl: ["--from-file", "--from-literal"],
      tar: ["--strip-components"],
      useradd: ["--system", "--home-dir", "--shell"],
      systemctl: ["--now"],
    };
    for (const flags of Object.values(programs)) for (const flag of flags) known.add(flag);
    // `--entra-*` names a family: some known flag must start with it.
    const named = mentions(/(?<![\w-])(--[a-zA-Z][a-zA-Z0-9-]*(?:\*)?)/g);
    const isKnown = (flag: string): boolean =>
      flag.endsWith("*")
        ? [...known].some((name) => name.startsWith(flag.slice(0, -1)))
        : known.has(flag);
    expect(unknown(named, isKnown)).toEqual([]);
  });

  test("every variable a guide names is read by the code: a host setting, a script's, a test's", () => {
    const known = new Set<string>([
      ...HOST_SETTINGS.flatMap((setting) => [setting.env, ...setting.aliases.map((a) => a.name)]),
      ...DEV_ENVIRONMENT.map((variable) => variable.name),
    ]);
    // Names in capitals that are not variables: the code's constants, and other programs' names.
    const constants = new Set<string>([
      "DS_PROMETHEUS", // Grafana: the dashboard's data source input
      "CAP_NET_BIND_SERVICE", // Linux: the capability to bind ports below 1024
      "CAP_SYS_RESOURCE", // Linux: the capability to raise resource limits
      "NODE_EXTRA_CA_CERTS", // Node: extra certificate authorities (a proxy's, in the image build)
      "SQLITE_ENABLE_STAT4", // SQLite: a compile option of better-sqlite3's build
    ]);
    for (const file of CODE)
      for (const match of read(file).matchAll(
        /\b(?:const|let|var|function|class|enum|type|interface)\s+([A-Z][A-Z0-9_]*)\b/g
      ))
        constants.add(match[1]!);
    const named = mentions(/(?<![\w$-])([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w-])/g);
    // The example of a misspelt variable the host refuses (docs/operations.md).
    const misspelt = new Set(["MAILFINDER_METRIC"]);
    expect(
      unknown(named, (name) => known.has(name) || constants.has(name) || misspelt.has(name))
    ).toEqual([]);
  });

  test("every variable the code reads is a host setting or documented with the development variables", () => {
    const documented = new Map(DEV_ENVIRONMENT.map((variable) => [variable.name, variable]));
    const host = new Set(
      HOST_SETTINGS.flatMap((setting) => [setting.env, ...setting.aliases.map((a) => a.name)])
    );
    const readWhere = new Map<string, string[]>();
    for (const file of CODE)
      for (const match of read(file).matchAll(
        /process\.env(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\])/g
      )) {
        const name = (match[1] ?? match[2])!;
        readWhere.set(name, [...(readWhere.get(name) ?? []), file]);
      }
    const undocumented = [...readWhere]
      .filter(([name]) => !documented.has(name) && !host.has(name) && !(name in INTERNAL_VARIABLES))
      .map(([name, files]) => `${name} (read by ${[...new Set(files)].join(", ")})`);
    expect(undocumented).toEqual([]);
    // And each documented one is read where the table says.
    const misplaced = DEV_ENVIRONMENT.flatMap((variable) =>
      variable.readBy
        .filter((file) => !(readWhere.get(variable.name) ?? []).includes(file))
        .map((file) => `${variable.name}: ${file} does not read it`)
    );
    expect(misplaced).toEqual([]);
  });

  test("every mailfinder_ metric a guide names is registered, and every registered one is in operations.md", () => {
    const host = new HostMetrics({ mode: "team", store: "sqlite", demo: true, version: "0" });
    const registered = host.registry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith("mailfinder_"));
    expect(registered.length).toBeGreaterThan(15);
    const named = mentions(/(?<![\w])(mailfinder_[a-z0-9_]*[a-z0-9])(?![\w])/g);
    const base = (name: string): string => name.replace(/_(bucket|sum|count)$/, "");
    expect(
      unknown(named, (name) => registered.includes(name) || registered.includes(base(name)))
    ).toEqual([]);
    const operations = read("docs/operations.md");
    expect(registered.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });

  test("every setting of the host and flag of the sandbox is in its generated table", () => {
    const operations = tableIn(read("docs/operations.md"), GENERATED_TABLES[0]!) ?? "";
    for (const setting of HOST_SETTINGS) {
      expect(operations).toContain(`\`${setting.env}\``);
      if (setting.flag) expect(operations).toContain(`\`${setting.flag}`);
    }
    const sandbox = GENERATED_TABLES.find((table) => table.file === "docs/sandbox.md")!;
    const table = tableIn(read(sandbox.file), sandbox) ?? "";
    for (const { flag } of SANDBOX_FLAGS) expect(table).toContain(`\`${flag}`);
  });

  test.each(
    GENERATED_TABLES.map((table) => [`${table.file}: ${table.start.slice(5, 40)}…`, table])
  )("%s is what the code makes (npx tsx scripts/write-doc-tables.ts)", (_name, table) => {
    const text = tableIn(read(table.file), table);
    expect({ file: table.file, markers: text !== null }).toEqual({
      file: table.file,
      markers: true,
    });
    expect(text).toBe(table.table());
  });
});
