import { HELP_SAME, HELP_TRANSLATIONS } from "../i18n/catalogs/help/tables";
import type { TranslatedLocale } from "../i18n/catalogs/functions/types";
import { checkHelp, checkHelpStrings } from "./check-help";
import { FUNCTION_DOCS, type FunctionDoc } from "./function-docs";
import { functionIndexPage, functionPage } from "./function-pages";
import { helpPagePath, sitePrefix, type FunctionsMetadata } from "./function-metadata";
import { privacyPage, supportPage } from "./site-pages";
import { EN, type HelpStrings } from "./strings-en";
import { USER_GUIDE_PAGE } from "./user-guide";

// The whole help site from functions.json: its pages by path under dist/, or the problems that
// keep it from being built (scripts/help-pages-plugin.ts makes those build errors). English at
// the root; each other language from its functions.<locale>.json and strings table, the same
// pages under "<locale>/". Every language's index and support page link the user's
// guide, which is in English at the root (scripts/help-pages-plugin.ts writes it).

export interface HelpSiteOptions {
  /** The add-in's origin in this build, with its trailing slash: every helpUrl is under it. */
  origin: string;
  docs?: Readonly<Record<string, FunctionDoc>>;
  /** The language of the pages: English unless given. */
  locale?: "en-US" | TranslatedLocale;
  /** The language's strings table (its translation in the catalogs unless given). */
  strings?: HelpStrings;
  /** The texts of the table written as in English on purpose (dotted paths). */
  same?: readonly string[];
}

export type HelpSite = { problems: string[]; pages: Map<string, string> };

export function buildHelpSite(metadata: FunctionsMetadata, options: HelpSiteOptions): HelpSite {
  const { origin, docs = FUNCTION_DOCS, locale = "en-US" } = options;
  const translated = locale === "en-US" ? undefined : locale;
  const strings = options.strings ?? (translated ? HELP_TRANSLATIONS[translated] : EN);
  const same = options.same ?? (translated ? HELP_SAME[translated] : []);
  const problems = checkHelp(metadata, docs, origin, locale);
  if (translated) problems.push(...checkHelpStrings(EN, strings, same, translated));
  const pages = new Map<string, string>();
  if (problems.length > 0) return { problems, pages };
  const prefix = sitePrefix(locale);
  // From the language's root ("" or "<locale>/") to the site's.
  const guide = `${prefix.replace(/[^/]+\//g, "../")}${USER_GUIDE_PAGE}`;
  for (const fn of metadata.functions)
    pages.set(helpPagePath(fn.id, locale), functionPage(fn, docs[fn.id]!, strings));
  pages.set(
    `${prefix}help/index.html`,
    functionIndexPage(metadata.functions, strings, `../${guide}`)
  );
  pages.set(`${prefix}support.html`, supportPage(strings, guide));
  pages.set(`${prefix}privacy.html`, privacyPage(strings));
  return { problems, pages };
}
