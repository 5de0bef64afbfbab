import { randomUUID } from "node:crypto";
import { errorCode } from "../../../api/error-code";
import { answerDomain, answerQuality } from "../answer-facts";
import type {
  AdminAuditEntry,
  AuditEntry,
  BounceReport,
  Member,
  MonthFigures,
  MonthlyUsage,
  NewBounceReport,
  PendingWebhook,
  Purchase,
  Reservation,
  ReserveResult,
  SharedAnswer,
  TeamSettings,
  TeamStore,
  TokenInfo,
  UsageRow,
} from "../store";
import {
  checkBudget,
  checkMilli,
  checkMonth,
  checkPageSize,
  checkTeamPatch,
  checkTtl,
  EXPORT_PAGE_ROWS,
  inPages,
  isoTime,
} from "../store-rules";
import * as answers from "./answers";
import { changes, nowIso, rows, type Flow, type FlowRunner, type Sql } from "./flow";
import * as members from "./members";
import { migrateSchema } from "./migrate";
import * as money from "./money";
import * as webhooks from "./pending-webhooks";
import * as reports from "./reports";
import type { AuditRow, UsageDbRow } from "./reports";

// The team store, once for both databases: each operation is a flow of Kysely queries
// (store/*.ts) that the database's store runs (sqlite-store.ts, pg-store.ts). What each database
// does its own way is abstract here: reserving, settling and releasing (where the locking is),
// and a token's sign-in.

export type AuditNote = money.AuditNote;

const UNIQUE_VIOLATION = "23505";

/** What each database's store does its own way. */
export type DialectPart =
  "memberByTokenHash" | "release" | "startLookup" | "finishLookup" | "releaseExpired";

export abstract class KyselyTeamStore implements Omit<TeamStore, DialectPart>, FlowRunner {
  protected constructor(protected readonly q: Sql) {}

  abstract read<T>(flow: Flow<T>): Promise<T>;
  abstract write<T>(flow: Flow<T>): Promise<T>;
  abstract close(): Promise<void>;

