import { bothDialects, oneSchema } from "./both-dialects";

// Version 5: lookups answered to a webhook, settled when the service's answer arrives.
//
// A lookup sent with x-webhook-url is answered to the host's own webhook (webhooks.ts): its
// charge is settled at its most at once, and the difference given back when the service's
// result says what it charged. delivered_at: the result arrived (a repeat delivery is a no-op).

export const migration = bothDialects(
  oneSchema(`
    CREATE TABLE pending_webhooks (
      id TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members (id),
      month TEXT NOT NULL,
      charged_milli {milli} NOT NULL CHECK (charged_milli >= 0),
      operation TEXT NOT NULL,
      lookup_key TEXT,
      member_url TEXT NOT NULL,
      created_at {time} NOT NULL,
      delivered_at {time}
    );
    CREATE INDEX pending_webhooks_by_time ON pending_webhooks (created_at);
  `)
);
