import type { ApiError } from "./errors";
import type { LookupOperation } from "./lookup-key";
import { refusal, type SpendingGuard, type SpendingQuestion } from "./spending";

// The spending question's gate: a recalculation's new paid lookups pass the spending guard,
// which sends, refuses or holds them; held lookups wait for the user's answer to its question,
// and never without the question on screen. A recalculation is one burst for the guard: it ends
// once no lookup is left for `quietMs`.

export interface GatedLookup {
  operation: LookupOperation;
  /** Let through by the guard: its reserved maximum is given back when it ends. */
  guarded: boolean;
}

/** What the gate does with a lookup (the queue's part). */
export interface GateActions<E> {
  send(entry: E): void;
  /** Settles its cells with `error`, nothing sent. */
  refuse(entry: E, error: ApiError): void;
  /** Marks it held for the question. */
  hold(entry: E): void;
}

export interface SpendingGateOptions {
  /** The spending guard; without it every lookup is sent. */
  guard?: SpendingGuard;
  /** Puts the question on screen; resolves false when it cannot be shown. */
  ask?: (question: SpendingQuestion) => Promise<boolean>;
  /** A recalculation ends after this long without a pending lookup (default 1,000 ms). */
  quietMs?: number;
}

export class SpendingGate<E extends GatedLookup> {
  private readonly held: E[] = [];
  private quietTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: SpendingGateOptions,
    private readonly actions: GateActions<E>
  ) {}

  get guard(): SpendingGuard | undefined {
    return this.options.guard;
  }

  /** One recalculation's new lookups, collected and de-duplicated: one question for them all. */
  pass(batch: E[]): void {
    const guard = this.options.guard;
    if (!guard) {
      for (const entry of batch) this.actions.send(entry);
      return;
    }
    const wasAsking = guard.question !== null;
    const decision = guard.decide(batch);
    for (const { item, error } of decision.refuse) this.actions.refuse(item, error);
    for (const entry of decision.send) {
      entry.guarded = true;
      this.actions.send(entry);
    }
    for (const entry of decision.hold) {
      this.actions.hold(entry);
      this.held.push(entry);
    }
    if (!wasAsking && decision.hold.length > 0) void this.ask();
  }

  /** The answer to the spending question: run what is held, or settle it as declined. */
  answer(run: boolean): void {
    const guard = this.options.guard;
    if (!guard?.question) return;
    if (!run) {
      this.refuseHeld(refusal("declined"));
      return;
    }
    guard.answer(true);
    for (const entry of this.held.splice(0)) {
      entry.guarded = true;
      this.actions.send(entry);
    }
  }

  /** Closes the question without running what it held: each held cell settles with `error`. */
  refuseHeld(error: ApiError): number {
    const held = this.held.splice(0);
    if (this.options.guard?.question) this.options.guard.answer(false);
    for (const entry of held) this.actions.refuse(entry, error);
    return held.length;
  }

  /** The question cannot be (or is no longer) on screen: the held lookups are not run. */
  unanswerable(): void {
    const guard = this.options.guard;
    if (!guard?.question) return;
    const code = guard.question.reason === "answers_gone" ? "answers_gone" : "unconfirmed";
    this.refuseHeld(refusal(code, guard.policy));
  }

  /** A held lookup nobody wants any more leaves the question. */
  release(entry: E): void {
    const at = this.held.indexOf(entry);
    if (at >= 0) this.held.splice(at, 1);
    this.options.guard?.releaseHeld(entry.operation);
  }

  /** A lookup ended; a guarded one gives back its reserved maximum and counts `charged`. */
  settled(entry: E, charged: number): void {
    if (entry.guarded) this.options.guard?.settled(entry.operation, charged);
  }

  /** Stop: the next lookups start a new burst. */
  stopped(): void {
    this.options.guard?.resetBurst();
  }

  /** A lookup came: the recalculation goes on. */
  busy(): void {
    if (this.quietTimer) clearTimeout(this.quietTimer);
    this.quietTimer = null;
  }

  /** No lookup is left: the burst ends if none comes for `quietMs`. */
  idle(stillIdle: () => boolean): void {
    const guard = this.options.guard;
    if (!guard) return;
    this.quietTimer = setTimeout(() => {
      this.quietTimer = null;
      if (stillIdle()) guard.resetBurst();
    }, this.options.quietMs ?? 1_000);
  }

  /** Held lookups never wait without a question on screen. */
  private async ask(): Promise<void> {
    const question = this.options.guard?.question;
    if (!question) return;
    let shown = false;
    try {
      shown = (await this.options.ask?.(question)) ?? false;
    } catch {
      shown = false;
    }
    if (!shown) this.unanswerable();
  }
}
