import type { Db } from "../storage/db";

// Accounts removed with everything the sandbox keeps of them (Try mode, SECURITY.md: a demo
// account and its searches are deleted after 24 hours): their searches with their rows,
// billable keys and the webhook posts announcing them (a search's `webhook_url` of its body:
// the demo posts none, they would only pile up), their charges, bad-email reports and domain
// file orders.

/** Removes the accounts created before `beforeMs` but the one of `keepApiKey`; their count. */
export function removeAccountsCreatedBefore(db: Db, beforeMs: number, keepApiKey: string): number {
  const old = "SELECT id FROM accounts WHERE created_at < ? AND api_key <> ?";
  const searches = `SELECT id FROM searches WHERE account_id IN (${old})`;
  return db.transaction(() => {
    db.prepare(`DELETE FROM search_rows WHERE search_id IN (${searches})`).run(
      beforeMs,
      keepApiKey
    );
    db.prepare(`DELETE FROM search_keys WHERE search_id IN (${searches})`).run(
      beforeMs,
      keepApiKey
    );
    db.prepare(`DELETE FROM webhooks WHERE json_extract(body, '$.id') IN (${searches})`).run(
      beforeMs,
      keepApiKey
    );
    for (const table of ["searches", "charges", "reports", "domain_orders"])
      db.prepare(`DELETE FROM ${table} WHERE account_id IN (${old})`).run(beforeMs, keepApiKey);
    return db
      .prepare("DELETE FROM accounts WHERE created_at < ? AND api_key <> ?")
      .run(beforeMs, keepApiKey).changes;
  })();
}
