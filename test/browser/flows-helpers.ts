import type { BrowserContext, Page } from "playwright-core";
import { call, eventually, type TestAccount } from "../helpers/sandbox";
import { requestsOf, type Addin, type ShimSheet, type WorkbookSnapshot } from "./harness";

// Shared steps of the task pane flow tests (flows-*.browser.test.ts): what a user does in the
// pane, and the checks every flow ends with (no formula written, no API key anywhere).

/** The sandbox's example GeoLead body (GET /sandbox/examples: geo_lead). */
export interface GeoExample {
  query: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  find_company_emails: boolean;
  find_decision_maker_categories: string[];
  file_name: string;
}

/** Every console message of a browser context's pages, from the first script on. */
export function recordConsole(context: BrowserContext): string[] {
  const lines: string[] = [];
  context.on("console", (message) => lines.push(`[${message.type()}] ${message.text()}`));
  context.on("weberror", (error) =>
    lines.push(`[pageerror] ${error.error().stack ?? error.error().message}`)
  );
  return lines;
}

/** Opens a tab of the pane. */
export async function showTab(
  page: Page,
  tab: "bulk" | "geo" | "domain" | "report" | "jobs" | "lookups" | "settings"
): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click();
  await page.waitForFunction(
    (id) =>
      document.querySelector(`[data-testid="tab-${id}"]`)?.getAttribute("aria-selected") === "true",
    tab
  );
}

/**
 * Sets an API key in Settings (the base URL stays the production build's /api) and tests the
 * connection, which saves the settings and shows the account's credits in the header.
 */
export async function useKey(page: Page, apiKey: string): Promise<void> {
  await showTab(page, "settings");
  await page.waitForFunction(
    () =>
      (document.querySelector('[data-testid="settings-base-url"]') as HTMLInputElement | null)
        ?.value === "/api"
  );
  await page.getByTestId("settings-api-key").fill(apiKey);
  await page.getByTestId("settings-test").click();
  await waitForText(page, "connection-report", /credits left/);
}

/** The text of an element, trimmed. */
export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).trim();
}

/** Waits until an element's text satisfies a pattern (polling in the page). */
export async function waitForText(
  page: Page,
  testId: string,
  pattern: RegExp,
  timeout = 10_000
): Promise<string> {
  const handle = await page.waitForFunction(
    ([id, source, flags]) => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null;
      return text !== null && new RegExp(source, flags).test(text) ? text : null;
    },
    [testId, pattern.source, pattern.flags] as const,
    { timeout }
  );
  return (await handle.jsonValue()) as string;
}

/** The job rows shown in the Jobs tab: id, status, label text. */
export async function jobRows(
  page: Page
): Promise<Array<{ id: string; status: string; text: string }>> {
  return page.$$eval('[data-testid="job-row"]', (rows) =>
    rows.map((row) => ({
      id: row.getAttribute("data-job-id") ?? "",
      status: row.getAttribute("data-status") ?? "",
      text: row.textContent ?? "",
    }))
  );
}

/** The job row of one job. */
export const jobRow = (page: Page, id: string) =>
  page.locator(`[data-testid="job-row"][data-job-id="${id}"]`);

/** Waits for a job row to show a status (the tracker polls every 2 s). */
export async function waitForJobStatus(
  page: Page,
  id: string,
  status: string,
  timeout = 20_000
): Promise<void> {
  await page.waitForFunction(
    ([jobId, expected]) =>
      document
        .querySelector(`[data-testid="job-row"][data-job-id="${jobId}"]`)
        ?.getAttribute("data-status") === expected,
    [id, status] as const,
    { timeout, polling: 100 }
  );
}

/** Waits for a new sheet beside the known ones and returns it. */
export async function waitForNewSheet(
  addin: Addin,
  page: Page,
  known: string[],
  timeout = 10_000
): Promise<ShimSheet> {
  return eventually(
    async () => {
      const workbook = await addin.workbook(page);
      const sheet = workbook.sheets.find((s) => !known.includes(s.name));
      // Written whole: values, then the table (its header row is the last step but one).
      return sheet && workbook.tables.some((t) => t.sheet === sheet.name) && sheet.frozenRows === 1
        ? sheet
        : undefined;
    },
    timeout,
    `a new result sheet beside ${known.join(", ")}`
  );
}

/** A name Excel accepts for a worksheet. */
export function expectValidSheetName(name: string): void {
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(31);
  expect(name).not.toMatch(/[:\\/?*[\]]/);
  expect(name).not.toMatch(/^'|'$/);
  expect(name.toLowerCase()).not.toBe("history");
}

/** Sheet names are unique (case-insensitively) and valid. */
export function expectSheetNames(workbook: WorkbookSnapshot): void {
  const names = workbook.sheets.map((s) => s.name);
  expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  names.forEach(expectValidSheetName);
}

