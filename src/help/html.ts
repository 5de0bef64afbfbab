import type { HelpStrings } from "./strings-en";

// The markup every help, support and privacy page shares: static and self-contained (no
// script, nothing loaded from elsewhere; inline style is allowed by the host's CSP), readable
// at 320 px, light or dark as the system is. Every text is escaped where it enters the HTML.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** A text of the strings table as HTML: escaped, with `code` spans. */
export function inline(text: string): string {
  return text
    .split("`")
    .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part)))
    .join("");
}

/** Fills {name} placeholders; the result is still plain text, for inline(). */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export const paragraphs = (texts: readonly string[]): string =>
  texts.map((text) => `<p>${inline(text)}</p>`).join("\n");

export const link = (href: string, text: string): string =>
  `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #5c5c5c;
  --link: #0f6cbd; --code: #f2f2f2; --line: #d6d6d6; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #ececec; --bg: #1f1f1f; --muted: #b3b3b3; --link: #74b9f0; --code: #2e2e2e;
    --line: #474747; }
}
* { box-sizing: border-box; overflow-wrap: break-word; }
body { margin: 0; color: var(--fg); background: var(--bg);
  font: 16px/1.5 "Segoe UI", system-ui, -apple-system, sans-serif; }
header, main { max-width: 48rem; margin: 0 auto; padding: 0 16px; }
nav { display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 12px 0;
  border-bottom: 1px solid var(--line); }
nav strong { margin-right: auto; }
a { color: var(--link); }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 20px 0 8px; }
h2 { font-size: 1.2rem; margin: 28px 0 8px; }
h3 { font-size: 1rem; margin: 20px 0 4px; }
code { font-family: Consolas, "SF Mono", Menlo, monospace; font-size: 0.9em;
  background: var(--code); padding: 0 0.2em; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: 8px 12px; border-radius: 4px; white-space: pre-wrap;
  overflow-wrap: anywhere; }
pre code { padding: 0; }
dt { font-weight: 600; margin-top: 12px; }
dd { margin: 2px 0 0 16px; }
main { padding-bottom: 32px; }
ul, ol { padding-left: 20px; }
img { max-width: 100%; height: auto; }
table { display: block; overflow-x: auto; border-collapse: collapse; margin: 12px 0; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
.optional { color: var(--muted); font-weight: normal; }
`;

export interface PageParts {
  strings: HelpStrings;
  title: string;
  /** From this page to the site's root: "" or "../". */
  root: string;
  body: string;
}

export function page({ strings, title, root, body }: PageParts): string {
  const nav = [
    link(`${root}help/index.html`, strings.site.help),
    link(`${root}support.html`, strings.site.support),
    link(`${root}privacy.html`, strings.site.privacy),
  ].join("\n");
  return `<!doctype html>
<html lang="${escapeHtml(strings.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)} · ${escapeHtml(strings.site.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<header><nav><strong>${escapeHtml(strings.site.name)}</strong>
${nav}</nav></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
