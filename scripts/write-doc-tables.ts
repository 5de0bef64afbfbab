import { writeDocTables } from "./doc-tables";

// Rewrites every generated table of the documentation from the code (scripts/doc-tables.ts
// lists them). test/docs/documented-settings.test.ts fails until this is run after a change to
// a setting, a sandbox flag or a development variable.

const written = writeDocTables();
console.log(written.length > 0 ? `Tables written: ${written.join(", ")}` : "Tables up to date");
