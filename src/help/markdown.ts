import { escapeHtml } from "./html";

// The Markdown of the repository's docs as GitHub reads it, for the parts the docs use: headings
// with GitHub's anchors, paragraphs, lists (nested, loose or tight), pipe tables, fenced code,
// and inline code, links, images, **strong** and *emphasis*. Enough to ship docs/user-guide.md
// inside the add-in (src/help/user-guide.ts) and to check the docs' anchors (test/docs); not a
// general Markdown parser. Every text is escaped where it enters the HTML.

/**
 * GitHub's anchor for a heading's text (github-slugger): lower case, every character that is
 * not a letter, a mark, a digit, `_`, `-` or a space dropped, each space a `-`.
 */
export function githubSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The anchors of a page's headings in order: a repeated one gets "-1", "-2"... as on GitHub. */
export class Slugger {
  private readonly seen = new Map<string, number>();

  slug(text: string): string {
    const base = githubSlug(text);
    let slug = base;
    while (this.seen.has(slug)) {
      const count = this.seen.get(base)! + 1;
      this.seen.set(base, count);
      slug = `${base}-${count}`;
    }
    this.seen.set(slug, 0);
    return slug;
  }
}

/** A heading's text as GitHub slugs it: code spans' text, links' and images' text, no marks. */
export function headingText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/`([^`]*)`/g, "$1")
    .trim();
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])( +)(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

/** What a link or an image in the Markdown becomes in the page. */
export interface MarkdownTargets {
  /** The href to write, or null to write the link's text alone. */
  link(href: string): string | null;
  /** The src to write, or null to leave the image out. */
  image(src: string): string | null;
}

export interface Heading {
  level: number;
  text: string;
  id: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
}

const indentOf = (line: string): number => /^ */.exec(line)![0].length;
const blank = (line: string): boolean => line.trim() === "";

/** A table row's cells: split on `|` outside code spans; `\|` is a `|` in a cell. */
function cellsOf(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let inCode = false;
  const text = row.trim().replace(/^\|/, "").replace(/\|$/, "");
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\\" && text[i + 1] === "|") {
      cell += "|";
      i++;
    } else if (c === "`") {
      inCode = !inCode;
      cell += c;
    } else if (c === "|" && !inCode) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

class Renderer {
  readonly headings: Heading[] = [];
  private readonly slugger = new Slugger();

  constructor(private readonly targets: MarkdownTargets) {}

