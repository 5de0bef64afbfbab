/**
 * Serves the Office host page over HTTPS (office.js talks only to an https host on the
 * add-in's host name or *.officeapps.live.com), with Microsoft's library beside it:
 *
 * - `/` the page (host.html): the workbook model (host-shim.js) and the page's code (host.js,
 *   page/main.ts bundled with esbuild when the server starts);
 * - `/lib/1/hosted/<file>` the files of `@microsoft/office-js`'s dist/ byte for byte (office.js,
 *   excel-web-16.00.js, <locale>/office_strings.js, ...), as the CDN serves them: a browser
 *   test routes https://appsforoffice.microsoft.com/lib/1/hosted/* here.
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { selfSignedCertificate } from "../helpers/self-signed";

const ROOT = path.resolve(__dirname, "../..");
export const OFFICE_JS_DIST = path.join(ROOT, "node_modules/@microsoft/office-js/dist");
export const HOST_SHIM = path.join(ROOT, "test/browser/host-shim.js");
const PAGE_ENTRY = path.join(__dirname, "page/main.ts");
export const CDN_PREFIX = "/lib/1/hosted/";

export interface OfficeHostServer {
  /** https://<host>:<port> */
  readonly origin: string;
  readonly port: number;
  /** Members of Excel's API its pages answered (see page/main.ts reportUsage). */
  usage(): Set<string>;
  /** The page for an add-in (its shared runtime's page). */
  pageUrl(addin: string, options?: PageOptions): string;
  close(): Promise<void>;
}

/** What the page's query can say (see page/main.ts readConfig). */
export interface PageOptions {
  locale?: string;
  contentLanguage?: string;
  functionsMetadata?: string;
  namespace?: string;
  seed?: number;
  visibility?: "Hidden" | "Taskpane";
}

export interface OfficeHostServerOptions {
  port?: number;
  /** The name it listens on and is reached by (default 127.0.0.1). */
  host?: string;
  /** PEM files; a throwaway certificate for 127.0.0.1 and localhost by default. */
  certificate?: { cert: string; key: string };
}

let bundle: string | null = null;

/** page/main.ts and its modules as one script (built once per process). */
export function hostPageScript(): string {
  if (bundle === null) {
    const result = buildSync({
      entryPoints: [PAGE_ENTRY],
      bundle: true,
      write: false,
      format: "iife",
      target: "es2020",
      sourcemap: "inline",
      logLevel: "silent",
    });
    bundle = result.outputFiles[0]!.text;
  }
  return bundle;
}

export const HOST_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Excel (Office host page for tests)</title>
<style>
  body { margin: 0; font: 13px system-ui, sans-serif; display: flex; height: 100vh; }
  #grid { flex: 1; background: #f3f3f3; }
  #taskpane { width: 380px; height: 720px; border-left: 1px solid #ccc; }
  #taskpane iframe { width: 380px; height: 720px; border: 0; display: block; }
</style>
<script>
  // The workbook model runs here, in the Office page: its limits are the page's (main.ts).
  window.__hostShimConfig = Object.assign({ payloadLimitBytes: Infinity, responseLimitBytes: Infinity }, window.__hostShimConfig || {});
