import { bothDialects } from "./both-dialects";

// Version 3: a sealing salt, members bound to Entra ID accounts, the audit of admin actions.
//
// sealing_salt: random, made by the first host (sealing.ts). entra_tid + entra_oid: the account a
// member signed in with first (sign-in.ts); one current member per account. admin_audit.member_id
// has no reference: an entry outlives what it names.

export const migration = bothDialects({
  sqlite: `
    ALTER TABLE team ADD COLUMN sealing_salt TEXT;
    ALTER TABLE members ADD COLUMN entra_tid TEXT;
    ALTER TABLE members ADD COLUMN entra_oid TEXT;
    CREATE UNIQUE INDEX members_current_by_entra_id ON members (entra_tid, entra_oid)
      WHERE removed_at IS NULL AND entra_oid IS NOT NULL;

    CREATE TABLE admin_audit (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      actor_kind TEXT NOT NULL CHECK (actor_kind IN ('admin_token', 'entra')),
      actor_oid TEXT,
      actor_name TEXT,
      action TEXT NOT NULL,
      member_id TEXT,
      token_id TEXT,
      changes TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX admin_audit_by_at ON admin_audit (at);
  `,
  postgres: `
    ALTER TABLE team ADD COLUMN sealing_salt text;
    ALTER TABLE members ADD COLUMN entra_tid text, ADD COLUMN entra_oid text;
    CREATE UNIQUE INDEX members_current_by_entra_id ON members (entra_tid, entra_oid)
      WHERE removed_at IS NULL AND entra_oid IS NOT NULL;

    CREATE TABLE admin_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL,
      actor_kind text NOT NULL CHECK (actor_kind IN ('admin_token', 'entra')),
      actor_oid text,
      actor_name text,
      action text NOT NULL,
      member_id text,
      token_id text,
      changes text NOT NULL DEFAULT '{}'
    );
    CREATE INDEX admin_audit_by_at ON admin_audit (at);
  `,
});
