import { bothDialects } from "./both-dialects";

// Version 4: the addresses each member's lookups bought, for bounce refunds.
//
// One row a charged lookup that bought an address (team-lookups.ts); a bad-email report of it
// returns the charge to that member's month (version 7: returned_milli).

export const migration = bothDialects({
  sqlite: `
    CREATE TABLE purchases (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL,
      member_id TEXT NOT NULL REFERENCES members (id),
      month TEXT NOT NULL,
      amount_milli INTEGER NOT NULL CHECK (amount_milli > 0),
      bought_at TEXT NOT NULL,
      refunded_at TEXT
    );
    CREATE INDEX purchases_unrefunded ON purchases (email) WHERE refunded_at IS NULL;
    CREATE INDEX purchases_by_time ON purchases (bought_at);
  `,
  postgres: `
    CREATE TABLE purchases (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      member_id text NOT NULL REFERENCES members (id),
      month text NOT NULL,
      amount_milli bigint NOT NULL CHECK (amount_milli > 0),
      bought_at timestamptz NOT NULL,
      refunded_at timestamptz
    );
    CREATE INDEX purchases_unrefunded ON purchases (email) WHERE refunded_at IS NULL;
    CREATE INDEX purchases_by_time ON purchases (bought_at);
  `,
});
