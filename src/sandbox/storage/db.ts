import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export type Db = Database.Database;

// Each entry moves the schema one version up; `PRAGMA user_version` records where a file is.
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    api_key TEXT NOT NULL UNIQUE,
    email TEXT NOT NULL,
    credits_milli INTEGER NOT NULL,
    credits_total_milli INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  -- One row per billable lookup, charged or free; the ledger's history.
  CREATE TABLE charges (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    generation TEXT NOT NULL,
    operation TEXT NOT NULL,
    query_key TEXT NOT NULL,
    email TEXT,
    amount_milli INTEGER NOT NULL,
    not_verified INTEGER NOT NULL DEFAULT 0,
    refunded_milli INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX charges_by_key ON charges(account_id, query_key, created_at);
  CREATE INDEX charges_by_email ON charges(account_id, email);
  CREATE TABLE searches (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    status TEXT NOT NULL,
    file_name TEXT NOT NULL,
    params TEXT NOT NULL,
    header TEXT,
    total INTEGER NOT NULL DEFAULT 0,
    processed INTEGER NOT NULL DEFAULT 0,
    found_valid INTEGER NOT NULL DEFAULT 0,
    found_unknown INTEGER NOT NULL DEFAULT 0,
    not_found INTEGER NOT NULL DEFAULT 0,
    failed INTEGER NOT NULL DEFAULT 0,
    credits_needed_milli INTEGER NOT NULL DEFAULT 0,
    paid INTEGER NOT NULL DEFAULT 0,
    webhook_url TEXT,
    error TEXT,
    created_at INTEGER NOT NULL,
    started_running_at INTEGER,
    finished_at INTEGER
  );
  CREATE INDEX searches_active ON searches(status, created_at);
  CREATE TABLE search_rows (
    search_id TEXT NOT NULL,
    idx INTEGER NOT NULL,
    input TEXT NOT NULL,
    result TEXT,
    PRIMARY KEY (search_id, idx)
  ) WITHOUT ROWID;
  CREATE TABLE domain_orders (
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    domain TEXT NOT NULL,
    status TEXT NOT NULL,
    credits_milli INTEGER NOT NULL,
    webhook_url TEXT,
    ordered_at INTEGER NOT NULL,
    ready_at INTEGER,
    PRIMARY KEY (account_id, domain)
  );
  CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    email TEXT NOT NULL,
    additional_info TEXT NOT NULL,
    bounce_message TEXT,
    refunded_milli INTEGER NOT NULL,
    created_at INTEGER NOT NULL
  );
  -- Outbox of webhook deliveries, so that a restart loses none.
  CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    event TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    delivered_at INTEGER,
    failed_at INTEGER,
    last_error TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX webhooks_pending ON webhooks(delivered_at, failed_at, next_attempt_at);
  `,
  // Bulk and GeoLead searches: the state a pause returns to, and the distinct billable
  // queries found so far (what the first full download pays for).
  `
  ALTER TABLE searches ADD COLUMN paused_from TEXT;
  CREATE TABLE search_keys (
    search_id TEXT NOT NULL,
    query_key TEXT NOT NULL,
    operation TEXT NOT NULL,
    amount_milli INTEGER NOT NULL,
    email TEXT,
    PRIMARY KEY (search_id, query_key)
  ) WITHOUT ROWID;
  `,
  // What each search counts against its account's allowance (Try mode: search-allowance.ts),
  // and the lookups by account and by age that the allowance and the removal of old accounts
  // make.
  `
  ALTER TABLE searches ADD COLUMN counted_rows INTEGER NOT NULL DEFAULT 0;
  UPDATE searches SET counted_rows = total;
  CREATE INDEX searches_by_account ON searches(account_id);
  CREATE INDEX reports_by_account ON reports(account_id);
  CREATE INDEX accounts_by_age ON accounts(created_at);
  `,
];

/** Opens (creating if needed) the sandbox database: WAL, foreign keys, schema up to date. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  const version = db.pragma("user_version", { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return db;
}
