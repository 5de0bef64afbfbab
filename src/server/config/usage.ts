import {
  ACTIONS,
  GROUP_TITLES,
  SETTINGS,
  SETTING_NAMES,
  type Setting,
  type SettingGroup,
  type SettingKind,
} from "./settings";

// The settings table (settings.ts) as people read it: `--help`, and the configuration table of
// docs/operations.md (written by scripts/write-config-table.ts, checked by a test).

const GROUPS = Object.keys(GROUP_TITLES) as SettingGroup[];

function settingsOf(group: SettingGroup): Setting[] {
  return SETTING_NAMES.map((name): Setting => SETTINGS[name]).filter(
    (setting) => setting.group === group
  );
}

function kindText(kind: SettingKind): string {
  switch (kind.type) {
    case "boolean":
      return "switch";
    case "integer":
      return `whole number, ${kind.min}–${kind.max}`;
    case "choice":
      return `one of ${kind.values.join(", ")}`;
    case "text":
      return "text";
    case "url":
      return "URL";
    case "addresses":
      return "addresses, CIDR ranges";
    case "file":
      return "path";
  }
}

function defaultText(setting: Setting): string {
  return setting.defaultText ?? (setting.default === null ? "none" : String(setting.default));
}

function flagText(setting: Setting): string {
  if (!setting.flag) return "(environment only)";
  return setting.placeholder ? `${setting.flag} ${setting.placeholder}` : setting.flag;
}

function envText(setting: Setting): string {
  const aliases = setting.aliases.map((alias) => (alias.inverted ? `${alias.name}=0` : alias.name));
  return aliases.length > 0 ? `${setting.env} (or ${aliases.join(", ")})` : setting.env;
}

/** Backticks are markdown for the docs; the terminal reads the words without them. */
const plain = (text: string): string => text.replace(/`/g, "");

export const USAGE = [
  "Usage: npm start -- --upstream <service base URL> [options]               (a release: --dist is its own dist/)",
  "       npm run serve -- --dist <dir> --upstream <service base URL> [options] (a checkout)",
  "Every option is also an environment variable (after it below); a flag wins over the environment.",
  ...GROUPS.flatMap((group) => [
    "",
    `${GROUP_TITLES[group]}:`,
    ...settingsOf(group).flatMap((setting) => [
      `  ${flagText(setting).padEnd(30)} ${envText(setting)}; default ${plain(defaultText(setting))}`,
      `  ${"".padEnd(30)} ${plain(setting.description)}`,
    ]),
  ]),
  "",
  "Other:",
  ...Object.entries(ACTIONS).map(([flag, what]) => `  ${flag.padEnd(30)} ${what}`),
].join("\n");

const code = (text: string): string => `\`${text}\``;

/** A markdown table; a `|` inside a cell is escaped. */
export function markdownTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>
): string {
  const line = (cells: readonly string[]): string =>
    `| ${cells.map((text) => text.replace(/\|/g, "\\|")).join(" | ")} |`;
  return [line(header), `|${header.map(() => "---|").join("")}`, ...rows.map(line)].join("\n");
}

/** A setting's default as a table cell: a placeholder such as <audience> would be read as HTML. */
function defaultCell(setting: Setting): string {
  if (setting.defaultText)
    return setting.defaultText.includes("<") ? code(setting.defaultText) : setting.defaultText;
  return setting.default === null ? "none" : code(String(setting.default));
}

/** The configuration table of docs/operations.md. */
export function configurationTable(): string {
  return markdownTable(
    ["group", "flag", "environment", "earlier name", "type", "default", "secret", "meaning"],
    GROUPS.flatMap((group) =>
      settingsOf(group).map((setting) => [
        GROUP_TITLES[group],
        setting.flag ? code(flagText(setting)) : "(none)",
        code(setting.env),
        setting.aliases
          .map((alias) => code(alias.inverted ? `${alias.name}=0` : alias.name))
          .join(", "),
        kindText(setting.kind),
        defaultCell(setting),
        setting.secret === "file"
          ? "file (path shown)"
          : setting.secret === "url"
            ? "password"
            : "",
        setting.description,
      ])
    )
  );
}

/**
 * One group's settings for a guide (docs/admin-guide.md): flag, variable, default, meaning; the
 * full table, with the earlier names, types and secrecy, is operations.md's.
 */
export function groupTable(group: SettingGroup): string {
  return markdownTable(
    ["flag", "environment", "default", "meaning"],
    settingsOf(group).map((setting) => [
      setting.flag ? code(flagText(setting)) : "(environment only)",
      code(setting.env),
      defaultCell(setting),
      setting.description,
    ])
  );
}

/** The markers around the generated table in docs/operations.md. */
export const TABLE_START =
  "<!-- configuration table: generated from src/server/config/settings.ts by scripts/write-config-table.ts -->";
export const TABLE_END = "<!-- end of the configuration table -->";

/** `document` with the text between the markers replaced by the table. */
export function withConfigurationTable(document: string): string {
  const start = document.indexOf(TABLE_START);
  const end = document.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error("The document has no configuration table markers.");
  return (
    document.slice(0, start + TABLE_START.length) +
    "\n\n" +
    configurationTable() +
    "\n\n" +
    document.slice(end)
  );
}
