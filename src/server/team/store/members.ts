import { sql, type SelectQueryBuilder } from "kysely";
import type { Member, TeamSettings, TokenInfo } from "../store";
import { toMember, toToken, type MemberRow, type TokenRow } from "../store-rows";
import { changes, nowIso, prepared, row, rowOf, rows, type Flow, type Sql } from "./flow";
import type { TeamDatabase } from "./schema";

// The team's settings, its members and their tokens, and the sealed service key: the same SQL
// on both databases.

export const MEMBER_COLUMNS = [
  "id",
  "name",
  "email",
  "monthly_budget_milli",
  "created_at",
] as const;
const TOKEN_COLUMNS = ["id", "member_id", "created_at", "revoked_at", "last_used_at"] as const;

/**
 * Members' or tokens' creation order: PostgreSQL numbers them (seq); SQLite orders by time, then
 * by rowid (two may be added in one millisecond).
 */
export function inCreationOrder<T extends "members" | "tokens", O>(
  q: Sql,
  query: SelectQueryBuilder<TeamDatabase, T, O>
): SelectQueryBuilder<TeamDatabase, T, O> {
  return q.postgres ? query.orderBy(sql`seq`) : query.orderBy(sql`created_at`).orderBy(sql`rowid`);
}

export function* teamSettings(q: Sql): Flow<TeamSettings> {
  const found = yield* rowOf(
    prepared(q, "mf_team", [], () =>
      q.db
        .selectFrom("team")
        .select(["name", "monthly_budget_milli", "freshness_days"])
        .where("id", "=", 1)
    )
  );
  return {
    name: found!.name,
    monthlyBudgetMilli:
      found!.monthly_budget_milli === null ? null : Number(found!.monthly_budget_milli),
    freshnessDays: found!.freshness_days,
  };
}

export function* updateTeam(q: Sql, patch: Partial<TeamSettings>): Flow<void> {
  const set = {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.monthlyBudgetMilli !== undefined && {
      monthly_budget_milli: patch.monthlyBudgetMilli,
    }),
    ...(patch.freshnessDays !== undefined && { freshness_days: patch.freshnessDays }),
  };
  if (Object.keys(set).length > 0)
    yield* changes(q.db.updateTable("team").set(set).where("id", "=", 1));
}

export function* addMember(q: Sql, member: Member): Flow<void> {
  yield* changes(
    q.db.insertInto("members").values({
      id: member.id,
      name: member.name,
      email: member.email,
      monthly_budget_milli: member.monthlyBudgetMilli,
      created_at: member.createdAt,
    })
  );
}

const current = (q: Sql) =>
  q.db.selectFrom("members").select(MEMBER_COLUMNS).where("removed_at", "is", null);

export function* members(q: Sql): Flow<Member[]> {
  return (yield* rows(inCreationOrder(q, current(q)))).map(toMember);
}

export function* member(q: Sql, id: string): Flow<Member | null> {
  const found = yield* row(current(q).where("id", "=", id));
  return found ? toMember(found) : null;
}

export function* memberByEmail(q: Sql, email: string): Flow<Member | null> {
  const found = yield* row(
    inCreationOrder(q, current(q).where(sql`lower(email)`, "=", sql`lower(${email})`)).limit(1)
  );
  return found ? toMember(found) : null;
}

export function* memberByEntraId(q: Sql, tenantId: string, objectId: string): Flow<Member | null> {
  const found = yield* row(
    current(q).where("entra_tid", "=", tenantId).where("entra_oid", "=", objectId)
  );
  return found ? toMember(found) : null;
}

export function* bindEntraId(
  q: Sql,
  memberId: string,
  tenantId: string,
  objectId: string
): Flow<boolean> {
  const bound = yield* changes(
    q.db
      .updateTable("members")
      .set({ entra_tid: tenantId, entra_oid: objectId })
      .where("id", "=", memberId)
      .where("removed_at", "is", null)
      .where("entra_oid", "is", null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("members as bound")
              .select(sql`1`.as("one"))
              .where("bound.entra_tid", "=", tenantId)
              .where("bound.entra_oid", "=", objectId)
              .where("bound.removed_at", "is", null)
          )
        )
      )
  );
  return bound > 0;
}

