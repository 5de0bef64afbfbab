import type { KeyValueStore } from "./storage";

/** A lookup's answer as kept: a result body, or a definitive "nothing" (404 no_result, 451). */
export type LookupOutcome<T = unknown> =
  | { status: "ok"; value: T }
  | { status: "not_found" | "blacklisted"; code: string; message: string };

export interface CachedOutcome {
  outcome: LookupOutcome;
  storedAt: number;
}

export interface ResultCacheOptions {
  store: KeyValueStore;
  /** Separates users and services (see cacheNamespace). */
  namespace: string;
  /**
   * Budget of the stored entries, counted as UTF-16 (2 bytes a character, keys included).
   * OfficeRuntime.storage allows 10 MB per add-in in all; the default leaves room for settings.
   */
  maxBytes?: number;
  /** Writes are batched: one store write per burst of answers (default 20 ms). */
  flushDelayMs?: number;
  now?: () => number;
  /** A store write failed; the entries stay in memory and are written again at the next flush. */
  onStoreError?: (error: unknown) => void;
}

const PREFIX = "mf.cache.v1.";

const storedBytes = (storeKey: string, value: string): number =>
  2 * (storeKey.length + value.length);

/**
 * Derives the namespace from the service and the account, so that answers bought with one
 * key on one service are never served for another. Only a digest of the key is kept.
 */
export async function cacheNamespace(baseUrl: string, apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${baseUrl.replace(/\/+$/, "")}\n${apiKey}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The persistent result cache (DESIGN 3): loaded once, then read synchronously; written
 * behind in batches. A charged answer is kept until it is explicitly refreshed or cleared;
 * only the size budget evicts, least recently used first.
 */
export class ResultCache {
  readonly ready: Promise<void>;
  private readonly entries = new Map<string, { cached: CachedOutcome; bytes: number }>();
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  private totalBytes = 0;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private nextFlush: { done: Promise<void>; resolve: () => void } | null = null;
  private readonly prefix: string;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: ResultCacheOptions) {
    this.prefix = `${PREFIX}${options.namespace}.`;
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
    this.now = options.now ?? Date.now;
    this.ready = this.load();
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  /** Synchronous once `ready` has resolved; a hit also marks the entry as recently used. */
  get(key: string): CachedOutcome | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.cached;
  }

  set(key: string, outcome: LookupOutcome): void {
    const cached: CachedOutcome = { outcome, storedAt: this.now() };
    this.remember(key, cached, storedBytes(this.prefix + key, JSON.stringify(cached)));
    this.dirty.add(key);
    this.removed.delete(key);
    this.evictOverBudget();
    this.scheduleFlush();
  }

  delete(key: string): void {
    if (!this.forget(key)) return;
    this.removed.add(key);
    this.scheduleFlush();
  }

  /** Removes every entry whose key passes `match` (all of them without it). */
  clear(match: (key: string) => boolean = () => true): number {
    const keys = [...this.entries.keys()].filter(match);
    for (const key of keys) this.delete(key);
    return keys.length;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * Settles once every entry set so far has been written (or its write has failed and
   * waits for the next flush): the scheduler shows an answer once it is kept (DESIGN 3).
   */
  whenStored(): Promise<void> {
    return this.nextFlush ? this.nextFlush.done : this.flushing;
  }

  /** Writes what is pending now (also called on a timer). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const waiting = this.nextFlush;
    this.nextFlush = null;
    const writes: Array<[string, string]> = [];
    for (const key of this.dirty) {
      const entry = this.entries.get(key);
      if (entry) writes.push([this.prefix + key, JSON.stringify(entry.cached)]);
    }
    const removed = [...this.removed];
    const written = [...this.dirty];
    this.dirty.clear();
    this.removed.clear();
    this.flushing = this.flushing.then(async () => {
      try {
        await this.options.store.removeMany(removed.map((key) => this.prefix + key));
        await this.options.store.setMany(writes);
      } catch (error) {
        // Nothing is lost: what was not written is written again at the next flush.
        for (const key of removed) if (!this.entries.has(key)) this.removed.add(key);
        for (const key of written) if (this.entries.has(key)) this.dirty.add(key);
        this.options.onStoreError?.(error);
      }
    });
    if (waiting) void this.flushing.then(waiting.resolve);
    return this.flushing;
  }

  private async load(): Promise<void> {
    for (const [storeKey, value] of await this.options.store.entries(this.prefix)) {
      try {
        const cached = JSON.parse(value) as CachedOutcome;
        if (cached && typeof cached.storedAt === "number" && cached.outcome) {
          this.remember(storeKey.slice(this.prefix.length), cached, storedBytes(storeKey, value));
        }
      } catch {
        // A damaged entry is dropped; the lookup will simply be asked again.
      }
    }
    // Oldest first, so that the map's order is "least recently stored" after a reload.
    const sorted = [...this.entries].sort((a, b) => a[1].cached.storedAt - b[1].cached.storedAt);
    this.entries.clear();
    for (const [key, entry] of sorted) this.entries.set(key, entry);
  }

  private remember(key: string, cached: CachedOutcome, bytes: number): void {
    this.forget(key);
    this.entries.set(key, { cached, bytes });
    this.totalBytes += bytes;
  }

  private forget(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
    return true;
  }

  private evictOverBudget(): void {
    for (const key of this.entries.keys()) {
      if (this.totalBytes <= this.maxBytes) break;
      this.delete(key);
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    let resolve = (): void => undefined;
    const done = new Promise<void>((r) => (resolve = r));
    this.nextFlush = { done, resolve };
    this.flushTimer = setTimeout(() => void this.flush(), this.options.flushDelayMs ?? 20);
  }
}
