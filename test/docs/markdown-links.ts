import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { Slugger, headingText } from "../../src/help/markdown";

// The links of the repository's Markdown, checked as GitHub would follow them: a relative link
// or image names a file that exists, an #anchor names a heading of its page (GitHub's slugs), an
// external link is a well-formed http(s) or mailto URL (not fetched: no network in tests).

/** Folders never searched for Markdown. */
const SKIPPED = new Set(["node_modules", "dist", ".tools", ".git"]);

/** The Markdown people read: the root's pages, docs/, and the Office host page's README. */
export function markdownFiles(root: string): string[] {
  const inFolder = (folder: string): string[] =>
    readdirSync(join(root, folder)).flatMap((name) => {
      const path = join(folder, name);
      if (SKIPPED.has(name)) return [];
      if (statSync(join(root, path)).isDirectory()) return inFolder(path);
      return name.endsWith(".md") ? [path] : [];
    });
  const rootPages = readdirSync(root).filter(
    (name) => name.endsWith(".md") && statSync(join(root, name)).isFile()
  );
  const docs = existsSync(join(root, "docs")) ? inFolder("docs") : [];
  const officeHost = "test/office-host/README.md";
  return [...rootPages, ...docs, ...(existsSync(join(root, officeHost)) ? [officeHost] : [])];
}

export interface Link {
  target: string;
  image: boolean;
  line: number;
}

/** The lines outside fenced code blocks: number, text, and text with code spans blanked. */
function proseLines(markdown: string): Array<[number, string, string]> {
  const lines: Array<[number, string, string]> = [];
  let fence: string | null = null;
  markdown.split(/\r?\n/).forEach((line, i) => {
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fence !== null) {
      if (marker === fence) fence = null;
      return;
    }
    if (marker) fence = marker;
    else lines.push([i + 1, line, line.replace(/`[^`]*`/g, (code) => " ".repeat(code.length))]);
  });
  return lines;
}

/** Every link and image of a page, Markdown or HTML, outside code. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const [line, , text] of proseLines(markdown)) {
    for (const m of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ target: m[2]!, image: m[1] === "!", line });
    for (const m of text.matchAll(/<(img|a)\s[^>]*?\b(src|href)="([^"]*)"/gi))
      links.push({ target: m[3]!, image: m[1]!.toLowerCase() === "img", line });
  }
  return links;
}

/** The anchors a page offers: its headings' GitHub slugs, and explicit id/name attributes. */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new Slugger();
  const anchors = new Set<string>();
  for (const [, raw, text] of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(raw);
    if (heading) anchors.add(slugger.slug(headingText(heading[1]!)));
    for (const m of text.matchAll(/<a\s[^>]*\b(?:id|name)="([^"]+)"/gi)) anchors.add(m[1]!);
  }
  return anchors;
}

function externalProblem(target: string): string | null {
  if (/^mailto:/i.test(target))
    return /^mailto:[^@\s]+@[^@\s]+$/i.test(target) ? null : "is not a well-formed mailto link";
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "is not a well-formed URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return `uses ${url.protocol}`;
  if (!url.hostname) return "has no host";
  return null;
}

/** What is broken in the given pages (paths relative to root), as "file:line: target ...". */
export function checkLinks(root: string, files: readonly string[]): string[] {
  const problems: string[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsOfFile = (path: string): Set<string> => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, "utf8")));
    return anchorCache.get(path)!;
  };
  for (const file of files) {
    const path = resolve(root, file);
    for (const { target, image, line } of linksOf(readFileSync(path, "utf8"))) {
      const where = `${file}:${line}: ${image ? "image" : "link"} ${target || "(empty)"}`;
      if (target === "") {
        problems.push(`${where} is empty`);
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) {
        const problem = externalProblem(target);
        if (problem) problems.push(`${where} ${problem}`);
        continue;
      }
      const hash = target.indexOf("#");
      const pathPart = hash < 0 ? target : target.slice(0, hash);
      const anchor = hash < 0 ? null : target.slice(hash + 1);
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathPart);
      } catch {
        problems.push(`${where} has a malformed escape`);
        continue;
      }
      const resolved = decoded === "" ? path : resolve(dirname(path), decoded);
      if (!existsSync(resolved)) {
        problems.push(`${where}: ${relative(root, resolved)} does not exist`);
        continue;
      }
      if (image && statSync(resolved).isDirectory()) {
        problems.push(`${where} is a folder, not an image`);
        continue;
      }
      if (anchor === null || extname(resolved) !== ".md") continue;
      if (!anchorsOfFile(resolved).has(anchor))
        problems.push(`${where}: ${relative(root, resolved)} has no heading #${anchor}`);
    }
  }
  return problems;
}