/** No cell of the workbook holds a formula (the shim stores "=", "+", "-", "@" input as formulas). */
export function expectNoFormulas(workbook: WorkbookSnapshot): void {
  expect(Object.fromEntries(workbook.sheets.map((s) => [s.name, s.formulas]))).toEqual(
    Object.fromEntries(workbook.sheets.map((s) => [s.name, {}]))
  );
  // A formula's value reads "#NAME?" in the shim: none either.
  expect(workbook.sheets.flatMap((s) => s.values.flat()).filter((v) => v === "#NAME?")).toEqual([]);
}

/**
 * The API key is nowhere in the workbook (cells, sheet names, tables, names, document settings
 * saved or not), in no console message and in no request URL.
 */
export async function expectKeyNowhere(
  addin: Addin,
  page: Page,
  apiKey: string,
  consoleLines: string[]
): Promise<void> {
  const workbook = await addin.workbook(page);
  const live = await page.evaluate(() => window.__hostShim.liveSettings());
  expect(workbook.sheets.length).toBeGreaterThan(0);
  expect(JSON.stringify(workbook)).not.toContain(apiKey);
  expect(JSON.stringify(live)).not.toContain(apiKey);
  expect(consoleLines.filter((line) => line.includes(apiKey))).toEqual([]);
  expect(requestsOf(page).filter((r) => r.url.includes(apiKey))).toEqual([]);
  // The key is kept, per user, in OfficeRuntime.storage only.
  expect((await addin.storage(page))["settings.apiKey"]).toBe(apiKey);
}

/** Sandbox fault injection at run time (README: POST /sandbox/faults). */
export async function setFaults(
  addin: { sandbox: { baseUrl: string } },
  faults: Record<string, unknown>
): Promise<void> {
  const answer = await call(addin.sandbox.baseUrl, "POST", "/sandbox/faults", faults);
  if (answer.status !== 200)
    throw new Error(`POST /sandbox/faults: ${answer.status} ${answer.text}`);
}

/** A bulk or GeoLead search as the service has it. */
export async function searchOf(
  account: TestAccount,
  kind: "bulk" | "geo-lead",
  id: string
): Promise<Record<string, any>> {
  const answer = await account.request("GET", `/v5.1/${kind}/${id}`);
  if (answer.status !== 200)
    throw new Error(`GET /v5.1/${kind}/${id}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** The paid results of a search as json_arr, straight from the sandbox (free once paid). */
export async function resultsOf(
  account: TestAccount,
  kind: "bulk" | "geo-lead",
  id: string
): Promise<unknown[][]> {
  const answer = await account.request("GET", `/v5.1/${kind}/${id}/download?download_as=json_arr`);
  if (answer.status !== 200) throw new Error(`download of ${id}: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** What a sheet shows for a downloaded table: null is an empty cell. */
export const asSheetValues = (table: unknown[][]): unknown[][] =>
  table.map((row) => row.map((cell) => (cell === null ? "" : cell)));

/**
 * What sticks out of the pane's content box, measured in the page (a page function: any
 * engine's driver can run it): a narrow task pane must not scroll sideways or clip.
 */
export function paneOverflow(): { scrollWidth: number; width: number; wide: string[] } {
  const width = document.documentElement.clientWidth;
  // The pane's own box: the app's root inside the FluentProvider, less its padding.
  const app = document.querySelector<HTMLElement>("#root .fui-FluentProvider > div")!;
  const right = app.getBoundingClientRect().right - parseFloat(getComputedStyle(app).paddingRight);
  const wide = [...app.querySelectorAll<HTMLElement>("*")]
    .filter((element) => element.getBoundingClientRect().right > right + 0.5)
    .map(
      (element) =>
        element.getAttribute("data-testid") ??
        `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 60)
    );
  return { scrollWidth: document.documentElement.scrollWidth, width, wide: wide.slice(0, 6) };
}

/** Nothing sticks out of the pane's content box. */
export async function expectFitsThePane(page: Page): Promise<void> {
  const overflow = await page.evaluate(paneOverflow);
  expect(overflow).toEqual({ scrollWidth: overflow.width, width: overflow.width, wide: [] });
}

/** Saves the spending settings in the Lookups tab. */
export async function setSpending(
  page: Page,
  settings: { enabled?: boolean; threshold?: string; budget?: string }
): Promise<void> {
  await showTab(page, "lookups");
  const toggle = page.getByTestId("spending-switch");
  if (settings.enabled !== undefined) await toggle.setChecked(settings.enabled);
  if (settings.threshold !== undefined)
    await page.getByTestId("spending-threshold").fill(settings.threshold);
  if (settings.budget !== undefined)
    await page.getByTestId("spending-budget").fill(settings.budget);
  await page.getByTestId("spending-save").click();
  await page.getByTestId("spending-saved").waitFor();
}
