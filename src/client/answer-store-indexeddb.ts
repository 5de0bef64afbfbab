import { unwrap, wrap, type DBSchema, type IDBPDatabase, type IDBPTransaction } from "idb";
import {
  decodeAnswer,
  encodeAnswer,
  recordBytes,
  type AnswerRecord,
  type CachedOutcome,
} from "./answer-record";
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
import { t } from "../i18n/i18n";
import { emailOfAnswer, isCharged } from "./bounces";

// Kept answers in IndexedDB: no size budget of its own, read on demand, one transaction per batch.
// Several runtimes (open workbooks) share it; IndexedDB serializes their read-write transactions,
// so the per-namespace counts stay exact.

export const ANSWERS_DB = "mail-finder-answers";
// 2: the bounce marks (bounces.ts: bounces pay back).
const VERSION = 2;

interface NamespaceRecord {
  /** Short id written in front of each key of the namespace (a 24-digit digest would not be). */
  id: number;
  count: number;
  bytes: number;
  /** AnswerStore.shelf (namespaces made before it have none until asked). */
  shelf?: string;
}

interface AnswersSchema extends DBSchema {
  /** `<namespace id, base 36>:<lookup key>` -> record (answer-record.ts). */
  answers: { key: string; value: AnswerRecord };
  /** Keys of the answers last removed for lack of room -> when. */
  evicted: { key: string; value: number };
  /** Namespace (digest of service and key) -> its id and counts. */
  namespaces: { key: string; value: NamespaceRecord };
  /** `<namespace id, base 36>:<normalized email>` -> when it was reported bounced (ms). */
  bounced: { key: string; value: number };
}

type Database = IDBPDatabase<AnswersSchema>;
type StoreName = "answers" | "evicted" | "namespaces";
type WriteTransaction = IDBPTransaction<AnswersSchema, StoreName[], "readwrite">;

export interface IndexedDbAnswerStoreOptions {
  factory: IDBFactory;
  name?: string;
  /** An open that takes longer (a broken profile, a slow disk) counts as failed. */
  openTimeoutMs?: number;
  /**
   * An open blocked by another runtime's connection to an older version that does not close
   * (an add-in version without onversionchange) counts as failed this long after the browser
   * says so; one that closes in time lets the upgrade go on.
   */
  blockedGraceMs?: number;
  /** Share of all kept answers removed, oldest first, when the browser's quota is reached. */
  evictFraction?: number;
  now?: () => number;
}

const SCAN_CHUNK = 10_000;
const PROBE_KEY = "\u0000probe";

export class IndexedDbAnswerStore implements AnswerStore {
  readonly kind = "indexeddb";
  /** Answers removed for lack of room by this runtime. */
  evictedCount = 0;
  private readonly prefixes = new Map<string, Promise<string | null>>();
  private readonly now: () => number;