  /** Inline Markdown as HTML: code spans first (nothing inside them is Markdown). */
  inline(text: string): string {
    const codes: string[] = [];
    const masked = text.replace(
      /`([^`]+)`/g,
      (_, code: string) => `\u0000${codes.push(code) - 1}\u0000`
    );
    const unmask = (s: string): string =>
      s.replace(/\u0000(\d+)\u0000/g, (_, n: string) => codes[Number(n)]!);
    const html = (s: string): string =>
      emphasis(escapeHtml(s)).replace(
        /\u0000(\d+)\u0000/g,
        (_, n: string) => `<code>${escapeHtml(codes[Number(n)]!)}</code>`
      );
    let out = "";
    let last = 0;
    for (const match of masked.matchAll(/(!?)\[([^\]]*)\]\(([^)\s]*)\)/g)) {
      out += html(masked.slice(last, match.index));
      last = match.index + match[0].length;
      const [, bang, label, target] = match as unknown as [string, string, string, string];
      if (bang) {
        const src = this.targets.image(unmask(target));
        if (src !== null)
          out += `<img src="${escapeHtml(src)}" alt="${escapeHtml(unmask(label))}" loading="lazy">`;
        continue;
      }
      const href = this.targets.link(unmask(target));
      out += href === null ? html(label) : `<a href="${escapeHtml(href)}">${html(label)}</a>`;
    }
    return out + html(masked.slice(last));
  }

  blocks(lines: readonly string[]): string {
    const out: string[] = [];
    let i = 0;
    while (i < lines.length) {
      const line = lines[i]!;
      if (blank(line)) {
        i++;
        continue;
      }
      const fence = FENCE.exec(line);
      if (fence) {
        const indent = indentOf(line);
        const code: string[] = [];
        for (i++; i < lines.length && !lines[i]!.trim().startsWith(fence[1]!); i++)
          code.push(lines[i]!.slice(Math.min(indent, indentOf(lines[i]!))));
        i++;
        out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
        continue;
      }
      const heading = HEADING.exec(line);
      if (heading) {
        const level = heading[1]!.length;
        const text = heading[2]!;
        const id = this.slugger.slug(headingText(text));
        this.headings.push({ level, text: headingText(text), id });
        out.push(`<h${level} id="${escapeHtml(id)}">${this.inline(text)}</h${level}>`);
        i++;
        continue;
      }
      if (line.trimStart().startsWith("|") && TABLE_RULE.test(lines[i + 1] ?? "")) {
        const rows: string[][] = [];
        const header = cellsOf(line);
        i += 2;
        while (i < lines.length && lines[i]!.trimStart().startsWith("|"))
          rows.push(cellsOf(lines[i++]!));
        const row = (cells: string[], tag: string): string =>
          `<tr>${header.map((_, c) => `<${tag}>${this.inline(cells[c] ?? "")}</${tag}>`).join("")}</tr>`;
        out.push(
          `<table>\n<thead>${row(header, "th")}</thead>\n<tbody>\n${rows.map((r) => row(r, "td")).join("\n")}\n</tbody>\n</table>`
        );
        continue;
      }
      if (LIST_ITEM.test(line)) {
        i = this.list(lines, i, out);
        continue;
      }
      const paragraph: string[] = [];
      while (
        i < lines.length &&
        !blank(lines[i]!) &&
        !FENCE.test(lines[i]!) &&
        !HEADING.test(lines[i]!) &&
        !(paragraph.length > 0 && LIST_ITEM.test(lines[i]!))
      )
        paragraph.push(lines[i++]!.trim());
      out.push(`<p>${this.inline(paragraph.join("\n"))}</p>`);
    }
    return out.join("\n");
  }

  /** A list from lines[start]; its items' bodies are Markdown of their own. Returns the next line. */
  private list(lines: readonly string[], start: number, out: string[]): number {
    const first = LIST_ITEM.exec(lines[start]!)!;
    const indent = first[1]!.length;
    const ordered = /\d/.test(first[2]!);
    const items: string[][] = [];
    let loose = false;
    let i = start;
    while (i < lines.length) {
      const marker = LIST_ITEM.exec(lines[i]!);
      if (!marker || marker[1]!.length !== indent || /\d/.test(marker[2]!) !== ordered) break;
      const contentIndent = indent + marker[2]!.length + marker[3]!.length;
      const body = [marker[4]!];
      i++;
      while (i < lines.length) {
        const line = lines[i]!;
        if (blank(line)) {
          const next = lines.slice(i + 1).find((l) => !blank(l));
          if (next === undefined || indentOf(next) < contentIndent) break;
          body.push("");
          i++;
          continue;
        }
        // A line less indented than the item's text ends it, unless it continues its paragraph.
        if (indentOf(line) < contentIndent && (LIST_ITEM.test(line) || blank(lines[i - 1]!))) break;
        body.push(line.slice(Math.min(contentIndent, indentOf(line))));
        i++;
      }
      items.push(body);
      // A blank line between two items makes the list loose.
      if (i < lines.length && blank(lines[i]!)) {
        const next = lines.slice(i).findIndex((l) => !blank(l));
        const after = next < 0 ? undefined : LIST_ITEM.exec(lines[i + next]!);
        if (after && after[1]!.length === indent) {
          loose = true;
          i += next;
        }
      }
    }
    const tag = ordered ? "ol" : "ul";
    const rendered = items.map((body) => {
      const html = this.blocks(body);
      const tight = !loose && /^<p>[\s\S]*?<\/p>(\n|$)/.test(html);
      return `<li>${tight ? html.replace(/^<p>([\s\S]*?)<\/p>/, "$1") : html}</li>`;
    });
    out.push(`<${tag}>\n${rendered.join("\n")}\n</${tag}>`);
    return i;
  }
}

/** The HTML of a Markdown text, and its headings with their anchors. */
export function renderMarkdown(markdown: string, targets: MarkdownTargets): RenderedMarkdown {
  const renderer = new Renderer(targets);
  const html = renderer.blocks(markdown.replace(/\r\n?/g, "\n").split("\n"));
  return { html, headings: renderer.headings };
}

/** `**strong**` and `*emphasis*` in text already escaped. */
function emphasis(html: string): string {
  return html
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s](?:[^*]*[^*\s])?)\*(?![*\w])/g, "$1<em>$2</em>");
}
