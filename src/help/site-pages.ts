import { escapeHtml, inline, link, page, paragraphs } from "./html";
import type { HelpStrings } from "./strings-en";

// The support page (the manifest's SupportUrl) and the privacy page, at the root
// of the site; each links the other and the functions' help.

interface Section {
  heading: string;
  body: readonly string[];
}

const section = ({ heading, body }: Section, level = 2, id?: string): string =>
  `<h${level}${id ? ` id="${id}"` : ""}>${escapeHtml(heading)}</h${level}>\n${paragraphs(body)}`;

/** Where the pane's first-run screen links for getting a key (support.html#api-key). */
export const API_KEY_ANCHOR = "api-key";
/** Team hosts: a team token or a Microsoft 365 account (support.html#team). */
export const TEAM_ANCHOR = "team";
/** What to allow where the browser denies the add-in its storage (support.html#storage). */
export const STORAGE_ANCHOR = "storage";

const linkList = (links: ReadonlyArray<[string, string]>): string =>
  `<ul>\n${links.map(([href, text]) => `<li>${link(href, text)}</li>`).join("\n")}\n</ul>`;

/** `guide`: the user's guide's URL from the page (src/help/user-guide.ts). */
export function supportPage(s: HelpStrings, guide: string): string {
  const t = s.support;
  const { busy, notRegistered, staleMetadata, paneNotOpening, certificates, storageDenied } =
    t.troubles;
  const clearCache = [staleMetadata.windows, staleMetadata.mac, staleMetadata.web];
  const body = [
    section({ heading: t.whatHeading, body: t.what }),
    section({ heading: t.keyHeading, body: t.key }, 2, API_KEY_ANCHOR),
    section({ heading: t.teamHeading, body: t.team }, 2, TEAM_ANCHOR),
    `<h2>${escapeHtml(t.troublesHeading)}</h2>`,
    section(busy, 3),
    section(notRegistered, 3),
    section(staleMetadata, 3),
    `<ul>\n${clearCache.map((text) => `<li>${inline(text)}</li>`).join("\n")}\n</ul>`,
    section(paneNotOpening, 3),
    section(storageDenied, 3, STORAGE_ANCHOR),
    section(certificates, 3),
    `<h2>${escapeHtml(t.moreHeading)}</h2>`,
    linkList([
      ["help/index.html", t.helpLink],
      [guide, s.site.guide],
      ["privacy.html", t.privacyLink],
    ]),
  ];
  return page({ strings: s, title: t.title, root: "", body: body.join("\n") });
}

export function privacyPage(s: HelpStrings): string {
  const t = s.privacy;
  const body = [
    `<p>${inline(t.intro)}</p>`,
    ...Object.values(t.sections).map((part) => section(part)),
    `<h2>${escapeHtml(t.moreHeading)}</h2>`,
    linkList([
      ["support.html", t.supportLink],
      ["help/index.html", t.helpLink],
    ]),
  ];
  return page({ strings: s, title: t.title, root: "", body: body.join("\n") });
}
