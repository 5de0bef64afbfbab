import { ApiError } from "./errors";
import { Listeners } from "./listeners";
import { MAX_COST_MILLI } from "../api/operations";
import type { LookupOperation } from "./lookup-key";
import { t } from "../i18n/i18n";

// The spending guard of the worksheet functions (docs/user-guide.md, "Credits and spending"): the
// switch, the confirmation threshold and the session budget. Amounts are whole thousandths of a
// credit, so that 0.2 + 0.2 + 0.2 is 0.6 and a budget edge is exact.

export { MAX_COST_MILLI };

export interface SpendingPolicy {
  /** Off: cells answer only from kept answers. */
  enabled: boolean;
  /** Ask before the new lookups of one recalculation may cost more than this; null never asks. */
  confirmAbove: number | null;
  /** Credits that cells may spend in this session; null for no limit. */
  sessionBudget: number | null;
}

export const DEFAULT_SPENDING: SpendingPolicy = {
  enabled: true,
  confirmAbove: 25,
  sessionBudget: null,
};

export const toMilli = (credits: number): number => Math.round(credits * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

export type RefusalCode =
  | "spending_off"
  | "declined"
  | "stopped"
  | "budget_reached"
  | "unconfirmed"
  | "preview"
  | "refresh_only"
  | "answers_gone";

/** Credits as the messages show them: whole thousandths at most. */
const credits = (amount: number | null | undefined): number => fromMilli(toMilli(amount ?? 0));

/** The message of a refusal, in the user's language. */
function refusalMessage(code: RefusalCode, policy?: SpendingPolicy): string {
  switch (code) {
    case "spending_off":
      return t("cells.refusedSpendingOff");
    case "declined":
      return t("cells.refusedDeclined");
    case "stopped":
      return t("cells.refusedStopped");
    case "budget_reached":
      return t("cells.refusedBudget", { budget: credits(policy?.sessionBudget) });
    case "preview":
      return t("cells.preview");
    case "refresh_only":
      return t("cells.refusedRefreshOnly");
    case "unconfirmed":
      return t("cells.refusedUnconfirmed", { max: credits(policy?.confirmAbove) });
    case "answers_gone":
      return t("cells.refusedAnswersGone");
  }
}

/** The error a refused lookup's cell shows (`#N/A` with this message). */
export function refusal(code: RefusalCode, policy?: SpendingPolicy): ApiError {
  return new ApiError({
    kind: "refused",
    status: null,
    code: code,
    message: refusalMessage(code, policy),
  });
}

/** A new paid lookup that the guard decides on. */
export interface GuardItem {
  operation: LookupOperation;
}

/** What the guard decided for one batch of new lookups (in the order given). */
export interface GuardDecision<T extends GuardItem> {
  send: T[];
  hold: T[];
  refuse: Array<{ item: T; error: ApiError }>;
}

/**
 * Why the question is asked: the recalculation may spend more than the threshold, or the
 * workbook's kept answers are gone and its cells would buy them again (asked at any cost).
 */
export type QuestionReason = "threshold" | "answers_gone";

/** The question on screen while lookups are held. */
export interface SpendingQuestion {
  count: number;
  maxCredits: number;
  /** The threshold it was asked for. */
  confirmAbove: number;
  reason: QuestionReason;
}

/** A question owed before any new lookup (requireQuestion). */
interface OwedQuestion {
  reason: Exclude<QuestionReason, "threshold">;
  /** The user said yes: the question is no longer owed. */
  agreed: () => void;
}

/**
 * Decides, batch by batch, which new lookups may be sent. One "recalculation" is a burst:
 * the lookups that arrive while others are still pending, or within `quietMs` of the last
 * one settling. Budget: a lookup is let through only if what cells spent, plus the most that
 * the lookups already let through may still cost, plus its own maximum, stays within it.
 */
export class SpendingGuard {
  private policyValue: SpendingPolicy;
  private spentMilli = 0;
  private reservedMilli = 0;
  private burstMilli = 0;
  private allowanceMilli: number | null = null;
  private heldMilli = 0;
  private heldCount = 0;
  /** What the user agreed to spend without a question (a Refresh they confirmed). */
  private agreedMilli = 0;
  private asking = false;
  private owed: OwedQuestion | null = null;
  private readonly changes = new Listeners();

  constructor(policy: SpendingPolicy = DEFAULT_SPENDING) {
    this.policyValue = { ...policy };
    this.resetBurst();
  }

  get policy(): SpendingPolicy {
    return { ...this.policyValue };
  }

  setPolicy(policy: SpendingPolicy): void {
    this.policyValue = { ...policy };
    if (!this.asking) this.resetBurst();
    this.emit();
  }

  /** Credits actually charged for cells this session. */
  get spent(): number {
    return fromMilli(this.spentMilli);
  }

  get question(): SpendingQuestion | null {
    if (!this.asking) return null;
    return {
      count: this.heldCount,
      maxCredits: fromMilli(this.heldMilli),
      confirmAbove: this.policyValue.confirmAbove ?? 0,
      reason: this.owed?.reason ?? "threshold",
    };
  }

  /**
   * The next new lookups are held for a question whatever they may cost (the switch and the
   * budget still apply first), until the user says yes to it; a no leaves it owed.
   */
  requireQuestion(reason: OwedQuestion["reason"], agreed: () => void): void {
    this.owed = { reason, agreed };
    this.emit();
  }

  /** The question is no longer owed (the lookups it was for are not the ones made now). */
  withdrawQuestion(): void {
    if (!this.owed) return;
    this.owed = null;
    this.emit();
  }

  /** Whether a question is owed before the next new lookup (requireQuestion). */
  get questionOwed(): QuestionReason | null {
    return this.owed?.reason ?? null;
  }

  /**
   * Decides for new lookups (not kept, not already pending). Held lookups wait for
   * `answer()`; while a question is open every new lookup joins it.
   */
  decide<T extends GuardItem>(items: T[]): GuardDecision<T> {
    const decision: GuardDecision<T> = { send: [], hold: [], refuse: [] };
    const policy = this.policyValue;
    const admitted: T[] = [];
    let admittedMilli = 0;
    for (const item of items) {
      const cost = MAX_COST_MILLI[item.operation];
      if (!policy.enabled) decision.refuse.push({ item, error: refusal("spending_off") });
      else if (
        policy.sessionBudget !== null &&
        this.spentMilli + this.reservedMilli + admittedMilli + cost > toMilli(policy.sessionBudget)
      )
        decision.refuse.push({ item, error: refusal("budget_reached", policy) });
      else {
        admitted.push(item);
        admittedMilli += cost;
      }
    }
    if (admitted.length === 0) return decision;
    // Held lookups reserve their budget too: the question never offers what cannot be spent.
    this.reservedMilli += admittedMilli;
    const askAt = this.allowanceMilli;
    const agreed = Math.min(this.agreedMilli, admittedMilli);
    const asked = admittedMilli - agreed;
    if (
      this.asking ||
      (this.owed !== null && asked > 0) ||
      (askAt !== null && asked > 0 && this.burstMilli + asked > askAt)
    ) {
      this.asking = true;
      this.heldCount += admitted.length;
      this.heldMilli += admittedMilli;
      decision.hold.push(...admitted);
    } else {
      this.agreedMilli -= agreed;
      this.burstMilli += asked;
      decision.send.push(...admitted);
    }
    this.emit();
    return decision;
  }

  /**
   * Closes the question. `run`: what was held may be sent, and the rest of this
   * recalculation may spend up to the threshold again before the next question.
   */
  answer(run: boolean): void {
    if (!this.asking) return;
    if (run) {
      const owed = this.owed;
      this.owed = null;
      owed?.agreed();
      this.burstMilli += this.heldMilli;
      const threshold = this.policyValue.confirmAbove;
      this.allowanceMilli = threshold === null ? null : this.burstMilli + toMilli(threshold);
    } else this.reservedMilli -= this.heldMilli;
    this.closeQuestion();
    this.emit();
  }

  /**
   * The user agreed to spend up to `credits` now (a Refresh whose count and most cost they saw
   * and confirmed): lookups within it go out without a question. The switch and the session
   * budget still apply. `agree(0)` withdraws what is left of an agreement.
   */
  agree(credits: number): void {
    this.agreedMilli = Math.max(0, toMilli(credits));
  }

  /** What the session budget still lets cells spend (null: no budget). */
  get budgetLeft(): number | null {
    const budget = this.policyValue.sessionBudget;
    if (budget === null) return null;
    return fromMilli(Math.max(0, toMilli(budget) - this.spentMilli - this.reservedMilli));
  }

  /** Held lookups withdrawn one by one (a cancelled cell) give their reservation back. */
  releaseHeld(operation: LookupOperation): void {
    const cost = MAX_COST_MILLI[operation];
    this.reservedMilli -= cost;
    if (this.asking) {
      this.heldMilli -= cost;
      this.heldCount--;
      if (this.heldCount === 0) this.closeQuestion();
    }
    this.emit();
  }

  private closeQuestion(): void {
    this.asking = false;
    this.heldMilli = 0;
    this.heldCount = 0;
  }

  /** A lookup that was let through ended (sent or withdrawn); `charged` is what it cost. */
  settled(operation: LookupOperation, charged: number): void {
    this.reservedMilli -= MAX_COST_MILLI[operation];
    const milli = Number.isFinite(charged) && charged > 0 ? toMilli(charged) : 0;
    this.spentMilli += milli;
    if (milli > 0) this.emit();
  }

  /** No lookup pending for a while: the next one starts a new recalculation. */
  resetBurst(): void {
    if (this.asking) return;
    this.burstMilli = 0;
    this.allowanceMilli =
      this.policyValue.confirmAbove === null ? null : toMilli(this.policyValue.confirmAbove);
  }

  subscribe(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  private emit(): void {
    this.changes.emit();
  }
}
