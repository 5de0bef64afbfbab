import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { addinManifests } from "../manifest/manifest-files";
import { PUBLIC_URL_PLACEHOLDER, originBase } from "../manifest/origins";
import { errorCode } from "../api/error-code";

// What the host serves for its public URL (one release serves any address), rendered
// once at start, in memory: the manifests and the app package from the add-in's description
// (its icons read from the build, so that this runs from the release's bundle as from a
// checkout), and every file of the build that names the build's placeholder origin
// (functions.json and its languages' copies: the functions' help URLs) with the public URL in
// its place. The build's .br and .gz copies of those files are stale: fresh ones are made here.

/** Where the host serves the manifests (the admin center and sideloading take these). */
export const MANIFEST_PATHS = {
  xml: "/manifest.xml",
  json: "/manifest.json",
  appPackage: "/mail-finder.zip",
} as const;

/** The manifests' addresses for users and admins: under the public URL, which may have a path. */
export function manifestUrls(publicUrl: URL): string[] {
  const base = originBase(publicUrl.href);
  return Object.values(MANIFEST_PATHS).map((path) => new URL(`.${path}`, base).href);
}

export interface RenderedFile {
  body: Buffer;
  contentType: string;
  /** The body's ETag (strong): it changes with the address. */
  etag: string;
  /** Compressed copies, for text large enough to gain (as the build's). */
  br?: Buffer;
  gzip?: Buffer;
  /** A download's file name (the app package). */
  fileName?: string;
}

const TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};
/** The build's own precompressed copies (scripts/precompress-plugin.js): not read as files. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;
/** Smaller text goes out as it is (the host and the build compress nothing under 1 KB). */
const MIN_COMPRESSED = 1024;

/** The served path of every file rendered for `publicUrl` from the build in `dist`. */
export function renderForPublicUrl(dist: string, publicUrl: URL): Map<string, RenderedFile> {
  const base = originBase(publicUrl.href);
  const manifests = addinManifests(base, (path) => readBuilt(dist, path));
  const files = new Map<string, RenderedFile>([
    [MANIFEST_PATHS.xml, text(manifests.xml, TYPES[".xml"]!)],
    [MANIFEST_PATHS.json, text(manifests.json, TYPES[".json"]!)],
    [
      MANIFEST_PATHS.appPackage,
      {
        body: Buffer.from(manifests.appPackage),
        contentType: "application/zip",
        etag: etagOf(manifests.appPackage),
        fileName: "mail-finder.zip",
      },
    ],
  ]);
  const placeholder = Buffer.from(PUBLIC_URL_PLACEHOLDER);
  for (const file of filesUnder(dist)) {
    const bytes = readFileSync(file);
    if (bytes.indexOf(placeholder) < 0) continue;
    const path = `/${relative(dist, file).split(sep).join("/")}`;
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    files.set(path, text(bytes.toString("utf8").split(PUBLIC_URL_PLACEHOLDER).join(base), type));
  }
  return files;
}

/** A file of the build the manifests need (an icon), or why the host cannot start without it. */
function readBuilt(dist: string, path: string): Uint8Array {
  try {
    return new Uint8Array(readFileSync(join(dist, path)));
  } catch (error) {
    throw new Error(
      `the app package needs ${path} of the built add-in, which ${dist} lacks (${errorCode(error) ?? "unreadable"}): run npm run build`
    );
  }
}

function text(content: string, contentType: string): RenderedFile {
  const body = Buffer.from(content);
  const file: RenderedFile = { body, contentType, etag: etagOf(body) };
  if (body.length < MIN_COMPRESSED) return file;
  return {
    ...file,
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

function etagOf(body: Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() && !COMPRESSED_COPY.test(entry.name) ? [full] : [];
  });
}
