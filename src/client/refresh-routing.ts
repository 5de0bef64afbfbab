import { checkedOutcome, type CheckedOutcome } from "./answer-record";
import type { LookupOperation } from "./lookup-key";
import type { LookupQueue } from "./lookup-queue";
import { RefreshAsk, RefreshSurvey, type OldAnswer, type RefreshScope } from "./refresh-scope";
import type { AnswerCache } from "./answer-cache";
import { refusal } from "./spending";

// While a Refresh of a selection's cells is under way (refresh-scope.ts), a cell's lookup goes
// through it rather than the usual way: the survey shows kept answers and notes the old ones,
// and the ask buys again only the old answers the survey noted.

export class RefreshRouting {
  /** The Refresh under way: its survey or its ask. */
  private scope: RefreshScope | null = null;

  constructor(
    private readonly queue: LookupQueue,
    private readonly now: () => number
  ) {}

  /** Whether a cell's lookup is the Refresh's to answer. */
  get active(): boolean {
    return this.scope !== null;
  }

  /**
   * First step: while the selection's cells calculate, each is shown its kept answer and those
   * older than `maxAgeMs` are noted; nothing is bought (a cell without a kept answer is not
   * asked). End it with end().
   */
  beginSurvey(maxAgeMs: number): RefreshSurvey {
    const survey = new RefreshSurvey(maxAgeMs, this.now);
    this.scope = survey;
    return survey;
  }

  /**
   * Second step: while the cells calculate again, only the surveyed old answers are asked again
   * (under the spending guard); every other cell is shown its kept answer.
   */
  beginAsk(old: Iterable<OldAnswer>): RefreshAsk {
    const ask = new RefreshAsk(old);
    this.scope = ask;
    return ask;
  }

  end(scope: RefreshScope): void {
    if (this.scope === scope) this.scope = null;
  }

  /** A cell's lookup while the Refresh is active. */
  async lookup(
    operation: LookupOperation,
    body: object,
    key: string,
    cache: AnswerCache,
    signal?: AbortSignal
  ): Promise<CheckedOutcome> {
    const scope = this.scope!;
    const old = scope.phase === "ask" ? scope.take(key) : null;
    if (scope.phase === "ask" && old) {
      try {
        const answer = await this.queue.ask(key, operation, body, cache, signal);
        scope.answered(old, answer);
        return answer;
      } catch (error) {
        // Failed, refused or stopped: the answer kept before is still the cell's answer.
        scope.failed(old, error);
        if (signal?.aborted) throw error;
        return checkedOutcome(old.kept);
      }
    }
    const joined = this.queue.join(key, signal);
    if (joined) return joined;
    const kept = cache.peek(key) ?? (await this.queue.read(cache, key));
    if (scope.phase === "survey") scope.noteCall(key, operation, body, kept);
    if (!kept) throw refusal("refresh_only");
    return this.queue.served(kept);
  }
}
