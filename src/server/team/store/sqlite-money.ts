import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type {
  LookupEnd,
  LookupStart,
  LookupStarted,
  Member,
  Reservation,
  ReserveResult,
} from "../store";
import { toMember } from "../store-rows";
import { ENDED_RESERVATION_KEPT_MS, refusalOf, TOKEN_USE_RESOLUTION_MS } from "../store-rules";
import { keepAnswer, sharedAnswer } from "./answers";
import {
  changes,
  changesOf,
  clockIn,
  clockInValue,
  clockNow,
  clockNowValue,
  nowIso,
  prepared,
  row,
  rowOf,
  rows,
  type Flow,
  type Sql,
} from "./flow";
import { claimLookup, releaseLookup } from "./answers";
import { addToMonth, auditRow, type AuditNote } from "./money";
import { memberMonth, teamMonth } from "./reports";

// SQLite's money path and sign-in: flows run in one IMMEDIATE transaction each (SqliteTeamStore),
// which keeps every other writer out while they decide; PostgreSQL does the same in functions
// under row locks (pg-functions.ts).

/** Inside a write: TeamStore.reserve. */
export function* reserve(
  q: Sql,
  memberId: string,
  month: string,
  amountMilli: number,
  ttlMs: number,
  lookupKey: string | null
): Flow<ReserveResult> {
  const window = yield* rowOf(
    prepared(q, "sqlite_report_window", [clockNowValue(q)], (now) =>
      q.db.selectFrom("report_window").select("id").where("expires_at", ">", clockNow(q, now))
    )
  );
  if (window) return { ok: false, paused: true };
  const limits = yield* rowOf(
    prepared(q, "sqlite_reserve_limits", [memberId], (memberId) =>
      q.db
        .selectFrom("members as m")
        .select((eb) => [
          "m.monthly_budget_milli as member_limit",
          eb
            .selectFrom("team")
            .select("monthly_budget_milli")
            .where("id", "=", sql.lit(1))
            .as("team_limit"),
        ])
        .where("m.id", "=", memberId)
        .where("m.removed_at", "is", null)
    )
  );
  if (!limits) throw new Error(`There is no current member ${memberId} to reserve for.`);
  const used = ({ spentMilli, reservedMilli }: { spentMilli: number; reservedMilli: number }) =>
    spentMilli + reservedMilli;
  const limit = (value: number | string | null) => (value === null ? null : Number(value));
  const refusal = refusalOf(
    amountMilli,
    {
      limitMilli: limit(limits.member_limit),
      usedMilli: used(yield* memberMonth(q, memberId, month)),
    },
    { limitMilli: limit(limits.team_limit), usedMilli: used(yield* teamMonth(q, month)) }
  );
  if (refusal) return { ok: false, ...refusal };
  const reservation: Reservation = { id: randomUUID(), memberId, month, amountMilli };
  yield* addToMonth(q, memberId, month, 0, amountMilli);
  const values = [
    reservation.id,
    memberId,
    month,
    amountMilli,
    nowIso(),
    clockInValue(q, ttlMs),
    lookupKey,
  ] as const;
  yield* changesOf(
    prepared(q, "sqlite_reservation", values, (id, memberId, month, amount, at, expiry, key) =>
      q.db.insertInto("reservations").values({
        id,
        member_id: memberId,
        month,
        amount_milli: amount,
        created_at: at,
        expires_at: clockIn(q, expiry),
        lookup_key: key,
      })
    )
  );
  return { ok: true, reservation };
}

