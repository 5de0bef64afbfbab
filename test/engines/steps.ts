import type { ShimSheet, WorkbookSnapshot } from "../browser/harness";
import { eventually } from "../helpers/sandbox";
import type { PageDriver } from "./page-driver";

// What a user (and Excel, through the host shim) does in the task pane, in any engine: the
// steps of the Chromium flow tests (test/browser/flows-helpers.ts) over the PageDriver.

export type Tab = "enrich" | "bulk" | "geo" | "domain" | "report" | "jobs" | "lookups" | "settings";

/** What the shim resolves a cell with: a value, a spill, or an error (host-shim.js cellResult). */
export type Cell =
  | string
  | number
  | boolean
  | { error: string; message?: string; unexpected?: boolean }
  | unknown[][];

export const errorOf = (
  cell: Cell
): { error: string; message?: string; unexpected?: boolean } | null =>
  cell && typeof cell === "object" && !Array.isArray(cell) && "error" in cell ? cell : null;

export const isEmail = (cell: Cell): boolean =>
  Array.isArray(cell) && /@/.test(String((cell[0] as unknown[] | undefined)?.[0]));

export async function showTab(page: PageDriver, tab: Tab): Promise<void> {
  await page.click(`tab-${tab}`);
  await page.waitFor(
    (id) =>
      document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute("aria-selected") === "true",
    tab,
    { what: `the ${tab} tab to be selected` }
  );
}

/** The Settings tab, once the saved settings are in its form (a production build: base URL /api). */
async function showSettings(page: PageDriver): Promise<void> {
  await showTab(page, "settings");
  await page.waitFor(
    () =>
      (document.querySelector('[data-testid="settings-base-url"]') as HTMLInputElement | null)
        ?.value === "/api",
    undefined,
    { what: "the saved base URL in Settings" }
  );
}

/** Sets an API key and tests the connection, which saves it and shows the account's credits. */
export async function useKey(page: PageDriver, apiKey: string): Promise<void> {
  await showSettings(page);
  await page.fill("settings-api-key", apiKey);
  await page.click("settings-test");
  await page.waitForText("connection-report", /credits left/);
}

/**
 * Saves a key in Settings (no connection test) and waits until the save is done: the runtime's
 * one Services object (globalThis.__mailFinderServices, src/runtime/services.ts) has it in force.
 * (The pane's "Settings saved." is hidden once a connection test reported, and the key reaches
 * OfficeRuntime.storage before the save is done.)
 */
export async function saveKey(page: PageDriver, apiKey: string): Promise<void> {
  await showSettings(page);
  await page.fill("settings-api-key", apiKey);
  await page.click("settings-save");
  await page.waitFor(
    async (key) => {
      const holder = globalThis as unknown as {
        __mailFinderServices?: { endpoint(): Promise<{ apiKey: string | null }> };
      };
      return (await holder.__mailFinderServices?.endpoint())?.apiKey === key;
    },
    apiKey,
    { what: "the saved key to be in force" }
  );
}

/** Saves the spending settings in the Lookups tab. */
export async function setSpending(
  page: PageDriver,
  settings: { enabled?: boolean; threshold?: string; budget?: string }
): Promise<void> {
  await showTab(page, "lookups");
  if (settings.enabled !== undefined) await page.check("spending-switch", settings.enabled);
  if (settings.threshold !== undefined) await page.fill("spending-threshold", settings.threshold);
  if (settings.budget !== undefined) await page.fill("spending-budget", settings.budget);
  await page.click("spending-save");
  // Saving clears the last outcome at once (the submit is a discrete event): this is the new one.
  await page.waitForText(
    "spending-saved",
    settings.enabled === false ? /^Spending is off/ : /^Spending settings saved\.$/
  );
}

/** One cell calculated as Excel would (the shim's invokeFunction). */
export function calculate(
  page: PageDriver,
  id: string,
  args: unknown[],
  timeoutMs = 15_000
): Promise<Cell> {
  return page.evaluate(
    ([fn, values, ms]) =>
      window.__hostShim.invokeFunction(fn, values, { timeoutMs: ms }) as Promise<Cell>,
    [id, args, timeoutMs] as const
  );
}

/** n FINDEMAIL cells of distinct people (`from` shifts the names), started without waiting. */
export async function startCells(
  page: PageDriver,
  name: string,
  n: number,
  from: number
): Promise<void> {
  await page.evaluate(
    ([key, count, start]) => {
      const cells: Array<Promise<unknown>> = [];
      for (let i = start; i < start + count; i++)
        cells.push(
          window.__hostShim.invokeFunction(
            "FINDEMAIL",
            [`Grace${i}`, "Hopper", `fill-${i}.example`],
            { address: `Sheet1!D${i + 2}`, timeoutMs: 120_000 }
          )
        );
      (window as unknown as Record<string, unknown>)[key] = Promise.all(cells);
    },
    [name, n, from] as const
  );
}

/** What the cells started by startCells show, once every one has settled. */
export function cellsOf(page: PageDriver, name: string): Promise<Cell[]> {
  return page.evaluate((key) => (window as unknown as Record<string, Promise<Cell[]>>)[key]!, name);
}

export function workbook(page: PageDriver): Promise<WorkbookSnapshot> {
  return page.evaluate(() => window.__hostShim.workbook());
}

/** Waits for a sheet beside the known ones, written whole (values, then the table, then frozen). */
export function waitForNewSheet(
  page: PageDriver,
  known: string[],
  timeoutMs = 10_000
): Promise<ShimSheet> {
  return eventually(
    async () => {
      const book = await workbook(page);
      const sheet = book.sheets.find((s) => !known.includes(s.name));
      return sheet && book.tables.some((t) => t.sheet === sheet.name) && sheet.frozenRows === 1
        ? sheet
        : undefined;
    },
    timeoutMs,
    `a new result sheet beside ${known.join(", ")}`
  );
}

/** The relay's requests to a path prefix of the service so far. */
export const requestsTo = (relayLog: Array<{ path: string }>, prefix: string): number =>
  relayLog.filter((record) => record.path.startsWith(prefix)).length;
