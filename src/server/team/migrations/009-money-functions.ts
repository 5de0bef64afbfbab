import { MONEY_FUNCTIONS } from "../store/pg-functions";
import { bothDialects } from "./both-dialects";

// Version 9: PostgreSQL's money functions in their current form, from their one module
// (store/pg-functions.ts), in place of the versions 2, 6 and 7 made one over the other. A
// database made before this version had those; a fresh one gets them here only. Version 6's
// mf_finish_lookup (15 arguments), kept beside version 7's for hosts not yet upgraded then, goes.

export const migration = bothDialects({
  sqlite: "",
  postgres: `
    DROP FUNCTION IF EXISTS mf_finish_lookup(
      text, text, text, bigint, timestamptz, text, integer, text, text, text, integer, text,
      timestamptz, text, timestamptz
    );
    ${MONEY_FUNCTIONS}
  `,
});
