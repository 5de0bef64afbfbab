import { checkBaseUrl, type BaseUrlProblem } from "../client/base-url";
import { DEFAULT_SPENDING } from "../client/spending";
import { t, type MessageId } from "../i18n/i18n";

/**
 * Per-user settings, kept with OfficeRuntime.storage, never in the workbook.
 * Saved only from the task pane: what they refuse is said there (the pane's catalog).
 */
export interface Settings {
  apiKey: string | null;
  baseUrl: string;
  webhookUrl: string | null;
  /** Off: cells answer only from kept answers; the task pane's paid actions are disabled. */
  spendingEnabled: boolean;
  /** Ask before a recalculation may spend more than this many credits; null never asks. */
  confirmAbove: number | null;
  /** Credits cells may spend in one session; null for no limit. */
  sessionBudget: number | null;
  /** Requests at once, whatever the protocol; null: 6 over HTTP/1.1, adaptive up to 64 over HTTP/2. */
  maxConcurrency: number | null;
  /** Person, profile and decision-maker answers as entities (cards) where the host has them. */
  answersAsCards: boolean;
  /** Try mode: every request goes to the host's demo with `demoKey`, never `apiKey`. */
  tryMode: boolean;
  /** The demo account's key: kept apart from the real key, never sent to the real service. */
  demoKey: string | null;
  /**
   * Answers older than this many days count as not kept: a cell's lookup goes out again under
   * the spending rules. null: a kept answer is never
   * bought again silently.
   */
  maxAgeDays: number | null;
  /**
   * On a team host with Microsoft Entra ID: the Microsoft 365 account the user
   * signed in with (its username, not a secret). Set, every request carries that account's
   * token from nested app authentication instead of the team token.
   */
  microsoftAccount: string | null;
}

/** What the build gives: the connection; spending starts from DEFAULT_SPENDING_SETTINGS. */
export type ConnectionSettings = Pick<Settings, "apiKey" | "baseUrl" | "webhookUrl">;

export const DEFAULT_SPENDING_SETTINGS: Pick<
  Settings,
  | "spendingEnabled"
  | "confirmAbove"
  | "sessionBudget"
  | "maxConcurrency"
  | "answersAsCards"
  | "maxAgeDays"
> = {
  spendingEnabled: DEFAULT_SPENDING.enabled,
  confirmAbove: DEFAULT_SPENDING.confirmAbove,
  sessionBudget: DEFAULT_SPENDING.sessionBudget,
  maxConcurrency: null,
  answersAsCards: false,
  maxAgeDays: null,
};

export const DEFAULT_TRY_MODE_SETTINGS: Pick<Settings, "tryMode" | "demoKey"> = {
  tryMode: false,
  demoKey: null,
};

export const DEFAULT_SIGN_IN_SETTINGS: Pick<Settings, "microsoftAccount"> = {
  microsoftAccount: null,
};

export const MAX_CONCURRENCY = 256;
/** Ten years: any age a user would type. */
export const MAX_AGE_DAYS = 3650;

export const SETTING_KEYS = {
  apiKey: "settings.apiKey",
  baseUrl: "settings.baseUrl",
  webhookUrl: "settings.webhookUrl",
  spendingEnabled: "settings.spendingEnabled",
  confirmAbove: "settings.confirmAbove",
  sessionBudget: "settings.sessionBudget",
  maxConcurrency: "settings.maxConcurrency",
  answersAsCards: "settings.answersAsCards",
  tryMode: "settings.tryMode",
  demoKey: "settings.demoKey",
  maxAgeDays: "settings.maxAgeDays",
  microsoftAccount: "settings.microsoftAccount",
} as const;

/** Stored for "never ask", so that it differs from "not set" (the default threshold). */
const NEVER = "never";
const MAX_CREDITS = 1_000_000_000;

/**
 * Reads a credits amount typed in the task pane: empty is null ("never" / "no limit"), else a
 * number from 0 up, in thousandths at most (0.2 is a verification's price).
 */
export function parseCredits(text: string, field: CreditsField): number | null {
  const trimmed = text.trim().replace(/,/g, "");
  if (trimmed === "") return null;
  if (!/^\d*\.?\d*$/.test(trimmed)) throw creditsError(field);
  return cleanCredits(field, Number(trimmed));
}

type CreditsField = "confirmAbove" | "sessionBudget";

const creditsError = (field: CreditsField): SettingsError =>
  new SettingsError(field, t("settings.creditsInvalid"));

/** A credits amount from 0 up, rounded to thousandths (the guard's unit). */
function cleanCredits(field: CreditsField, value: unknown): number {
  if (typeof value !== "number" || !(value >= 0) || value > MAX_CREDITS) throw creditsError(field);
  return Math.round(value * 1000) / 1000;
}

