import type { CachedOutcome } from "./answer-record";
import type { AnswerStore } from "./answer-store-contract";
import { ANSWERS_PREFIX, readAnswerEntry } from "./answer-store-key-value";
import { keyOfNormalized, type LookupOperation } from "./lookup-key";
import type { KeyValueStore } from "./key-value-store";

// Answers kept by earlier versions are carried over into the store in force, once: they are written
// there, then removed from OfficeRuntime.storage, where they took the room of the settings.

/** Entries of versions up to 0.1: `mf.cache.v1.<namespace>.<operation>|<field>=<JSON>&...`. */
export const V1_PREFIX = "mf.cache.v1.";

const OPERATIONS = new Set<LookupOperation>([
  "person",
  "company",
  "decision_maker",
  "linkedin_url",
  "verify",
  "employees",
]);

/** The lookup key of today for a key of version 1 (its values were normalized already). */
export function keyOfV1(oldKey: string): string | null {
  const bar = oldKey.indexOf("|");
  const operation = oldKey.slice(0, bar) as LookupOperation;
  if (bar < 0 || !OPERATIONS.has(operation)) return null;
  const fields: Array<[string, string | string[]]> = [];
  let at = bar + 1;
  while (at < oldKey.length) {
    const equals = oldKey.indexOf("=", at);
    if (equals < 0) return null;
    const field = oldKey.slice(at, equals);
    const end = endOfJson(oldKey, equals + 1);
    if (end < 0) return null;
    let value: unknown;
    try {
      value = JSON.parse(oldKey.slice(equals + 1, end));
    } catch {
      return null;
    }
    const isList = Array.isArray(value) && value.every((v) => typeof v === "string");
    if (typeof value !== "string" && !isList) return null;
    fields.push([field, value as string | string[]]);
    if (end < oldKey.length && oldKey[end] !== "&") return null;
    at = end + 1;
  }
  return keyOfNormalized(operation, fields);
}

/** Where the JSON string or array of strings that starts at `from` ends (-1: not one). */
function endOfJson(text: string, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === "[") depth++;
    else if (c === "]") {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    } else if (depth === 0) return -1;
  }
  return -1;
}

interface Carried {
  namespace: string;
  key: string;
  cached: CachedOutcome;
  /** The entry to remove from the key-value store once it is written. */
  source: string;
}

function v1Entry(storeKey: string, value: string): Omit<Carried, "source"> | null {
  const rest = storeKey.slice(V1_PREFIX.length);
  const dot = rest.indexOf(".");
  const key = dot > 0 ? keyOfV1(rest.slice(dot + 1)) : null;
  if (!key) return null;
  try {
    const cached = JSON.parse(value) as CachedOutcome;
    if (!cached || typeof cached.storedAt !== "number" || !cached.outcome) return null;
    return { namespace: rest.slice(0, dot), key, cached };
  } catch {
    return null;
  }
}

const CHUNK = 200;

/**
 * Moves the answers kept in `kv` by earlier versions (and, when `target` is IndexedDB, those
 * kept by the fallback) into `target`; entries that cannot be read are removed. In chunks,
 * each written before it is removed, so that an interruption loses nothing and the space of
 * OfficeRuntime.storage (10 MB in all) is never needed twice over. Resolves with how many
 * answers were carried over.
 */
export async function carryOver(kv: KeyValueStore, target: AnswerStore): Promise<number> {
  const carried: Carried[] = [];
  const unreadable: string[] = [];
  const collect = (storeKey: string, entry: Omit<Carried, "source"> | null): void => {
    if (entry) carried.push({ ...entry, source: storeKey });
    else unreadable.push(storeKey);
  };
  for (const [storeKey, value] of await kv.entries(V1_PREFIX))
    collect(storeKey, v1Entry(storeKey, value));
  if (target.kind === "indexeddb") {
    for (const [storeKey, value] of await kv.entries(ANSWERS_PREFIX))
      collect(storeKey, readAnswerEntry(storeKey, value));
  }
  for (let i = 0; i < carried.length; i += CHUNK) {
    const chunk = carried.slice(i, i + CHUNK);
    const byNamespace = new Map<string, Array<[string, CachedOutcome]>>();
    for (const { namespace, key, cached } of chunk) {
      const list = byNamespace.get(namespace) ?? [];
      list.push([key, cached]);
      byNamespace.set(namespace, list);
    }
    for (const [namespace, entries] of byNamespace) await target.write(namespace, entries);
    await kv.removeMany(chunk.map((entry) => entry.source));
  }
  await kv.removeMany(unreadable);
  return carried.length;
}
