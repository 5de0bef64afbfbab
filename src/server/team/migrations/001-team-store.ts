import { bothDialects, oneSchema } from "./both-dialects";

// Version 1: team store.

export const migration = bothDialects(
  oneSchema(`
    CREATE TABLE team (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      name TEXT NOT NULL DEFAULT '',
      monthly_budget_milli {milli} CHECK (monthly_budget_milli >= 0),
      freshness_days INTEGER NOT NULL DEFAULT 90 CHECK (freshness_days > 0),
      sealed_service_key TEXT
    );
    INSERT INTO team (id) VALUES (1);

    -- seq (PostgreSQL): the order of creation (two members may be added in one millisecond);
    -- SQLite's rowid keeps it.
    CREATE TABLE members (
      id TEXT PRIMARY KEY,
      {postgres} seq bigint GENERATED ALWAYS AS IDENTITY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      monthly_budget_milli {milli} CHECK (monthly_budget_milli >= 0),
      created_at {time} NOT NULL,
      removed_at {time}
    );
    CREATE INDEX members_current_by_email ON members (lower(email)) WHERE removed_at IS NULL;

    CREATE TABLE tokens (
      id TEXT PRIMARY KEY,
      {postgres} seq bigint GENERATED ALWAYS AS IDENTITY,
      member_id TEXT NOT NULL REFERENCES members (id),
      token_hash TEXT NOT NULL UNIQUE,
      created_at {time} NOT NULL,
      revoked_at {time},
      last_used_at {time}
    );
    CREATE INDEX tokens_by_member ON tokens (member_id);

    -- Scope 'team' or 'member:<id>'.
    CREATE TABLE month_spend (
      scope TEXT NOT NULL,
      month TEXT NOT NULL,
      spent_milli {milli} NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
      reserved_milli {milli} NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0),
      PRIMARY KEY (scope, month)
    ){withoutRowid};

    -- An ended reservation is kept a while, so that it is settled or released once only.
    CREATE TABLE reservations (
      id TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members (id),
      month TEXT NOT NULL,
      amount_milli {milli} NOT NULL CHECK (amount_milli >= 0),
      created_at {time} NOT NULL,
      expires_at {time} NOT NULL,
      state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'settled')),
      ended_at {time}
    );
    CREATE INDEX reservations_by_expiry ON reservations (expires_at);

    -- month: the month charged (the reservation's), which the usage counts by.
    CREATE TABLE audit (
      id {id},
      at {time} NOT NULL,
      month TEXT NOT NULL,
      member_id TEXT NOT NULL REFERENCES members (id),
      operation TEXT NOT NULL,
      credits_milli {milli} NOT NULL,
      status INTEGER NOT NULL
    );
    CREATE INDEX audit_by_at ON audit (at);
    CREATE INDEX audit_by_month ON audit (month, member_id);

    CREATE TABLE shared_answers (
      key TEXT PRIMARY KEY,
      status INTEGER NOT NULL,
      body TEXT NOT NULL,
      stored_at {time} NOT NULL
    );

    CREATE TABLE lookup_claims (
      key TEXT PRIMARY KEY,
      owner TEXT NOT NULL,
      expires_at {time} NOT NULL
    );
  `)
);
