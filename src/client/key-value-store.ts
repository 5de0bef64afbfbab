// Key-value stores: OfficeRuntime.storage (the kept answers' fallback), memory, and a file in
// Node (node-file-store.ts). One interface, an adapter per runtime.

export interface KeyValueStore {
  /** Every entry whose key starts with `prefix`. */
  entries(prefix: string): Promise<Array<[string, string]>>;
  /** The values of these keys (null where there is none), in one call. */
  getMany(keys: string[]): Promise<Array<string | null>>;
  setMany(entries: Array<[string, string]>): Promise<void>;
  removeMany(keys: string[]): Promise<void>;
}

/** In memory: tests, and a fallback where nothing persists. */
export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();

  async entries(prefix: string): Promise<Array<[string, string]>> {
    return [...this.data].filter(([key]) => key.startsWith(prefix));
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    return keys.map((key) => this.data.get(key) ?? null);
  }

  async setMany(entries: Array<[string, string]>): Promise<void> {
    for (const [key, value] of entries) this.data.set(key, value);
  }

  async removeMany(keys: string[]): Promise<void> {
    for (const key of keys) this.data.delete(key);
  }
}

/** The slice of `OfficeRuntime.storage` the adapter uses (all Promise-based). */
export interface OfficeRuntimeStorageLike {
  getKeys(): Promise<string[]>;
  getItems(keys: string[]): Promise<Record<string, string | null>>;
  setItems(items: Record<string, string>): Promise<void>;
  removeItems(keys: string[]): Promise<void>;
}

/**
 * `OfficeRuntime.storage`: per user and per add-in, shared by functions and task pane in
 * the shared runtime, 10 MB in all (kept answers stay under their own budget, below that).
 */
export class OfficeRuntimeStore implements KeyValueStore {
  constructor(private readonly storage: OfficeRuntimeStorageLike) {}

  async entries(prefix: string): Promise<Array<[string, string]>> {
    const keys = (await this.storage.getKeys()).filter((key) => key.startsWith(prefix));
    const result: Array<[string, string]> = [];
    // Read in slices so that one call never carries the whole store.
    for (let i = 0; i < keys.length; i += 500) {
      const items = await this.storage.getItems(keys.slice(i, i + 500));
      for (const [key, value] of Object.entries(items))
        if (typeof value === "string") result.push([key, value]);
    }
    return result;
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    const items = await this.storage.getItems(keys);
    return keys.map((key) => {
      const value = items[key];
      return typeof value === "string" ? value : null;
    });
  }

  async setMany(entries: Array<[string, string]>): Promise<void> {
    if (entries.length === 0) return;
    try {
      await this.storage.setItems(Object.fromEntries(entries));
    } catch (error) {
      throw setItemsFailure(error);
    }
  }

  async removeMany(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.storage.removeItems(keys);
  }
}

/**
 * What a rejected `OfficeRuntime.storage.setItems` means. On the web, office.js writes each
 * item over localStorage and, when any write threw, rejects with a bare `Error("Unknown
 * error.")` (its performMultiAction), the browser's QuotaExceededError dropped: a write that
 * does not fit is the failure it has, so it is reported as one (the items that fit stay
 * written, which is harmless for answers: each is a true answer).
 */
export function setItemsFailure(error: unknown): unknown {
  // i18n-exempt: office.js's own message, compared, never shown.
  if (error instanceof Error && error.message === "Unknown error.")
    return Object.assign(new Error(error.message), { name: "QuotaExceededError", cause: error });
  return error;
}
