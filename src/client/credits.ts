import { Listeners } from "./listeners";

/** What the add-in knows of the account's credits: the last balance read and this session's spend. */
export interface CreditsSnapshot {
  /** Credits left, from the last account read minus what was charged since; null before any read. */
  creditsLeft: number | null;
  /** Sum of `credits_charged` this session. */
  sessionSpend: number;
  /** Requests of this session that were charged something. */
  chargedRequests: number;
}

type Listener = (snapshot: CreditsSnapshot) => void;

/**
 * The session ledger fed by every answer's `credits_charged`; `MAIL.CREDITS()` and the task
 * pane subscribe to it. Amounts are kept in thousandths: `credits_charged` may be 0.2.
 */
export class CreditsLedger {
  private balanceMilli: number | null = null;
  private spentMilli = 0;
  private charged = 0;
  private readonly changes = new Listeners<[CreditsSnapshot]>();

  get snapshot(): CreditsSnapshot {
    return {
      creditsLeft: this.balanceMilli === null ? null : this.balanceMilli / 1000,
      sessionSpend: this.spentMilli / 1000,
      chargedRequests: this.charged,
    };
  }

  recordCharge(credits: number): void {
    if (!Number.isFinite(credits) || credits <= 0) return;
    const milli = Math.round(credits * 1000);
    this.spentMilli += milli;
    this.charged++;
    if (this.balanceMilli !== null) this.balanceMilli = Math.max(0, this.balanceMilli - milli);
    this.emit();
  }

  /**
   * Spend known only from the balance (bulk and GeoLead downloads, domain file orders): the
   * answer carries no `credits_charged`. The balance itself comes from the next account read.
   */
  recordSpent(credits: number): void {
    if (!Number.isFinite(credits) || credits <= 0) return;
    this.spentMilli += Math.round(credits * 1000);
    this.charged++;
    this.emit();
  }

  /** Another account or service: its balance is unknown until the next account read. */
  resetBalance(): void {
    this.balanceMilli = null;
    this.emit();
  }

  setBalance(creditsLeft: number): void {
    if (!Number.isFinite(creditsLeft)) return;
    this.balanceMilli = Math.round(creditsLeft * 1000);
    this.emit();
  }

  subscribe(listener: Listener): () => void {
    const remove = this.changes.add(listener);
    listener(this.snapshot);
    return remove;
  }

  private emit(): void {
    this.changes.emit(this.snapshot);
  }
}
