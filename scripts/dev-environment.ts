// The environment variables that the development scripts, the build, the tests and the
// benchmarks read (the host's own are its settings, src/server/config/settings.ts). CONTRIBUTING.md
// shows this list as a table (scripts/write-doc-tables.ts), and test/docs/documented-settings.test.ts
// checks that each is read where it says and that the code reads no other.

import { markdownTable } from "../src/server/config/usage";

export interface DevVariable {
  name: string;
  /** The files that read it (relative to the repository). */
  readBy: readonly string[];
  default: string;
  meaning: string;
}

export const DEV_ENVIRONMENT: readonly DevVariable[] = [
  {
    name: "SANDBOX_PORT",
    readBy: ["scripts/start.ts"],
    default: "4010",
    meaning: "`npm start`: the sandbox's port.",
  },
  {
    name: "SANDBOX_DB",
    readBy: ["scripts/start.ts"],
    default: ".sandbox/sandbox.db",
    meaning: "`npm start`: the sandbox's database (`:memory:` for none kept).",
  },
  {
    name: "DEV_SERVER_PORT",
    readBy: ["scripts/start.ts", "webpack.config.js"],
    default: "3000",
    meaning:
      "`npm start`, `npm run dev-server`: the https dev server's port (also `npm config set mail-finder:dev_server_port`). The sideloaded `manifest.xml` points at 3000.",
  },
  {
    name: "SANDBOX_URL",
    readBy: ["webpack.config.js"],
    default: "http://localhost:4010",
    meaning: "The dev server relays `/api` to it (`npm start` sets it to its sandbox).",
  },
  {
    name: "SANDBOX_DEMO_KEY",
    readBy: ["webpack.config.js"],
    default: "sandbox-demo-key",
    meaning: "The development build's API key (`npm start` sets it to its sandbox's demo key).",
  },
  {
    name: "ADDIN_PUBLIC_URL",
    readBy: ["webpack.config.js"],
    default: "none",
    meaning:
      "No longer read: `npm run build` stops if it is set, since one build serves any address; give the address to the host with `--public-url`.",
  },
  {
    name: "PRODUCTION_BASE_URL",
    readBy: ["webpack.config.js"],
    default: "/api",
    meaning: "`npm run build`: the production build's base URL of the service.",
  },
  {
    name: "TEST_DATABASE_URL",
    readBy: ["test/helpers/postgres.ts"],
    default: "a cluster the tests start",
    meaning: "Team mode's PostgreSQL tests run against this server instead.",
  },
  {
    name: "ENGINES",
    readBy: ["test/engines/engines.ts"],
    default: "firefox,webkit",
    meaning: "`test/engines`: the engines to run (`chromium`, `firefox`, `webkit`, comma list).",
  },
  {
    name: "CI",
    readBy: ["test/browser/harness.ts", "test/engines/engines.ts"],
    default: "unset",
    meaning: "Set: a browser that is missing fails the browser tests instead of skipping them.",
  },
  {
    name: "CHROMIUM_PATH",
    readBy: ["test/browser/chromium.ts"],
    default: "/usr/bin/chromium",
    meaning: "The Chromium the browser suites drive.",
  },
  {
    name: "FIREFOX_PATH",
    readBy: ["test/engines/firefox-engine.ts"],
    default: "/usr/lib/firefox-esr/firefox-esr",
    meaning: "The Firefox `test/engines` drives.",
  },
  {
    name: "WEBKIT_DRIVER_PATH",
    readBy: ["test/engines/webkit-engine.ts"],
    default: "/usr/bin/WebKitWebDriver",
    meaning: "WebKitGTK's WebDriver for `test/engines`.",
  },
  {
    name: "MINIBROWSER_PATH",
    readBy: ["test/engines/webkit-engine.ts"],
    default: "Debian's MiniBrowser",
    meaning: "The WebKitGTK browser `test/engines` drives.",
  },
  {
    name: "CONTAINER_TEST",
    readBy: ["test/deploy/container.serial.test.ts"],
    default: "off",
    meaning:
      "`1`: the container test builds the image from a release with podman and runs it (root; `scripts/container-setup.sh` first; 4 to 5 minutes on a fresh machine).",
  },
  {
    name: "KEPT_ANSWERS_CELLS",
    readBy: ["test/browser/kept-answers.browser.test.ts"],
    default: "100000",
    meaning: "Cells of the kept answers' browser test.",
  },
  {
    name: "KEPT_ANSWERS_FROM_SERVICE",
    readBy: ["test/browser/kept-answers.browser.test.ts"],
    default: "1000",
    meaning: "Of those, the ones bought from the sandbox (the rest are written as kept answers).",
  },
  {
    name: "OFFICE_HOST_API_LIST",
    readBy: ["test/office-host/api-list.ts"],
    default: "check",
    meaning: "`write`: the Office host page's tests rewrite `test/office-host/excel-api-used.md`.",
  },
  {
    name: "OFFICE_HOST_RECORD_TRACES",
    readBy: ["test/office-host/traces.browser.test.ts"],
    default: "unset",
    meaning: "`1`: record the Office host page's traces again.",
  },
  {
    name: "KEEP_PROFILES",
    readBy: ["test/office-host/storage/measure.ts"],
    default: "unset",
    meaning: "Set: the storage measurement keeps the browsers' profile folders.",
  },
  {
    name: "RECORD_TEST_DURATIONS",
    readBy: ["test/reporters/durations.js"],
    default: "unset",
    meaning: "`1`: `npm test` records each test file's time, which orders the next runs.",
  },
  {
    name: "FILE_CPU",
    readBy: ["test/reporters/file-cpu.js"],
    default: "unset",
    meaning: "`1`: jest prints each test file's CPU time at the end of the run.",
  },
  {
    name: "BENCH_QUICK",
    readBy: ["bench/goals.ts"],
    default: "unset",
    meaning: "`1`: the benchmarks' quick pass (as `--quick`).",
  },
];

/**
 * Read by the code but set by the code for a process of its own, never by a person: not
 * documented, named here so that the test knows them.
 */
export const INTERNAL_VARIABLES: Record<string, string> = {
  SHIM: "bench/pane-load.ts passes the host shim's file to its server process",
  CERT: "bench/pane-load.ts passes the dev certificate to its server process",
  KEY: "bench/pane-load.ts passes the dev certificate's key to its server process",
  PATH: "the system's",
};

/** The table of CONTRIBUTING.md. */
export function devEnvironmentTable(): string {
  return markdownTable(
    ["variable", "default", "what it does", "read by"],
    DEV_ENVIRONMENT.map((variable) => [
      `\`${variable.name}\``,
      variable.default,
      variable.meaning,
      variable.readBy.map((file) => `\`${file}\``).join(", "),
    ])
  );
}
