import fs from "node:fs";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, officeHostArgs } from "../browser/chromium";
import { settleApiList } from "../office-host/api-list";
import { startOfficeHostServer, type OfficeHostServer } from "../office-host/server";

// One Chromium for a whole run of the browser tests (jest globalSetup). Each test file used to
// launch its own (2 to 3 s on this machine, 30 files); now a run whose pattern names browser
// tests starts one browser server, and the harness connects to it (tens of milliseconds). Each
// test still gets new browser contexts: no page, storage or cookie is shared. A unit-test run
// starts nothing.

/** Where the harness finds the run's Chromium. */
export const SHARED_CHROMIUM_ENV = "MF_CHROMIUM_WS";
/** The port of the run's Office host page server (test/office-host), which that Chromium maps. */
export const SHARED_OFFICE_HOST_ENV = "MF_OFFICE_HOST_PORT";

const holder = globalThis as { __chromiumServer?: BrowserServer; __officeHost?: OfficeHostServer };

/** Whether the run may hold browser tests: its pattern names them, or it runs every file. */
export function runsBrowserTests(
  globalConfig: { testPathPattern?: string },
  projectConfig?: { testPathIgnorePatterns?: string[] }
): boolean {
  const pattern = globalConfig.testPathPattern ?? "";
  if (/browser/.test(pattern)) return true;
  return (
    pattern === "" && !(projectConfig?.testPathIgnorePatterns ?? []).some((p) => /browser/.test(p))
  );
}

export default async function startChromiumServer(
  globalConfig: { testPathPattern?: string },
  projectConfig?: { testPathIgnorePatterns?: string[] }
): Promise<void> {
  if (!runsBrowserTests(globalConfig, projectConfig) || process.env[SHARED_CHROMIUM_ENV]) return;
  if (!fs.existsSync(CHROMIUM_PATH)) return;
  const officeHost = await startOfficeHostServer();
  holder.__officeHost = officeHost;
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...officeHostArgs(officeHost.port)],
    headless: true,
  });
  holder.__chromiumServer = server;
  process.env[SHARED_CHROMIUM_ENV] = server.wsEndpoint();
  process.env[SHARED_OFFICE_HOST_ENV] = String(officeHost.port);
}

/** jest globalTeardown: the run's Chromium closed. */
export async function stopChromiumServer(): Promise<void> {
  const server = holder.__chromiumServer;
  const officeHost = holder.__officeHost;
  delete holder.__chromiumServer;
  delete holder.__officeHost;
  delete process.env[SHARED_CHROMIUM_ENV];
  delete process.env[SHARED_OFFICE_HOST_ENV];
  await server?.close();
  await officeHost?.close();
  // What the run's pages answered of Excel's API, against the checked-in list.
  if (officeHost) settleApiList(officeHost.usage());
}
