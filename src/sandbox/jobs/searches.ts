import { randomBytes } from "node:crypto";
import type {
  BulkCell,
  BulkSearch,
  DecisionMakerCategory,
  GeoLead,
  SearchCounts,
  SearchStatus,
} from "../../api/types";
import type { Directory } from "../directory/directory";
import { badRequest, notFound } from "../errors";
import { isoTime, type Clock } from "../services/clock";
import { FREE_REPEAT_WINDOW_MS, toCredits, type Ledger } from "../services/ledger";
import type { Lookups } from "../services/lookups";
import type { SearchAllowance } from "../services/search-allowance";
import type { WebhookOutbox } from "../services/webhooks";
import type { Db } from "../storage/db";
import {
  MAX_BULK_COLUMNS,
  MAX_BULK_ROWS,
  PAID_COLUMNS,
  RESULT_COLUMNS,
  bulkTypeOf,
  processBulkRow,
  type BulkIndexes,
  type BulkParams,
  type Outcome,
  type ResultValue,
  type RowResult,
} from "./bulk-rows";
import {
  GEO_PAID_COLUMNS,
  PLACE_COLUMNS,
  extractPlaces,
  geoResultColumns,
  processPlace,
  type GeoLeadParams,
} from "./geo-lead-rows";
import { uniqueHeader, type FileCell, type ResultTable } from "./result-files";

export interface SearchServiceDeps {
  db: Db;
  clock: Clock;
  directory: Directory;
  lookups: Lookups;
  ledger: Ledger;
  webhooks: WebhookOutbox;
  /** What one account may search in all (Try mode); none: no bound. */
  allowance?: SearchAllowance | null;
}

export type SearchKind = "bulk" | "geo";

/** What a bulk creation asks for, once the route has parsed JSON or multipart. */
export interface BulkInput {
  data: BulkCell[][];
  hasHeader: boolean;
  fileName: string | null;
  indexes: BulkIndexes;
  categories: DecisionMakerCategory[] | null;
  webhookUrl: string | null;
}

export interface GeoLeadInput {
  query: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  find_company_emails: boolean;
  find_decision_maker_categories: DecisionMakerCategory[];
  result_limit: number | null;
  fileName: string | null;
  webhookUrl: string | null;
}

export interface DownloadRequest {
  preview: boolean;
  /** Rows included by outcome (spec 4.7 `fully_verified`, `partially_verified`, `not_found`). */
  valid: boolean;
  risky: boolean;
  notFound: boolean;
  oneEmailPerLine: boolean;
  fileNameColumn: string | null;
}

interface SearchRow {
  id: string;
  kind: SearchKind;
  account_id: number;
  status: SearchStatus;
  file_name: string;
  params: string;
  header: string;
  total: number;
  processed: number;
  found_valid: number;
  found_unknown: number;
  not_found: number;
  failed: number;
  paid: number;
  webhook_url: string | null;
  created_at: number;
  started_running_at: number | null;
  paused_from: SearchStatus | null;
}

interface StoredResult {
  o: Outcome;
  v: Record<string, ResultValue>;
}

/** States in which the worker moves a search on (spec 3.1, 3.2). */
const ACTIVE: readonly SearchStatus[] = [
  "extraction_queued",
  "extraction_running",
  "queued",
  "running",
];
/** A search whose label contains this fails half-way, on purpose (see /sandbox/examples `bulk.failed`). */
export const FAIL_MARKER = "[sandbox:fail]";

