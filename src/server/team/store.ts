import type { AdminActionName, AdminFieldChange } from "../../admin/api-types";

// What team mode keeps: members and their tokens, the team's settings, budgets with
// their reservations, the answers the team bought, lookups in flight, the audit of paid
// requests and of admin actions, and the service key (sealed). One store on Kysely
// (store/kysely-store.ts) runs it on SQLite for one host (sqlite-store.ts) and on PostgreSQL for
// several (pg-store.ts), with one test suite.
//
// Amounts are whole thousandths of a credit ("milli"), as in the client: a verification costs
// 0.2 credits, and a budget's edge must be exact. Months are "YYYY-MM" in UTC.

export interface Member {
  id: string;
  name: string;
  email: string;
  /** Credits (milli) this member may spend per month; null for no limit of their own. */
  monthlyBudgetMilli: number | null;
  createdAt: string;
}

export interface TeamSettings {
  name: string;
  /** Credits (milli) the whole team may spend per month; null for no limit. */
  monthlyBudgetMilli: number | null;
  /** How long a shared answer is given again, in days (default 90). */
  freshnessDays: number;
}

export interface TokenInfo {
  id: string;
  memberId: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface Reservation {
  id: string;
  memberId: string;
  month: string;
  amountMilli: number;
}

/** The budget a reservation would pass, with its figures. */
export interface BudgetRefusal {
  budget: "member" | "team";
  limitMilli: number;
  /** Spent and reserved this month. */
  usedMilli: number;
}

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  | ({ ok: false; paused?: undefined } & BudgetRefusal)
  /** A bad-email report is being measured (the report window): nothing reserved, ask again. */
  | { ok: false; paused: true };

export interface MonthFigures {
  spentMilli: number;
  reservedMilli: number;
}

export interface UsageRow {
  memberId: string;
  name: string;
  email: string;
  creditsMilli: number;
  /** Paid requests recorded (the audit's entries). */
  requests: number;
}

export interface MonthlyUsage {
  month: string;
  memberId: string;
  creditsMilli: number;
}

export interface AuditEntry {
  at: string;
  memberId: string;
  /** What was asked, e.g. "find-email/person" or "bulk/download" (never a key or token). */
  operation: string;
  creditsMilli: number;
  /** The service's HTTP status. */
  status: number;
}

/** Who did an admin action: the admin token, or an account of Entra ID's admin group. */
export interface AdminActor {
  kind: "admin_token" | "entra";
  /** The Entra ID account's object id (oid); null for the admin token. */
  oid: string | null;
  /** The Entra ID account's name (or email); null for the admin token. */
  name: string | null;
}

/** What an admin did (the admin API's words, src/admin/api-types.ts). */
export type AdminActionKind = AdminActionName;

/** A field as it was and as it became (null: absent, or no limit for a budget). */
export type FieldChange = AdminFieldChange;

/** An admin action as the audit keeps it: never a token or a key, only their ids. */
export interface AdminAuditEntry {
  at: string;
  actor: AdminActor;
  action: AdminActionKind;
  /** The member acted on, if any. */
  memberId: string | null;
  /** The token issued or revoked, by its id. */
  tokenId: string | null;
  /** The fields changed, by their name in the admin API (budgets in credits). */
  changes: Record<string, FieldChange>;
}

/** A lookup sent to the service with the host's webhook URL in place of the member's. */
export interface PendingWebhook {
  /** The secret part of the host's webhook URL. */
  id: string;
  memberId: string;
  month: string;
  /** What was settled at once (the lookup's most). */
  chargedMilli: number;
  /** The operation's audit name (auditName in src/api/operations.ts). */
  operation: string;
  /** The shared answer's key of the lookup (the result is kept for the team). */
  lookupKey: string | null;
  /** Where the member asked the result to go. */
  memberUrl: string;
  createdAt: string;
}

/** An address a member's charged lookup bought. */
export interface Purchase {
  memberId: string;
  email: string;
  /** The month charged (the reservation's). */
  month: string;
  amountMilli: number;
  at: string;
}

export interface SharedAnswer {
  /** The normalized lookup (src/client/lookup-key.ts) with the API generation. */
  key: string;
  /** The service's status and JSON body, as it answered. */
  status: number;
  body: string;
  storedAt: string;
}

/** What a lookup asks at its start (TeamStore.startLookup). */
export interface LookupStart {
  /** The shared answer's key of the lookup. */
  key: string;
  /** A kept answer stored at or after this time is given. */
  freshSince: string;
  /** Who claims the lookup (one request of one instance), and for how long. */
  owner: string;
  claimTtlMs: number;
  /** What it is reserved for, as reserve() takes it. */
  memberId: string;
  month: string;
  amountMilli: number;
  reservationTtlMs: number;
}

export type LookupStarted =
  /** A fresh answer kept for the team: nothing claimed or reserved. */
  | { kind: "shared"; answer: SharedAnswer }
  /** Another request holds the lookup: nothing claimed or reserved (wait for its answer). */
  | { kind: "held" }
  /** Claimed for the owner, and reserved. */
  | { kind: "reserved"; reservation: Reservation }
  /** Over a budget: nothing claimed or reserved. */
  | ({ kind: "refused" } & BudgetRefusal)
  /** A bad-email report is being measured: nothing claimed or reserved (ask again shortly). */
  | { kind: "paused" };

/** How a bought lookup ends (TeamStore.finishLookup). */
export interface LookupEnd {
  reservation: Reservation;
  chargedMilli: number;
  audit: { operation: string; status: number };
  /** The claim the lookup held, released. */
  claim: { key: string; owner: string } | null;
  /** The answer kept for the team. */
  answer: SharedAnswer | null;
  /** The address the charge bought (recordPurchase), noted by the settle that counts the charge only. */
  purchase: { email: string; at: string } | null;
  /** A legacy person or company lookup's key, noted as charged when this settle charges it. */
  legacyKey?: string | null;
}

/** What became of a bad-email report (SECURITY.md: refunds need evidence). */
export type BounceOutcome =
  /** The service was seen to return at least what the team's purchases of the address cost. */
  | "returned"
  /** Seen to return part of it: that part given back, the rest claimed. */
  | "partly_returned"
  /** Answered without returning anything: a claim, the members' months unchanged. */
  | "claimed"
  /** What the service returned could not be read (its balance did not answer): a claim. */
  | "unmeasured"
  /** No purchase of the team's of the address was waiting for its credit. */
  | "nothing_bought";

export interface BounceReport {
  id: string;
  at: string;
  /** Who reported it. */
  memberId: string;
  email: string;
  /** The team's purchases of the address whose credit had not come back, when it was reported. */
  claimedMilli: number;
  /** What the account's balance showed the service returned; null when it could not be read. */
  returnedMilli: number | null;
  /** What was given back to the buyers' months: at most the claimed and the returned. */
  refundedMilli: number;
  outcome: BounceOutcome;
}

/** A report to record (TeamStore.recordBounceReport). */
export interface NewBounceReport {
  memberId: string;
  email: string;
  at: string;
  /** What the service was seen to return; null: not seen. */
  returnedMilli: number | null;
  audit: { operation: string; status: number };
}

export interface TeamStore {
  /** Brings the schema to the newest version (run at start; several instances at once is safe). */
  migrate(): Promise<void>;
  close(): Promise<void>;

