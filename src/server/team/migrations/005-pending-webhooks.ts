import { bothDialects } from "./both-dialects";

// Version 5: lookups answered to a webhook, settled when the service's answer arrives.
//
// A lookup sent with x-webhook-url is answered to the host's own webhook (webhooks.ts): its
// charge is settled at its most at once, and the difference given back when the service's
// result says what it charged. delivered_at: the result arrived (a repeat delivery is a no-op).

export const migration = bothDialects({
  sqlite: `
    CREATE TABLE pending_webhooks (
      id TEXT PRIMARY KEY,
      member_id TEXT NOT NULL REFERENCES members (id),
      month TEXT NOT NULL,
      charged_milli INTEGER NOT NULL CHECK (charged_milli >= 0),
      operation TEXT NOT NULL,
      lookup_key TEXT,
      member_url TEXT NOT NULL,
      created_at TEXT NOT NULL,
      delivered_at TEXT
    );
    CREATE INDEX pending_webhooks_by_time ON pending_webhooks (created_at);
  `,
  postgres: `
    CREATE TABLE pending_webhooks (
      id text PRIMARY KEY,
      member_id text NOT NULL REFERENCES members (id),
      month text NOT NULL,
      charged_milli bigint NOT NULL CHECK (charged_milli >= 0),
      operation text NOT NULL,
      lookup_key text,
      member_url text NOT NULL,
      created_at timestamptz NOT NULL,
      delivered_at timestamptz
    );
    CREATE INDEX pending_webhooks_by_time ON pending_webhooks (created_at);
  `,
});
