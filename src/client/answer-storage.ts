import type { AnswerStore } from "./answer-store";
import { carryOver } from "./carry-over";
import { IndexedDbAnswerStore } from "./indexeddb-answer-store";
import { KeyValueAnswerStore } from "./key-value-answer-store";
import type { KeyValueStore } from "./storage";
import { t } from "../i18n/i18n";

/** The store of kept answers in force, and why it is the fallback when it is. */
export interface AnswerStorage {
  store: AnswerStore;
  /** Why answers are kept in the fallback (null: they are in IndexedDB). */
  fallbackReason: string | null;
  /** Answers of earlier versions carried over at this start. */
  carried: number;
}

export interface OpenAnswerStorageOptions {
  /** The runtime's IndexedDB (none: the fallback). */
  indexedDB?: IDBFactory | null;
  /** OfficeRuntime.storage (or memory): the fallback, and where earlier versions kept answers. */
  kv: KeyValueStore;
  kvKind?: "runtime-storage" | "memory";
  openTimeoutMs?: number;
  blockedGraceMs?: number;
  /** Carrying earlier answers over failed; they stay where they are and are tried next start. */
  onError?: (error: unknown) => void;
}

/**
 * Opens IndexedDB, or the fallback where it cannot be opened or refuses writes (DESIGN 3),
 * then carries over the answers of earlier versions. Nothing is read in bulk.
 */
export async function openAnswerStorage(options: OpenAnswerStorageOptions): Promise<AnswerStorage> {
  let store: AnswerStore | null = null;
  let fallbackReason: string | null = null;
  if (!options.indexedDB) fallbackReason = t("cells.indexedDbUnavailable");
  else {
    try {
      store = await IndexedDbAnswerStore.open({
        factory: options.indexedDB,
        openTimeoutMs: options.openTimeoutMs,
        blockedGraceMs: options.blockedGraceMs,
      });
    } catch (error) {
      fallbackReason = t("cells.indexedDbUnusable", { reason: describe(error) });
    }
  }
  store ??= new KeyValueAnswerStore(options.kv, { kind: options.kvKind ?? "runtime-storage" });
  let carried = 0;
  try {
    carried = await carryOver(options.kv, store);
  } catch (error) {
    options.onError?.(error);
  }
  return { store, fallbackReason, carried };
}

function describe(error: unknown): string {
  if (error instanceof Error || (error && typeof error === "object" && "name" in error)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    const text = [name, message].filter((part) => typeof part === "string" && part).join(": ");
    if (text) return text.slice(0, 200);
  }
  return String(error).slice(0, 200);
}
