import { decodeAnswer, encodeAnswer, type CachedOutcome } from "./answer-record";
import {
  emptyRead,
  isQuotaError,
  type AnswerRead,
  type AnswerStore,
  AgeCounter,
  type AnswerAges,
  type AnswerUsage,
  newShelfId,
} from "./answer-store-contract";
import type { KeyValueStore } from "./key-value-store";
import { emailOfAnswer, isCharged } from "./bounces";

/** Prefix of the answers this store keeps: `mf.answers.v2.<namespace>.<lookup key>`. */
export const ANSWERS_PREFIX = "mf.answers.v2.";
/** Prefix of the bounce marks: `mf.bounced.v1.<namespace>.<email>` -> when reported (ms). */
export const BOUNCED_PREFIX = "mf.bounced.v1.";

/** The shelf of a namespace: `mf.shelf.v1.<namespace>` -> its id (AnswerStore.shelf). */
export const SHELF_PREFIX = "mf.shelf.v1.";

/** The namespace and lookup key of a stored key of this store (namespaces have no dot). */
function splitAnswerKey(storeKey: string): { namespace: string; key: string } | null {
  if (!storeKey.startsWith(ANSWERS_PREFIX)) return null;
  const rest = storeKey.slice(ANSWERS_PREFIX.length);
  const dot = rest.indexOf(".");
  return dot > 0 ? { namespace: rest.slice(0, dot), key: rest.slice(dot + 1) } : null;
}

/** An entry of this store as the answer it keeps (null when it cannot be read). */
export function readAnswerEntry(
  storeKey: string,
  value: string
): { namespace: string; key: string; cached: CachedOutcome } | null {
  const split = splitAnswerKey(storeKey);
  const cached = split && parse(split.key, value);
  return split && cached ? { ...split, cached } : null;
}

interface Indexed {
  bytes: number;
  storedAt: number;
}

interface Write extends Indexed {
  storeKey: string;
  value: string;
}

export interface KeyValueAnswerStoreOptions {
  kind?: "runtime-storage" | "memory";
  /**
   * Budget of the kept answers of every namespace, counted as UTF-16 (2 bytes a character,
   * keys included), as OfficeRuntime.storage counts its 10 MB; the default leaves room for
   * the settings.
   */
  maxBytes?: number;
}

/**
 * The fallback where IndexedDB cannot be used: answers in a key-value store (OfficeRuntime.storage)
 * under a budget; past it the oldest answers go first. Its index of sizes and ages is read once, at
 * first use; it is bounded by the budget.
 */
