import { bothDialects } from "./both-dialects";

// Version 8: one data model. The team's month figures are the sum of its members' rows on SQLite
// too, as on PostgreSQL since its version 2: the 'team' rows SQLite kept beside them go.

export const migration = bothDialects({
  sqlite: `
    DELETE FROM month_spend WHERE scope = 'team';
    CREATE INDEX month_spend_by_month ON month_spend (month);
  `,
  // Done in version 2.
  postgres: "",
});
