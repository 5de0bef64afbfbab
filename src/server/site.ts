import type { FastifyPluginAsync } from "fastify";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import { inlineScriptSources } from "./inline-scripts";
import { registerPublicFiles } from "./public-manifests";
import { renderForPublicUrl } from "./public-url-files";

// The built add-in (dist/) with its cache and security headers. Registered apart
// from the relay, so the service's answers pass without these headers or a second encoding.

export interface SiteOptions {
  /** The built add-in (absolute path). */
  dist: string;
  /** Served over TLS: HSTS is sent. */
  tls: boolean;
  /** The address users load the add-in from: the manifests are rendered for it. */
  publicUrl?: URL;
}

/** The page served at "/". */
const INDEX = "taskpane.html";

/**
 * Office on the web frames the task pane from these origins, every ancestor frame included:
 * Excel on the web (*.officeapps.live.com inside *.sharepoint.com, onedrive.live.com,
 * *.office.com, *.microsoft365.com, and *.cloud.microsoft where Microsoft 365 moves), Teams.
 * 'self' for the pane opened directly. (Desktop Excel loads the pane top-level: no ancestor.)
 */
export const OFFICE_FRAME_ANCESTORS = [
  "'self'",
  "https://*.officeapps.live.com",
  "https://*.sharepoint.com",
  "https://*.office.com",
  "https://*.office365.com",
  "https://*.microsoft365.com",
  "https://*.cloud.microsoft",
  "https://*.live.com",
  "https://teams.microsoft.com",
  "https://*.teams.microsoft.com",
];

/** Where office.js comes from (a store requirement: Microsoft's CDN). */
const OFFICE_JS_ORIGIN = "https://appsforoffice.microsoft.com";

/**
 * Webpack's hashed chunk names ("taskpane-ui.1a2b3c4d.js", or the .br / .gz copy sent in its
 * place): their content never changes.
 */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)(?:\.br|\.gz)?$/;

export const site: FastifyPluginAsync<SiteOptions> = async (app, options) => {
  await app.register(helmet, {
    // Office on the web frames the pane: frame-ancestors instead of X-Frame-Options.
    frameguard: false,
    // The pane talks to Office's frames and dialogs (postMessage, window.open), and Office
    // shows the add-in's icons from their own origin.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    hsts: options.tls ? { maxAge: 31_536_000 } : false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // office.js loads its host-specific scripts and locale strings from the same CDN.
        scriptSrc: ["'self'", OFFICE_JS_ORIGIN, ...inlineScriptSources(options.dist)],
        scriptSrcAttr: ["'none'"],
        // Fluent UI (Griffel) and office.js inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        // The relay, or a service with CORS set in Settings (https only): a user who
        // moves to the service's own address must not find it blocked.
        connectSrc: ["'self'", "https:"],
        frameAncestors: OFFICE_FRAME_ANCESTORS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  });
  await app.register(compress, { encodings: ["br", "gzip"], threshold: 1024 });
  // Rendered once, at start: a build that cannot be rendered stops the start with its reason.
  const rendered = options.publicUrl ? renderForPublicUrl(options.dist, options.publicUrl) : null;
  registerPublicFiles(app, rendered, `/${INDEX}`);
  await app.register(fastifyStatic, {
    root: options.dist,
    index: [INDEX],
    // A rendered file's build copy (and its .br and .gz) names the placeholder origin: never
    // served, whatever the spelling of the path that reaches it.
    allowedPath: (path) => !rendered?.has(path.replace(/\.(?:br|gz)$/, "")),
    // The build writes a .br and a .gz copy of each text file (scripts/precompress-plugin.js):
    // sent as they are, not compressed again for every request.
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    // HTML, manifests, functions.json and the two entry scripts keep their names from build to
    // build: revalidated each time (ETag), so a new build is seen at once.
    setHeaders: (reply, path) => {
      void reply.header(
        "cache-control",
        HASHED_ASSET.test(path) ? "public, max-age=31536000, immutable" : "no-cache"
      );
    },
  });
  // The team host's admin page at its documented address; its API is /admin/api.
  app.get("/admin", (_request, reply) => reply.sendFile("admin.html"));
  // The admin page is never framed (clickjacking), the rest of the site by Office.
  app.addHook("onSend", async (request, reply, payload) => {
    if (ADMIN_PAGE.test(request.url.split("?")[0]!)) {
      const policy = String(reply.getHeader("content-security-policy") ?? "");
      void reply.headers({
        "content-security-policy": FRAME_ANCESTORS.test(policy)
          ? policy.replace(FRAME_ANCESTORS, "frame-ancestors 'none'")
          : [policy, "frame-ancestors 'none'"].filter(Boolean).join(";"),
        "x-frame-options": "DENY",
      });
    }
    return payload;
  });
};

/** The admin page's addresses: /admin, and the file it is served from (/admin.html, /admin.js…). */
const ADMIN_PAGE = /^\/admin(?:[./]|$)/;

const FRAME_ANCESTORS = /frame-ancestors[^;]*/;
