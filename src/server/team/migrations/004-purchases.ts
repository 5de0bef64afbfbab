import { bothDialects, oneSchema } from "./both-dialects";

// Version 4: the addresses each member's lookups bought, for bounce refunds.
//
// One row a charged lookup that bought an address (team-lookups.ts); a bad-email report of it
// returns the charge to that member's month (version 7: returned_milli).

export const migration = bothDialects(
  oneSchema(`
    CREATE TABLE purchases (
      id {id},
      email TEXT NOT NULL,
      member_id TEXT NOT NULL REFERENCES members (id),
      month TEXT NOT NULL,
      amount_milli {milli} NOT NULL CHECK (amount_milli > 0),
      bought_at {time} NOT NULL,
      refunded_at {time}
    );
    CREATE INDEX purchases_unrefunded ON purchases (email) WHERE refunded_at IS NULL;
    CREATE INDEX purchases_by_time ON purchases (bought_at);
  `)
);
