import { bothDialects } from "./both-dialects";

// Version 1: team store.

export const migration = bothDialects({
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
});
