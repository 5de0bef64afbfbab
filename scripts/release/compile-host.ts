import { mkdirSync, writeFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { basename, dirname, join, relative } from "node:path";
import { build } from "esbuild";

// The host (src/server/cli.ts and all it imports, the embedded sandbox of Try mode with it)
// compiled to one JavaScript file for Node 24: no TypeScript, tsx or esbuild at run
// time. Every npm package is left out of the bundle and required from node_modules as it is, so
// that native ones (better-sqlite3) and those that read their own files (zxcvbn's dictionaries,
// @fastify/static's) load as under `npm run serve`.

const ROOT = join(__dirname, "..", "..");
export const ENTRY = join(__dirname, "host-entry.ts");
/** The release's host, relative to the release's root. */
export const HOST_FILE = "server/cli.js";

export interface CompiledHost {
  /** The npm packages the host requires at run time, by name, sorted. */
  packages: string[];
  /** Bytes of the compiled host (without its source map). */
  bytes: number;
}

/** Compiles the host into `<releaseRoot>/server/cli.js` with its source map. */
export async function compileHost(releaseRoot: string): Promise<CompiledHost> {
  const result = await build({
    entryPoints: [ENTRY],
    // Compiled as if into the repository's root, so that the source map names the sources as
    // `../src/server/app.ts` (a stack trace shows `<release>/src/server/app.ts:12`), not by
    // the path of the machine that packed it; written into the release below.
    outfile: join(ROOT, HOST_FILE),
    write: false,
    bundle: true,
    platform: "node",
    target: "node24",
    // CommonJS, as tsx runs the sources (the root package.json has no "type": "module"), so
    // that __dirname and the packages' default exports are what they are under `npm run serve`.
    format: "cjs",
    packages: "external",
    // Class and function names as in the source: logs and errors show them.
    keepNames: true,
    // Stack traces name the source's files and lines (the start script runs node with
    // --enable-source-maps); the sources themselves are not shipped.
    sourcemap: "linked",
    sourcesContent: false,
    metafile: true,
    logLevel: "silent",
  });
  for (const file of result.outputFiles) {
    const target = join(releaseRoot, dirname(HOST_FILE), basename(file.path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  const output = result.metafile.outputs[relative(ROOT, join(ROOT, HOST_FILE))]!;
  const packages = new Set<string>();
  for (const imported of output.imports)
    if (imported.external && !isBuiltin(imported.path)) packages.add(packageName(imported.path));
  return { packages: [...packages].sort(), bytes: output.bytes };
}

/** `pg` of `pg/lib/x`, `@fastify/static` of `@fastify/static/y`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}
