import { randomBytes } from "node:crypto";
import type { Db } from "../storage/db";
import { upgradeNeeded } from "../errors";
import { DAY_MS, type Clock } from "./clock";

/** Credits are stored in thousandths so that 0.2 (a verification) adds up exactly. */
export const MILLI = 1000;
export const toCredits = (milli: number): number => Math.round(milli) / MILLI;

/** docs/interface.md, Credits: "A repeat of the same search within 30 days is free." */
export const FREE_REPEAT_WINDOW_MS = 30 * DAY_MS;

export interface AccountRow {
  id: number;
  api_key: string;
  email: string;
  credits_milli: number;
  credits_total_milli: number;
  created_at: number;
}

/**
 * When a repeat of a query is free:
 * - `window`: charged at most once per 30 days (v5.1);
 * - `once`: never charged twice (v5.0 person and company searches);
 * - `never`: every call is charged (v5.0 validation and employees).
 */
export type RepeatPolicy = "window" | "once" | "never";

/**
 * The free-repeat rule, written once for Ledger.charge and a bulk search's price: a repeat is
 * free when the account was charged for the query, for more than nothing, since the start of
 * its policy's window (freeRepeatSince). `key` is the SQL of the query's key; the condition's
 * parameters are the account's id, then the key's if `key` is "?", then that start.
 */
export const chargedSince = (key: string): string =>
  `EXISTS (SELECT 1 FROM charges c WHERE c.account_id = ? AND c.query_key = ${key} AND c.amount_milli > 0 AND c.created_at >= ?)`;

/** Since when a charge makes a repeat free: the last 30 days (`window`) or ever (`once`). */
export const freeRepeatSince = (repeat: "window" | "once", now: number): number =>
  repeat === "window" ? now - FREE_REPEAT_WINDOW_MS : 0;

export interface ChargeRequest {
  accountId: number;
  generation: "v5.1" | "v5.0";
  operation: string;
  /** The normalized query; equal keys are the same search. */
  key: string;
  /** What the result costs if it is not a free repeat; 0 for free outcomes. */
  amountMilli: number;
  repeat: RepeatPolicy;
  /** The email the charge paid for, so that a bad-email report can return it. */
  email?: string | null;
  /** The answer was found but not verified (legacy `credits_used_not_verified`). */
  notVerified?: boolean;
}

export interface LegacyUsage {
  credits_used_verified: number;
  credits_used_not_verified: number;
}

export class Ledger {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock
  ) {
    this.statements = {
      byKey: db.prepare<[string], AccountRow>("SELECT * FROM accounts WHERE api_key = ?"),
      byId: db.prepare<[number], AccountRow>("SELECT * FROM accounts WHERE id = ?"),
      insertAccount: db.prepare(
        "INSERT INTO accounts (api_key, email, credits_milli, credits_total_milli, created_at) VALUES (?, ?, ?, ?, ?)"
      ),
      chargedSince: db.prepare<[number, string, number], { charged: number }>(
        `SELECT ${chargedSince("?")} AS charged`
      ),
      insertCharge: db.prepare(
        `INSERT INTO charges (account_id, generation, operation, query_key, email, amount_milli, not_verified, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      ),
      debit: db.prepare("UPDATE accounts SET credits_milli = credits_milli - ? WHERE id = ?"),
      credit: db.prepare("UPDATE accounts SET credits_milli = credits_milli + ? WHERE id = ?"),
      grant: db.prepare(
        "UPDATE accounts SET credits_milli = credits_milli + ?, credits_total_milli = credits_total_milli + ? WHERE id = ?"
      ),
      refundable: db.prepare<
        [number, string],
        { id: number; amount_milli: number; refunded_milli: number }
      >(
        "SELECT id, amount_milli, refunded_milli FROM charges WHERE account_id = ? AND email = ? AND amount_milli > refunded_milli"
      ),
      markRefunded: db.prepare("UPDATE charges SET refunded_milli = amount_milli WHERE id = ?"),
      usage: db.prepare<[number], { verified: number | null; not_verified: number | null }>(
        `SELECT SUM(amount_milli - refunded_milli) AS verified, SUM(not_verified) AS not_verified
         FROM charges WHERE account_id = ?`
      ),
    };
  }

  findByApiKey(apiKey: string): AccountRow | undefined {
    return this.statements.byKey.get(apiKey);
  }

  account(accountId: number): AccountRow {
    const row = this.statements.byId.get(accountId);
    if (!row) throw new Error(`account ${accountId} does not exist`);
    return row;
  }

  createAccount(options: { credits: number; email?: string; apiKey?: string }): AccountRow {
    const apiKey = options.apiKey ?? `sbx_${randomBytes(18).toString("base64url")}`;
    const milli = Math.round(options.credits * MILLI);
    const info = this.statements.insertAccount.run(apiKey, "", milli, milli, this.clock.now());
    const id = Number(info.lastInsertRowid);
    const email = options.email ?? `user${id}@sandbox.test`;
    this.db.prepare("UPDATE accounts SET email = ? WHERE id = ?").run(email, id);
    return this.account(id);
  }

  /** Charges the query's price unless its repeat is free; throws 402 when the balance is short. */
  charge(request: ChargeRequest): number {
    return this.db.transaction(() => {
      const now = this.clock.now();
      let amount = request.amountMilli;
      if (amount > 0 && request.repeat !== "never") {
        const since = freeRepeatSince(request.repeat, now);
        if (this.statements.chargedSince.get(request.accountId, request.key, since)!.charged)
          amount = 0;
      }
      const account = this.account(request.accountId);
      if (amount > account.credits_milli)
        throw upgradeNeeded(toCredits(amount), toCredits(account.credits_milli));
      this.statements.insertCharge.run(
        request.accountId,
        request.generation,
        request.operation,
        request.key,
        request.email ?? null,
        amount,
        request.notVerified ? 1 : 0,
        now
      );
      if (amount > 0) this.statements.debit.run(amount, request.accountId);
      return amount;
    })();
  }

  /** Throws 402 unless the account can pay `amountMilli` now (for jobs charged later). */
  ensureBalance(accountId: number, amountMilli: number): void {
    const account = this.account(accountId);
    if (amountMilli > account.credits_milli)
      throw upgradeNeeded(toCredits(amountMilli), toCredits(account.credits_milli));
  }

  /**
   * docs/interface.md, Credits: the credit is returned when a charged email is reported as bad.
   * Once per charge.
   */
  refundEmail(accountId: number, email: string): number {
    return this.db.transaction(() => {
      let refunded = 0;
      for (const row of this.statements.refundable.all(accountId, email)) {
        refunded += row.amount_milli - row.refunded_milli;
        this.statements.markRefunded.run(row.id);
      }
      if (refunded > 0) this.statements.credit.run(refunded, accountId);
      return refunded;
    })();
  }

  grant(accountId: number, credits: number): void {
    const milli = Math.round(credits * MILLI);
    this.statements.grant.run(milli, milli, accountId);
  }

  legacyUsage(accountId: number): LegacyUsage {
    const row = this.statements.usage.get(accountId)!;
    return {
      credits_used_verified: Math.floor((row.verified ?? 0) / MILLI),
      credits_used_not_verified: row.not_verified ?? 0,
    };
  }
}
