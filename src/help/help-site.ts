import { checkHelp } from "./check-help";
import { FUNCTION_DOCS, type FunctionDoc } from "./function-docs";
import { functionIndexPage, functionPage } from "./function-pages";
import { helpPagePath, type FunctionsMetadata } from "./function-metadata";
import { privacyPage, supportPage } from "./site-pages";
import { EN, type HelpStrings } from "./strings-en";

// The whole help site from functions.json: its pages by path under dist/, or the problems that
// keep it from being built (scripts/help-pages-plugin.ts makes those build errors).

export interface HelpSiteOptions {
  /** The add-in's origin in this build, with its trailing slash: every helpUrl is under it. */
  origin: string;
  docs?: Readonly<Record<string, FunctionDoc>>;
  strings?: HelpStrings;
}

export type HelpSite = { problems: string[]; pages: Map<string, string> };

export function buildHelpSite(metadata: FunctionsMetadata, options: HelpSiteOptions): HelpSite {
  const { origin, docs = FUNCTION_DOCS, strings = EN } = options;
  const problems = checkHelp(metadata, docs, origin);
  const pages = new Map<string, string>();
  if (problems.length > 0) return { problems, pages };
  for (const fn of metadata.functions)
    pages.set(helpPagePath(fn.id), functionPage(fn, docs[fn.id]!, strings));
  pages.set("help/index.html", functionIndexPage(metadata.functions, strings));
  pages.set("support.html", supportPage(strings));
  pages.set("privacy.html", privacyPage(strings));
  return { problems, pages };
}
