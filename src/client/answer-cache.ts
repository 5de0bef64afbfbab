import type { CachedOutcome, LookupOutcome } from "./answer-record";
import { normalizeEmail } from "../api/normalize";
import {
  emptyRead,
  type AnswerAges,
  type AnswerRead,
  type AnswerStore,
  type AnswerUsage,
} from "./answer-store-contract";
import { emailOfAnswer, withBounce } from "./bounces";
import { Listeners } from "./listeners";

export type { CachedOutcome, LookupOutcome } from "./answer-record";

/** Tells the other runtimes (open workbooks) over the same store that a namespace was cleared. */
export interface CachePeers {
  announceCleared(namespace: string): void;
  onCleared(listener: (namespace: string) => void): void;
  /** Addresses of a namespace reported bounced (normalized), with when (bounces.ts). */
  announceBounced?(namespace: string, marks: Array<[string, number]>): void;
  onBounced?(listener: (namespace: string, marks: Array<[string, number]>) => void): void;
}

export interface AnswerCacheOptions {
  store: AnswerStore | Promise<AnswerStore>;
  /** Separates users and services (see cacheNamespace). */
  namespace: string;
  /** Answers held in memory, most recently used kept (default 10,000). */
  memoryEntries?: number;
  /** Keys asked for in one turn are read together, this many per store read (default 5,000). */
  readChunk?: number;
  /** Writes are batched: one store write per burst of answers (default 20 ms). */
  flushDelayMs?: number;
  now?: () => number;
  /** A store read or write failed; what was not written is written at the next flush. */
  onStoreError?: (error: unknown) => void;
  /** The store gave kept answers, or took new ones (the workbook notes where they are kept). */
  onKept?: () => void;
  peers?: CachePeers;
}

/**
 * Derives the namespace from the service and the account, so that answers bought with one
 * key on one service are never served for another. Only a digest of the key is kept.
 */
