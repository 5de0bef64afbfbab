import type { PendingWebhook, Reservation } from "../store";
import { toPendingWebhook, type PendingWebhookRow, type WebhookMoneyRow } from "../store-rows";
import { changes, nowIso, prepared, row, rowOf, type Flow, type Sql } from "./flow";
import { addToMonth, auditRow, giveBack, type AuditNote } from "./money";

// Lookups answered to the host's webhook, and their money: settled at once from the synchronous
// answer, and the difference settled when the service's result says what it charged, whichever
// comes first (migrations 005 and 007). The same SQL on both databases.

/** Settles a reservation: whether this call counted the charge (per database, where it locks). */
export type SettleCounted = (
  reservation: Reservation,
  chargedMilli: number,
  audit: AuditNote
) => Flow<boolean>;

type PendingRow = PendingWebhookRow & WebhookMoneyRow;

export function* addPendingWebhook(q: Sql, pending: PendingWebhook, createdAt: string): Flow<void> {
  yield* changes(
    q.db.insertInto("pending_webhooks").values({
      id: pending.id,
      member_id: pending.memberId,
      month: pending.month,
      charged_milli: pending.chargedMilli,
      operation: pending.operation,
      lookup_key: pending.lookupKey,
      member_url: pending.memberUrl,
      created_at: createdAt,
    })
  );
}

/** The pending webhook's row; in a PostgreSQL transaction, locked for the rest of it. */
function* pendingRow(q: Sql, id: string, locked: boolean): Flow<PendingRow | undefined> {
  return (yield* row(
    q.db
      .selectFrom("pending_webhooks")
      .selectAll()
      .where("id", "=", id)
      .$if(locked && q.postgres, (query) => query.forUpdate())
  )) as PendingRow | undefined;
}

export function* pendingWebhook(q: Sql, id: string): Flow<PendingWebhook | "delivered" | null> {
  const found = yield* pendingRow(q, id, false);
  if (!found) return null;
  return found.delivered_at !== null ? "delivered" : toPendingWebhook(found);
}

/** In a transaction: marked delivered without a result. */
export function* deliverPendingWebhook(
  q: Sql,
  id: string
): Flow<PendingWebhook | "delivered" | null> {
  const found = yield* pendingRow(q, id, true);
  if (!found) return null;
  if (found.delivered_at !== null) return "delivered";
  yield* changes(
    q.db.updateTable("pending_webhooks").set({ delivered_at: nowIso() }).where("id", "=", id)
  );
  return toPendingWebhook(found);
}

/** In a transaction: TeamStore.settleWebhookLookup. */
export function* settleWebhookLookup(
  q: Sql,
  settleCounted: SettleCounted,
  reservation: Reservation,
  pendingId: string,
  audit: AuditNote
): Flow<number> {
  // The pending row first: a result arriving meanwhile waits, then sees what was settled.
  const found = yield* pendingRow(q, pendingId, true);
  const charged =
    found?.result_milli == null ? reservation.amountMilli : Number(found.result_milli);
  if (yield* settleCounted(reservation, charged, audit))
    yield* changes(
      q.db
        .updateTable("pending_webhooks")
        .set({ settled_milli: charged })
        .where("id", "=", pendingId)
    );
  return charged;
}

/** In a transaction: TeamStore.deliverWebhookResult. */
export function* deliverWebhookResult(
  q: Sql,
  id: string,
  resultMilli: number,
  audit: AuditNote
): Flow<PendingWebhook | "delivered" | null> {
  const found = yield* pendingRow(q, id, true);
  if (!found) return null;
  if (found.delivered_at !== null) return "delivered";
  const at = nowIso();
  yield* changes(
    q.db
      .updateTable("pending_webhooks")
      .set({ delivered_at: at, result_milli: resultMilli })
      .where("id", "=", id)
  );
  if (found.settled_milli !== null) {
    const difference = resultMilli - Number(found.settled_milli);
    if (difference > 0) {
      yield* addToMonth(q, found.member_id, found.month, difference, 0);
      yield* auditRow(q, at, found.month, found.member_id, audit, difference);
    } else if (difference < 0)
      yield* giveBack(q, found.member_id, found.month, -difference, audit, at);
  }
  return toPendingWebhook(found);
}

export function* legacyCharged(q: Sql, key: string): Flow<boolean> {
  const found = yield* rowOf(
    prepared(q, "mf_legacy_charged", [key], (key) =>
      q.db.selectFrom("legacy_charges").select("key").where("key", "=", key)
    )
  );
  return found !== undefined;
}
