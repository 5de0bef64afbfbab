import type { CachedOutcome } from "./answer-record";

// What every store of kept answers does: IndexedDB (answer-store-indexeddb.ts), or
// OfficeRuntime.storage where IndexedDB cannot be used (answer-store-key-value.ts). The answer
// cache above does not know which one it has.

/** What a batch read found; `evicted` names misses whose answer was dropped for lack of room. */
export interface AnswerRead {
  found: Map<string, CachedOutcome>;
  evicted: Set<string>;
}

export interface AnswerUsage {
  /** Answers kept for the namespace. */
  count: number;
  /** Their size as kept (keys and records), in bytes. */
  bytes: number;
}

/** How old a namespace's kept answers are (lists decay: re-checked after 60 to 90 days). */
export interface AnswerAges {
  /** Bought less than 30 days ago. */
  under30: number;
  /** 30 to 90 days. */
  from30to90: number;
  /** More than 90 days ago. */
  over90: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts `storedAt` times into AnswerAges as of `now`. */
export class AgeCounter {
  readonly ages: AnswerAges = { under30: 0, from30to90: 0, over90: 0 };
  constructor(private readonly now: number) {}
  add(storedAt: number): void {
    const days = (this.now - storedAt) / DAY_MS;
    if (days < 30) this.ages.under30++;
    else if (days <= 90) this.ages.from30to90++;
    else this.ages.over90++;
  }
}

export type AnswerStoreKind = "indexeddb" | "runtime-storage" | "memory";

export interface AnswerStore {
  readonly kind: AnswerStoreKind;
  /** The keys of one namespace, read in one batch. */
  read(namespace: string, keys: string[]): Promise<AnswerRead>;
  /** Written as one batch: all of them or (the promise rejects) none. */
  write(namespace: string, entries: Array<[string, CachedOutcome]>): Promise<void>;
  /** Removes every answer of the namespace, and its shelf; resolves with how many there were. */
  clear(namespace: string): Promise<number>;
  /**
   * The id of the namespace's shelf in this store: made at the first call, kept with the
   * answers, made anew once they are cleared, and gone with them when the browser forgets the
   * store. A workbook notes the shelves its cells were answered from, so that it can tell when
   * its kept answers are gone (src/runtime/kept-answers-check.ts).
   */
  shelf(namespace: string): Promise<string>;
  /** The shelves of every namespace in this store (those made so far). */
  shelves(): Promise<Set<string>>;
  usage(namespace: string): Promise<AnswerUsage>;
  /** How old the namespace's answers are as of `now` (reads every record: on demand only). */
  ages(namespace: string, now: number): Promise<AnswerAges>;
  /** Marks addresses (normalized) reported bounced, with when (bounces pay back: bounces.ts). */
  markBounced?(namespace: string, marks: Array<[string, number]>): Promise<void>;
  /** Every bounce mark of the namespace: address -> when it was reported. */
  bouncedMarks?(namespace: string): Promise<Map<string, number>>;
  /**
   * Which of these addresses (normalized) a charged kept answer shows: those bought through
   * the add-in, whose credit a bounce report may return (reads every record: on demand only).
   */
  chargedEmails?(namespace: string, emails: ReadonlySet<string>): Promise<Set<string>>;
}

/** A new shelf id: 18 hex digits from the platform's random source. */
export function newShelfId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const emptyRead = (): AnswerRead => ({ found: new Map(), evicted: new Set() });

/** A store error that means "no room" (the browser's quota, or OfficeRuntime.storage's 10 MB). */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (!e) return false;
  return (
    e.name === "QuotaExceededError" ||
    e.code === 22 ||
    (typeof e.message === "string" && /quota|limit would be exceeded/i.test(e.message))
  );
}
