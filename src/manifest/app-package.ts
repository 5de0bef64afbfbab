import { zipSync } from "fflate";

// The app package the Microsoft 365 admin center takes: manifest.json, the two icons it names
// and its language files (localizationInfo.additionalLanguages), all at the root of a zip.

export function appPackage(
  manifestJson: string,
  icons: Record<string, Uint8Array>,
  languageFiles: Record<string, string> = {}
): Uint8Array {
  const files: Record<string, Uint8Array> = {
    "manifest.json": new TextEncoder().encode(manifestJson),
  };
  for (const [name, bytes] of Object.entries(icons)) files[name] = bytes;
  for (const [name, text] of Object.entries(languageFiles))
    files[name] = new TextEncoder().encode(text);
  // A fixed date: the same description and icons give the same bytes.
  return zipSync(files, { mtime: new Date("2025-01-01T00:00:00Z") });
}
