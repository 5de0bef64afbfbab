import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

// The Content-Security-Policy sources of the inline scripts of the built pages (taskpane.html
// starts fetching its UI chunks from its head, scripts/preload-chunks-plugin.js): each
// allowed by its hash, so script-src still allows no other inline script.

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` for every inline script of the HTML files at the top of `dist`. */
export function inlineScriptSources(dist: string): string[] {
  if (!existsSync(dist)) return [];
  const sources = new Set<string>();
  for (const name of readdirSync(dist)) {
    if (!name.endsWith(".html")) continue;
    const html = readFileSync(join(dist, name), "utf8");
    for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
      if (!body) continue;
      sources.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
    }
  }
  return [...sources];
}
