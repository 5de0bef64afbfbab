import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GROUP_TITLES, type SettingGroup } from "../src/server/config/settings";
import {
  TABLE_END,
  TABLE_START,
  configurationTable,
  groupTable,
  markdownTable,
} from "../src/server/config/usage";
import { HELP_FLAGS, SANDBOX_FLAGS } from "../src/sandbox/cli";
import { devEnvironmentTable } from "./dev-environment";

// Every table of flags and variables in the documentation, made from the code: the host's
// settings (src/server/config/settings.ts), the sandbox's flags (src/sandbox/cli.ts) and the
// development scripts' variables (scripts/dev-environment.ts). Each sits between two markers;
// scripts/write-doc-tables.ts writes them, test/docs/documented-settings.test.ts fails while one
// is not what the code makes.

/** The flags table of docs/sandbox.md. */
function sandboxFlagsTable(): string {
  return markdownTable(
    ["flag", "default", "meaning"],
    [
      ...SANDBOX_FLAGS.map(({ flag, placeholder, default: byDefault, meaning }) => [
        `\`${flag}${placeholder ? ` ${placeholder}` : ""}\``,
        byDefault,
        meaning,
      ]),
      [
        HELP_FLAGS.map((flag) => `\`${flag}\``).join(", "),
        "",
        "print the usage on stdout and exit 0",
      ],
    ]
  );
}

export interface GeneratedTable {
  /** The document, relative to the repository. */
  file: string;
  start: string;
  end: string;
  table: () => string;
}

const ROOT = join(__dirname, "..");

const adminGroup = (group: SettingGroup): GeneratedTable => ({
  file: "docs/admin-guide.md",
  start: `<!-- settings of ${GROUP_TITLES[group]}: generated from src/server/config/settings.ts by scripts/write-doc-tables.ts -->`,
  end: `<!-- end of the settings of ${GROUP_TITLES[group]} -->`,
  table: () => groupTable(group),
});

export const GENERATED_TABLES: readonly GeneratedTable[] = [
  { file: "docs/operations.md", start: TABLE_START, end: TABLE_END, table: configurationTable },
  adminGroup("host"),
  adminGroup("demo"),
  adminGroup("team"),
  {
    file: "docs/sandbox.md",
    start:
      "<!-- sandbox flags: generated from src/sandbox/cli.ts by scripts/write-doc-tables.ts -->",
    end: "<!-- end of the sandbox flags -->",
    table: sandboxFlagsTable,
  },
  {
    file: "CONTRIBUTING.md",
    start:
      "<!-- development variables: generated from scripts/dev-environment.ts by scripts/write-doc-tables.ts -->",
    end: "<!-- end of the development variables -->",
    table: devEnvironmentTable,
  },
];

/** The text between a table's markers, or null when the document lacks them. */
export function tableIn(document: string, table: GeneratedTable): string | null {
  const start = document.indexOf(table.start);
  const end = document.indexOf(table.end);
  if (start < 0 || end < start) return null;
  return document.slice(start + table.start.length, end).trim();
}

/** `document` with the text between the table's markers replaced by the table. */
export function withTable(document: string, table: GeneratedTable): string {
  const start = document.indexOf(table.start);
  const end = document.indexOf(table.end);
  if (start < 0 || end < start)
    throw new Error(`${table.file} has no markers ${table.start} ... ${table.end}`);
  return `${document.slice(0, start + table.start.length)}\n\n${table.table()}\n\n${document.slice(end)}`;
}

/** Writes every table into its document. */
export function writeDocTables(): string[] {
  const written: string[] = [];
  for (const table of GENERATED_TABLES) {
    const file = join(ROOT, table.file);
    const before = readFileSync(file, "utf8");
    const after = withTable(before, table);
    if (after !== before) {
      writeFileSync(file, after);
      written.push(table.file);
    }
  }
  return written;
}
