import type { AnswerStore } from "./answer-store-contract";
import { carryOver } from "./answer-store-carry-over";
import { IndexedDbAnswerStore } from "./answer-store-indexeddb";
import { KeyValueAnswerStore } from "./answer-store-key-value";
import { MemoryStore, type KeyValueStore } from "./key-value-store";
import { isStorageDenied } from "./storage-denial";
import { t } from "../i18n/i18n";

/** The store of kept answers in force, and why it is the fallback when it is. */
export interface OpenedAnswerStore {
  store: AnswerStore;
  /** Why answers are kept in the fallback (null: they are in IndexedDB). */
  fallbackReason: string | null;
  /** Answers of earlier versions carried over at this start. */
  carried: number;
  /**
   * The browser denies this frame its storage (docs/user-guide.md): answers are kept in memory
   * until the workbook closes.
   */
  denied: boolean;
}

export interface OpenAnswerStoreOptions {
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
 * Opens IndexedDB, or the fallback where it cannot be opened or refuses writes, then carries over
 * the answers of earlier versions. Nothing is read in bulk. Where the browser denies the fallback
 * too, answers are kept in memory for the session (docs/user-guide.md).
 */
export async function openAnswerStore(options: OpenAnswerStoreOptions): Promise<OpenedAnswerStore> {
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
  if (!store && (await deniedAt(options.kv)))
    return {
      store: new KeyValueAnswerStore(new MemoryStore(), { kind: "memory" }),
      fallbackReason: t("cells.storageDenied"),
      carried: 0,
      denied: true,
    };
  store ??= new KeyValueAnswerStore(options.kv, { kind: options.kvKind ?? "runtime-storage" });
  let carried = 0;
  try {
    carried = await carryOver(options.kv, store);
  } catch (error) {
    options.onError?.(error);
  }
  return { store, fallbackReason, carried, denied: false };
}

/** Whether the browser refuses a read of the store (any other failure is left to its use). */
async function deniedAt(kv: KeyValueStore): Promise<boolean> {
  try {
    await kv.getMany([PROBE_KEY]);
    return false;
  } catch (error) {
    return isStorageDenied(error);
  }
}

/** A key nothing is kept under: reading it asks the store only whether it can be read. */
const PROBE_KEY = "mf.probe";

function describe(error: unknown): string {
  if (error instanceof Error || (error && typeof error === "object" && "name" in error)) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    const text = [name, message].filter((part) => typeof part === "string" && part).join(": ");
    if (text) return text.slice(0, 200);
  }
  return String(error).slice(0, 200);
}
