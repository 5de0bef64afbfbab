import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appPackage } from "./app-package";
import { ADDIN, type AddinDescription } from "./addin-description";
import { DEV_ORIGIN } from "./origins";
import { shortcutsFile } from "./shortcuts-file";
import { appIconFileName, languageFiles, unifiedManifestJson } from "./unified-manifest";
import { xmlManifest } from "./xml-manifest";

// Every file written from the add-in's description: the manifests and the app package for one
// origin (the dev build's, the root's for the dev server, and the production host's public URL,
// rendered at its start by src/server/public-url-files.ts), and the shortcuts file, which names
// no origin.

export { DEV_ORIGIN } from "./origins";

export type BuildType = "dev" | "prod";

/** The XML manifest, the unified manifest and the app package the admin center takes. */
export interface AddinManifests {
  xml: string;
  json: string;
  appPackage: Uint8Array;
}

/**
 * The manifests for an add-in served from `origin`; `readAsset` gives the bytes of one of the
 * add-in's files by its path (`assets/color-192.png`), from the repository or from a build.
 */
export function addinManifests(
  origin: string,
  readAsset: (path: string) => Uint8Array,
  addin: AddinDescription = ADDIN
): AddinManifests {
  const json = unifiedManifestJson(addin, origin);
  const icons = Object.fromEntries(
    [addin.icons.color, addin.icons.outline].map((path) => [appIconFileName(path), readAsset(path)])
  );
  return {
    xml: xmlManifest(addin, origin),
    json,
    appPackage: appPackage(json, icons, languageFiles(addin, origin)),
  };
}

/** The root's manifest.xml and manifest.json, for the dev server. */
export function rootManifests(addin: AddinDescription = ADDIN): Record<string, string> {
  return {
    "manifest.xml": xmlManifest(addin, DEV_ORIGIN),
    "manifest.json": unifiedManifestJson(addin, DEV_ORIGIN),
  };
}

/**
 * dist/'s files written from the description. Both builds: the shortcuts file. The dev build:
 * its manifests and app package for the dev server's origin (served from memory by `npm start`).
 * The production build writes no manifest: its address is the host's `--public-url`, and the
 * host renders them for it.
 */
export function buildManifestFiles(
  buildType: BuildType,
  root: string,
  addin: AddinDescription = ADDIN
): Record<string, string | Uint8Array> {
  const files: Record<string, string | Uint8Array> = {
    [addin.shortcutsFile]: `${JSON.stringify(shortcutsFile(addin), null, 2)}\n`,
  };
  if (buildType === "prod") return files;
  const readAsset = (path: string) => new Uint8Array(readFileSync(join(root, path)));
  const manifests = addinManifests(DEV_ORIGIN, readAsset, addin);
  return {
    ...files,
    "manifest.dev.xml": manifests.xml,
    "manifest.dev.json": manifests.json,
    "mail-finder.dev.zip": manifests.appPackage,
  };
}
