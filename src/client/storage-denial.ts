import { Listeners } from "./listeners";

// The browser denies the add-in's frame its storage (docs/user-guide.md): where third-party storage is
// blocked without partitioning (a private window, a privacy setting, an administrator's policy)
// Chromium and Firefox throw SecurityError at the frame's localStorage, which office.js's
// OfficeRuntime.storage rejects with, and refuse its IndexedDB; a WebKit whose local storage is
// turned off gives null, and office.js rejects with a TypeError. The add-in then keeps its
// settings and answers in memory for the session, and the pane says why.

/**
 * A storage failure that is the browser refusing this page storage, not a passing fault: a
 * SecurityError, or any failure while the page's localStorage (where office.js keeps
 * OfficeRuntime.storage on the web) is refused.
 */
export function isStorageDenied(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "SecurityError" || localStorageRefused();
}

/** The page's localStorage throws or is null; false where there is none at all (Node). */
function localStorageRefused(): boolean {
  if (!("localStorage" in globalThis)) return false;
  try {
    return globalThis.localStorage === null;
  } catch {
    return true;
  }
}

/** Whether this runtime's storage was found denied; the pane follows it. */
export class StorageDenial {
  private deniedValue = false;
  private readonly changes = new Listeners();

  get denied(): boolean {
    return this.deniedValue;
  }

  /** Found denied: said once, for the rest of the session. */
  note(): void {
    if (this.deniedValue) return;
    this.deniedValue = true;
    this.changes.emit();
  }

  /** Hears the denial when it is found; the returned function stops it. */
  subscribe(listener: () => void): () => void {
    return this.changes.add(listener);
  }
}
