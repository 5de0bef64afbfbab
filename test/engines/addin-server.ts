import fs from "node:fs";
import http from "node:http";
import https from "node:https";
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
  /**
   * http://127.0.0.1:<a new port>: the add-in for a new user, with empty storage; "https" (a
   * server given a certificate): https://127.0.0.1:<a new port>.
   */
  newOrigin(scheme?: "http" | "https"): Promise<string>;
  /** Every request that went through the /api relay, from every origin. */
  readonly relayLog: RelayRecord[];
  close(): Promise<void>;
}

export interface AddinServerOptions {
  /** Answered before dist/ and the /api relay: a host of another kind (a team host). */
  routes?: HostRoutes;
  /** window.__hostShimConfig for every page (set before the shim loads). */
  shim?: HostShimConfig;
  /**
   * Microsoft's office.js instead of the shim: the URL taskpane.html loads it from (an Office
   * host page server's `/lib/1/hosted/office.js`, see host-page.ts); office.js loads its other
   * files from the same folder. The page then runs only in an Office page's frame.
   */
  officeJs?: string;
  /** PEM files for the origins asked for over https (see newOrigin). */
  certificate?: { cert: string; key: string };
}

/**
 * dist/taskpane.html with the shim in place of office.js (or, `officeJs`, office.js from that
 * URL), and the error recorder (and the shim's configuration) first.
 */
export function rewriteTaskPane(html: string, shim?: HostShimConfig, officeJs?: string): string {
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
    .replace(OFFICE_JS_URL, () => officeJs ?? SHIM_PATH);
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
    options.shim,
    options.officeJs
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
  const tls = options.certificate && {
    cert: fs.readFileSync(options.certificate.cert),
    key: fs.readFileSync(options.certificate.key),
  };
  return {
    relayLog,
    async newOrigin(scheme = "http") {
      if (scheme === "https" && !tls) throw new Error("serveAddin: https needs a certificate");
      const server =
        scheme === "https" ? https.createServer(tls!, handle) : http.createServer(handle);
      server.keepAliveTimeout = 1000;
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolve());
      });
      return `${scheme}://127.0.0.1:${(server.address() as { port: number }).port}`;
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