  private constructor(
    private readonly db: Database,
    private readonly options: IndexedDbAnswerStoreOptions
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Opens the database and proves that it takes writes; rejects where it cannot be used. */
  static async open(options: IndexedDbAnswerStoreOptions): Promise<IndexedDbAnswerStore> {
    const db = await openDatabase(options);
    const store = new IndexedDbAnswerStore(db, options);
    try {
      await store.probe();
    } catch (error) {
      db.close();
      throw error;
    }
    return store;
  }

  async read(namespace: string, keys: string[]): Promise<AnswerRead> {
    const result = emptyRead();
    const prefix = keys.length > 0 ? await this.prefixOf(namespace, false) : null;
    if (prefix === null) return result;
    const tx = this.db.transaction(["answers", "evicted"], "readonly");
    const answers = tx.objectStore("answers");
    const evicted = tx.objectStore("evicted");
    const work = async (): Promise<void> => {
      const [records, anyEvicted] = await Promise.all([
        Promise.all(keys.map((key) => answers.get(prefix + key))),
        evicted.openKeyCursor(),
      ]);
      const misses: string[] = [];
      keys.forEach((key, i) => {
        const cached = decodeAnswer(key, records[i]);
        if (cached) result.found.set(key, cached);
        else misses.push(key);
      });
      if (!anyEvicted || misses.length === 0) return;
      const dropped = await Promise.all(misses.map((key) => evicted.getKey(prefix + key)));
      misses.forEach((key, i) => {
        if (dropped[i] !== undefined) result.evicted.add(key);
      });
    };
    await Promise.all([work(), tx.done]);
    return result;
  }

  async write(namespace: string, entries: Array<[string, CachedOutcome]>): Promise<void> {
    if (entries.length === 0) return;
    const prefix = (await this.prefixOf(namespace, true))!;
    const records = entries.map(([key, cached]): [string, AnswerRecord] => [
      prefix + key,
      encodeAnswer(key, cached),
    ]);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.put(namespace, records);
        return;
      } catch (error) {
        // No eviction while there is room: only the browser's quota makes some.
        if (!isQuotaError(error) || attempt >= 3) throw error;
        if ((await this.evictOldest()) === 0) throw error;
      }
    }
  }

  async clear(namespace: string): Promise<number> {
    const prefix = await this.prefixOf(namespace, false);
    if (prefix === null) return 0;
    let removed = 0;
    await this.readWrite(async (tx) => {
      const range = namespaceRange(prefix);
      const namespaces = tx.objectStore("namespaces");
      const record = await namespaces.get(namespace);
      removed = record?.count ?? 0;
      await Promise.all([
        tx.objectStore("answers").delete(range),
        tx.objectStore("evicted").delete(range),
        record
          ? namespaces.put({ id: record.id, count: 0, bytes: 0, shelf: newShelfId() }, namespace)
          : undefined,
      ]);
    });
    return removed;
  }

  async shelves(): Promise<Set<string>> {
    const records = await this.db.getAll("namespaces");
    return new Set(records.flatMap((record) => (record.shelf ? [record.shelf] : [])));
  }

  async shelf(namespace: string): Promise<string> {
    const known = (await this.db.get("namespaces", namespace))?.shelf;
    if (known) return known;
    await this.prefixOf(namespace, true);
    let shelf = "";
    // Another runtime (workbook) may give it one meanwhile: read again in the transaction.
    await this.readWrite(async (tx) => {
      const namespaces = tx.objectStore("namespaces");
      const record = await namespaces.get(namespace);
      if (!record) throw new Error(`kept answers: namespace ${namespace} vanished`);
      if (record.shelf) shelf = record.shelf;
      else {
        shelf = newShelfId();
        await namespaces.put({ ...record, shelf }, namespace);
      }
    });
    return shelf;
  }

  async usage(namespace: string): Promise<AnswerUsage> {
    const record = await this.db.get("namespaces", namespace);
    return { count: record?.count ?? 0, bytes: record?.bytes ?? 0 };
  }

  async ages(namespace: string, now: number): Promise<AnswerAges> {
    const counter = new AgeCounter(now);
    const prefix = await this.prefixOf(namespace, false);
    if (prefix === null) return counter.ages;
    await this.scan((_keys, records) => {
      for (const record of records) counter.add(storedAtOf(record));
    }, prefix);
    return counter.ages;
  }

  async markBounced(namespace: string, marks: Array<[string, number]>): Promise<void> {
    if (marks.length === 0) return;
    const prefix = (await this.prefixOf(namespace, true))!;
    const tx = this.db.transaction("bounced", "readwrite");
    await Promise.all([...marks.map(([email, at]) => tx.store.put(at, prefix + email)), tx.done]);
  }

  async bouncedMarks(namespace: string): Promise<Map<string, number>> {
    const marks = new Map<string, number>();
    const prefix = await this.prefixOf(namespace, false);
    if (prefix === null) return marks;
    const tx = this.db.transaction("bounced", "readonly");
    const range = namespaceRange(prefix);
    const [keys, values]: [string[], number[], void] = await Promise.all([
      tx.store.getAllKeys(range),
      tx.store.getAll(range),
      tx.done,
    ]);
    keys.forEach((key, i) => marks.set(key.slice(prefix.length), values[i]!));
    return marks;
  }

  async chargedEmails(namespace: string, emails: ReadonlySet<string>): Promise<Set<string>> {
    const charged = new Set<string>();
    const prefix = emails.size > 0 ? await this.prefixOf(namespace, false) : null;
    if (prefix === null) return charged;
    await this.scan((keys, records) => {
      keys.forEach((storeKey, i) => {
        const record = records[i];
        // Nothing found (a negative mask) shows no address: not decoded.
        if (!Array.isArray(record) || typeof record[1] !== "number" || record[1] < 0) return;
        const key = storeKey.slice(prefix.length);
        const cached = decodeAnswer(key, record);
        if (!cached || !isCharged(cached.outcome)) return;
        const email = emailOfAnswer(key, cached.outcome);
        if (email !== undefined && emails.has(email)) charged.add(email);
      });
    }, prefix);
    return charged;
  }

  close(): void {
    this.db.close();
  }

  /**
   * The browser's quota is reached: the oldest answers of every namespace go first (a share
   * of them, so that this stays rare), and their keys are noted so that the Lookups view can
   * say which lookups had to be asked again. Resolves with how many were removed.
   */
  async evictOldest(): Promise<number> {
    const ages: number[] = [];
    await this.scan((_keys, records) => {
      for (const record of records) ages.push(storedAtOf(record));
    });
    if (ages.length === 0) return 0;
    const sorted = Float64Array.from(ages).sort();
    const target = Math.max(1, Math.ceil(sorted.length * (this.options.evictFraction ?? 0.1)));
    const cutoff = sorted[target - 1]!;
    let ties = 0;
    for (let i = target - 1; i >= 0 && sorted[i] === cutoff; i--) ties++;

    const victims: Array<{ key: string; bytes: number }> = [];
    await this.scan((keys, records) => {
      keys.forEach((key, i) => {
        const storedAt = storedAtOf(records[i]);
        if (storedAt > cutoff || (storedAt === cutoff && ties-- <= 0)) return;
        victims.push({ key, bytes: recordBytes(key.slice(key.indexOf(":") + 1), records[i]!) });
      });
    });
    await this.readWrite(async (tx) => {
      const namespaces = tx.objectStore("namespaces");
      const answers = tx.objectStore("answers");
      const [names, counted] = await Promise.all([namespaces.getAllKeys(), namespaces.getAll()]);
      const byPrefix = new Map(names.map((name, i) => [prefixOfId(counted[i]!.id), i]));
      for (const { key, bytes } of victims) {
        const at = byPrefix.get(key.slice(0, key.indexOf(":") + 1));
        if (at === undefined) continue;
        counted[at]!.count--;
        counted[at]!.bytes -= bytes;
      }
      // Older notes of removed answers go first: they are worth least.
      await Promise.all([
        tx.objectStore("evicted").clear(),
        ...victims.map(({ key }) => answers.delete(key)),
        ...names.map((name, i) => namespaces.put(counted[i]!, name)),
      ]);
    });
    this.evictedCount += victims.length;
    const at = this.now();
    try {
      await this.readWrite(async (tx) => {
        const evicted = tx.objectStore("evicted");
        await Promise.all(victims.map(({ key }) => evicted.put(at, key)));
      });
    } catch {
      // The notes are a courtesy; room is what was missing.
    }
    return victims.length;
  }

  private async put(namespace: string, records: Array<[string, AnswerRecord]>): Promise<void> {
    await this.readWrite(async (tx) => {
      const answers = tx.objectStore("answers");
      const namespaces = tx.objectStore("namespaces");
      const evicted = tx.objectStore("evicted");
      const [record, olds, anyEvicted] = await Promise.all([
        namespaces.get(namespace),
        Promise.all(records.map(([key]) => answers.get(key))),
        evicted.openKeyCursor(),
      ]);
      const counts = record ?? { id: 0, count: 0, bytes: 0 };
      const requests: Array<Promise<unknown>> = [];
      records.forEach(([key, value], i) => {
        const short = key.slice(key.indexOf(":") + 1);
        const old = olds[i];
        if (old === undefined) counts.count++;
        else counts.bytes -= recordBytes(short, old);
        counts.bytes += recordBytes(short, value);
        requests.push(answers.put(value, key));
        if (anyEvicted) requests.push(evicted.delete(key));
      });
      if (record) requests.push(namespaces.put(counts, namespace));
      await Promise.all(requests);
    });
  }

  /** The key prefix of a namespace; `create` gives a new namespace its id. */
  private prefixOf(namespace: string, create: boolean): Promise<string | null> {
    const known = this.prefixes.get(namespace);
    // A lookup that does not create may be under way (a read, a count): a write that joined it
    // would get null and write its answers under no namespace.
    if (known)
      return create ? known.then((prefix) => prefix ?? this.prefixOf(namespace, true)) : known;
    const finding = (async () => {
      const record = await this.db.get("namespaces", namespace);
      if (record) return prefixOfId(record.id);
      if (!create) return null;
      let id = 0;
      await this.readWrite(async (tx) => {
        const namespaces = tx.objectStore("namespaces");
        const existing = await namespaces.get(namespace);
        if (existing) {
          id = existing.id;
          return;
        }
        // Another runtime may have added namespaces meanwhile: the next id is read here.
        const all = await namespaces.getAll();
        id = all.reduce((next, r) => Math.max(next, r.id + 1), 1);
        await namespaces.put({ id, count: 0, bytes: 0 }, namespace);
      });
      return prefixOfId(id);
    })();
    this.prefixes.set(namespace, finding);
    void finding.then(
      (prefix) => {
        if (prefix === null) this.prefixes.delete(namespace);
      },
      () => this.prefixes.delete(namespace)
    );
    return finding;
  }

  /** A write that is refused for lack of room counts as usable: eviction makes room. */
  private async probe(): Promise<void> {
    try {
      await this.readWrite(async (tx) => {
        const namespaces = tx.objectStore("namespaces");
        await namespaces.put({ id: -1, count: 0, bytes: 0 }, PROBE_KEY);
        await namespaces.delete(PROBE_KEY);
      });
    } catch (error) {
      if (!isQuotaError(error)) throw error;
    }
  }

  /** A read-write transaction over every store: its work and its commit, or the first error. */
  private async readWrite(work: (tx: WriteTransaction) => Promise<void>): Promise<void> {
    const tx = this.db.transaction(["answers", "evicted", "namespaces"], "readwrite");
    const working = work(tx).catch((error: unknown) => {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted.
      }
      throw error;
    });
    try {
      await Promise.all([working, tx.done]);
    } catch (error) {
      // The transaction's own error says what happened (a request's failure, or the quota at
      // commit); the generic abort that reaches `done` first does not.
      const [work] = await Promise.allSettled([working, tx.done]);
      throw unwrap(tx).error ?? (work.status === "rejected" ? work.reason : error);
    }
  }

  /** Visits every answer in key order, a chunk per read-only transaction. */
  /** Visits every answer, in chunks, or those whose key starts with `prefix`. */
  private async scan(
    visit: (keys: string[], records: AnswerRecord[]) => void,
    prefix?: string
  ): Promise<void> {
    let after: string | null = null;
    // Keys are "<prefix><lookup key>": the prefix's keys lie below prefix + U+FFFF.
    const end = prefix === undefined ? undefined : `${prefix}\uffff`;
    for (;;) {
      const tx = this.db.transaction("answers", "readonly");
      const range: IDBKeyRange | undefined =
        end === undefined
          ? after === null
            ? undefined
            : IDBKeyRange.lowerBound(after, true)
          : IDBKeyRange.bound(after ?? prefix!, end, after !== null, false);
      const [keys, records]: [string[], AnswerRecord[], void] = await Promise.all([
        tx.store.getAllKeys(range, SCAN_CHUNK),
        tx.store.getAll(range, SCAN_CHUNK),
        tx.done,
      ]);
      if (keys.length === 0) return;
      visit(keys, records);
      if (keys.length < SCAN_CHUNK) return;
      after = keys[keys.length - 1]!;
    }
  }
}