/** Inside a write: settle(); whether this settle counted the charge (false: settled before). */
export function* settleCounted(
  q: Sql,
  reservation: Reservation,
  chargedMilli: number,
  audit: AuditNote
): Flow<boolean> {
  const at = nowIso();
  const found = yield* rowOf(
    prepared(q, "sqlite_reservation_state", [reservation.id], (id) =>
      q.db
        .selectFrom("reservations")
        .select(["member_id", "month", "amount_milli", "state"])
        .where("id", "=", id)
    )
  );
  if (found?.state === "settled") return false;
  if (!found) {
    // Forgotten (or never made here): the charge is real all the same; recorded as settled so
    // that a repeat does not count it twice.
    yield* changes(
      q.db.insertInto("reservations").values({
        id: reservation.id,
        member_id: reservation.memberId,
        month: reservation.month,
        amount_milli: 0,
        created_at: at,
        expires_at: at,
        state: "settled",
        ended_at: at,
      })
    );
  }
  const ended = found ?? { member_id: reservation.memberId, month: reservation.month };
  yield* settled(
    q,
    { id: reservation.id, ...ended },
    found?.state === "open" ? found : null,
    chargedMilli,
    audit,
    at
  );
  return true;
}

/**
 * Inside a write: a reservation marked settled (`open`: the open reservation whose amount it
 * held), its charge counted in its month and audited.
 */
function* settled(
  q: Sql,
  reservation: { id: string; member_id: string; month: string },
  open: { amount_milli: number | string } | null,
  chargedMilli: number,
  audit: AuditNote,
  at: string
): Flow<void> {
  yield* changesOf(
    prepared(q, "sqlite_settled", [at, reservation.id], (at, id) =>
      q.db.updateTable("reservations").set({ state: "settled", ended_at: at }).where("id", "=", id)
    )
  );
  const { member_id: memberId, month } = reservation;
  yield* addToMonth(q, memberId, month, chargedMilli, open ? -Number(open.amount_milli) : 0);
  yield* auditRow(q, at, month, memberId, audit, chargedMilli);
}

/** Inside a write: TeamStore.settleOrphan. */
export function* settleOrphan(
  q: Sql,
  lookupKey: string,
  chargedMilli: number,
  audit: AuditNote
): Flow<boolean> {
  const at = nowIso();
  const found = yield* row(
    q.db
      .selectFrom("reservations")
      .select(["id", "member_id", "month", "amount_milli", "state"])
      .where("lookup_key", "=", lookupKey)
      .where((eb) =>
        eb.or([
          eb("state", "=", "open"),
          eb.and([eb("state", "=", "released"), eb("released_by", "=", "expiry")]),
        ])
      )
      .orderBy("created_at", "desc")
      .limit(1)
  );
  if (!found) return false;
  yield* settled(q, found, found.state === "open" ? found : null, chargedMilli, audit, at);
  return true;
}

/** Inside a write: TeamStore.release. */
export function* release(q: Sql, reservation: Reservation): Flow<void> {
  const ended = yield* row(
    q.db
      .updateTable("reservations")
      .set({ state: "released", released_by: "error", ended_at: nowIso() })
      .where("id", "=", reservation.id)
      .where("state", "=", "open")
      .returning(["member_id", "month", "amount_milli"])
  );
  if (ended) yield* addToMonth(q, ended.member_id, ended.month, 0, -Number(ended.amount_milli));
}

/** Inside a write: TeamStore.releaseExpired. */
export function* releaseExpired(q: Sql): Flow<number> {
  const at = nowIso();
  const ended = yield* rows(
    q.db
      .updateTable("reservations")
      .set({ state: "released", released_by: "expiry", ended_at: at })
      .where("state", "=", "open")
      .where("expires_at", "<", at)
      .returning(["member_id", "month", "amount_milli"])
  );
  for (const { member_id, month, amount_milli } of ended)
    yield* addToMonth(q, member_id, month, 0, -Number(amount_milli));
  const forgotten = new Date(Date.now() - ENDED_RESERVATION_KEPT_MS).toISOString();
  yield* changes(
    q.db.deleteFrom("reservations").where("state", "<>", "open").where("expires_at", "<", forgotten)
  );
  // Claims of instances that stopped without releasing them.
  yield* changes(q.db.deleteFrom("lookup_claims").where("expires_at", "<", at));
  return ended.length;
}