  team(): Promise<TeamSettings>;
  updateTeam(patch: Partial<TeamSettings>): Promise<TeamSettings>;

  addMember(input: {
    name: string;
    email: string;
    monthlyBudgetMilli: number | null;
  }): Promise<Member>;
  /** Current members (removed ones are not listed), oldest first. */
  members(): Promise<Member[]>;
  member(id: string): Promise<Member | null>;
  /** A current member by email, case-insensitively (Entra ID sign-in before binding). */
  memberByEmail(email: string): Promise<Member | null>;
  /** The current member bound to this Entra ID account (tenant id and object id). */
  memberByEntraId(tenantId: string, objectId: string): Promise<Member | null>;
  /**
   * Binds a current member not bound yet to an Entra ID account (their first sign-in); false
   * if the member is gone or bound already. One account is bound to one current member.
   */
  bindEntraId(memberId: string, tenantId: string, objectId: string): Promise<boolean>;
  updateMember(
    id: string,
    patch: { name?: string; monthlyBudgetMilli?: number | null }
  ): Promise<Member | null>;
  /** Removes a member and revokes every token of theirs; false if there was none. */
  removeMember(id: string): Promise<boolean>;

  /** Records a token by its SHA-256 hash (hex); the token itself is never stored. */
  issueToken(memberId: string, tokenHash: string): Promise<TokenInfo>;
  revokeToken(tokenId: string): Promise<boolean>;
  tokens(memberId: string): Promise<TokenInfo[]>;
  /**
   * The current member holding an unrevoked token of this hash; notes its use. PostgreSQL answers
   * a token it found valid from memory for SIGN_IN_CACHE_MS (store-rules.ts): a revocation or
   * removal made through another instance is seen within that bound, through this one at once.
   */
  memberByTokenHash(tokenHash: string): Promise<Member | null>;