export async function cacheNamespace(baseUrl: string, apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${baseUrl.replace(/\/+$/, "")}\n${apiKey}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", bytes));
  return [...digest.slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The persistent cache of one namespace's answers. Nothing is loaded at start: the keys asked for
 * in one turn are read from the store in one batch, a bounded set of recent answers stays in
 * memory, and new answers are written behind in batches. A charged answer is kept until it is
 * explicitly cleared; the store alone decides when room runs out.
 */
export class AnswerCache {
  /** Store reads made, and keys they carried (batching is visible in these). */
  readonly stats = { reads: 0, keysRead: 0 };
  private readonly memory = new Map<string, CachedOutcome>();
  /** Set, not yet handed to the store. */
  private readonly dirty = new Map<string, CachedOutcome>();
  /** Handed to the store, not yet written. */
  private readonly writing = new Map<string, CachedOutcome>();
  private reads = new Map<string, Deferred<CachedOutcome | undefined>>();
  /** Keys the store reported dropped for lack of room, until they are kept again. */
  private readonly evicted = new Set<string>();
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private nextFlush: Deferred<void> | null = null;
  /** Bumped by clear(): a read that started before it does not bring old answers back. */
  private generation = 0;
  private readonly now: () => number;
  private readonly memoryEntries: number;
  /** The namespace's bounce marks (address -> when reported), read once at first use. */
  private marks: Map<string, number> | null = null;
  private marksLoading: Promise<Map<string, number>> | null = null;
  private readonly storeChanges = new Listeners();

  constructor(private readonly options: AnswerCacheOptions) {
    this.now = options.now ?? Date.now;
    this.memoryEntries = Math.max(1, options.memoryEntries ?? 10_000);
    options.peers?.onCleared((namespace) => {
      if (namespace !== options.namespace) return;
      this.forgetRead();
      this.storeChanged();
    });
    // Marks made by another runtime (open workbook) are in the store already: only ours to learn.
    options.peers?.onBounced?.((namespace, marks) => {
      if (namespace !== options.namespace || !this.marks) return;
      for (const [email, at] of marks) this.marks.set(email, at);
    });
  }

  get namespace(): string {
    return this.options.namespace;
  }

  /** Answers held in memory (bounded by `memoryEntries`, plus those not yet written). */
  get memorySize(): number {
    return this.memory.size;
  }

  /** The answer if it is in memory (no store read); a hit counts as recently used. */
  peek(key: string): CachedOutcome | undefined {
    const pending = this.dirty.get(key) ?? this.writing.get(key);
    if (pending) return this.marked(key, pending);
    const held = this.memory.get(key);
    if (held) {
      this.memory.delete(key);
      this.memory.set(key, held);
    }
    return held && this.marked(key, held);
  }

  /** The kept answer, from memory or from the store (read with the other keys of this turn). */
  get(key: string): Promise<CachedOutcome | undefined> {
    const held = this.peek(key);
    if (held) return Promise.resolve(held);
    let waiting = this.reads.get(key);
    if (!waiting) {
      waiting = deferred();
      this.reads.set(key, waiting);
      this.readTimer ??= setTimeout(() => void this.readBatch(), 0);
    }
    return waiting.promise;
  }

  /**
   * Keeps an answer (bought at `storedAt`, default now); true when the store had dropped this
   * key's earlier answer for lack of room, so that the lookup had to be asked again.
   */
  set(key: string, outcome: LookupOutcome, storedAt = this.now()): boolean {
    const cached: CachedOutcome = { outcome, storedAt };
    this.dirty.set(key, cached);
    this.remember(key, cached);
    this.scheduleFlush();
    return this.evicted.delete(key);
  }

  /**
   * Settles once every answer set so far has been written (or its write has failed and
   * waits for the next flush): the scheduler shows an answer once it is kept.
   */
  whenStored(): Promise<void> {
    return this.nextFlush ? this.nextFlush.promise : this.flushing;
  }

  /**
   * Hears every change of what the store holds: answers written (readable from the store from
   * then on), or the namespace cleared. The returned function stops it.
   */
  onStored(listener: () => void): () => void {
    return this.storeChanges.add(listener);
  }

  /** Writes what is pending now (also called on a timer). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const waiting = this.nextFlush;
    this.nextFlush = null;
    const batch = [...this.dirty];
    this.dirty.clear();
    for (const [key, cached] of batch) this.writing.set(key, cached);
    this.flushing = this.flushing.then(async () => {
      if (batch.length === 0) return;
      let failed = false;
      try {
        await (await this.options.store).write(this.options.namespace, batch);
        this.options.onKept?.();
      } catch (error) {
        failed = true;
        this.options.onStoreError?.(error);
      }
      for (const [key, cached] of batch) {
        if (this.writing.get(key) !== cached) continue;
        this.writing.delete(key);
        // Nothing is lost: what was not written is written again at the next flush.
        if (failed && !this.dirty.has(key)) this.dirty.set(key, cached);
      }
      if (!failed) this.storeChanged();
    });
    if (waiting) void this.flushing.then(() => waiting.resolve());
    return this.flushing;
  }

  /** Removes every answer of the namespace (an explicit user action); resolves with how many. */
  clear(): Promise<number> {
    this.generation++;
    this.forgetRead();
    this.dirty.clear();
    this.writing.clear();
    this.evicted.clear();
    const clearing = this.flushing.then(async () => {
      const removed = await (await this.options.store).clear(this.options.namespace);
      this.options.peers?.announceCleared(this.options.namespace);
      this.storeChanged();
      return removed;
    });
    this.flushing = clearing.then(
      () => undefined,
      () => undefined
    );
    return clearing;
  }

  /** How many answers the namespace keeps and their size, once what is pending is written. */
  async usage(): Promise<AnswerUsage> {
    await this.flush();
    return (await this.options.store).usage(this.options.namespace);
  }

  /** How old the namespace's answers are now, once what is pending is written. */
  async ages(): Promise<AnswerAges> {
    await this.flush();
    return (await this.options.store).ages(this.options.namespace, this.now());
  }

  /**
   * Marks addresses reported bounced, durably: a kept answer that shows one is
   * given as bounced from now on (`bounced_on`), and the scheduler never buys it again.
   */
  async markBounced(emails: Iterable<string>, reportedAt = this.now()): Promise<void> {
    const marks = await this.loadMarks();
    const entries: Array<[string, number]> = [];
    for (const email of emails) entries.push([normalizeEmail(email), reportedAt]);
    await (await this.options.store).markBounced?.(this.options.namespace, entries);
    for (const [email, at] of entries) marks.set(email, at);
    this.options.peers?.announceBounced?.(this.options.namespace, entries);
  }

  /** When the address was reported bounced, or undefined. */
  async bouncedOf(email: string): Promise<number | undefined> {
    return (await this.loadMarks()).get(normalizeEmail(email));
  }

  /**
   * Which of these addresses a charged kept answer shows (bought through the add-in, so their
   * credit may come back when reported), once what is pending is written.
   */
  async chargedEmails(emails: Iterable<string>): Promise<Set<string>> {
    await this.flush();
    const wanted = new Set([...emails].map(normalizeEmail));
    const store = await this.options.store;
    return (await store.chargedEmails?.(this.options.namespace, wanted)) ?? new Set();
  }

  private loadMarks(): Promise<Map<string, number>> {
    if (this.marks) return Promise.resolve(this.marks);
    this.marksLoading ??= (async () => {
      const store = await this.options.store;
      const marks = (await store.bouncedMarks?.(this.options.namespace)) ?? new Map();
      this.marks = marks;
      return marks;
    })();
    const loading = this.marksLoading;
    // A failed read is tried again at the next use; meanwhile nothing is marked.
    loading.catch((error: unknown) => {
      if (this.marksLoading === loading) this.marksLoading = null;
      this.options.onStoreError?.(error);
    });
    return loading;
  }

  /** The answer as it is shown: with its address's bounce mark when it has one. */
  private marked(key: string, cached: CachedOutcome): CachedOutcome {
    const marks = this.marks;
    if (!marks) {
      // Read at the first store read; an answer held from a write alone starts the reading.
      void this.loadMarks().catch(() => undefined);
      return cached;
    }
    if (marks.size === 0) return cached;
    const email = emailOfAnswer(key, cached.outcome);
    const at = email === undefined ? undefined : marks.get(email);
    return at === undefined
      ? cached
      : { storedAt: cached.storedAt, outcome: withBounce(cached.outcome, at) };
  }

  private storeChanged(): void {
    try {
      this.storeChanges.emit();
    } catch {
      // A listener's failure is its own: it must not break the chain of writes.
    }
  }

  private forgetRead(): void {
    this.memory.clear();
  }

  private async readBatch(): Promise<void> {
    this.readTimer = null;
    const batch = this.reads;
    this.reads = new Map();
    const generation = this.generation;
    const keys = [...batch.keys()];
    // Read with the first batch: every kept answer is shown with its bounce mark.
    await this.loadMarks().catch(() => undefined);
    const chunk = this.options.readChunk ?? 5_000;
    for (let i = 0; i < keys.length; i += chunk) {
      const slice = keys.slice(i, i + chunk);
      let read: AnswerRead;
      try {
        this.stats.reads++;
        this.stats.keysRead += slice.length;
        read = await (await this.options.store).read(this.options.namespace, slice);
        if (read.found.size > 0) this.options.onKept?.();
      } catch (error) {
        // A failed read is a miss: the lookup is asked (and then kept) rather than lost.
        this.options.onStoreError?.(error);
        read = emptyRead();
      }
      const current = generation === this.generation;
      for (const key of slice) {
        const newer = this.peek(key);
        let found = newer;
        if (!found && current) {
          found = read.found.get(key);
          if (found) this.remember(key, found);
          else if (read.evicted.has(key)) this.evicted.add(key);
        }
        batch.get(key)!.resolve(found && this.marked(key, found));
      }
    }
  }

  private remember(key: string, cached: CachedOutcome): void {
    this.memory.delete(key);
    this.memory.set(key, cached);
    if (this.memory.size > this.memoryEntries)
      this.memory.delete(this.memory.keys().next().value as string);
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.nextFlush = deferred();
    this.flushTimer = setTimeout(() => void this.flush(), this.options.flushDelayMs ?? 20);
  }
}
