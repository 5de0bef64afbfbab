import { validateBaseUrl } from "../client/transport";

/** Per-user settings (DESIGN 4 and 7), kept with OfficeRuntime.storage, never in the workbook. */
export interface Settings {
  apiKey: string | null;
  baseUrl: string;
  webhookUrl: string | null;
}

export const SETTING_KEYS = {
  apiKey: "settings.apiKey",
  baseUrl: "settings.baseUrl",
  webhookUrl: "settings.webhookUrl",
} as const;

/** The slice of `OfficeRuntime.storage` that settings use. */
export interface SettingsStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
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

const MAX_KEY_LENGTH = 512;

/** Trims and checks a settings change; throws SettingsError naming the field. */
export function validateSettings(change: Partial<Settings>): Partial<Settings> {
  const clean: Partial<Settings> = {};
  if (change.apiKey !== undefined) {
    const key = change.apiKey?.trim() ?? "";
    if (key.length > MAX_KEY_LENGTH || /[\s\u0000-\u001f]/.test(key)) {
      throw new SettingsError("apiKey", "The API key must be one word of printable characters.");
    }
    clean.apiKey = key === "" ? null : key;
  }
  if (change.baseUrl !== undefined) {
    try {
      clean.baseUrl = validateBaseUrl(change.baseUrl);
    } catch (error) {
      throw new SettingsError("baseUrl", (error as Error).message);
    }
  }
  if (change.webhookUrl !== undefined) {
    const url = change.webhookUrl?.trim() ?? "";
    if (url === "") clean.webhookUrl = null;
    else {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new SettingsError("webhookUrl", "The webhook URL is not a valid URL.");
      }
      if (parsed.protocol !== "https:")
        throw new SettingsError(
          "webhookUrl",
          "The webhook URL must use https: the service posts results to it."
        );
      clean.webhookUrl = parsed.toString();
    }
  }
  return clean;
}

type Listener = (settings: Settings) => void;

/** Loads, validates, saves and announces settings; the runtime rebuilds its client on change. */
export class SettingsStore {
  private current: Settings;
  private loaded: Promise<Settings> | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: SettingsStorage,
    private readonly defaults: Settings
  ) {
    this.current = { ...defaults };
  }

  get value(): Settings {
    return { ...this.current };
  }

  load(): Promise<Settings> {
    this.loaded ??= (async () => {
      const [apiKey, baseUrl, webhookUrl] = await Promise.all([
        this.storage.getItem(SETTING_KEYS.apiKey),
        this.storage.getItem(SETTING_KEYS.baseUrl),
        this.storage.getItem(SETTING_KEYS.webhookUrl),
      ]);
      this.current = {
        apiKey: apiKey ?? this.defaults.apiKey,
        baseUrl: baseUrl ?? this.defaults.baseUrl,
        webhookUrl: webhookUrl ?? this.defaults.webhookUrl,
      };
      return this.value;
    })();
    return this.loaded;
  }

  async save(change: Partial<Settings>): Promise<Settings> {
    await this.load();
    const clean = validateSettings(change);
    for (const field of Object.keys(clean) as Array<keyof Settings>) {
      const value = clean[field];
      if (value === null || value === undefined) await this.storage.removeItem(SETTING_KEYS[field]);
      else await this.storage.setItem(SETTING_KEYS[field], value);
    }
    this.current = { ...this.current, ...clean };
    for (const listener of [...this.listeners]) listener(this.value);
    return this.value;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