  /**
   * Reserves `amountMilli` of this month's member and team budgets, atomically: it passes only
   * if spent + reserved + amount stays within each budget that exists, across every instance
   * sharing the store. Expires after `ttlMs` (a host killed mid-request releases nothing itself).
   * `lookupKey`: the shared answer's key of the lookup it pays for, if any (see settleOrphan).
   */
  reserve(
    memberId: string,
    month: string,
    amountMilli: number,
    ttlMs: number,
    lookupKey?: string | null
  ): Promise<ReserveResult>;
  /**
   * Ends a reservation with what the service charged: the reservation is released, the charge
   * added to the month's spend, and the paid request written to the audit, in one transaction.
   * A reservation already released or expired is settled all the same (the charge is real), once.
   */
  settle(
    reservation: Reservation,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<void>;
  /**
   * Settles with `chargedMilli` the newest unsettled reservation for `lookupKey` that is open or
   * was released by its expiry: its instance stopped after the service charged the lookup (the
   * service then answers it again as a free repeat), before or after the reservation expired.
   * The charge is the reservation's member's, in its month, counted once (a settle of that
   * reservation coming after all counts nothing more). False if there is no such reservation
   * (none, released after an error, settled, or forgotten a day after its expiry).
   */
  settleOrphan(
    lookupKey: string,
    chargedMilli: number,
    audit: { operation: string; status: number }
  ): Promise<boolean>;
  /** Notes that a member's charged lookup bought `email` (lower case): a bounce may return it. */
  recordPurchase(purchase: Purchase): Promise<void>;
  /** What the team's purchases of `email` (lower case) whose credit has not come back cost. */
  unreturnedMilli(email: string): Promise<number>;
  /**
   * Records a bad-email report the service answered, and gives back to the members whose
   * purchases of its address have not come back, oldest first, at most `returnedMilli` in all, to
   * each purchase's month, audited negative: a purchase comes back once and never above its cost,
   * and nothing comes back on a null `returnedMilli`. One transaction.
   */
  recordBounceReport(report: NewBounceReport): Promise<BounceReport>;
  /** Reports in [from, to), newest first, at most `limit`. */
  bounceReports(from: string, to: string, limit: number): Promise<BounceReport[]>;
  /**
   * Opens (or, for the same owner, renews) the team's report window until `ttlMs` from now: true
   * if nobody else holds it. While it is open, reserve() and startLookup() answer "paused", and a
   * reservation that was being made when it opened is open by the time this returns.
   */
  openReportWindow(owner: string, ttlMs: number): Promise<boolean>;
  closeReportWindow(owner: string): Promise<void>;
  /**
   * Paid requests that may still be charged: open reservations that have not expired, and lookups
   * answered to a webhook since `webhookSince` whose result has not arrived.
   */
  paidInFlight(webhookSince: string): Promise<number>;
  /** A lookup answered to the host's webhook, until its result arrives. */
  addPendingWebhook(pending: PendingWebhook): Promise<void>;
  /** The pending webhook `id` waiting for its result; "delivered" when it came; null when none. */
  pendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null>;
  /**
   * Marks the pending webhook `id` done without a result (the service refused the lookup): it,
   * the first time; "delivered" when it was already; null when there is none.
   */
  deliverPendingWebhook(id: string): Promise<PendingWebhook | "delivered" | null>;
  /**
   * Settles a webhook lookup's reservation from its synchronous answer, in one transaction: at
   * the result's charge if the result arrived first, else at the reservation's amount (the most),
   * noted on the pending webhook `pendingId` so that the result settles the difference. Answers
   * what was settled.
   */
  settleWebhookLookup(
    reservation: Reservation,
    pendingId: string,
    audit: { operation: string; status: number }
  ): Promise<number>;
  /**
   * The result of the pending webhook `id` arrived, saying `resultMilli` was charged: marked
   * delivered, and if the synchronous answer was settled, the difference settled too, above as
   * well as below (one transaction). It, the first time; "delivered"; or null.
   */
  deliverWebhookResult(
    id: string,
    resultMilli: number,
    audit: { operation: string; status: number }
  ): Promise<PendingWebhook | "delivered" | null>;
  /** Whether the service charged the legacy lookup `key` before (it charges one once ever). */
  legacyCharged(key: string): Promise<boolean>;
  /** Ends a reservation with nothing charged (the request failed); once. */
  release(reservation: Reservation): Promise<void>;
  /**
   * A lookup's start in one step (one round trip on PostgreSQL): its fresh shared answer if there
   * is one; else, unless another request holds it, the lookup claimed for `owner` (claimLookup)
   * and its price reserved (reserve, with the key). The claim is not kept when the answer
   * turns out kept meanwhile or the reservation is refused.
   */
  startLookup(start: LookupStart): Promise<LookupStarted>;
  /**
   * A bought lookup's end in one transaction: settle(), and with it the purchase noted (only if
   * this settle counted the charge: a repeat notes nothing twice), the answer kept for the team
   * (putSharedAnswer) and the claim released (releaseLookup).
   */
  finishLookup(end: LookupEnd): Promise<void>;
  /** Releases reservations past their expiry; answers how many. */
  releaseExpired(): Promise<number>;
  memberMonth(memberId: string, month: string): Promise<MonthFigures>;
  teamMonth(month: string): Promise<MonthFigures>;

  /** Spend per current member in a month (members who spent nothing included, at 0). */
  usage(month: string): Promise<UsageRow[]>;
  /** Spend per member and month, from `fromMonth` on (the admin page's chart). */
  monthlyUsage(fromMonth: string): Promise<MonthlyUsage[]>;
  /** Audit entries in [from, to), oldest first. */
  audit(from: string, to: string): Promise<AuditEntry[]>;
  /**
   * The same entries read `pageSize` at a time (a long export is never held whole, and no
   * connection or lock is held between pages).
   */
  eachAudit(from: string, to: string, pageSize?: number): AsyncIterable<AuditEntry>;
  /** usage(month), read `pageSize` members at a time. */
  eachUsage(month: string, pageSize?: number): AsyncIterable<UsageRow>;
  /** Deletes audit entries (and purchases) older than `before` (400 days are kept); answers how many entries. */
  pruneAudit(before: string): Promise<number>;

  recordAdminAction(entry: AdminAuditEntry): Promise<void>;
  /** Admin actions in [from, to), newest first, at most `limit`. */
  adminAudit(from: string, to: string, limit: number): Promise<AdminAuditEntry[]>;
  /** Deletes admin actions older than `before`; answers how many. */
  pruneAdminAudit(before: string): Promise<number>;

  /** The answer kept for `key`, if it was stored at or after `notBefore`. */
  sharedAnswer(key: string, notBefore: string): Promise<SharedAnswer | null>;
  putSharedAnswer(answer: SharedAnswer): Promise<void>;
  /**
   * Keeps a webhook's result for the team unless the answer kept for its key is better
   * (answer-facts.ts) or newer; whether it was kept.
   */
  offerSharedAnswer(answer: SharedAnswer): Promise<boolean>;
  sharedAnswerCount(): Promise<number>;
  /** The answers kept for lookups at `domain` (answer-facts.ts), newest first, at most `limit`. */
  sharedAnswersOfDomain(domain: string, limit: number): Promise<SharedAnswer[]>;
  /** Forgets the answer kept for `key`; whether there was one. */
  purgeSharedAnswer(key: string): Promise<boolean>;
  /** Forgets every answer kept for lookups at `domain`; how many. */
  purgeDomainAnswers(domain: string): Promise<number>;

  /**
   * Claims the lookup `key` for `owner` (one host instance's request) until `ttlMs` from now:
   * true if nobody holds it (or the holder's claim expired). The others wait for its answer.
   */
  claimLookup(key: string, owner: string, ttlMs: number): Promise<boolean>;
  releaseLookup(key: string, owner: string): Promise<void>;

  /** The service key, sealed (sealing.ts): never stored in clear. */
  sealedServiceKey(): Promise<string | null>;
  setSealedServiceKey(sealed: string): Promise<void>;
  /** The team's sealing salt: `fresh` kept if there is none yet, else the one kept (once for all instances). */
  sealingSalt(fresh: string): Promise<string>;
}

/** The month of `date` as "YYYY-MM" (UTC). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}