  /** Inside a write: settles a reservation, answering whether this call counted the charge. */
  protected abstract settleCounted(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Flow<boolean>;

  /** Reserves, its figures checked: see TeamStore.reserve. */
  protected abstract reserveChecked(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null
  ): Promise<ReserveResult>;

  /** Settles, its figures checked: see TeamStore.settle. */
  protected abstract settleChecked(
    reservation: Reservation,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<void>;

  /** Settles an orphan's charge, checked: see TeamStore.settleOrphan. */
  protected abstract settleOrphanChecked(
    lookupKey: string,
    chargedMilli: number,
    audit: AuditNote
  ): Promise<boolean>;

  // The money path's figures are checked here once, before either database sees them.
  async reserve(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey: string | null = null
  ): Promise<ReserveResult> {
    checkMonth(month);
    checkMilli(amountMilli, "A reservation");
    checkTtl(ttlMs);
    return this.reserveChecked(memberId, month, amountMilli, ttlMs, lookupKey);
  }

  async settle(reservation: Reservation, chargedMilli: number, audit: AuditNote): Promise<void> {
    checkMilli(chargedMilli, "A charge");
    checkMonth(reservation.month);
    await this.settleChecked(reservation, chargedMilli, audit);
  }

  async settleOrphan(lookupKey: string, chargedMilli: number, audit: AuditNote): Promise<boolean> {
    checkMilli(chargedMilli, "A charge");
    return this.settleOrphanChecked(lookupKey, chargedMilli, audit);
  }

  /** A change to who may sign in (a store that remembers sign-ins forgets them after it). */
  protected signInsChanged<T>(change: () => Promise<T>): Promise<T> {
    return change();
  }

  async migrate(): Promise<void> {
    await migrateSchema(this.q.db);
    await this.noteAnswerFacts();
  }

  /** Answers kept before version 7 get their quality and domain (answer-facts.ts). */
  protected async noteAnswerFacts(): Promise<void> {
    for (;;) {
      const unnoted = await this.read(this.unnotedAnswers());
      if (unnoted.length === 0) return;
      const q = this.q;
      await this.write(
        (function* () {
          for (const { key, body } of unnoted)
            yield* changes(
              q.db
                .updateTable("shared_answers")
                .set({ quality: answerQuality(body), domain: answerDomain(key, body) })
                .where("key", "=", key)
            );
        })()
      );
    }
  }

  protected unnotedAnswers(): Flow<Array<{ key: string; body: string }>> {
    return rows(
      this.q.db
        .selectFrom("shared_answers")
        .select(["key", "body"])
        .where("domain", "is", null)
        .limit(1000)
    );
  }

  async team(): Promise<TeamSettings> {
    return this.read(members.teamSettings(this.q));
  }

  async updateTeam(patch: Partial<TeamSettings>): Promise<TeamSettings> {
    await this.read(members.updateTeam(this.q, checkTeamPatch(patch)));
    return this.team();
  }

  async addMember(input: {
    name: string;
    email: string;
    monthlyBudgetMilli: number | null;
  }): Promise<Member> {
    const member: Member = {
      id: randomUUID(),
      name: input.name,
      email: input.email,
      monthlyBudgetMilli: checkBudget(input.monthlyBudgetMilli, "A member's budget"),
      createdAt: nowIso(),
    };
    await this.read(members.addMember(this.q, member));
    return member;
  }

  async members(): Promise<Member[]> {
    return this.read(members.members(this.q));
  }

  async member(id: string): Promise<Member | null> {
    return this.read(members.member(this.q, id));
  }

  async memberByEmail(email: string): Promise<Member | null> {
    return this.read(members.memberByEmail(this.q, email));
  }

  async memberByEntraId(tenantId: string, objectId: string): Promise<Member | null> {
    return this.read(members.memberByEntraId(this.q, tenantId, objectId));
  }

  async bindEntraId(memberId: string, tenantId: string, objectId: string): Promise<boolean> {
    try {
      return await this.read(members.bindEntraId(this.q, memberId, tenantId, objectId));
    } catch (error) {
      // PostgreSQL: the account bound to another member at the same moment
      // (members_current_by_entra_id).
      if (errorCode(error) === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }

  async updateMember(
    id: string,
    patch: { name?: string; monthlyBudgetMilli?: number | null }
  ): Promise<Member | null> {
    const checked = {
      name: patch.name,
      monthlyBudgetMilli:
        patch.monthlyBudgetMilli === undefined
          ? undefined
          : checkBudget(patch.monthlyBudgetMilli, "A member's budget"),
    };
    return this.signInsChanged(() => this.read(members.updateMember(this.q, id, checked)));
  }

  async removeMember(id: string): Promise<boolean> {
    return this.signInsChanged(() => this.write(members.removeMember(this.q, id)));
  }

  async issueToken(memberId: string, tokenHash: string): Promise<TokenInfo> {
    const token = await this.read(members.issueToken(this.q, randomUUID(), memberId, tokenHash));
    if (!token) throw new Error(`There is no current member ${memberId} to issue a token to.`);
    return token;
  }

  async revokeToken(tokenId: string): Promise<boolean> {
    return this.signInsChanged(() => this.read(members.revokeToken(this.q, tokenId)));
  }

  async tokens(memberId: string): Promise<TokenInfo[]> {
    return this.read(members.tokens(this.q, memberId));
  }

  async recordPurchase(purchase: Purchase): Promise<void> {
    checkMonth(purchase.month);
    if (checkMilli(purchase.amountMilli, "A purchase") === 0) return;
    await this.read(money.recordPurchase(this.q, purchase, isoTime(purchase.at, "at")));
  }

  async unreturnedMilli(email: string): Promise<number> {
    return this.read(money.unreturnedMilli(this.q, email));
  }

  async recordBounceReport(report: NewBounceReport): Promise<BounceReport> {
    const at = isoTime(report.at, "at");
    if (report.returnedMilli !== null) checkMilli(report.returnedMilli, "A return");
    return this.write(money.recordBounceReport(this.q, report, at));
  }

  async bounceReports(from: string, to: string, limit: number): Promise<BounceReport[]> {
    return this.read(
      money.bounceReports(this.q, isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit))
    );
  }

  async openReportWindow(owner: string, ttlMs: number): Promise<boolean> {
    return this.write(money.openReportWindow(this.q, owner, checkTtl(ttlMs)));
  }

  async closeReportWindow(owner: string): Promise<void> {
    return this.read(money.closeReportWindow(this.q, owner));
  }

  async paidInFlight(webhookSince: string): Promise<number> {
    return this.read(money.paidInFlight(this.q, isoTime(webhookSince, "webhookSince")));
  }

  async addPendingWebhook(pending: PendingWebhook): Promise<void> {
    checkMonth(pending.month);
    checkMilli(pending.chargedMilli, "A charge");
    const createdAt = isoTime(pending.createdAt, "createdAt");
    await this.read(webhooks.addPendingWebhook(this.q, pending, createdAt));
  }

  async pendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    return this.read(webhooks.pendingWebhook(this.q, id));
  }

  async deliverPendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null> {
    return this.write(webhooks.deliverPendingWebhook(this.q, id));
  }

  async settleWebhookLookup(
    reservation: Reservation,
    pendingId: string,
    audit: AuditNote
  ): Promise<number> {
    checkMonth(reservation.month);
    const settle = this.settleCounted.bind(this);
    return this.write(webhooks.settleWebhookLookup(this.q, settle, reservation, pendingId, audit));
  }

  async deliverWebhookResult(
    id: string,
    resultMilli: number,
    audit: AuditNote
  ): Promise<PendingWebhook | "delivered" | null> {
    checkMilli(resultMilli, "A charge");
    return this.write(webhooks.deliverWebhookResult(this.q, id, resultMilli, audit));
  }

  async legacyCharged(key: string): Promise<boolean> {
    return this.read(webhooks.legacyCharged(this.q, key));
  }

  async memberMonth(memberId: string, month: string): Promise<MonthFigures> {
    return this.read(reports.memberMonth(this.q, memberId, checkMonth(month)));
  }

  async teamMonth(month: string): Promise<MonthFigures> {
    return this.read(reports.teamMonth(this.q, checkMonth(month)));
  }

  async usage(month: string): Promise<UsageRow[]> {
    const page = await this.read(reports.usagePage(this.q, checkMonth(month), null, null));
    return page.map(reports.toUsageRow);
  }

  eachUsage(month: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<UsageRow> {
    checkMonth(month);
    return inPages(
      checkPageSize(pageSize),
      (after: UsageDbRow | null, size) => this.read(reports.usagePage(this.q, month, after, size)),
      reports.toUsageRow
    );
  }

  async monthlyUsage(fromMonth: string): Promise<MonthlyUsage[]> {
    return this.read(reports.monthlyUsage(this.q, checkMonth(fromMonth)));
  }

  async audit(from: string, to: string): Promise<AuditEntry[]> {
    const range = [isoTime(from, "from"), isoTime(to, "to")] as const;
    const page = await this.read(reports.auditPage(this.q, ...range, null, null));
    return page.map(reports.toAuditEntry);
  }

  eachAudit(from: string, to: string, pageSize = EXPORT_PAGE_ROWS): AsyncIterable<AuditEntry> {
    const range = [isoTime(from, "from"), isoTime(to, "to")] as const;
    return inPages(
      checkPageSize(pageSize),
      (after: AuditRow | null, size) => this.read(reports.auditPage(this.q, ...range, after, size)),
      reports.toAuditEntry
    );
  }

  async pruneAudit(before: string): Promise<number> {
    return this.read(reports.pruneAudit(this.q, isoTime(before, "before")));
  }

  async recordAdminAction(entry: AdminAuditEntry): Promise<void> {
    return this.read(reports.recordAdminAction(this.q, entry, isoTime(entry.at, "at")));
  }

  async adminAudit(from: string, to: string, limit: number): Promise<AdminAuditEntry[]> {
    return this.read(
      reports.adminAudit(this.q, isoTime(from, "from"), isoTime(to, "to"), checkPageSize(limit))
    );
  }

  async pruneAdminAudit(before: string): Promise<number> {
    return this.read(reports.pruneAdminAudit(this.q, isoTime(before, "before")));
  }

  async sharedAnswer(key: string, notBefore: string): Promise<SharedAnswer | null> {
    return this.read(answers.sharedAnswer(this.q, key, isoTime(notBefore, "notBefore")));
  }

  async putSharedAnswer(answer: SharedAnswer): Promise<void> {
    const storedAt = isoTime(answer.storedAt, "storedAt");
    await this.read(answers.keepAnswer(this.q, { ...answer, storedAt }, false));
  }

  async offerSharedAnswer(answer: SharedAnswer): Promise<boolean> {
    const storedAt = isoTime(answer.storedAt, "storedAt");
    return this.read(answers.keepAnswer(this.q, { ...answer, storedAt }, true));
  }

  async sharedAnswerCount(): Promise<number> {
    return this.read(answers.sharedAnswerCount(this.q));
  }

  async sharedAnswersOfDomain(domain: string, limit: number): Promise<SharedAnswer[]> {
    return this.read(answers.sharedAnswersOfDomain(this.q, domain, checkPageSize(limit)));
  }

  async purgeSharedAnswer(key: string): Promise<boolean> {
    return this.read(answers.purgeSharedAnswer(this.q, key));
  }

  async purgeDomainAnswers(domain: string): Promise<number> {
    return this.read(answers.purgeDomainAnswers(this.q, domain));
  }

  async claimLookup(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.read(answers.claimLookup(this.q, key, owner, checkTtl(ttlMs)));
  }

  async releaseLookup(key: string, owner: string): Promise<void> {
    return this.read(answers.releaseLookup(this.q, key, owner));
  }

  async sealedServiceKey(): Promise<string | null> {
    return this.read(members.sealedServiceKey(this.q));
  }

  async setSealedServiceKey(sealed: string): Promise<void> {
    return this.read(members.setSealedServiceKey(this.q, sealed));
  }

  async sealingSalt(fresh: string): Promise<string> {
    return this.read(members.sealingSalt(this.q, fresh));
  }
}
