// The shelves of kept answers a workbook's cells were answered from (AnswerStore.shelf), in its
// document settings: they travel with the workbook, so that opened where none of them is (the
// browser's storage cleared, another computer or account) the add-in knows its cells' answers
// are gone and asks before buying them again. Random ids only: nothing of the key or the answers.

import { saveSettings, savedList, type WorkbookSettings } from "./document-settings";

export const SHELVES_SETTING_KEY = "mailFinder.answerShelves";

/** Shelves noted per workbook: the most recent first (computers, accounts, cleared stores). */
export const MAX_SHELVES = 8;

const SHELF_ID = /^[0-9a-f]{8,64}$/;

/** The noted shelves, leaving out whatever is damaged; never throws. */
export function parseShelves(saved: unknown): string[] {
  const shelves: string[] = [];
  for (const item of savedList(saved))
    if (typeof item === "string" && SHELF_ID.test(item) && !shelves.includes(item))
      shelves.push(item);
  return shelves.slice(0, MAX_SHELVES);
}

export class WorkbookShelves {
  constructor(private readonly settings: WorkbookSettings) {}

  noted(): string[] {
    return parseShelves(this.settings.get(SHELVES_SETTING_KEY));
  }

  /** Notes a shelf first and saves the document's settings; rejects when they are not saved. */
  async note(shelf: string): Promise<void> {
    const noted = this.noted();
    if (noted[0] === shelf) return;
    const next = [shelf, ...noted.filter((s) => s !== shelf)].slice(0, MAX_SHELVES);
    this.settings.set(SHELVES_SETTING_KEY, next);
    await saveSettings(this.settings);
  }
}

/** The open workbook's shelves, where there is an Office document (none in Node). */
export function openWorkbookShelves(): WorkbookShelves | null {
  const office = (globalThis as { Office?: typeof Office }).Office;
  const settings = office?.context?.document?.settings;
  return settings ? new WorkbookShelves(settings) : null;
}
