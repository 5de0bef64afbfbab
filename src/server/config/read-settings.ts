import {
  ACTIONS,
  ENV_PREFIX,
  ENV_PREFIX_MISSPELT,
  SETTINGS,
  SETTING_NAMES,
  type Action,
  type Setting,
  type SettingName,
  type SettingValue,
} from "./settings";
import { maskedUrl } from "./masking";

// The command line and the environment read against the settings table (settings.ts), before
// any value is checked for its meaning (options.ts does that): flags win over the environment,
// the prefixed name and a legacy alias must agree, and whatever the host does not know is
// refused: an unknown flag, a flag given twice, a value where a switch takes none, a variable
// under the host's prefix that is not one of its settings.

/** A configuration the host refuses to start with (the CLI exits 2). */
export class ConfigError extends Error {
  constructor(
    message: string,
    /** Whether the usage text helps (a flag problem), or only the message does. */
    readonly showUsage = true
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

export interface Resolved {
  value: SettingValue | null;
  /** Where it came from: a flag ("--port"), a variable ("MAILFINDER_PORT", "PORT") or "default". */
  from: string;
}

export type ResolvedSettings = { readonly [K in SettingName]: Resolved };

export interface CommandLine {
  /** --help or --print-config, if given. */
  action: Action | null;
  settings: ResolvedSettings;
}

type Environment = Record<string, string | undefined>;

const BY_FLAG = new Map<string, SettingName>(
  SETTING_NAMES.flatMap((name) => {
    const flag = (SETTINGS[name] as Setting).flag;
    return flag ? [[flag, name] as [string, SettingName]] : [];
  })
);

const KNOWN_ENV = new Set(
  SETTING_NAMES.flatMap((name) => {
    const setting: Setting = SETTINGS[name];
    return [setting.env, ...setting.aliases.map((alias) => alias.name)];
  })
);

export const KNOWN_FLAGS: readonly string[] = [...BY_FLAG.keys(), ...Object.keys(ACTIONS)];

const TRUE = new Set(["1", "true", "yes", "on"]);
const FALSE = new Set(["0", "false", "no", "off"]);

export function readSettings(argv: readonly string[], env: Environment): CommandLine {
  const { action, given } = readArgv(argv);
  refuseUnknownEnvironment(env);
  const settings = Object.fromEntries(
    SETTING_NAMES.map((name) => [name, resolve(name, given.get(name), env)])
  ) as unknown as ResolvedSettings;
  return { action, settings };
}

/** The flags given: each known, once, a value where one is taken and none where not. */
function readArgv(argv: readonly string[]): {
  action: Action | null;
  given: Map<SettingName, string | true>;
} {
  let action: Action | null = null;
  const given = new Map<SettingName, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!token.startsWith("--"))
      throw new ConfigError(`Unexpected argument ${JSON.stringify(token)}: options start with --`);
    const equals = token.indexOf("=");
    const flag = equals > 0 ? token.slice(0, equals) : token;
    const inline = equals > 0 ? token.slice(equals + 1) : undefined;
    if (flag in ACTIONS) {
      if (inline !== undefined) throw new ConfigError(`${flag} takes no value`);
      // --help says how to use the host whatever else is asked.
      if (action !== "--help") action = flag as Action;
      continue;
    }
    const name = BY_FLAG.get(flag);
    if (!name) throw new ConfigError(unknownFlag(flag), false);
    if (given.has(name)) throw new ConfigError(`${flag} is given twice: give it once`);
    const setting: Setting = SETTINGS[name];
    if (setting.kind.type === "boolean") {
      if (inline !== undefined)
        throw new ConfigError(`${flag} is a switch and takes no value (leave it out for off)`);
      given.set(name, true);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--")))
      throw new ConfigError(`${flag} needs a value`);
    given.set(name, value);
  }
  return { action, given };
}

function unknownFlag(flag: string): string {
  const near = nearest(flag, KNOWN_FLAGS, "--");
  return (
    `Unknown option ${flag}${near.length > 0 ? ` (did you mean ${near.join(" or ")}?)` : ""}.\n` +
    `Known options: ${KNOWN_FLAGS.join(" ")}\nRun with --help for what each does.`
  );
}

/** Variables under the host's prefix must be its settings: a misspelt one is not ignored. */
function refuseUnknownEnvironment(env: Environment): void {
  const unknown = Object.keys(env)
    .filter((name) => {
      const upper = name.toUpperCase();
      return (
        (upper.startsWith(ENV_PREFIX) || upper.startsWith(ENV_PREFIX_MISSPELT)) &&
        !KNOWN_ENV.has(name)
      );
    })
    .sort();
  if (unknown.length === 0) return;
  const hints = unknown.map((name) => {
    const upper = name.toUpperCase().replace(ENV_PREFIX_MISSPELT, ENV_PREFIX);
    const near = nearest(
      upper,
      [...KNOWN_ENV].filter((known) => known.startsWith(ENV_PREFIX)),
      ENV_PREFIX
    );
    return near.length > 0 ? `${name} (did you mean ${near.join(" or ")}?)` : name;
  });
  throw new ConfigError(
    `Unknown environment variable${unknown.length > 1 ? "s" : ""} ${hints.join(", ")}: ` +
      `the host reads every variable starting with ${ENV_PREFIX} as one of its settings.\n` +
      `Known: ${[...KNOWN_ENV].filter((name) => name.startsWith(ENV_PREFIX)).join(" ")}`,
    false
  );
}

/** A setting's text from the flag, its variable or its alias (these two must agree), else its default. */
function resolve(
  name: SettingName,
  flagged: string | true | undefined,
  env: Environment
): Resolved {
  const setting: Setting = SETTINGS[name];
  if (flagged !== undefined)
    return {
      value: flagged === true ? true : parse(setting, flagged, setting.flag!),
      from: setting.flag!,
    };
  const fromEnv = present(env[setting.env]);
  const aliases = setting.aliases.flatMap((alias) => {
    const text = present(env[alias.name]);
    return text === undefined ? [] : [{ alias, text }];
  });
  const candidates: Resolved[] = [];
  if (fromEnv !== undefined)
    candidates.push({ value: parse(setting, fromEnv, setting.env), from: setting.env });
  for (const { alias, text } of aliases) {
    const value = parse(setting, text, alias.name);
    candidates.push({ value: alias.inverted ? !value : value, from: alias.name });
  }
  const [first, ...others] = candidates;
  for (const other of others)
    if (other.value !== first!.value)
      throw new ConfigError(
        `${first!.from} and ${other.from} are both set and disagree: set ${setting.env} only`,
        false
      );
  return first ?? { value: setting.default, from: "default" };
}

/** Empty is unset (systemd's `Environment=NAME=` clears a value). */
function present(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === "" ? undefined : text;
}

function parse(setting: Setting, text: string, source: string): SettingValue {
  const named = source === setting.flag || !setting.flag ? source : `${setting.flag} (${source})`;
  const shown = setting.secret === "url" ? maskedUrl(text) : JSON.stringify(text);
  switch (setting.kind.type) {
    case "boolean": {
      const word = text.trim().toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
      throw new ConfigError(
        `${named} is a switch: 1 or 0 (true/false, yes/no, on/off), not ${shown}`
      );
    }
    case "integer": {
      const { min, max } = setting.kind;
      const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
      if (!Number.isSafeInteger(value) || value < min || value > max)
        throw new ConfigError(`${named} needs a whole number from ${min} to ${max}, not ${shown}`);
      return value;
    }
    case "choice":
      if (!setting.kind.values.includes(text.trim()))
        throw new ConfigError(`${named} is one of ${setting.kind.values.join(", ")}, not ${shown}`);
      return text.trim();
    case "text":
    case "url":
    case "addresses":
    case "file":
      return text;
  }
}

/**
 * The known names closest to `name`, for "did you mean": compared after their common prefix
 * ("--", "MAILFINDER_"), within 2 edits and half the name's length (so "A" suggests nothing).
 */
function nearest(name: string, known: readonly string[], prefix: string): string[] {
  const bare = name.slice(prefix.length);
  const distances = known.map((candidate) => editDistance(candidate.slice(prefix.length), bare));
  const best = Math.min(...distances);
  if (best > 2 || best > bare.length / 2) return [];
  return known.filter((_, i) => distances[i] === best);
}

/** Levenshtein distance (names are short). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    previous = current;
  }
  return previous[b.length]!;
}