/** Inside a write (after a look for a kept answer outside it): TeamStore.startLookup. */
export function* startLookup(q: Sql, start: LookupStart): Flow<LookupStarted> {
  const { key, freshSince, owner, claimTtlMs, memberId, month, amountMilli } = start;
  if (!(yield* claimLookup(q, key, owner, claimTtlMs))) return { kind: "held" };
  // Stored by another process's holder between the look and the claim: not bought twice.
  const keptMeanwhile = yield* sharedAnswer(q, key, freshSince);
  if (keptMeanwhile) {
    yield* releaseLookup(q, key, owner);
    return { kind: "shared", answer: keptMeanwhile };
  }
  const reserved = yield* reserve(q, memberId, month, amountMilli, start.reservationTtlMs, key);
  if (reserved.ok) return { kind: "reserved", reservation: reserved.reservation };
  yield* releaseLookup(q, key, owner);
  if (reserved.paused) return { kind: "paused" };
  const { budget, limitMilli, usedMilli } = reserved;
  return { kind: "refused", budget, limitMilli, usedMilli };
}

/** Inside a write: TeamStore.finishLookup. */
export function* finishLookup(q: Sql, end: LookupEnd): Flow<void> {
  const { reservation, chargedMilli, audit, claim, answer, purchase, legacyKey } = end;
  if (claim) yield* releaseLookup(q, claim.key, claim.owner);
  if (answer) yield* keepAnswer(q, answer, false);
  if (!(yield* settleCounted(q, reservation, chargedMilli, audit)) || chargedMilli === 0) return;
  if (purchase) {
    const values = [purchase.email, chargedMilli, purchase.at, reservation.id] as const;
    yield* changesOf(
      prepared(q, "sqlite_lookup_purchase", values, (email, amount, at, id) =>
        q.db
          .insertInto("purchases")
          .columns(["email", "member_id", "month", "amount_milli", "bought_at"])
          .expression((eb) =>
            eb
              .selectFrom("reservations")
              .select([
                eb.val(email).as("email"),
                "member_id",
                "month",
                eb.val(amount).as("amount_milli"),
                eb.val(at).as("bought_at"),
              ])
              .where("id", "=", id)
          )
      )
    );
  }
  if (legacyKey)
    yield* changes(
      q.db
        .insertInto("legacy_charges")
        .values({ key: legacyKey, charged_at: nowIso() })
        .onConflict((conflict) => conflict.column("key").doNothing())
    );
}

/** The current member holding an unrevoked token of this hash; its use noted once a minute. */
export function* memberByTokenHash(q: Sql, tokenHash: string): Flow<Member | null> {
  const found = yield* rowOf(
    prepared(q, "sqlite_token_member", [tokenHash], (tokenHash) =>
      q.db
        .selectFrom("tokens as t")
        .innerJoin("members as m", "m.id", "t.member_id")
        .select([
          "t.id as token_id",
          "t.last_used_at",
          "m.id",
          "m.name",
          "m.email",
          "m.monthly_budget_milli",
          "m.created_at",
        ])
        .where("t.id", "=", (eb) =>
          eb.selectFrom("tokens").select("id").where("token_hash", "=", tokenHash)
        )
        .where("t.revoked_at", "is", null)
        .where("m.removed_at", "is", null)
    )
  );
  if (!found) return null;
  const at = new Date();
  const lastUsed = found.last_used_at === null ? null : new Date(found.last_used_at).getTime();
  if (lastUsed === null || at.getTime() - lastUsed >= TOKEN_USE_RESOLUTION_MS)
    yield* changesOf(
      prepared(q, "sqlite_token_used", [at.toISOString(), found.token_id], (at, id) =>
        q.db.updateTable("tokens").set({ last_used_at: at }).where("id", "=", id)
      )
    );
  return toMember(found);
}
