import { bothDialects, oneSchema } from "./both-dialects";

// Version 7: refunds with evidence, webhooks settled both ways, shared answers ranked and purged
// (SECURITY.md, trust that survives an outside review):
// - bounce_reports: each bad-email report the host sent, what the team's purchases of its address
//   not returned yet came to (claimed), what the account's balance showed the service returned,
//   and what was given back to members; purchases.returned_milli: how much of a purchase came
//   back (a report returns at most what the service was seen to return, oldest purchase first).
// - report_window: one lease a team (id 1). While a report is measured, new paid requests wait
//   (reserve answers "paused"), so that the balance read around the report moves by the report
//   alone.
// - pending_webhooks.settled_milli / result_milli: a lookup answered to a webhook is settled once
//   both the synchronous answer and the result are in, whichever comes first, at the result's
//   charge, above the reservation as well as below it.
// - shared_answers.quality / domain: a webhook's result never replaces a better or a newer
//   answer; the admin purges one answer, or a domain's (domain '' for a lookup without one; NULL
//   until the store computes it at migrate()).
// - legacy_charges: the legacy lookups the service charged (v5.0 charges a found person or
//   company once per query ever: "bought" means charged, not merely answered).
// Its PostgreSQL functions (the report window in reserving) are in store/pg-functions.ts.

export const migration = bothDialects(
  oneSchema(`
    CREATE TABLE bounce_reports (
      id TEXT PRIMARY KEY,
      at {time} NOT NULL,
      member_id TEXT NOT NULL REFERENCES members (id),
      email TEXT NOT NULL,
      claimed_milli {milli} NOT NULL CHECK (claimed_milli >= 0),
      returned_milli {milli},
      refunded_milli {milli} NOT NULL DEFAULT 0 CHECK (refunded_milli >= 0),
      outcome TEXT NOT NULL
    );
    CREATE INDEX bounce_reports_by_at ON bounce_reports (at);

    ALTER TABLE purchases ADD COLUMN returned_milli {milli} NOT NULL DEFAULT 0;
    UPDATE purchases SET returned_milli = amount_milli WHERE refunded_at IS NOT NULL;

    CREATE TABLE report_window (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      owner TEXT NOT NULL,
      expires_at {time} NOT NULL
    );

    ALTER TABLE pending_webhooks ADD COLUMN settled_milli {milli};
    ALTER TABLE pending_webhooks ADD COLUMN result_milli {milli};
    UPDATE pending_webhooks SET settled_milli = charged_milli;

    ALTER TABLE shared_answers ADD COLUMN quality INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE shared_answers ADD COLUMN domain TEXT;
    CREATE INDEX shared_answers_by_domain ON shared_answers (domain);

    CREATE TABLE legacy_charges (
      key TEXT PRIMARY KEY,
      charged_at {time} NOT NULL
    );
  `)
);
