import type { CachedOutcome, LookupOutcome } from "./answer-record";
import { isBounced } from "./bounces";
import type { LookupOperation } from "./lookup-key";
import { MAX_COST_MILLI, fromMilli } from "./spending";

// Refresh (docs/user-guide.md, "Answers that stay true"): the cells of a selection are calculated
// twice. First a survey: each cell is shown its kept answer as before, and the answers older than
// the chosen age are noted (how many, the most they can cost). Then, once the user has seen that,
// the ask: only those noted are asked again; every other cell is shown its kept answer, and nothing
// new is bought. A refresh lookup that fails or is stopped shows the old answer again.

/** A kept answer older than the refresh's age, as the survey found it. */
export interface OldAnswer {
  key: string;
  operation: LookupOperation;
  body: object;
  kept: CachedOutcome;
}

/** What became of an old answer asked again. */
export type RefreshResult =
  | { key: string; operation: LookupOperation; before: LookupOutcome; after: LookupOutcome }
  | { key: string; operation: LookupOperation; before: LookupOutcome; error: unknown };

export interface QuietOptions {
  /** Resolve once this many cell calls were seen and none came for `settleMs`. */
  expectedCalls: number;
  /** Quiet after the expected calls (default 150 ms). */
  settleMs?: number;
  /** Quiet that ends the wait however many calls came (default 1,500 ms). */
  idleMs?: number;
}

/** A survey of kept answers older than `maxAgeMs`, while the selection's cells calculate. */
export class RefreshSurvey {
  readonly phase = "survey";
  readonly old = new Map<string, OldAnswer>();
  /** Cell calls seen, answered from kept answers or not. */
  calls = 0;
  /** Calls without a kept answer: not asked (Refresh buys only what it announced). */
  notKept = 0;
  private lastCallAt = Date.now();

  constructor(
    readonly maxAgeMs: number,
    private readonly now: () => number
  ) {}

  /** Notes a cell's call and its kept answer (if any); true when the answer is old. */
  noteCall(key: string, operation: LookupOperation, body: object, kept?: CachedOutcome): boolean {
    this.calls++;
    this.lastCallAt = Date.now();
    if (!kept) {
      this.notKept++;
      return false;
    }
    // A bounced address is never bought again, however old its answer.
    if (isBounced(kept) || this.now() - kept.storedAt <= this.maxAgeMs) return false;
    if (!this.old.has(key)) this.old.set(key, { key, operation, body, kept });
    return true;
  }

  /** The most asking the old answers again can cost (every one a valid, charged answer). */
  get maxCredits(): number {
    let milli = 0;
    for (const answer of this.old.values()) milli += MAX_COST_MILLI[answer.operation];
    return fromMilli(milli);
  }

  /** Resolves when the cells' calculation has quietened (see QuietOptions). */
  quiet(options: QuietOptions): Promise<void> {
    const settle = options.settleMs ?? 150;
    const idle = options.idleMs ?? 1_500;
    this.lastCallAt = Math.max(this.lastCallAt, Date.now());
    return new Promise((resolve) => {
      const check = (): void => {
        const since = Date.now() - this.lastCallAt;
        if ((this.calls >= options.expectedCalls && since >= settle) || since >= idle) resolve();
        else setTimeout(check, 50);
      };
      setTimeout(check, 50);
    });
  }
}

/** The ask: the survey's old answers are asked again, once each. */
export class RefreshAsk {
  readonly phase = "ask";
  readonly results = new Map<string, RefreshResult>();
  private readonly toAsk: Map<string, OldAnswer>;
  private readonly taken = new Set<string>();
  private lastActivityAt = Date.now();

  constructor(old: Iterable<OldAnswer>) {
    this.toAsk = new Map([...old].map((answer) => [answer.key, answer]));
  }

  get size(): number {
    return this.toAsk.size;
  }

  /** The old answer to ask again for this key, once (later calls join the lookup under way). */
  take(key: string): OldAnswer | null {
    const answer = this.toAsk.get(key);
    if (!answer || this.taken.has(key)) return null;
    this.taken.add(key);
    this.touch();
    return answer;
  }

  /** The kept answer a call of this key falls back to when its ask did not answer. */
  oldOf(key: string): OldAnswer | undefined {
    return this.toAsk.get(key);
  }

  answered(answer: OldAnswer, after: LookupOutcome): void {
    const { key, operation } = answer;
    this.results.set(key, { key, operation, before: answer.kept.outcome, after });
    this.touch();
  }

  failed(answer: OldAnswer, error: unknown): void {
    const { key, operation } = answer;
    this.results.set(key, { key, operation, before: answer.kept.outcome, error });
    this.touch();
  }

  /** Old answers no cell asked for (a cell changed or was deleted since the survey). */
  get notAsked(): number {
    return this.toAsk.size - this.taken.size;
  }

  /**
   * Resolves when every old answer has its result, or when nothing has happened for `idleMs`
   * (default 3,000 ms) while some were never asked: their cells no longer ask for them.
   */
  done(idleMs = 3_000): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        const complete = this.results.size >= this.toAsk.size;
        const onTheirWay = this.taken.size > this.results.size;
        if (complete || (!onTheirWay && Date.now() - this.lastActivityAt >= idleMs)) resolve();
        else setTimeout(check, 50);
      };
      check();
    });
  }

  private touch(): void {
    this.lastActivityAt = Date.now();
  }
}

export type RefreshScope = RefreshSurvey | RefreshAsk;