export function* updateMember(
  q: Sql,
  id: string,
  patch: { name?: string; monthlyBudgetMilli?: number | null }
): Flow<Member | null> {
  const set = {
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.monthlyBudgetMilli !== undefined && {
      monthly_budget_milli: patch.monthlyBudgetMilli,
    }),
  };
  if (Object.keys(set).length === 0) return yield* member(q, id);
  const updated = yield* row(
    q.db
      .updateTable("members")
      .set(set)
      .where("id", "=", id)
      .where("removed_at", "is", null)
      .returning(MEMBER_COLUMNS)
  );
  return updated ? toMember(updated) : null;
}

/** In a transaction: the member removed and their tokens revoked. */
export function* removeMember(q: Sql, id: string): Flow<boolean> {
  const at = nowIso();
  const removed = yield* changes(
    q.db
      .updateTable("members")
      .set({ removed_at: at })
      .where("id", "=", id)
      .where("removed_at", "is", null)
  );
  if (removed === 0) return false;
  yield* changes(
    q.db
      .updateTable("tokens")
      .set({ revoked_at: at })
      .where("member_id", "=", id)
      .where("revoked_at", "is", null)
  );
  return true;
}

/** One statement: the member's row is locked (PostgreSQL) against a removal missing the token. */
export function* issueToken(
  q: Sql,
  id: string,
  memberId: string,
  tokenHash: string
): Flow<TokenInfo | null> {
  const issued = yield* row(
    q.db
      .insertInto("tokens")
      .columns(["id", "member_id", "token_hash", "created_at"])
      .expression((eb) =>
        eb
          .selectFrom("members")
          .select([
            sql.val(id).as("id"),
            "members.id as member_id",
            sql.val(tokenHash).as("token_hash"),
            sql.val(nowIso()).as("created_at"),
          ])
          .where("members.id", "=", memberId)
          .where("members.removed_at", "is", null)
          .$if(q.postgres, (select) => select.forShare())
      )
      .returning(TOKEN_COLUMNS)
  );
  return issued ? toToken(issued as TokenRow) : null;
}

export function* revokeToken(q: Sql, tokenId: string): Flow<boolean> {
  const revoked = yield* changes(
    q.db
      .updateTable("tokens")
      .set({ revoked_at: nowIso() })
      .where("id", "=", tokenId)
      .where("revoked_at", "is", null)
  );
  return revoked > 0;
}

export function* tokens(q: Sql, memberId: string): Flow<TokenInfo[]> {
  const found = yield* rows(
    inCreationOrder(
      q,
      q.db.selectFrom("tokens").select(TOKEN_COLUMNS).where("member_id", "=", memberId)
    )
  );
  return found.map(toToken);
}

export function* sealedServiceKey(q: Sql): Flow<string | null> {
  const found = yield* rowOf(
    prepared(q, "mf_sealed_service_key", [], () =>
      q.db.selectFrom("team").select("sealed_service_key").where("id", "=", 1)
    )
  );
  return found?.sealed_service_key ?? null;
}

export function* setSealedServiceKey(q: Sql, sealed: string): Flow<void> {
  yield* changes(q.db.updateTable("team").set({ sealed_service_key: sealed }).where("id", "=", 1));
}

/** Two instances at once: the second waits on the row and keeps the first one's salt. */
export function* sealingSalt(q: Sql, fresh: string): Flow<string> {
  const kept = yield* row(
    q.db
      .updateTable("team")
      .set({ sealing_salt: sql`coalesce(sealing_salt, ${fresh})` })
      .where("id", "=", 1)
      .returning("sealing_salt")
  );
  return kept!.sealing_salt!;
}

export type { MemberRow };
