import { randomBytes } from "node:crypto";
import type { BulkCell, BulkSearch, GeoLead } from "../../api/types";
import type { Directory } from "../directory/directory";
import { badRequest, notFound } from "../errors";
import { isoTime, type Clock } from "../services/clock";
import { freeRepeatSince, type Ledger } from "../services/ledger";
import type { Lookups } from "../services/lookups";
import type { SearchAllowance } from "../services/search-allowance";
import type { WebhookOutbox } from "../services/webhooks";
import type { Db } from "../storage/db";
import { processBulkRow, type BulkParams, type RowResult } from "./bulk-rows";
import { bulkSearchOf, newBulkSearch, type BulkInput } from "./bulk-searches";
import { extractPlaces, PLACE_COLUMNS, processPlace, type GeoLeadParams } from "./geo-lead-rows";
import { geoLeadOf, geoLeadParams, type GeoLeadInput } from "./geo-lead-searches";
import type { ResultTable } from "./result-files";
import { resultTable, type DownloadRequest } from "./search-downloads";
import {
  ACTIVE,
  searchStatements,
  type SearchKind,
  type SearchRow,
  type SearchStatements,
  type StoredResult,
} from "./search-records";

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

/** A search's queries are charged when its results are bought, each at most once in 30 days. */
const SEARCH_REPEAT = "window";

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
  private readonly sql: SearchStatements;

  constructor(readonly deps: SearchServiceDeps) {
    this.sql = searchStatements(deps.db);
  }

  // ---- creation ----

  /** Checks what JSON schema cannot (newBulkSearch) and stores the rows. */
  createBulk(accountId: number, input: BulkInput): BulkSearch {
    const { params, header, rows } = newBulkSearch(input);
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
    const row = this.row(id)!;
    return bulkSearchOf(row, this.costNowMilli(row));
  }

  /** A GeoLead search, queued for the extraction of its places. */
  createGeoLead(accountId: number, input: GeoLeadInput): GeoLead {
    const rowCap = this.deps.allowance?.geoLeadRows(accountId, input.result_limit) ?? null;
    const params = geoLeadParams(input, rowCap);
    const now = this.deps.clock.now();
    const id = newId("geo");
    this.sql.insertSearch.run({
      id,
      kind: "geo",
      account_id: accountId,
      status: "extraction_queued",
      file_name: input.fileName ?? label(`GeoLead ${params.query}`, now),
      params: JSON.stringify(params),
      header: JSON.stringify([...PLACE_COLUMNS]),
      total: 0,
      counted_rows: params.row_cap ?? 0,
      webhook_url: input.webhookUrl,
      created_at: now,
    });
    const row = this.row(id)!;
    return geoLeadOf(row, this.costNowMilli(row));
  }

  /** Throws 429 when `accountId` may create no more search (before a file is read). */
  ensureSearchLeft(accountId: number): void {
    this.deps.allowance?.rowsLeft(accountId);
  }

  // ---- reading ----

  /** 404 for an unknown id, another account's search, or a deleted one. */
  bulkSearch(accountId: number, id: string): BulkSearch {
    const row = this.owned(accountId, id, "bulk");
    return bulkSearchOf(row, this.costNowMilli(row));
  }

  geoLead(accountId: number, id: string): GeoLead {
    const row = this.owned(accountId, id, "geo");
    return geoLeadOf(row, this.costNowMilli(row));
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

  /** The search object is POSTed to its webhook when processing ends (inside the step's transaction). */
  private announce(id: string, outcome: "completed" | "failed"): void {
    const row = this.row(id)!;
    if (!row.webhook_url) return;
    const event = `${row.kind === "bulk" ? "bulk" : "geo-lead"}.${outcome}`;
    this.deps.webhooks.enqueue(row.webhook_url, event, this.objectOf(row));
  }

  // ---- payment and downloads ----
  /**
   * A download (docs/interface.md, Downloading results). A preview is free at any time and shows the
   * rows processed so far, without emails. A full download needs a completed search; the first
   * one pays for it (402 and nothing charged when the balance is short), later ones are free.
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
    return resultTable(row, this.sql.rows.iterate(id), request);
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
          repeat: SEARCH_REPEAT,
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
    const since = freeRepeatSince(SEARCH_REPEAT, this.deps.clock.now());
    return this.sql.costNow.get(row.id, row.account_id, since)!.milli;
  }

  // ---- the search objects ----

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
    const credits = this.costNowMilli(row);
    return row.kind === "bulk" ? bulkSearchOf(row, credits) : geoLeadOf(row, credits);
  }
}
