import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appPackage } from "./app-package";
import { ADDIN, type AddinDescription } from "./addin-description";
import { shortcutsFile } from "./shortcuts-file";
import { appIconFileName, languageFiles, unifiedManifestJson } from "./unified-manifest";
import { xmlManifest } from "./xml-manifest";

// Every file written from the add-in's description, for one origin: the build's (webpack
// emits them into dist/) and the repository root's (scripts/write-manifests.ts).

/** Where `npm start` serves the add-in; the root manifests are written for it. */
export const DEV_ORIGIN = "https://localhost:3000/";

export type BuildType = "dev" | "prod";

/** The root's manifest.xml and manifest.json, for the dev server. */
export function rootManifests(addin: AddinDescription = ADDIN): Record<string, string> {
  return {
    "manifest.xml": xmlManifest(addin, DEV_ORIGIN),
    "manifest.json": unifiedManifestJson(addin, DEV_ORIGIN),
  };
}

/**
 * dist/'s manifests, shortcuts file and app package (with its language files) for a build served
 * from `origin`.
 */
export function buildManifestFiles(
  origin: string,
  buildType: BuildType,
  root: string,
  addin: AddinDescription = ADDIN
): Record<string, string | Uint8Array> {
  const manifestJson = unifiedManifestJson(addin, origin);
  const icons = Object.fromEntries(
    [addin.icons.color, addin.icons.outline].map((path) => [
      appIconFileName(path),
      new Uint8Array(readFileSync(join(root, path))),
    ])
  );
  return {
    [`manifest.${buildType}.xml`]: xmlManifest(addin, origin),
    [`manifest.${buildType}.json`]: manifestJson,
    [addin.shortcutsFile]: `${JSON.stringify(shortcutsFile(addin), null, 2)}\n`,
    [`mail-finder.${buildType}.zip`]: appPackage(manifestJson, icons, languageFiles(addin, origin)),
  };
}
