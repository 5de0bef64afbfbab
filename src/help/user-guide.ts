import { posix } from "node:path";
import { page } from "./html";
import { renderMarkdown, type Heading } from "./markdown";
import type { HelpStrings } from "./strings-en";

// The user's guide (docs/user-guide.md) as a page of the add-in's own site, so that the help
// pages can link it wherever the add-in is served: a user's Excel may not reach the repository.
// The guide is in English. Its links within itself and to the web stay; links to other files of
// the repository become their text; its images are served beside it, under user-guide/.

/** Where the guide is in dist/, beside support.html. */
export const USER_GUIDE_PAGE = "user-guide.html";
/** Where its images go in dist/. */
export const USER_GUIDE_IMAGES = "user-guide/";

export interface UserGuidePage {
  html: string;
  headings: Heading[];
  /** Each image's path in dist/, and its file in the repository (relative to its root). */
  images: Map<string, string>;
  /** What keeps the guide from being written; the build fails on them. */
  problems: string[];
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * The guide's page. `source` is the guide's path in the repository ("docs/user-guide.md"), from
 * which its images' paths are resolved; its first line is its title (`# ...`).
 */
export function userGuidePage(
  markdown: string,
  source: string,
  strings: HelpStrings
): UserGuidePage {
  const problems: string[] = [];
  const images = new Map<string, string>();
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const title = /^# (.+)$/.exec(lines[0] ?? "")?.[1]?.trim();
  if (!title) problems.push(`${source} must start with its title ("# ...").`);
  const folder = posix.dirname(source);
  const { html, headings } = renderMarkdown(lines.slice(1).join("\n"), {
    link: (href) => (href.startsWith("#") || /^https?:\/\//i.test(href) ? href : null),
    image: (src) => {
      const file = posix.normalize(posix.join(folder, src));
      if (EXTERNAL.test(src) || file.startsWith("../")) {
        problems.push(`${source}: the image ${src} is not a file of the repository.`);
        return null;
      }
      const path = `${USER_GUIDE_IMAGES}${posix.basename(file)}`;
      const other = images.get(path);
      if (other !== undefined && other !== file)
        problems.push(`${source}: the images ${other} and ${file} would both be ${path}.`);
      images.set(path, file);
      return path;
    },
  });
  return {
    html: page({ strings, title: title ?? "", root: "", body: html }),
    headings,
    images,
    problems,
  };
}
