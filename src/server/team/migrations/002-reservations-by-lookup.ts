import { bothDialects } from "./both-dialects";

// Version 2: reservations by lookup, ended in one round trip.
//
// lookup_key: the shared answer's key of the lookup reserved for, so that a charge whose instance
// stopped before settling it can be found (settleOrphan). released_by: why a released reservation
// was released; one released after an error was not charged. On PostgreSQL, the team's month
// figures became the sum of its members' rows, so that a paid request locks its member's row only
// (a team row updated by every request serialized them all); SQLite followed in version 8. This
// version also added PostgreSQL's reserving, settling and releasing functions, which now live in
// their current form in store/pg-functions.ts (version 9).

export const migration = bothDialects({
  sqlite: `
    ALTER TABLE reservations ADD COLUMN lookup_key TEXT;
    ALTER TABLE reservations ADD COLUMN released_by TEXT
      CHECK (released_by IN ('error', 'expiry'));
    CREATE INDEX reservations_by_lookup_key ON reservations (lookup_key)
      WHERE lookup_key IS NOT NULL;
  `,
  postgres: `
    ALTER TABLE reservations
      ADD COLUMN lookup_key text,
      ADD COLUMN released_by text CHECK (released_by IN ('error', 'expiry'));
    CREATE INDEX reservations_by_lookup_key ON reservations (lookup_key)
      WHERE lookup_key IS NOT NULL;

    -- Always the sum of the members' rows, which keep the figures from now on.
    DELETE FROM month_spend WHERE scope = 'team';
    CREATE INDEX month_spend_by_month ON month_spend (month);
  `,
});
