import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Compilation, Compiler } from "webpack";
import { parseFunctionsMetadata, type FunctionsMetadata } from "../src/help/function-metadata";
import { buildHelpSite } from "../src/help/help-site";
import { localizeMetadata, metadataFileOf } from "../src/help/localized-metadata";
import { EN } from "../src/help/strings-en";
import { USER_GUIDE_PAGE, userGuidePage } from "../src/help/user-guide";

// Writes the help pages of the worksheet functions, the support page and the privacy page
// (src/help/) from the functions.json that custom-functions-metadata-plugin generated from the
// JSDoc, and fails the build when the help and the functions disagree (src/help/check-help.ts).
// The JSDoc's @helpurl names the dev origin; a production build points it at the placeholder
// origin, which the host replaces with its --public-url (src/server/public-url-files.ts), as
// it renders the manifests. For every other language it writes
// functions.<locale>.json from functions.json and the language's table, and the same pages
// under <locale>/ from it and the language's strings; a table that lacks a function or an
// argument, has one too many, or leaves a text in English fails the build. It also writes the
// user's guide (docs/user-guide.md) as user-guide.html with its images, which every language's
// index and support page link.

const PLUGIN = "HelpPagesPlugin";

// Values come from the compiler's own webpack: this file is loaded through tsx, and a second
// copy of webpack's modules would register its error serializers twice (a crash, not an error).
type Webpack = Pick<Compiler["webpack"], "WebpackError" | "sources">;

export interface HelpPagesPluginOptions {
  /** The metadata asset, as CustomFunctionsMetadataPlugin's `output`. */
  metadataFile: string;
  /** The origin the JSDoc's help URLs name (the dev server's). */
  devOrigin: string;
  /** This build's origin, with its trailing slash. */
  origin: string;
  /** The repository's root, where docs/user-guide.md is (this file's parent folder unless given). */
  root?: string;
}

/** The user's guide's source, from the repository's root. */
export const USER_GUIDE_SOURCE = "docs/user-guide.md";

/** What writing the pages needs of a compilation (a test passes a stand-in). */
export type HelpCompilation = Pick<
  Compilation,
  "getAsset" | "updateAsset" | "emitAsset" | "errors"
> &
  Partial<Pick<Compilation, "fileDependencies">>;

/** Points functions.json's help URLs at this build's origin, then writes the pages or the errors. */
export function writeHelpPages(
  compilation: HelpCompilation,
  { WebpackError, sources }: Webpack,
  options: HelpPagesPluginOptions
): void {
  const { metadataFile, devOrigin, origin } = options;
  const fail = (message: string): void => {
    compilation.errors.push(new WebpackError(`${PLUGIN}: ${message}`));
  };
  const asset = compilation.getAsset(metadataFile);
  if (!asset) return fail(`${metadataFile} was not generated, so no help page was written.`);
  const json = asset.source.source().toString().split(devOrigin).join(origin);
  compilation.updateAsset(metadataFile, new sources.RawSource(json));
  let metadata: FunctionsMetadata;
  try {
    metadata = parseFunctionsMetadata(json);
  } catch (error) {
    return fail(`${metadataFile} cannot be read: ${(error as Error).message}`);
  }
  const sites = [buildHelpSite(metadata, { origin })];
  const localized = localizeMetadata(json, metadata, origin);
  localized.problems.forEach(fail);
  for (const [locale, text] of localized.files) {
    compilation.emitAsset(metadataFileOf(locale), new sources.RawSource(text));
    sites.push(buildHelpSite(parseFunctionsMetadata(text), { origin, locale }));
  }
  for (const site of sites) {
    site.problems.forEach(fail);
    // Served as written: the default minimizer would rewrite their style.
    for (const [path, html] of site.pages)
      compilation.emitAsset(path, new sources.RawSource(html), { minimized: true });
  }
  writeUserGuide(compilation, { WebpackError, sources }, options.root ?? join(__dirname, ".."));
}

/** user-guide.html and its images, from docs/user-guide.md, or the reasons they cannot be. */
function writeUserGuide(
  compilation: HelpCompilation,
  { WebpackError, sources }: Webpack,
  root: string
): void {
  const fail = (message: string): void => {
    compilation.errors.push(new WebpackError(`${PLUGIN}: ${message}`));
  };
  const file = join(root, USER_GUIDE_SOURCE);
  // The dev server writes the guide again when it changes.
  compilation.fileDependencies?.add(file);
  let markdown: string;
  try {
    markdown = readFileSync(file, "utf8");
  } catch (error) {
    return fail(`${relative(root, file)} cannot be read: ${(error as Error).message}`);
  }
  const guide = userGuidePage(markdown, USER_GUIDE_SOURCE, EN);
  guide.problems.forEach(fail);
  if (guide.problems.length > 0) return;
  compilation.emitAsset(USER_GUIDE_PAGE, new sources.RawSource(guide.html), { minimized: true });
  for (const [path, image] of guide.images) {
    try {
      compilation.emitAsset(path, new sources.RawSource(readFileSync(join(root, image))));
    } catch (error) {
      fail(`${USER_GUIDE_SOURCE}: the image ${image} cannot be read: ${(error as Error).message}`);
    }
  }
}

export class HelpPagesPlugin {
  constructor(private readonly options: HelpPagesPluginOptions) {}

  apply(compiler: Compiler): void {
    const { webpack } = compiler;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the metadata plugin added functions.json (at the start of the compilation).
        { name: PLUGIN, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => writeHelpPages(compilation, webpack, this.options)
      );
    });
  }
}
