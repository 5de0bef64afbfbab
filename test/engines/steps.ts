import type { ShimSheet, WorkbookSnapshot } from "../browser/harness";
import { eventually, type TestAccount } from "../helpers/sandbox";
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

/** One cell calculated as Excel calculates it to preview a formula while it is typed. */
export function preview(page: PageDriver, id: string, args: unknown[]): Promise<Cell> {
  return page.evaluate(
    ([fn, values]) =>
      window.__hostShim.invokeFunction(fn, values, {
        timeoutMs: 15_000,
        preview: true,
      }) as Promise<Cell>,
    [id, args] as const
  );
}

/** A page that runs a function in it: the engine-neutral driver, or a Playwright page. */
type Evaluates = Pick<PageDriver, "evaluate">;

/** n FINDEMAIL cells of distinct people (`from` shifts the names), started without waiting. */
export async function startCells(
  page: Evaluates,
  name: string,
  n: number,
  from = 0
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
export function cellsOf(page: Evaluates, name: string): Promise<Cell[]> {
  // Where startCells kept them: Excel's side (the Office host page when the pane is a frame).
  return excelSide(page).evaluate(
    (key) => (window as unknown as Record<string, Promise<Cell[]>>)[key]!,
    name
  );
}

/** The page that plays Excel: the Office host page around a pane, or the page itself. */
function excelSide(page: Evaluates): Evaluates {
  return (page as unknown as { hostPage?: Evaluates }).hostPage ?? page;
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

// ---------------------------------------------------------------------------------------------
// Enrich in place
// ---------------------------------------------------------------------------------------------

/** A person lookup's inputs, as the sandbox's examples give them (GET /sandbox/examples). */
export type Person = { first_name: string; last_name: string; domain: string };

export type PersonExamples = Record<"valid" | "risky" | "not_found" | "blacklisted", Person>;

/**
 * People from the sandbox's person examples, the rows from..to of an endless list: the four
 * examples themselves first, then variants of them, each a lookup of its own: other last names
 * at the catch-all company (risky; all digits, which a user types as text), other last names at
 * the verifying company (not found), and the valid example's name at made-up domains.
 */
export function peopleOf(examples: PersonExamples, from: number, to: number): Person[] {
  const { valid, risky, not_found: stranger, blacklisted } = examples;
  const exact = [valid, risky, stranger, blacklisted];
  const variant = (k: number): Person => {
    switch (k % 3) {
      case 0:
        return { ...risky, last_name: String(k).padStart(4, "0") };
      case 1:
        return { ...stranger, last_name: `${stranger.last_name}${k}` };
      default:
        return { ...valid, domain: `${valid.domain.split(".")[0]}-${k}.example` };
    }
  };
  return Array.from({ length: to - from }, (_, i) =>
    from + i < exact.length ? exact[from + i]! : variant(from + i - exact.length)
  );
}

/** What a user types for a text that Excel would read as a number, a formula or TRUE/FALSE. */
const typedAsText = (text: string): string =>
  /^[\d=+\-@'.]|^(true|false)$/i.test(text) ? `'${text}` : text;

/** The rows a user types for these people: first name, last name, company (text as text). */
export const listRows = (people: readonly Person[]): string[][] =>
  people.map((p) => [p.first_name, p.last_name, p.domain].map(typedAsText));

/** Types values into a sheet from a cell (the sheet is made when missing), as a user would. */
export async function typeCells(
  page: PageDriver,
  sheet: string,
  topLeft: string,
  values: unknown[][]
): Promise<void> {
  await page.evaluate(
    (typed) => window.__hostShim.setCells(typed.sheet, typed.topLeft, typed.values),
    { sheet, topLeft, values }
  );
}

/** Selects a range of a sheet, as a user would. */
export async function selectRange(page: PageDriver, sheet: string, address: string): Promise<void> {
  await page.evaluate(
    (selected) => window.__hostShim.setSelection(selected.sheet, selected.address),
    { sheet, address }
  );
}

/** A sheet of the workbook, as the shim holds it. */
export async function sheetOf(page: PageDriver, name: string): Promise<ShimSheet> {
  const sheet = (await workbook(page)).sheets.find((s) => s.name === name);
  if (!sheet) throw new Error(`the workbook has no sheet ${name}`);
  return sheet;
}

/**
 * Enrich > Use the selection: waits until the pane shows the list of `rows` data rows read and
 * its cost; answers the rows to do and the most they can cost (enrich-cost).
 */
export async function enrichFromSelection(
  page: PageDriver,
  rows: number
): Promise<{ rows: number; maxCredits: number; text: string }> {
  await showTab(page, "enrich");
  await page.click("enrich-from-selection");
  await page.waitForText("enrich-source", new RegExp(`^${rows.toLocaleString("en-US")} rows `));
  const text = await page.waitForText("enrich-cost", /rows to do/);
  return {
    rows: Number(await page.attribute("enrich-cost", "data-rows")),
    maxCredits: Number(await page.attribute("enrich-cost", "data-max-credits")),
    text,
  };
}

/** Waits until the spending question asks about `count` lookups; answers its most credits. */
export async function waitForSpendingQuestion(page: PageDriver, count: number): Promise<number> {
  await page.waitFor(
    (n) =>
      document.querySelector('[data-testid="spending-question"]')?.getAttribute("data-count") ===
      String(n),
    count,
    { what: `the spending question for ${count} lookups` }
  );
  return Number(await page.attribute("spending-question", "data-max-credits"));
}

/** Waits until the Enrich run's progress says Done with `total` of `total` rows; answers its text. */
export function waitForEnrichment(page: PageDriver, total: number): Promise<string> {
  return page.waitFor(
    (n) => {
      const progress = document.querySelector('[data-testid="enrich-progress"]');
      if (progress?.getAttribute("data-total") !== String(n)) return null;
      const text = progress.textContent ?? "";
      return progress.getAttribute("data-done") === String(n) && /^Done/.test(text) ? text : null;
    },
    total,
    { timeoutMs: 20_000, what: `the Enrich run to be done with ${total} rows` }
  ) as Promise<string>;
}

/** Written for a field the answer does not have (README, Enrich your list). */
const NO_VALUE = "\u2014";

/**
 * What Enrich writes for a person (email, status) by what the sandbox answers for the same
 * inputs, asked directly with another account: "—" for no email, the status of not found
 * (404) and blacklisted (451) answers.
 */
export async function sandboxAnswerFor(account: TestAccount, p: Person): Promise<[string, string]> {
  const answer = await account.request("POST", "/v5.1/find-email/person", p);
  if (answer.status === 404) return [NO_VALUE, "not_found"];
  if (answer.status === 451) return [NO_VALUE, "blacklisted"];
  if (answer.status !== 200)
    throw new Error(`the sandbox answered ${answer.status}: ${answer.text}`);
  const { email, email_status: status } = answer.body as { email?: string; email_status: string };
  return [email || NO_VALUE, status];
}
