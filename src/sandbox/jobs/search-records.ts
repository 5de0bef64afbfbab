import type { SearchCounts, SearchStatus } from "../../api/types";
import { isoTime } from "../services/clock";
import { chargedSince, toCredits } from "../services/ledger";
import type { Db } from "../storage/db";
import type { Outcome, ResultValue } from "./bulk-rows";

// The searches' tables: one row a search (bulk or GeoLead), its input rows with their results,
// and the keys of the queries it will be charged for when its results are bought.

export type SearchKind = "bulk" | "geo";

export interface SearchRow {
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

/** A row's result as stored: its outcome and its result columns' values. */
export interface StoredResult {
  o: Outcome;
  v: Record<string, ResultValue>;
}

/** States in which the worker moves a search on (docs/interface.md, Search states). */
export const ACTIVE: readonly SearchStatus[] = [
  "extraction_queued",
  "extraction_running",
  "queued",
  "running",
];

export type SearchStatements = ReturnType<typeof searchStatements>;

export function searchStatements(db: Db) {
  return {
    byId: db.prepare<[string], SearchRow>("SELECT * FROM searches WHERE id = ?"),
    insertSearch: db.prepare(
      `INSERT INTO searches (id, kind, account_id, status, file_name, params, header, total, counted_rows, webhook_url, created_at)
       VALUES (@id, @kind, @account_id, @status, @file_name, @params, @header, @total, @counted_rows, @webhook_url, @created_at)`
    ),
    insertRow: db.prepare("INSERT INTO search_rows (search_id, idx, input) VALUES (?, ?, ?)"),
    active: db.prepare<[], { id: string }>(
      `SELECT id FROM searches WHERE status IN (${ACTIVE.map((s) => `'${s}'`).join(", ")}) ORDER BY created_at, id`
    ),
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
    // The search's keys that are not free repeats: search id, account id, the window's start.
    costNow: db.prepare<[string, number, number], { milli: number }>(
      `SELECT COALESCE(SUM(k.amount_milli), 0) AS milli FROM search_keys k
       WHERE k.search_id = ? AND NOT ${chargedSince("k.query_key")}`
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

/** The fields every search object starts with, bulk or GeoLead. */
export const searchHead = (row: SearchRow, creditsNeededMilli: number) => ({
  id: row.id,
  status: row.status,
  counts: countsOf(row),
  created_at: isoTime(row.created_at),
  credits_needed: toCredits(creditsNeededMilli),
});

function countsOf(row: SearchRow): SearchCounts {
  return {
    failed: row.failed,
    found_unknown: row.found_unknown,
    found_valid: row.found_valid,
    not_found: row.not_found,
    total: row.total,
  };
}

export const startedRunningAt = (row: SearchRow): string | null =>
  row.started_running_at === null ? null : isoTime(row.started_running_at);
