import type Database from "better-sqlite3";
import type { PoolClient } from "pg";

// The team store's schema, one version after another, for SQLite and PostgreSQL alike. A
// migration once released is never edited: a change is a new one. `schema_migrations` records
// what a database has; migrating is safe from several instances at once (SQLite: one
// BEGIN IMMEDIATE transaction; PostgreSQL: an advisory lock held by the migrating transaction).
//
// Times: ISO 8601 text in SQLite (written by the store in one form, so that text order is time
// order), timestamptz in PostgreSQL. Amounts: whole milli-credits.

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "team store",
    sqlite: `
      CREATE TABLE team (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL DEFAULT '',
        monthly_budget_milli INTEGER CHECK (monthly_budget_milli >= 0),
        freshness_days INTEGER NOT NULL DEFAULT 90 CHECK (freshness_days > 0),
        sealed_service_key TEXT
      );
      INSERT INTO team (id) VALUES (1);

      CREATE TABLE members (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        monthly_budget_milli INTEGER CHECK (monthly_budget_milli >= 0),
        created_at TEXT NOT NULL,
        removed_at TEXT
      );
      CREATE INDEX members_current_by_email ON members (lower(email)) WHERE removed_at IS NULL;

      CREATE TABLE tokens (
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES members (id),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        revoked_at TEXT,
        last_used_at TEXT
      );
      CREATE INDEX tokens_by_member ON tokens (member_id);

      -- Scope 'team' or 'member:<id>'.
      CREATE TABLE month_spend (
        scope TEXT NOT NULL,
        month TEXT NOT NULL,
        spent_milli INTEGER NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
        reserved_milli INTEGER NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0),
        PRIMARY KEY (scope, month)
      ) WITHOUT ROWID;

      -- An ended reservation is kept a while, so that it is settled or released once only.
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES members (id),
        month TEXT NOT NULL,
        amount_milli INTEGER NOT NULL CHECK (amount_milli >= 0),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'settled')),
        ended_at TEXT
      );
      CREATE INDEX reservations_by_expiry ON reservations (expires_at);

      -- month: the month charged (the reservation's), which the usage counts by.
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        month TEXT NOT NULL,
        member_id TEXT NOT NULL REFERENCES members (id),
        operation TEXT NOT NULL,
        credits_milli INTEGER NOT NULL,
        status INTEGER NOT NULL
      );
      CREATE INDEX audit_by_at ON audit (at);
      CREATE INDEX audit_by_month ON audit (month, member_id);

      CREATE TABLE shared_answers (
        key TEXT PRIMARY KEY,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        stored_at TEXT NOT NULL
      );

      CREATE TABLE lookup_claims (
        key TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE team (
        id integer PRIMARY KEY CHECK (id = 1),
        name text NOT NULL DEFAULT '',
        monthly_budget_milli bigint CHECK (monthly_budget_milli >= 0),
        freshness_days integer NOT NULL DEFAULT 90 CHECK (freshness_days > 0),
        sealed_service_key text
      );
      INSERT INTO team (id) VALUES (1);

      -- seq: the order of creation (two members may be added in one millisecond).
      CREATE TABLE members (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        name text NOT NULL,
        email text NOT NULL,
        monthly_budget_milli bigint CHECK (monthly_budget_milli >= 0),
        created_at timestamptz NOT NULL,
        removed_at timestamptz
      );
      CREATE INDEX members_current_by_email ON members (lower(email)) WHERE removed_at IS NULL;

      CREATE TABLE tokens (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        member_id text NOT NULL REFERENCES members (id),
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX tokens_by_member ON tokens (member_id);

      -- Scope 'team' or 'member:<id>'.
      CREATE TABLE month_spend (
        scope text NOT NULL,
        month text NOT NULL,
        spent_milli bigint NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
        reserved_milli bigint NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0),
        PRIMARY KEY (scope, month)
      );

      -- An ended reservation is kept a while, so that it is settled or released once only.
      CREATE TABLE reservations (
        id text PRIMARY KEY,
        member_id text NOT NULL REFERENCES members (id),
        month text NOT NULL,
        amount_milli bigint NOT NULL CHECK (amount_milli >= 0),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'settled')),
        ended_at timestamptz
      );
      CREATE INDEX reservations_by_expiry ON reservations (expires_at);

      -- month: the month charged (the reservation's), which the usage counts by.
      CREATE TABLE audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        month text NOT NULL,
        member_id text NOT NULL REFERENCES members (id),
        operation text NOT NULL,
        credits_milli bigint NOT NULL,
        status integer NOT NULL
      );
      CREATE INDEX audit_by_at ON audit (at);
      CREATE INDEX audit_by_month ON audit (month, member_id);

      CREATE TABLE shared_answers (
        key text PRIMARY KEY,
        status integer NOT NULL,
        body text NOT NULL,
        stored_at timestamptz NOT NULL
      );

      CREATE TABLE lookup_claims (
        key text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
];

/** Brings a SQLite database up to the newest version; one transaction, other writers wait. */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    );
    const applied = new Set(
      db
        .prepare("SELECT version FROM schema_migrations")
        .pluck()
        .all()
        .map((version) => Number(version))
    );
    const record = db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)");
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      db.exec(migration.sqlite);
      record.run(migration.version, new Date().toISOString());
    }
  }).immediate();
}

// Any constant shared by every instance of the host: it names "the team store's migrations"
// among the advisory locks of the database.
const MIGRATION_LOCK = 7_361_204_015;

/**
 * Brings a PostgreSQL database up to the newest version. Runs inside the caller's transaction,
 * whose advisory lock makes concurrent callers wait their turn and then find nothing to do.
 */
export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
  );
  const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    await client.query(migration.postgres);
    await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [migration.version]);
  }
}