export class KeyValueAnswerStore implements AnswerStore {
  readonly kind: "runtime-storage" | "memory";
  readonly maxBytes: number;
  private index: Promise<Map<string, Indexed>> | null = null;
  private totalBytes = 0;
  /** Answers this store dropped for lack of room during this session. */
  private readonly evicted = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly kv: KeyValueStore,
    options: KeyValueAnswerStoreOptions = {}
  ) {
    this.kind = options.kind ?? "runtime-storage";
    this.maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  }

  async read(namespace: string, keys: string[]): Promise<AnswerRead> {
    const result = emptyRead();
    if (keys.length === 0) return result;
    const storeKeys = keys.map((key) => storeKeyOf(namespace, key));
    const values = await this.kv.getMany(storeKeys);
    keys.forEach((key, i) => {
      const cached = parse(key, values[i] ?? null);
      if (cached) result.found.set(key, cached);
      else if (this.evicted.has(storeKeys[i]!)) result.evicted.add(key);
    });
    return result;
  }

  write(namespace: string, entries: Array<[string, CachedOutcome]>): Promise<void> {
    return this.serially(async () => {
      const index = await this.loadIndex();
      const writes: Write[] = entries.map(([key, cached]) => {
        const storeKey = storeKeyOf(namespace, key);
        const value = JSON.stringify(encodeAnswer(key, cached));
        return { storeKey, value, bytes: sizeOf(storeKey, value), storedAt: cached.storedAt };
      });
      try {
        await this.writeWithin(index, writes, this.maxBytes);
      } catch (error) {
        // OfficeRuntime.storage is shared with the settings: free a tenth and try once more.
        if (!isQuotaError(error)) throw error;
        const incoming = writes.reduce((n, w) => n + w.bytes, 0);
        await this.writeWithin(index, writes, Math.floor((this.totalBytes + incoming) * 0.9));
      }
    });
  }

  clear(namespace: string): Promise<number> {
    return this.serially(async () => {
      const index = await this.loadIndex();
      const prefix = storeKeyOf(namespace, "");
      const keys = [...index.keys()].filter((key) => key.startsWith(prefix));
      await this.kv.removeMany([...keys, SHELF_PREFIX + namespace]);
      for (const key of keys) this.forget(index, key);
      return keys.length;
    });
  }

  async shelves(): Promise<Set<string>> {
    return new Set((await this.kv.entries(SHELF_PREFIX)).map(([, shelf]) => shelf));
  }

  shelf(namespace: string): Promise<string> {
    return this.serially(async () => {
      const key = SHELF_PREFIX + namespace;
      const [known] = await this.kv.getMany([key]);
      if (known) return known;
      const shelf = newShelfId();
      await this.kv.setMany([[key, shelf]]);
      return shelf;
    });
  }

  async usage(namespace: string): Promise<AnswerUsage> {
    const index = await this.loadIndex();
    const prefix = storeKeyOf(namespace, "");
    let count = 0;
    let bytes = 0;
    for (const [key, entry] of index) {
      if (!key.startsWith(prefix)) continue;
      count++;
      bytes += entry.bytes;
    }
    return { count, bytes };
  }

  async ages(namespace: string, now: number): Promise<AnswerAges> {
    const index = await this.loadIndex();
    const prefix = storeKeyOf(namespace, "");
    const counter = new AgeCounter(now);
    for (const [key, entry] of index) if (key.startsWith(prefix)) counter.add(entry.storedAt);
    return counter.ages;
  }

  async markBounced(namespace: string, marks: Array<[string, number]>): Promise<void> {
    if (marks.length === 0) return;
    await this.kv.setMany(marks.map(([email, at]) => [bouncedKeyOf(namespace, email), String(at)]));
  }

  async bouncedMarks(namespace: string): Promise<Map<string, number>> {
    const prefix = bouncedKeyOf(namespace, "");
    const marks = new Map<string, number>();
    for (const [key, value] of await this.kv.entries(prefix)) {
      const at = Number(value);
      if (Number.isFinite(at)) marks.set(key.slice(prefix.length), at);
    }
    return marks;
  }

  async chargedEmails(namespace: string, emails: ReadonlySet<string>): Promise<Set<string>> {
    const charged = new Set<string>();
    if (emails.size === 0) return charged;
    for (const [storeKey, value] of await this.kv.entries(storeKeyOf(namespace, ""))) {
      const entry = readAnswerEntry(storeKey, value);
      if (!entry || !isCharged(entry.cached.outcome)) continue;
      const email = emailOfAnswer(entry.key, entry.cached.outcome);
      if (email !== undefined && emails.has(email)) charged.add(email);
    }
    return charged;
  }

  /**
   * Writes after removing the oldest answers until all of them fit in `limit` bytes; once it
   * has to remove some, it frees a twentieth of the limit more, so that it does not sort the
   * index at every write.
   */
  private async writeWithin(
    index: Map<string, Indexed>,
    writes: Write[],
    limit: number
  ): Promise<void> {
    const writing = new Set(writes.map((w) => w.storeKey));
    let total = this.totalBytes;
    for (const w of writes) total += w.bytes - (index.get(w.storeKey)?.bytes ?? 0);
    const victims: string[] = [];
    if (total > limit) {
      const target = limit - Math.ceil(limit / 20);
      const oldest = [...index].sort((a, b) => a[1].storedAt - b[1].storedAt);
      for (const [key, entry] of oldest) {
        if (total <= target) break;
        if (writing.has(key)) continue;
        victims.push(key);
        total -= entry.bytes;
      }
    }
    await this.kv.removeMany(victims);
    for (const key of victims) {
      this.forget(index, key);
      this.evicted.add(key);
    }
    await this.kv.setMany(writes.map((w) => [w.storeKey, w.value]));
    for (const w of writes) {
      this.forget(index, w.storeKey);
      index.set(w.storeKey, { bytes: w.bytes, storedAt: w.storedAt });
      this.totalBytes += w.bytes;
      this.evicted.delete(w.storeKey);
    }
  }

  private forget(index: Map<string, Indexed>, key: string): void {
    const entry = index.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    index.delete(key);
  }

  private loadIndex(): Promise<Map<string, Indexed>> {
    this.index ??= (async () => {
      const index = new Map<string, Indexed>();
      for (const [storeKey, value] of await this.kv.entries(ANSWERS_PREFIX)) {
        const bytes = sizeOf(storeKey, value);
        const storedAt = readAnswerEntry(storeKey, value)?.cached.storedAt ?? 0;
        index.set(storeKey, { bytes, storedAt });
        this.totalBytes += bytes;
      }
      return index;
    })();
    const loading = this.index;
    loading.catch(() => {
      if (this.index === loading) this.index = null;
    });
    return loading;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

const storeKeyOf = (namespace: string, key: string): string =>
  `${ANSWERS_PREFIX}${namespace}.${key}`;

const bouncedKeyOf = (namespace: string, email: string): string =>
  `${BOUNCED_PREFIX}${namespace}.${email}`;

const sizeOf = (key: string, value: string): number => 2 * (key.length + value.length);

function parse(key: string, value: string | null): CachedOutcome | undefined {
  if (value === null) return undefined;
  try {
    return decodeAnswer(key, JSON.parse(value));
  } catch {
    return undefined; // a damaged entry: the lookup is simply asked again
  }
}
