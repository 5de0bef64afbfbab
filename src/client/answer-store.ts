import type { CachedOutcome } from "./answer-record";

// Where kept answers live (DESIGN 3): IndexedDB, or OfficeRuntime.storage where IndexedDB
// cannot be used. The result cache above does not know which one it has.

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

export type AnswerStoreKind = "indexeddb" | "runtime-storage" | "memory";

export interface AnswerStore {
  readonly kind: AnswerStoreKind;
  /** The keys of one namespace, read in one batch. */
  read(namespace: string, keys: string[]): Promise<AnswerRead>;
  /** Written as one batch: all of them or (the promise rejects) none. */
  write(namespace: string, entries: Array<[string, CachedOutcome]>): Promise<void>;
  /** Removes every answer of the namespace; resolves with how many there were. */
  clear(namespace: string): Promise<number>;
  usage(namespace: string): Promise<AnswerUsage>;
}

export const emptyRead = (): AnswerRead => ({ found: new Map(), evicted: new Set() });

/** A store error that means "no room" (the browser's quota, or OfficeRuntime.storage's 10 MB). */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | null;
  if (!e) return false;
  return (
    e.name === "QuotaExceededError" ||
    e.code === "QuotaExceeded" ||
    e.code === 22 ||
    (typeof e.message === "string" && /quota|limit would be exceeded/i.test(e.message))
  );
}
