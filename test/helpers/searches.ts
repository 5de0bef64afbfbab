import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { TestAccount, TestSandbox } from "./sandbox";
import { eventually } from "./sandbox";

// Helpers for the bulk and GeoLead search tests: waiting for states, the shapes of their objects
// (docs/interface.md, Bulk searches and GeoLead searches), and reading downloaded files.

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** Polls GET `path` until the search's status is one of `statuses`; returns the last body. */
export async function waitForStatus(
  account: TestAccount,
  path: string,
  statuses: string[],
  timeoutMs = 15_000
): Promise<any> {
  return eventually(
    async () => {
      const response = await account.request("GET", path);
      if (response.status !== 200)
        throw new Error(`GET ${path}: ${response.status} ${response.text}`);
      return statuses.includes(response.body.status) ? response.body : undefined;
    },
    timeoutMs,
    `${path} to be ${statuses.join(" or ")}`
  );
}

/** Polls GET `path` and records each distinct status after `first` (the creation's answer), until one of `last`. */
export async function statusTrail(
  account: TestAccount,
  path: string,
  first: string,
  last: string[],
  timeoutMs = 15_000
): Promise<string[]> {
  const trail: string[] = [first];
  await eventually(
    async () => {
      const { body } = await account.request("GET", path);
      if (trail[trail.length - 1] !== body.status) trail.push(body.status);
      return last.includes(body.status) ? true : undefined;
    },
    timeoutMs,
    `${path} to reach ${last.join(" or ")}`
  );
  return trail;
}

function expectCounts(counts: unknown): void {
  expect(Object.keys(counts as object).sort()).toEqual([
    "failed",
    "found_unknown",
    "found_valid",
    "not_found",
    "total",
  ]);
  for (const value of Object.values(counts as object)) {
    expect(typeof value).toBe("number");
    expect(Number.isInteger(value)).toBe(true);
    expect(value).toBeGreaterThanOrEqual(0);
  }
}

const isTime = (value: unknown): boolean =>
  typeof value === "string" && ISO.test(value) && !Number.isNaN(Date.parse(value));

/** docs/interface.md, The bulk search object: every field present, typed, and nothing else. */
export function expectBulkSearch(body: any): void {
  expect(Object.keys(body).sort()).toEqual([
    "counts",
    "created_at",
    "credits_needed",
    "decision_maker_category",
    "file_name",
    "id",
    "paid",
    "started_running_at",
    "status",
  ]);
  expect(body.id).toMatch(/^blk_[A-Za-z0-9]+$/);
  expect(typeof body.status).toBe("string");
  expectCounts(body.counts);
  expect(isTime(body.created_at)).toBe(true);
  expect(typeof body.credits_needed).toBe("number");
  expect(
    body.decision_maker_category === null || typeof body.decision_maker_category === "string"
  ).toBe(true);
  expect(typeof body.file_name).toBe("string");
  expect(typeof body.paid).toBe("boolean");
  expect(body.started_running_at === null || isTime(body.started_running_at)).toBe(true);
}

/**
 * docs/interface.md, GeoLead searches: every field present (result_limit too, nullable), typed, and
 * nothing else.
 */
export function expectGeoLead(body: any): void {
  expect(Object.keys(body).sort()).toEqual([
    "counts",
    "created_at",
    "credits_needed",
    "file_name",
    "find_company_emails",
    "find_decision_maker_categories",
    "id",
    "latitude",
    "longitude",
    "paid",
    "query",
    "radius_km",
    "result_limit",
    "started_running_at",
    "status",
  ]);
  expect(body.id).toMatch(/^geo_[A-Za-z0-9]+$/);
  expect(typeof body.status).toBe("string");
  expectCounts(body.counts);
  expect(isTime(body.created_at)).toBe(true);
  expect(typeof body.credits_needed).toBe("number");
  expect(typeof body.file_name).toBe("string");
  expect(typeof body.find_company_emails).toBe("boolean");
  expect(Array.isArray(body.find_decision_maker_categories)).toBe(true);
  for (const category of body.find_decision_maker_categories)
    expect(typeof category).toBe("string");
  expect(typeof body.latitude).toBe("number");
  expect(typeof body.longitude).toBe("number");
  expect(typeof body.paid).toBe("boolean");
  expect(typeof body.query).toBe("string");
  expect(typeof body.radius_km).toBe("number");
  expect(body.result_limit === null || typeof body.result_limit === "number").toBe(true);
  expect(body.started_running_at === null || isTime(body.started_running_at)).toBe(true);
}

export function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

/** Rows of the first worksheet, as plain values (empty cells as null). */
export async function parseXlsx(bytes: ArrayBuffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const width = sheet.columnCount;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: width }, (_, i) => values[i + 1] ?? null));
  });
  return rows;
}

/** A GET with the account's key, body as bytes (for XLSX). */
export async function fetchBytes(
  sandbox: TestSandbox,
  account: TestAccount,
  path: string
): Promise<{ status: number; headers: Headers; bytes: ArrayBuffer }> {
  const response = await fetch(sandbox.baseUrl + path, {
    headers: { authorization: `Bearer ${account.apiKey}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: await response.arrayBuffer(),
  };
}

/** POST /v5.1/bulk/json, expecting 200; returns the bulk search object. */
export async function createBulk(
  account: TestAccount,
  body: unknown,
  headers: Record<string, string> = {}
): Promise<any> {
  const response = await account.request("POST", "/v5.1/bulk/json", body, headers);
  if (response.status !== 200) throw new Error(`bulk/json: ${response.status} ${response.text}`);
  return response.body;
}

/** Creates a bulk search and waits until it is completed (or failed). */
export async function completedBulk(account: TestAccount, body: unknown): Promise<any> {
  const created = await createBulk(account, body);
  return waitForStatus(account, `/v5.1/bulk/${created.id}`, ["completed", "failed"]);
}

/** A downloaded CSV as objects keyed by its header. */
export function csvObjects(text: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i] ?? ""])));
}