const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("hex")}`;
const label = (what: string, now: number): string =>
  `${what} ${isoTime(now).slice(0, 16).replace("T", " ")}`;

/**
 * Bulk searches and GeoLead searches: creation, state, processing steps, payment, downloads.
 * Every step is one transaction that stores the rows' results, the counts and the cursor
 * together, so a restart resumes exactly where the last committed step ended.
 */
export class SearchService {
  private readonly sql;

  constructor(readonly deps: SearchServiceDeps) {
    const { db } = deps;
    this.sql = {
      byId: db.prepare<[string], SearchRow>("SELECT * FROM searches WHERE id = ?"),
      insertSearch: db.prepare(
        `INSERT INTO searches (id, kind, account_id, status, file_name, params, header, total, counted_rows, webhook_url, created_at)
         VALUES (@id, @kind, @account_id, @status, @file_name, @params, @header, @total, @counted_rows, @webhook_url, @created_at)`
      ),
      insertRow: db.prepare("INSERT INTO search_rows (search_id, idx, input) VALUES (?, ?, ?)"),
      active: db.prepare<[], { id: string }>(
        `SELECT id FROM searches WHERE status IN (${ACTIVE.map((s) => `'${s}'`).join(", ")}) ORDER BY created_at, id`
      ),
      setStatus: db.prepare("UPDATE searches SET status = ? WHERE id = ? AND status = ?"),
      start: db.prepare(
        "UPDATE searches SET status = ?, started_running_at = COALESCE(started_running_at, ?) WHERE id = ? AND status = ?"
      ),
      pendingRows: db.prepare<[string, number, number], { idx: number; input: string }>(
        "SELECT idx, input FROM search_rows WHERE search_id = ? AND idx >= ? AND idx < ? ORDER BY idx"
      ),
      setResult: db.prepare("UPDATE search_rows SET result = ? WHERE search_id = ? AND idx = ?"),
      addKey: db.prepare(
        "INSERT OR IGNORE INTO search_keys (search_id, query_key, operation, amount_milli, email) VALUES (?, ?, ?, ?, ?)"
      ),
      advance: db.prepare(
        `UPDATE searches SET processed = processed + @n, found_valid = found_valid + @valid, found_unknown = found_unknown + @risky,
         not_found = not_found + @not_found, failed = failed + @failed WHERE id = @id`
      ),
      finish: db.prepare("UPDATE searches SET status = ?, finished_at = ?, error = ? WHERE id = ?"),
      extracted: db.prepare(
        "UPDATE searches SET status = 'queued', total = ?, counted_rows = ? WHERE id = ? AND status = 'extraction_running'"
      ),
      // Mirrors Ledger.charge: a query charged (for more than nothing) inside the window is free.
      costNow: db.prepare<[string, number, number], { milli: number }>(
        `SELECT COALESCE(SUM(k.amount_milli), 0) AS milli FROM search_keys k WHERE k.search_id = ? AND NOT EXISTS (
           SELECT 1 FROM charges c WHERE c.account_id = ? AND c.query_key = k.query_key AND c.amount_milli > 0 AND c.created_at >= ?)`
      ),
      keys: db.prepare<
        [string],
        { query_key: string; operation: string; amount_milli: number; email: string | null }
      >("SELECT query_key, operation, amount_milli, email FROM search_keys WHERE search_id = ?"),
      markPaid: db.prepare("UPDATE searches SET paid = 1 WHERE id = ?"),
      pause: db.prepare("UPDATE searches SET paused_from = status, status = 'paused' WHERE id = ?"),
      resume: db.prepare(
        "UPDATE searches SET status = paused_from, paused_from = NULL WHERE id = ? AND status = 'paused'"
      ),
      remove: db.prepare("UPDATE searches SET status = 'deleted', paused_from = NULL WHERE id = ?"),
      removeRows: db.prepare("DELETE FROM search_rows WHERE search_id = ?"),
      removeKeys: db.prepare("DELETE FROM search_keys WHERE search_id = ?"),
      rows: db.prepare<[string], { input: string; result: string | null }>(
        "SELECT input, result FROM search_rows WHERE search_id = ? ORDER BY idx"
      ),
    };
  }

  // ---- creation ----

  /** Spec 4.6. Validates what JSON schema cannot (row count, index ranges, the search type) and stores the rows. */
  createBulk(accountId: number, input: BulkInput): BulkSearch {
    const headerRow = input.hasHeader ? (input.data[0] ?? []) : null;
    const rows = input.hasHeader ? input.data.slice(1) : input.data;
    if (rows.length === 0)
      throw badRequest(
        `data has no rows to search${input.hasHeader ? " (the first row is the header: set has_header to false if it is data)" : ""}`,
        "data"
      );
    if (rows.length > MAX_BULK_ROWS)
      throw badRequest(
        `data has ${rows.length} rows; a bulk search takes up to ${MAX_BULK_ROWS}`,
        "data"
      );
    let columns = headerRow?.length ?? 0;
    for (const row of rows) if (row.length > columns) columns = row.length;
    checkCells(input.data);
    if (columns > MAX_BULK_COLUMNS)
      throw badRequest(
        `data has ${columns} columns; up to ${MAX_BULK_COLUMNS} are accepted`,
        "data"
      );
    const categories = input.categories ? [...new Set(input.categories)] : null;
    const type = bulkTypeOf(input.indexes, categories, columns);
    const header = Array.from({ length: columns }, (_, i) => {
      const name = headerRow ? cellString(headerRow[i] ?? null).trim() : "";
      return name === "" ? `column_${i + 1}` : name;
    });
    const params: BulkParams = {
      kind: "bulk",
      type,
      hasHeader: input.hasHeader,
      indexes: input.indexes,
      categories,
    };
    const now = this.deps.clock.now();
    const id = newId("blk");
    this.deps.db.transaction(() => {
      this.deps.allowance?.checkBulk(accountId, rows.length);
      this.sql.insertSearch.run({
        id,
        kind: "bulk",
        account_id: accountId,
        status: "queued",
        file_name: input.fileName ?? label("Bulk search", now),
        params: JSON.stringify(params),
        header: JSON.stringify(header),
        total: rows.length,
        counted_rows: rows.length,
        webhook_url: input.webhookUrl,
        created_at: now,
      });
      rows.forEach((row, idx) => this.sql.insertRow.run(id, idx, JSON.stringify(row)));
    })();
    return this.bulkSearchOf(this.row(id)!);
  }

  /** Spec 4.8 */
  createGeoLead(accountId: number, input: GeoLeadInput): GeoLead {
    const params: GeoLeadParams = {
      kind: "geo",
      query: input.query.trim(),
      latitude: input.latitude,
      longitude: input.longitude,
      radius_km: input.radius_km,
      find_company_emails: input.find_company_emails,
      find_decision_maker_categories: [...new Set(input.find_decision_maker_categories)],
      result_limit: input.result_limit,
      row_cap: this.deps.allowance?.geoLeadRows(accountId, input.result_limit) ?? null,
    };
    const now = this.deps.clock.now();
    const id = newId("geo");
    const header = [...PLACE_COLUMNS];
    this.sql.insertSearch.run({
      id,
      kind: "geo",
      account_id: accountId,
      status: "extraction_queued",
      file_name: input.fileName ?? label(`GeoLead ${params.query}`, now),
      params: JSON.stringify(params),
      header: JSON.stringify(header),
      total: 0,
      counted_rows: params.row_cap ?? 0,
      webhook_url: input.webhookUrl,
      created_at: now,
    });
    return this.geoLeadOf(this.row(id)!);
  }

  /** Throws 429 when `accountId` may create no more search (before a file is read). */
  ensureSearchLeft(accountId: number): void {
    this.deps.allowance?.rowsLeft(accountId);
  }

  // ---- reading ----

  /** Spec 4.7: 404 for an unknown id, another account's search, or a deleted one. */
  bulkSearch(accountId: number, id: string): BulkSearch {
    return this.bulkSearchOf(this.owned(accountId, id, "bulk"));
  }

  geoLead(accountId: number, id: string): GeoLead {
    return this.geoLeadOf(this.owned(accountId, id, "geo"));
  }

  // ---- sandbox controls ----

  /** Queued or running (or extracting) -> paused; pausing a paused search changes nothing. */
  pause(id: string): BulkSearch | GeoLead {
    const row = this.existing(id);
    if (row.status !== "paused") {
      if (!ACTIVE.includes(row.status))
        throw badRequest(`A ${row.status} search cannot be paused.`, "id");
      this.sql.pause.run(id);
    }
    return this.objectOf(this.row(id)!);
  }

  /** Back to the state it was paused in; the worker continues from the stored cursor. */
  resume(id: string): BulkSearch | GeoLead {
    const row = this.existing(id);
    if (row.status === "paused") this.sql.resume.run(id);
    else if (!ACTIVE.includes(row.status))
      throw badRequest(`A ${row.status} search cannot be resumed.`, "id");
    return this.objectOf(this.row(id)!);
  }

  remove(id: string): BulkSearch | GeoLead {
    this.existing(id);
    this.deps.db.transaction(() => {
      this.sql.remove.run(id);
      this.sql.removeRows.run(id);
      this.sql.removeKeys.run(id);
    })();
    return this.objectOf(this.row(id)!);
  }

  // ---- the worker's side ----

  /** Searches the worker should move on, oldest first. */
  activeIds(): string[] {
    return this.sql.active.all().map((r) => r.id);
  }

  /**
   * One step of one search: a state change, the extraction, or up to `chunkSize` rows.
   * A search that throws is marked failed rather than retried forever.
   */
  step(id: string, chunkSize: number): void {
    const row = this.row(id);
    if (!row) return;
    try {
      switch (row.status) {
        case "extraction_queued":
          this.sql.start.run("extraction_running", this.deps.clock.now(), id, "extraction_queued");
          return;
        case "extraction_running":
          this.extract(row);
          return;
        case "queued":
          this.sql.start.run("running", this.deps.clock.now(), id, "queued");
          return;
        case "running":
          this.processChunk(row, Math.max(1, chunkSize));
          return;
        default:
          return;
      }
    } catch (error) {
      this.fail(row, `Processing error: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private extract(row: SearchRow): void {
    const params = JSON.parse(row.params) as GeoLeadParams;
    const places = extractPlaces(this.deps.directory.places, params);
    this.deps.db.transaction(() => {
      places.forEach((place, idx) => this.sql.insertRow.run(row.id, idx, JSON.stringify(place)));
      this.sql.extracted.run(places.length, places.length, row.id);
    })();
  }

  private processChunk(row: SearchRow, chunkSize: number): void {
    const failAt = row.file_name.includes(FAIL_MARKER)
      ? Math.floor(row.total / 2)
      : Number.POSITIVE_INFINITY;
    if (row.processed >= failAt) {
      this.fail(row, "The search failed on purpose (its file_name contains [sandbox:fail]).");
      return;
    }
    const end = Math.min(row.total, row.processed + chunkSize, failAt);
    const params = JSON.parse(row.params) as BulkParams | GeoLeadParams;
    const { lookups } = this.deps;
    this.deps.db.transaction(() => {
      const counts = { valid: 0, risky: 0, not_found: 0, failed: 0 };
      let n = 0;
      for (const pending of this.sql.pendingRows.all(row.id, row.processed, end)) {
        const cells = JSON.parse(pending.input) as BulkCell[];
        const result: RowResult =
          params.kind === "bulk"
            ? processBulkRow(lookups, params, cells)
            : processPlace(lookups, params, cells);
        const stored: StoredResult = { o: result.outcome, v: result.values };
        this.sql.setResult.run(JSON.stringify(stored), row.id, pending.idx);
        for (const charge of result.charges)
          this.sql.addKey.run(
            row.id,
            charge.key,
            charge.operation,
            charge.amountMilli,
            charge.email
          );
        counts[result.outcome]++;
        n++;
      }
      this.sql.advance.run({ id: row.id, n, ...counts });
      if (row.processed + n >= row.total) {
        this.sql.finish.run("completed", this.deps.clock.now(), null, row.id);
        this.announce(row.id, "completed");
      }
    })();
  }

  private fail(row: SearchRow, error: string): void {
    this.deps.db.transaction(() => {
      this.sql.finish.run("failed", this.deps.clock.now(), error, row.id);
      this.announce(row.id, "failed");
    })();
  }

  /** Spec 6: the search object is POSTed to its webhook when processing ends (inside the step's transaction). */
  private announce(id: string, outcome: "completed" | "failed"): void {
    const row = this.row(id)!;
    if (!row.webhook_url) return;
    const event = `${row.kind === "bulk" ? "bulk" : "geo-lead"}.${outcome}`;
    this.deps.webhooks.enqueue(row.webhook_url, event, this.objectOf(row));
  }

  // ---- payment and downloads ----

  /**
   * Spec 4.7 download. A preview is free at any time and shows the rows processed so far,
   * without emails. A full download needs a completed search; the first one pays for it
   * (402 and nothing charged when the balance is short), later ones are free.
   */
  download(accountId: number, id: string, kind: SearchKind, request: DownloadRequest): ResultTable {
    let row = this.owned(accountId, id, kind);
    if (!request.preview) {
      if (row.status !== "completed") {
        throw badRequest(
          `The search is ${row.status}, not completed: only a preview (preview_only=true) can be downloaded now.`,
          "preview_only"
        );
      }
      if (!row.paid) {
        this.pay(row);
        row = this.row(id)!;
      }
    }
    return this.tableOf(row, request);
  }

  /**
   * Pays for every distinct valid query of the search, one ledger entry each, in one
   * transaction: a query charged in the last 30 days (by a single lookup or another search)
   * is free, as is a repeat inside the file.
   */
  private pay(row: SearchRow): void {
    const { db, ledger } = this.deps;
    db.transaction(() => {
      const cost = this.costNowMilli(row);
      ledger.ensureBalance(row.account_id, cost);
      let charged = 0;
      for (const key of this.sql.keys.all(row.id)) {
        charged += ledger.charge({
          accountId: row.account_id,
          generation: "v5.1",
          operation: key.operation,
          key: key.query_key,
          amountMilli: key.amount_milli,
          repeat: "window",
          email: key.email,
        });
      }
      if (charged !== cost)
        throw new Error(`search ${row.id}: charged ${charged} but priced ${cost}`);
      this.sql.markPaid.run(row.id);
    })();
  }

  /** What paying now would cost, in thousandths: the valid queries so far that are not free repeats. */
  private costNowMilli(row: SearchRow): number {
    if (row.paid) return 0;
    return this.sql.costNow.get(
      row.id,
      row.account_id,
      this.deps.clock.now() - FREE_REPEAT_WINDOW_MS
    )!.milli;
  }

  private tableOf(row: SearchRow, request: DownloadRequest): ResultTable {
    const params = JSON.parse(row.params) as BulkParams | GeoLeadParams;
    const inputColumns = JSON.parse(row.header) as string[];
    const width = inputColumns.length;
    let resultColumns: string[];
    let paid: ReadonlySet<string>;
    if (params.kind === "bulk") {
      resultColumns = [...RESULT_COLUMNS[params.type]];
      paid = PAID_COLUMNS[params.type];
    } else {
      resultColumns = geoResultColumns(params);
      paid = GEO_PAID_COLUMNS;
    }
    const perLine = request.oneEmailPerLine && params.kind === "bulk" && params.type === "company";
    if (perLine) resultColumns[resultColumns.indexOf("emails")] = "email";
    const header = uniqueHeader([
      ...inputColumns,
      ...resultColumns,
      ...(request.fileNameColumn !== null ? [request.fileNameColumn] : []),
    ]);
    const include: Record<Outcome, boolean> = {
      valid: request.valid,
      risky: request.risky,
      not_found: request.notFound,
      failed: request.notFound,
    };
    const rows: FileCell[][] = [];
    for (const stored of this.sql.rows.iterate(row.id)) {
      if (stored.result === null) continue; // not processed yet (a preview of a running search)
      const result = JSON.parse(stored.result) as StoredResult;
      if (!include[result.o]) continue;
      const cells = JSON.parse(stored.input) as BulkCell[];
      const inputCells: FileCell[] = Array.from({ length: width }, (_, i) => cells[i] ?? null);
      const tail: FileCell[] = request.fileNameColumn !== null ? [row.file_name] : [];
      const valueOf = (column: string): FileCell => {
        if (request.preview && paid.has(column)) return null;
        const value = result.v[column] ?? null;
        return Array.isArray(value) ? value.join(", ") : value;
      };
      if (perLine) {
        const emails = request.preview ? [] : ((result.v.emails as string[] | null) ?? []);
        for (const email of emails.length > 0 ? emails : [null]) {
          rows.push([
            ...inputCells,
            ...resultColumns.map((c) => (c === "email" ? email : valueOf(c))),
            ...tail,
          ]);
        }
      } else {
        rows.push([...inputCells, ...resultColumns.map(valueOf), ...tail]);
      }
    }
    return { fileName: row.file_name, header, rows };
  }

  // ---- objects of spec 2.5 / 2.6 ----

  private row(id: string): SearchRow | undefined {
    return this.sql.byId.get(id);
  }

  private existing(id: string): SearchRow {
    const row = this.row(id);
    if (!row || row.status === "deleted") throw notFound("not_found", `No search ${id}.`);
    return row;
  }

  private owned(accountId: number, id: string, kind: SearchKind): SearchRow {
    const row = this.row(id);
    if (!row || row.account_id !== accountId || row.kind !== kind || row.status === "deleted") {
      throw notFound(
        "not_found",
        `No ${kind === "bulk" ? "bulk search" : "GeoLead search"} ${id}.`
      );
    }
    return row;
  }

  private objectOf(row: SearchRow): BulkSearch | GeoLead {
    return row.kind === "bulk" ? this.bulkSearchOf(row) : this.geoLeadOf(row);
  }

  private countsOf(row: SearchRow): SearchCounts {
    return {
      failed: row.failed,
      found_unknown: row.found_unknown,
      found_valid: row.found_valid,
      not_found: row.not_found,
      total: row.total,
    };
  }

  private bulkSearchOf(row: SearchRow): BulkSearch {
    const params = JSON.parse(row.params) as BulkParams;
    return {
      id: row.id,
      status: row.status,
      counts: this.countsOf(row),
      created_at: isoTime(row.created_at),
      credits_needed: toCredits(this.costNowMilli(row)),
      decision_maker_category:
        params.categories && params.categories.length > 0 ? params.categories.join(",") : null,
      file_name: row.file_name,
      paid: row.paid === 1,
      started_running_at: row.started_running_at === null ? null : isoTime(row.started_running_at),
    };
  }

  private geoLeadOf(row: SearchRow): GeoLead {
    const params = JSON.parse(row.params) as GeoLeadParams;
    return {
      id: row.id,
      status: row.status,
      counts: this.countsOf(row),
      created_at: isoTime(row.created_at),
      credits_needed: toCredits(this.costNowMilli(row)),
      file_name: row.file_name,
      find_company_emails: params.find_company_emails,
      find_decision_maker_categories: params.find_decision_maker_categories,
      latitude: params.latitude,
      longitude: params.longitude,
      paid: row.paid === 1,
      query: params.query,
      radius_km: params.radius_km,
      result_limit: params.result_limit,
      started_running_at: row.started_running_at === null ? null : isoTime(row.started_running_at),
    };
  }
}

const MAX_CELL_LENGTH = 10_000;

function checkCells(data: readonly (readonly unknown[])[]): void {
  for (let r = 0; r < data.length; r++) {
    const row = data[r]!;
    for (let c = 0; c < row.length; c++) {
      const cell = row[c];
      const kind = typeof cell;
      if (cell === null || kind === "number" || kind === "boolean") continue;
      if (kind !== "string")
        throw badRequest(`data[${r}][${c}] must be a string, number, boolean or null`, "data");
      if ((cell as string).length > MAX_CELL_LENGTH)
        throw badRequest(`data[${r}][${c}] is longer than ${MAX_CELL_LENGTH} characters`, "data");
    }
  }
}

function cellString(cell: BulkCell): string {
  return cell === null ? "" : String(cell);
}