</script>
<script src="/host-shim.js"></script>
</head>
<body>
<div id="grid" aria-label="Workbook" tabindex="0"></div>
<div id="taskpane" aria-label="Task pane"></div>
<script src="/host.js"></script>
</body>
</html>
`;

/** The file of office-js's dist/ a CDN path names, or null (never a file outside it). */
export function officeJsFile(pathname: string): string | null {
  if (!pathname.startsWith(CDN_PREFIX)) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(CDN_PREFIX.length));
  } catch {
    return null;
  }
  // The CDN's names are lower case (office.js asks for "en-us/office_strings.js").
  const file = path.resolve(OFFICE_JS_DIST, relative.toLowerCase());
  if (!file.startsWith(OFFICE_JS_DIST + path.sep)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

/**
 * The custom functions' metadata (functions.json), fetched by the server as Excel fetches it
 * from the manifest's URL when the add-in is installed (the page could not: the add-in's origin
 * does not allow it). Only a .json URL over http(s) is fetched.
 */
async function relayMetadata(
  url: string | null,
  res: import("node:http").ServerResponse
): Promise<void> {
  let target: URL;
  try {
    target = new URL(url ?? "");
    if (!/^https?:$/.test(target.protocol) || !target.pathname.endsWith(".json"))
      throw new Error("not a .json URL");
  } catch {
    res
      .writeHead(400, { "content-type": "text/plain" })
      .end("url: the http(s) URL of functions.json");
    return;
  }
  try {
    const { Agent } = await import("undici");
    const response = await fetch(target, {
      // The add-in's development certificate is not trusted on this machine (README).
      dispatcher: new Agent({ connect: { rejectUnauthorized: false } }),
    } as RequestInit);
    const body = await response.text();
    res.writeHead(response.status, { "content-type": "application/json; charset=utf-8" }).end(body);
  } catch (error) {
    res.writeHead(502, { "content-type": "text/plain" }).end(String(error));
  }
}

/** POST /usage: names of members a page answered (["Range.Values"]). */
function receiveUsage(
  req: import("node:http").IncomingMessage,
  res: import("node:http").ServerResponse,
  used: Set<string>
): void {
  let text = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    text += chunk;
    if (text.length > 100_000) req.destroy();
  });
  req.on("end", () => {
    try {
      const members = JSON.parse(text) as unknown;
      if (!Array.isArray(members)) throw new Error("not a list");
      for (const member of members) if (typeof member === "string") used.add(member);
      res.writeHead(204).end();
    } catch {
      res.writeHead(400).end();
    }
  });
}

export async function startOfficeHostServer(
  options: OfficeHostServerOptions = {}
): Promise<OfficeHostServer> {
  const host = options.host ?? "127.0.0.1";
  let directory: string | null = null;
  let certificate = options.certificate;
  if (!certificate) {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), "office-host-tls-"));
    certificate = selfSignedCertificate(directory);
  }
  const script = hostPageScript();
  const usedMembers = new Set<string>();
  const shimScript = fs.readFileSync(HOST_SHIM);
  const server = https.createServer(
    { cert: fs.readFileSync(certificate.cert), key: fs.readFileSync(certificate.key) },
    (req, res) => {
      const { pathname, searchParams } = new URL(req.url ?? "/", "https://host");
      if (pathname === "/functions-metadata") {
        void relayMetadata(searchParams.get("url"), res);
        return;
      }
      if (pathname === "/usage" && req.method === "POST") {
        receiveUsage(req, res, usedMembers);
        return;
      }
      const send = (type: string, body: string | Buffer) =>
        res.writeHead(200, { "content-type": type, "cache-control": "no-store" }).end(body);
      if (pathname === "/favicon.ico") res.writeHead(204).end();
      else if (pathname === "/" || pathname === "/index.html")
        send("text/html; charset=utf-8", HOST_PAGE);
      else if (pathname === "/host.js") send("application/javascript; charset=utf-8", script);
      else if (pathname === "/host-shim.js")
        send("application/javascript; charset=utf-8", shimScript);
      else {
        const file = officeJsFile(pathname);
        if (!file) {
          res.writeHead(404, { "content-type": "text/plain" }).end("not found");
          return;
        }
        // office.js loads its other files as CORS scripts: the CDN allows every origin.
        res
          .writeHead(200, {
            "content-type": "application/javascript; charset=utf-8",
            "access-control-allow-origin": "*",
            // As the CDN: a versioned file, cached (a reopened pane compiles it once).
            "cache-control": "public, max-age=86400",
          })
          .end(fs.readFileSync(file));
      }
    }
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  const origin = `https://${host}:${port}`;
  return {
    origin,
    port,
    usage: () => new Set(usedMembers),
    pageUrl(addin, page = {}) {
      const url = new URL("/", origin);
      url.searchParams.set("addin", addin);
      for (const [name, value] of Object.entries(page))
        if (value !== undefined) url.searchParams.set(name, String(value));
      return url.href;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        if (directory) fs.rmSync(directory, { recursive: true, force: true });
      }),
  };
}
