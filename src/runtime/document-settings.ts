// The workbook's document settings (Office.context.document.settings): what travels with the
// file. Shared by the records kept there (the workbook's jobs, the shelves of its answers).

/** The slice of `Office.context.document.settings` the add-in uses. */
export type WorkbookSettings = Pick<Office.Settings, "get" | "set" | "saveAsync">;

/** Writes the settings into the document; rejects when Office says the save failed. */
export function saveSettings(settings: WorkbookSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    settings.saveAsync((result) => {
      if (String(result.status) === "failed")
        reject(new Error(result.error?.message || "saveAsync failed"));
      else resolve();
    });
  });
}

/** A saved list, whether Office gives it back as a value or as its JSON text; [] when damaged. */
export function savedList(saved: unknown): unknown[] {
  let value = saved;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value : [];
}
