// The kinds of the host's settings: how a setting's text is read, what of it is secret, and
// the groups of --help, --print-config and the docs (settings.ts holds the table).

export type SettingGroup = "host" | "logs" | "metrics" | "demo" | "team";

export const GROUP_TITLES: Record<SettingGroup, string> = {
  host: "Host",
  logs: "Logs",
  metrics: "Metrics",
  demo: "Try mode",
  team: "Team mode",
};

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How a setting's text is read. */
export type SettingKind =
  /** A switch: a flag without a value; in the environment 1/true/yes/on or 0/false/no/off. */
  | { type: "boolean" }
  | { type: "integer"; min: number; max: number }
  /** One of a few words. */
  | { type: "choice"; values: readonly string[] }
  /** Text. */
  | { type: "text" }
  /** A URL, checked where it is used (options.ts). */
  | { type: "url" }
  /** A comma list of addresses and CIDR ranges, checked where it is used. */
  | { type: "addresses" }
  /** A file's path. */
  | { type: "file" };

/** What of a setting is secret, so that --print-config and errors never show it. */
export type Secrecy =
  /** Nothing: shown as it is. */
  | "none"
  /** The path of a file holding a secret: the path is shown, the file is never read for it. */
  | "file"
  /** A URL that may carry a password: shown with the password masked. */
  | "url";

export type SettingValue = string | number | boolean;

/** A legacy environment name read as the setting (`LOG=0` is `--quiet`: `inverted`). */
export interface Alias {
  name: string;
  inverted?: boolean;
}

export interface Setting {
  /** The command line's spelling; null for a setting only the environment gives. */
  flag: `--${string}` | null;
  /** Its environment variable. */
  env: string;
  aliases: readonly Alias[];
  kind: SettingKind;
  /** The value when none is given (null: none, or computed where it is used). */
  default: SettingValue | null;
  /** The default as the help and the docs say it, when it is not the value itself. */
  defaultText?: string;
  /** A placeholder of the value in the help: `--port <n>`. */
  placeholder?: string;
  secret: Secrecy;
  group: SettingGroup;
  description: string;
}

/** Legacy environment names, read as the setting. */
export const alias = (...names: string[]): Alias[] => names.map((name) => ({ name }));

/**
 * A secret the host reads from a file (one line, mode 0600): `env` is the variable's name after
 * `MAILFINDER_`, and its legacy name.
 */
export function secretFile(row: {
  flag: `--${string}`;
  env: string;
  group: SettingGroup;
  defaultText: string;
  description: string;
}) {
  return {
    flag: row.flag,
    env: `MAILFINDER_${row.env}`,
    aliases: alias(row.env),
    kind: { type: "file" } as const,
    default: null,
    defaultText: row.defaultText,
    placeholder: "<file>",
    secret: "file" as const,
    group: row.group,
    description: row.description,
  } satisfies Setting;
}
