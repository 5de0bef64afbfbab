import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { withConfigurationTable } from "../src/server/config/usage";

// Rewrites the configuration table of docs/operations.md from the host's settings table
// (src/server/config/settings.ts). test/server/config-doc.test.ts fails until this is run after
// a change to the settings.

const file = join(__dirname, "../docs/operations.md");
writeFileSync(file, withConfigurationTable(readFileSync(file, "utf8")));
console.log(`${file}: configuration table written`);
