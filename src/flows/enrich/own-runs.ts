import type { SettingsStorage } from "../../runtime/settings";

// The Enrich runs this user started, kept per user (OfficeRuntime.storage), never in the
// workbook: a run interrupted by closing the workbook goes on by itself only for the user who
// started it. A colleague who opens the shared workbook sees it in Jobs, with Continue and its
// cost, and pays only if they choose to.

export const OWN_RUNS_KEY = "enrich.ownRuns";
/** Ids kept: the newest runs of this user. */
const KEPT = 200;

export interface OwnRuns {
  has(id: string): Promise<boolean>;
  add(id: string): Promise<void>;
}

export class StoredOwnRuns implements OwnRuns {
  /** `storage` is looked up at first use (the pane's services load their settings later). */
  constructor(private readonly storageOf: () => SettingsStorage) {}

  private get storage(): SettingsStorage {
    return this.storageOf();
  }

  async has(id: string): Promise<boolean> {
    return (await this.ids()).includes(id);
  }

  async add(id: string): Promise<void> {
    const ids = (await this.ids()).filter((known) => known !== id);
    await this.storage.setItem(OWN_RUNS_KEY, JSON.stringify([...ids, id].slice(-KEPT)));
  }

  private async ids(): Promise<string[]> {
    const text = await this.storage.getItem(OWN_RUNS_KEY);
    try {
      const saved: unknown = JSON.parse(text ?? "[]");
      return Array.isArray(saved) ? saved.filter((id): id is string => typeof id === "string") : [];
    } catch {
      return [];
    }
  }
}
