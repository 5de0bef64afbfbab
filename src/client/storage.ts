// Key-value stores under the persistent result cache: one interface, an adapter per runtime.

export interface KeyValueStore {
  /** Every entry whose key starts with `prefix`. */
  entries(prefix: string): Promise<Array<[string, string]>>;
  setMany(entries: Array<[string, string]>): Promise<void>;
  removeMany(keys: string[]): Promise<void>;
}

/** In memory: tests, and a fallback where nothing persists. */
export class MemoryStore implements KeyValueStore {
  readonly data = new Map<string, string>();

  async entries(prefix: string): Promise<Array<[string, string]>> {
    return [...this.data].filter(([key]) => key.startsWith(prefix));
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
 * the shared runtime, 10 MB in all (the cache keeps under its own budget, below that).
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

  async setMany(entries: Array<[string, string]>): Promise<void> {
    if (entries.length > 0) await this.storage.setItems(Object.fromEntries(entries));
  }

  async removeMany(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.storage.removeItems(keys);
  }
}

/** IndexedDB, for a browser runtime without `OfficeRuntime.storage`. */
export class IndexedDbStore implements KeyValueStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(
    private readonly factory: IDBFactory,
    private readonly name = "mail-finder-cache"
  ) {}

  async entries(prefix: string): Promise<Array<[string, string]>> {
    const db = await this.open();
    return new Promise((resolve, reject) => {
      const result: Array<[string, string]> = [];
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const request = db
        .transaction("entries", "readonly")
        .objectStore("entries")
        .openCursor(range);
      request.onsuccess = () => {
        const cursor = request.result;
        if (!cursor) return resolve(result);
        result.push([String(cursor.key), String(cursor.value)]);
        cursor.continue();
      };
      request.onerror = () => reject(request.error);
    });
  }

  async setMany(entries: Array<[string, string]>): Promise<void> {
    await this.write((store) => entries.forEach(([key, value]) => store.put(value, key)));
  }

  async removeMany(keys: string[]): Promise<void> {
    await this.write((store) => keys.forEach((key) => store.delete(key)));
  }

  private async write(work: (store: IDBObjectStore) => void): Promise<void> {
    const db = await this.open();
    await new Promise<void>((resolve, reject) => {
      const transaction = db.transaction("entries", "readwrite");
      work(transaction.objectStore("entries"));
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const request = this.factory.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore("entries");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return this.db;
  }
}
