import { answerDomain, answerQuality } from "../answer-facts";
import type { SharedAnswer } from "../store";
import {
  changes,
  changesOf,
  clockIn,
  clockInValue,
  clockNow,
  clockNowValue,
  prepared,
  row,
  rowOf,
  rows,
  type Flow,
  type Sql,
} from "./flow";

// The answers the team bought, kept for the team, and the claims on lookups in flight: the same
// SQL on both databases.

interface AnswerRow {
  key: string;
  status: number;
  body: string;
  stored_at: string | Date;
}

const toAnswer = (found: AnswerRow): SharedAnswer => ({
  key: found.key,
  status: found.status,
  body: found.body,
  storedAt: new Date(found.stored_at).toISOString(),
});

const ANSWER_COLUMNS = ["key", "status", "body", "stored_at"] as const;

export function* sharedAnswer(q: Sql, key: string, notBefore: string): Flow<SharedAnswer | null> {
  const found = yield* rowOf(
    prepared(q, "mf_shared_answer", [key, notBefore], (key, notBefore) =>
      q.db
        .selectFrom("shared_answers")
        .select(ANSWER_COLUMNS)
        .where("key", "=", key)
        .where("stored_at", ">=", notBefore)
    )
  );
  return found ? toAnswer(found) : null;
}

/**
 * Keeps an answer for the team (its quality and domain noted, answer-facts.ts); `unlessBetter`:
 * not over a better or a newer one. Whether it was kept.
 */
export function* keepAnswer(q: Sql, answer: SharedAnswer, unlessBetter: boolean): Flow<boolean> {
  const values = [
    answer.key,
    answer.status,
    answer.body,
    answer.storedAt,
    answerQuality(answer.body),
    answerDomain(answer.key, answer.body),
  ] as const;
  const name = unlessBetter ? "mf_offer_answer" : "mf_keep_answer";
  const kept = yield* rowOf(
    prepared(q, name, values, (key, status, body, storedAt, quality, domain) =>
      q.db
        .insertInto("shared_answers")
        .values({ key, status, body, stored_at: storedAt, quality, domain })
        .onConflict((conflict) => {
          const update = conflict.column("key").doUpdateSet((eb) => ({
            status: eb.ref("excluded.status"),
            body: eb.ref("excluded.body"),
            stored_at: eb.ref("excluded.stored_at"),
            quality: eb.ref("excluded.quality"),
            domain: eb.ref("excluded.domain"),
          }));
          return unlessBetter
            ? update
                .whereRef("excluded.quality", ">=", "shared_answers.quality")
                .whereRef("excluded.stored_at", ">=", "shared_answers.stored_at")
            : update;
        })
        .returning("key")
    )
  );
  return kept !== undefined;
}

export function* sharedAnswerCount(q: Sql): Flow<number> {
  const found = yield* row(
    q.db.selectFrom("shared_answers").select((eb) => eb.fn.countAll().as("count"))
  );
  return Number(found!.count);
}

export function* sharedAnswersOfDomain(
  q: Sql,
  domain: string,
  limit: number
): Flow<SharedAnswer[]> {
  const found = yield* rows(
    q.db
      .selectFrom("shared_answers")
      .select(ANSWER_COLUMNS)
      .where("domain", "=", domain)
      .orderBy("stored_at", "desc")
      .orderBy("key")
      .limit(limit)
  );
  return found.map(toAnswer);
}

export function* purgeSharedAnswer(q: Sql, key: string): Flow<boolean> {
  return (yield* changes(q.db.deleteFrom("shared_answers").where("key", "=", key))) > 0;
}

export function* purgeDomainAnswers(q: Sql, domain: string): Flow<number> {
  if (domain === "") return 0;
  return yield* changes(q.db.deleteFrom("shared_answers").where("domain", "=", domain));
}

/**
 * One statement: a claim is taken when there is none, when it expired, or when it is the owner's
 * own (renewed). A concurrent claimer waits on the row and sees the winner's claim.
 */
export function* claimLookup(q: Sql, key: string, owner: string, ttlMs: number): Flow<boolean> {
  const values = [key, owner, clockInValue(q, ttlMs), clockNowValue(q)] as const;
  const claimed = yield* rowOf(
    prepared(q, "mf_claim_lookup", values, (key, owner, expiry, now) =>
      q.db
        .insertInto("lookup_claims")
        .values({ key, owner, expires_at: clockIn(q, expiry) })
        .onConflict((conflict) =>
          conflict
            .column("key")
            .doUpdateSet((eb) => ({
              owner: eb.ref("excluded.owner"),
              expires_at: eb.ref("excluded.expires_at"),
            }))
            .where((eb) =>
              eb.or([
                eb("lookup_claims.expires_at", "<=", clockNow(q, now)),
                eb("lookup_claims.owner", "=", eb.ref("excluded.owner")),
              ])
            )
        )
        .returning("owner")
    )
  );
  return claimed !== undefined;
}

export function* releaseLookup(q: Sql, key: string, owner: string): Flow<void> {
  yield* changesOf(
    prepared(q, "mf_release_lookup", [key, owner], (key, owner) =>
      q.db.deleteFrom("lookup_claims").where("key", "=", key).where("owner", "=", owner)
    )
  );
}
