import { bothDialects } from "./both-dialects";

// Version 6: a lookup started and finished in one round trip each. It added PostgreSQL's
// functions for a lookup's start and end, which now live in their current form in
// store/pg-functions.ts (version 9); nothing is left of it here. SQLite's store starts and
// finishes a lookup in a transaction each.

export const migration = bothDialects({ sqlite: "", postgres: "" });
