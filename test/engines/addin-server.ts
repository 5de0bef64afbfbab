import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { HOST_SHIM_PATH, OFFICE_JS_URL } from "../browser/chromium";
import {
  relay,
  serveFile,
  type HostRoutes,
  type HostShimConfig,
  type RelayRecord,
} from "../browser/harness";
import { PAGE_ERRORS_SCRIPT } from "./page-errors";

// The built add-in (dist/) as the engine tests load it, in any engine and without request
// interception (classic WebDriver has none): taskpane.html is served with its office.js script
// pointed at the host shim, which this server serves itself, and with the page-error recorder
// as its first script; /api/* is relayed to the sandbox.
//
// Each user is an origin of its own (newOrigin(): a port of its own), so that users of one
// browser never share storage (the shim's workbook, OfficeRuntime.storage, kept answers),
// whatever the engine offers for isolation.

const DIST = path.resolve(__dirname, "../../dist");
export const SHIM_PATH = "/__engines/office.js";

export interface AddinServer {
  /** http://127.0.0.1:<a new port>: the add-in for a new user, with empty storage. */
  newOrigin(): Promise<string>;
  /** Every request that went through the /api relay, from every origin. */
  readonly relayLog: RelayRecord[];
  close(): Promise<void>;
}

export interface AddinServerOptions {
  /** Answered before dist/ and the /api relay: a host of another kind (a team host). */
  routes?: HostRoutes;
  /** window.__hostShimConfig for every page (set before the shim loads). */
  shim?: HostShimConfig;
}

/**
 * dist/taskpane.html with the shim in place of office.js, and the error recorder (and the
 * shim's configuration) first.
 */
export function rewriteTaskPane(html: string, shim?: HostShimConfig): string {
  if (/http-equiv\s*=\s*["']?content-security-policy/i.test(html))
    throw new Error(
      "dist/taskpane.html has a Content-Security-Policy: serve the page-error recorder as a script file instead of inline"
    );
  if (!html.includes(OFFICE_JS_URL))
    throw new Error(`dist/taskpane.html does not load office.js from ${OFFICE_JS_URL}`);
  const head = html.match(/<head[^>]*>/i);
  if (!head) throw new Error("dist/taskpane.html has no <head>");
  return html
    .replace(
      head[0],
      () =>
        `${head[0]}<script>${PAGE_ERRORS_SCRIPT}</script>` +
        (shim ? `<script>window.__hostShimConfig = ${JSON.stringify(shim)};</script>` : "")
    )
    .replace(OFFICE_JS_URL, SHIM_PATH);
}

function send(res: http.ServerResponse, contentType: string, body: string): void {
  res.writeHead(200, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

export async function serveAddin(
  sandboxUrl: string,
  options: AddinServerOptions = {}
): Promise<AddinServer> {
  const upstream = new URL(sandboxUrl);
  const relayLog: RelayRecord[] = [];
  // Read once: the build and the shim do not change while a test file runs.
  const taskPane = rewriteTaskPane(
    fs.readFileSync(path.join(DIST, "taskpane.html"), "utf8"),
    options.shim
  );
  const shim = fs.readFileSync(HOST_SHIM_PATH, "utf8");

  const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const { pathname } = new URL(req.url ?? "/", "http://127.0.0.1");
    if (options.routes?.(req, res)) return;
    if (pathname === "/api" || pathname.startsWith("/api/")) relay(req, res, upstream, relayLog);
    else if (pathname === "/" || pathname === "/taskpane.html")
      send(res, "text/html; charset=utf-8", taskPane);
    else if (pathname === SHIM_PATH) send(res, "application/javascript; charset=utf-8", shim);
    else serveFile(pathname, req, res);
  };

  const servers: http.Server[] = [];
  return {
    relayLog,
    async newOrigin() {
      const server = http.createServer(handle);
      server.keepAliveTimeout = 1000;
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve());
      });
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    },
    async close() {
      await Promise.all(
        servers.splice(0).map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            })
        )
      );
    },
  };
}
