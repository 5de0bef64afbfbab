import { readFileSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { buildServer } from "../src/server/app";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  HOST_SHIM_PATH,
  OFFICE_JS_URL,
} from "../test/browser/chromium";
import { DIST } from "./production-build";
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process";

// What the browser benchmarks share: their flags, Debian's Chromium, the built add-in served
// by the production host in front of a sandbox process, and the host shim served in place of
// office.js (whose CDN is unreachable here).

/** `--name value` from the command line, or `fallback`. */
export function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
}

/** Debian's Chromium, headless, with the project's flags (and `extraArgs`). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    headless: true,
  });
}

let shim: string | null = null;
const hostShim = (): string => (shim ??= readFileSync(HOST_SHIM_PATH, "utf8"));

/** Answers every request of `target` for office.js with the host shim. */
export async function routeHostShim(target: Page | BrowserContext): Promise<void> {
  await target.route(OFFICE_JS_URL, (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: hostShim() })
  );
}

/** Opens the add-in's page with the host shim in place of office.js. */
export async function gotoTaskPane(page: Page, url: string): Promise<void> {
  await routeHostShim(page);
  await page.goto(`${url}/taskpane.html`, { waitUntil: "load" });
  // Unrouted once loaded: a routed page hands every request to Playwright.
  await page.unroute(OFFICE_JS_URL);
}

export interface ServedAddin {
  sandbox: SandboxProcess;
  /** The built add-in, with /api relayed to the sandbox. */
  url: string;
  close(): Promise<void>;
}

/** A sandbox process (with `sandboxArgs`) and the production host serving dist/ in front of it. */
export async function startServedAddin(sandboxArgs: string[]): Promise<ServedAddin> {
  const sandbox = await startSandboxProcess(sandboxArgs);
  const host = await buildServer({ dist: DIST, upstream: sandbox.baseUrl });
  const url = (await host.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  return {
    sandbox,
    url,
    close: async () => {
      await host.close();
      await sandbox.stop();
    },
  };
}
