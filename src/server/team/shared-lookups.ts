import { randomUUID } from "node:crypto";
import { budgetExceeded, PAUSE_LIMIT_MS, pausedTooLong } from "./budgets";
import { fromStore } from "./sign-in";
import type { LookupStart, Reservation, SharedAnswer, TeamStore } from "./store";
import type { UpstreamAnswer } from "./upstream";

// The team's shared answers: a lookup any member bought is given to the others
// while it is fresh, free and without a request to the service; a lookup in flight is joined,
// here by the requests of this instance, across instances through a claim in the store (the
// others wait for the answer it stores), so that one distinct lookup costs one request. Looking
// for the kept answer, claiming the lookup and reserving its price are one step of the store
// (startLookup), and the lookup's end releases the claim with its settle (finishLookup).

export interface Outcome {
  answer: UpstreamAnswer;
  /** False: this request's answer came from the team (kept, or bought by another request). */
  bought: boolean;
}

/** Whom a lookup bought here is reserved for, and how much. */
export type Purchaser = Pick<
  LookupStart,
  "memberId" | "month" | "amountMilli" | "reservationTtlMs"
>;

/** The claim a lookup bought here holds: `released` once its end released it with the rest. */
export interface HeldClaim {
  key: string;
  owner: string;
  released: boolean;
  /** Stops renewing the claim, once a renewal under way is done (before its end releases it). */
  quiet(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const given = (kept: SharedAnswer): UpstreamAnswer => ({
  status: kept.status,
  contentType: "application/json",
  body: kept.body,
});

export class SharedLookups {
  private readonly leaders = new Map<string, Promise<Outcome>>();
  private readonly instance = randomUUID();

  constructor(
    private readonly store: TeamStore,
    private readonly options: { claimTtlMs: number; pollMs: number }
  ) {}

  /**
   * The answer to `key`: kept and fresh (since `freshSince`), or another request's in flight,
   * or bought for `purchaser` with `buy` (given its reservation and claim; it settles, stores the
   * answer for the others and releases the claim before this returns). Over a budget: 402.
   */
  async answer(
    key: string,
    freshSince: string,
    purchaser: Purchaser,
    buy: (reservation: Reservation, claim: HeldClaim) => Promise<UpstreamAnswer>
  ): Promise<Outcome> {
    const running = this.leaders.get(key);
    if (running) {
      const outcome = await running.catch(() => null);
      // A leader that failed (over its budget, an error) answers nobody else: try on our own.
      if (outcome && outcome.answer.status === 200)
        return { answer: outcome.answer, bought: false };
    }
    const leader = this.lead(key, freshSince, purchaser, buy);
    this.leaders.set(key, leader);
    try {
      return await leader;
    } finally {
      if (this.leaders.get(key) === leader) this.leaders.delete(key);
    }
  }

  private async lead(
    key: string,
    freshSince: string,
    purchaser: Purchaser,
    buy: (reservation: Reservation, claim: HeldClaim) => Promise<UpstreamAnswer>
  ): Promise<Outcome> {
    const owner = `${this.instance}:${randomUUID()}`;
    const { claimTtlMs, pollMs } = this.options;
    let reservation: Reservation;
    // Held by another request: its answer comes. Paused while a report is measured: bounded.
    const pausedUntil = Date.now() + PAUSE_LIMIT_MS;
    for (;;) {
      const started = await fromStore(() =>
        this.store.startLookup({ key, freshSince, owner, claimTtlMs, ...purchaser })
      );
      if (started.kind === "shared") return { answer: given(started.answer), bought: false };
      if (started.kind === "refused") throw budgetExceeded(started);
      if (started.kind === "reserved") {
        reservation = started.reservation;
        break;
      }
      if (started.kind === "paused" && Date.now() > pausedUntil) throw pausedTooLong();
      await sleep(pollMs);
    }
    // A lease: renewed while the lookup is out, so that a host killed meanwhile holds it for
    // claimTtlMs at most before another instance takes the lookup over. A renewal landing after
    // the release would claim the lookup again: the end waits for it (quiet).
    let renewal: Promise<unknown> = Promise.resolve();
    const renew = setInterval(
      () => (renewal = this.store.claimLookup(key, owner, claimTtlMs).catch(() => undefined)),
      Math.max(10, Math.floor(claimTtlMs / 3))
    );
    const claim: HeldClaim = {
      key,
      owner,
      released: false,
      async quiet() {
        clearInterval(renew);
        await renewal;
      },
    };
    try {
      return { answer: await buy(reservation, claim), bought: true };
    } finally {
      await claim.quiet();
      if (!claim.released) await this.store.releaseLookup(key, owner).catch(() => undefined);
    }
  }
}
