import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HostError } from "./errors";
import { MANIFEST_PATHS, type RenderedFile } from "./public-url-files";

// Serves what was rendered for the host's public URL (public-url-files.ts) from memory, each at
// its path, before the static files (site.ts keeps the build's stale copies from being served
// in any spelling). Without a public URL, the manifests' paths say what the host needs.

/** The manifests' answer on a host started without a public URL. */
export const NO_PUBLIC_URL_MESSAGE =
  "This host renders the add-in's manifests for its public address, which it was not given: start it with --public-url https://<the address users load the add-in from>/ (or MAILFINDER_PUBLIC_URL).";

/**
 * Routes for `rendered` (null: no public URL). `indexPath` is the build's page served at "/":
 * if it was rendered, "/" answers it too.
 */
export function registerPublicFiles(
  app: FastifyInstance,
  rendered: ReadonlyMap<string, RenderedFile> | null,
  indexPath: string
): void {
  if (rendered === null) {
    for (const path of Object.values(MANIFEST_PATHS))
      app.get(path, async () => {
        throw new HostError(404, "not_found", NO_PUBLIC_URL_MESSAGE);
      });
    return;
  }
  for (const [path, file] of rendered) {
    const handler = (request: FastifyRequest, reply: FastifyReply) => send(file, request, reply);
    app.get(path, handler);
    if (path === indexPath) app.get("/", handler);
  }
}

/** The whole file, or its compressed copy the client takes, or 304 to its ETag. */
function send(file: RenderedFile, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const compressed = file.br !== undefined || file.gzip !== undefined;
  const encoding = compressed ? preferredEncoding(request.headers["accept-encoding"]) : null;
  const etag = encoding ? `${file.etag.slice(0, -1)}-${encoding}"` : file.etag;
  void reply.header("cache-control", "no-cache").header("etag", etag).type(file.contentType);
  if (compressed) void reply.header("vary", "accept-encoding");
  if (file.fileName)
    void reply.header("content-disposition", `attachment; filename="${file.fileName}"`);
  if (matches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  if (encoding === null) return reply.send(file.body);
  // Sent as it is: @fastify/compress leaves an answer that has its encoding.
  return reply.header("content-encoding", encoding).send(encoding === "br" ? file.br : file.gzip);
}

/** br before gzip, as the build's copies are chosen; null for the file as it is. */
function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br") || accepted.has("*")) return "br";
  return accepted.has("gzip") ? "gzip" : null;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}
