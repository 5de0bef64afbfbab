import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { rootManifests } from "../src/manifest/manifest-files";

// `npm run manifests`: writes the root manifest.xml (sideloading, `npm start`, `npm run
// validate`) and manifest.json from the add-in's description (src/manifest/addin-description.ts),
// for the dev server's origin. test/addin/manifests.test.ts fails when they are out of date.

const ROOT = join(__dirname, "..");

for (const [name, text] of Object.entries(rootManifests())) {
  writeFileSync(join(ROOT, name), text);
  console.log(`wrote ${name}`);
}