/** The slice of `OfficeRuntime.storage` that settings use. */
export interface SettingsStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** Settings kept in memory (Node: tests, benchmarks, scripts). */
export class MemorySettingsStorage implements SettingsStorage {
  readonly items = new Map<string, string>();
  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }
  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
}

export class SettingsError extends Error {
  constructor(
    readonly field: keyof Settings,
    message: string
  ) {
    super(message);
    this.name = "SettingsError";
  }
}

const BASE_URL_MESSAGES: Record<BaseUrlProblem, MessageId> = {
  invalid: "settings.baseUrlInvalid",
  path: "settings.baseUrlPath",
  otherSite: "settings.baseUrlOtherSite",
  characters: "settings.baseUrlCharacters",
  credentials: "settings.baseUrlCredentials",
  query: "settings.baseUrlQuery",
  https: "settings.baseUrlHttps",
};

const baseUrlError = (problem: BaseUrlProblem): SettingsError =>
  new SettingsError("baseUrl", t(BASE_URL_MESSAGES[problem]));

const MAX_KEY_LENGTH = 512;

function cleanKey(field: "apiKey" | "demoKey", value: string | null): string | null {
  const key = value?.trim() ?? "";
  if (key.length > MAX_KEY_LENGTH || /[\s\u0000-\u001f]/.test(key)) {
    throw new SettingsError(field, t("settings.apiKeyInvalid"));
  }
  return key === "" ? null : key;
}

/** Trims and checks a settings change; throws SettingsError naming the field. */
export function validateSettings(change: Partial<Settings>): Partial<Settings> {
  const clean: Partial<Settings> = {};
  if (change.apiKey !== undefined) clean.apiKey = cleanKey("apiKey", change.apiKey);
  if (change.demoKey !== undefined) clean.demoKey = cleanKey("demoKey", change.demoKey);
  if (change.microsoftAccount !== undefined) {
    const account = change.microsoftAccount;
    if (
      account !== null &&
      (typeof account !== "string" || !/^[^\s\u0000-\u001f]{1,256}$/.test(account))
    )
      throw new SettingsError("microsoftAccount", t("settings.microsoftAccountInvalid"));
    clean.microsoftAccount = account;
  }
  if (change.tryMode !== undefined) {
    if (typeof change.tryMode !== "boolean")
      throw new SettingsError("tryMode", t("settings.tryModeOnOff"));
    clean.tryMode = change.tryMode;
  }
  if (change.baseUrl !== undefined) {
    const checked = checkBaseUrl(change.baseUrl);
    if ("problem" in checked) throw baseUrlError(checked.problem);
    clean.baseUrl = checked.baseUrl;
  }
  if (change.spendingEnabled !== undefined) {
    if (typeof change.spendingEnabled !== "boolean")
      throw new SettingsError("spendingEnabled", t("settings.spendingOnOff"));
    clean.spendingEnabled = change.spendingEnabled;
  }
  if (change.answersAsCards !== undefined) {
    if (typeof change.answersAsCards !== "boolean")
      throw new SettingsError("answersAsCards", t("settings.cardsOnOff"));
    clean.answersAsCards = change.answersAsCards;
  }
  for (const field of ["confirmAbove", "sessionBudget"] as const) {
    const value = change[field];
    if (value === undefined) continue;
    clean[field] = value === null ? null : cleanCredits(field, value);
  }
  if (change.maxConcurrency !== undefined) {
    const value = change.maxConcurrency;
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY))
      throw new SettingsError(
        "maxConcurrency",
        t("settings.maxConcurrencyInvalid", { max: MAX_CONCURRENCY })
      );
    clean.maxConcurrency = value;
  }
  if (change.maxAgeDays !== undefined) {
    const value = change.maxAgeDays;
    if (value !== null && (!Number.isInteger(value) || value < 1 || value > MAX_AGE_DAYS))
      throw new SettingsError("maxAgeDays", t("settings.maxAgeInvalid", { max: MAX_AGE_DAYS }));
    clean.maxAgeDays = value;
  }
  if (change.webhookUrl !== undefined) {
    const url = change.webhookUrl?.trim() ?? "";
    if (url === "") clean.webhookUrl = null;
    else {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new SettingsError("webhookUrl", t("settings.webhookInvalid"));
      }
      if (parsed.protocol !== "https:")
        throw new SettingsError("webhookUrl", t("settings.webhookHttps"));
      clean.webhookUrl = parsed.toString();
    }
  }
  return clean;
}

/** Hears every saved change; `save()` resolves once every listener has applied it. */
type Listener = (settings: Settings, previous: Settings) => void | Promise<void>;

function storedValue(field: keyof Settings, value: Settings[keyof Settings]): string | null {
  if (field === "confirmAbove" && value === null) return NEVER;
  // Off is the default: nothing is kept for it.
  if (field === "tryMode" && value === false) return null;
  if (value === null || value === undefined) return null;
  return String(value);
}