const prefixOfId = (id: number): string => `${id.toString(36)}:`;

/** Every key that starts with the prefix ("1a:" up to, not including, "1a;"). */
const namespaceRange = (prefix: string): IDBKeyRange =>
  IDBKeyRange.bound(prefix, `${prefix.slice(0, -1)};`, false, true);

const storedAtOf = (record: AnswerRecord | undefined): number =>
  Array.isArray(record) && typeof record[0] === "number" ? record[0] : 0;

async function openDatabase(options: IndexedDbAnswerStoreOptions): Promise<Database> {
  const request = options.factory.open(options.name ?? ANSWERS_DB, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains("answers")) db.createObjectStore("answers");
    if (!db.objectStoreNames.contains("evicted")) db.createObjectStore("evicted");
    if (!db.objectStoreNames.contains("namespaces")) db.createObjectStore("namespaces");
    if (!db.objectStoreNames.contains("bounced")) db.createObjectStore("bounced");
  };
  const opening = wrap(request) as unknown as Promise<Database>;
  // Long enough for a large database on a busy machine (a 100,000-answer test fell back to
  // the empty store under a loaded run with 5 s, the open suspected late); short enough that
  // an open blocked by another version still falls back.
  const timeoutMs = options.openTimeoutMs ?? 30_000;
  const graceMs = Math.min(options.blockedGraceMs ?? 3_000, timeoutMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const fail = (ms: number) => () =>
      reject(new Error(t("cells.indexedDbOpenTimeout", { seconds: ms / 1000 })));
    timer = setTimeout(fail(timeoutMs), timeoutMs);
    request.onblocked = () => {
      clearTimeout(timer);
      timer = setTimeout(fail(graceMs), graceMs);
    };
  });
  try {
    const db = await Promise.race([opening, timeout]);
    // A newer version of the add-in upgrading the database: let it, this one stops using it.
    unwrap(db).onversionchange = () => db.close();
    return db;
  } catch (error) {
    void opening.then((late) => late.close()).catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