function parseStored(
  field: keyof Settings,
  text: string | null,
  fallback: Settings[keyof Settings]
): Settings[keyof Settings] {
  if (text === null) return fallback;
  switch (field) {
    case "spendingEnabled":
    case "answersAsCards":
    case "tryMode":
      return text === "true" ? true : text === "false" ? false : fallback;
    case "maxConcurrency": {
      const value = Number(text);
      return Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY ? value : fallback;
    }
    case "maxAgeDays": {
      const value = Number(text);
      return Number.isInteger(value) && value >= 1 && value <= MAX_AGE_DAYS ? value : fallback;
    }
    case "confirmAbove":
    case "sessionBudget": {
      if (text === NEVER) return field === "confirmAbove" ? null : fallback;
      const value = Number(text);
      return Number.isFinite(value) && value >= 0 ? value : fallback;
    }
    default:
      return text;
  }
}

/** Loads, validates, saves and announces settings; the runtime rebuilds its client on change. */
export class SettingsStore {
  private current: Settings;
  private loaded: Promise<Settings> | null = null;
  private read = false;
  private readonly listeners = new Set<Listener>();
  /** Why the saved base URL was refused at load, until a save replaces it. */
  private refusedBaseUrl: BaseUrlProblem | null = null;

  private readonly defaults: Settings;

  constructor(
    /** The user's own storage (OfficeRuntime.storage): other per-user records live there too. */
    readonly storage: SettingsStorage,
    defaults: ConnectionSettings & Partial<Settings>
  ) {
    this.defaults = {
      ...DEFAULT_SPENDING_SETTINGS,
      ...DEFAULT_TRY_MODE_SETTINGS,
      ...DEFAULT_SIGN_IN_SETTINGS,
      ...defaults,
    };
    this.current = { ...this.defaults };
  }

  get value(): Settings {
    return { ...this.current };
  }

  /** Whether `value` holds what storage has (load() has finished), not only the defaults. */
  get isLoaded(): boolean {
    return this.read;
  }

  /** The settings in force: read from storage once, then as saved since. */
  async load(): Promise<Settings> {
    this.loaded ??= (async () => {
      const fields = Object.keys(SETTING_KEYS) as Array<keyof Settings>;
      const stored = await Promise.all(fields.map((f) => this.storage.getItem(SETTING_KEYS[f])));
      const next: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        next[field] = parseStored(field, stored[i] ?? null, this.defaults[field]);
      });
      // Saved before this check (an older version) or by hand: never used, the default instead.
      const baseUrl = stored[fields.indexOf("baseUrl")] ?? null;
      const checked = baseUrl === null ? null : checkBaseUrl(baseUrl);
      if (checked && "problem" in checked) {
        next.baseUrl = this.defaults.baseUrl;
        this.refusedBaseUrl = checked.problem;
      }
      this.current = next as unknown as Settings;
      this.read = true;
      return this.value;
    })();
    await this.loaded;
    return this.value;
  }

  /**
   * The saved base URL refused at load (it stays in storage, unused, until a save replaces
   * it), for the pane to say beside the field; made when asked, in the pane's catalog.
   */
  refusedAtLoad(): SettingsError | null {
    const problem = this.refusedBaseUrl;
    if (problem === null) return null;
    return new SettingsError(
      "baseUrl",
      t("settings.baseUrlRefusedAtLoad", {
        reason: t(BASE_URL_MESSAGES[problem]),
        fallback: this.defaults.baseUrl,
      })
    );
  }

  async save(change: Partial<Settings>): Promise<Settings> {
    await this.load();
    const clean = validateSettings(change);
    // A real key or a Microsoft 365 sign-in ends Try mode in the same save: nothing of the demo
    // stays with it.
    if (clean.apiKey || clean.microsoftAccount) Object.assign(clean, DEFAULT_TRY_MODE_SETTINGS);
    // A new team token typed in is the sign-in chosen: a Microsoft 365 account gives way to it.
    if (
      clean.apiKey &&
      clean.apiKey !== this.current.apiKey &&
      clean.microsoftAccount === undefined
    )
      clean.microsoftAccount = null;
    for (const field of Object.keys(clean) as Array<keyof Settings>) {
      const value = storedValue(field, clean[field] as Settings[keyof Settings]);
      if (value === null) await this.storage.removeItem(SETTING_KEYS[field]);
      else await this.storage.setItem(SETTING_KEYS[field], value);
    }
    if (clean.baseUrl !== undefined) this.refusedBaseUrl = null;
    const previous = this.value;
    this.current = { ...this.current, ...clean };
    await Promise.all([...this.listeners].map((listener) => listener(this.value, previous)));
    return this.value;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
