import { randomUUID } from "node:crypto";
import type { TeamStore } from "./store";
import type { UpstreamAnswer } from "./upstream";

// The team's shared answers (DESIGN 6c): a lookup any member bought is given to the others
// while it is fresh, free and without a request to the service; a lookup in flight is joined,
// here by the requests of this instance, across instances through a claim in the store (the
// others wait for the answer it stores), so that one distinct lookup costs one request.

export interface Outcome {
  answer: UpstreamAnswer;
  /** False: this request's answer came from the team (kept, or bought by another request). */
  bought: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class SharedLookups {
  private readonly leaders = new Map<string, Promise<Outcome>>();
  private readonly instance = randomUUID();

  constructor(
    private readonly store: TeamStore,
    private readonly options: { claimTtlMs: number; pollMs: number }
  ) {}

  /**
   * The answer to `key`: kept and fresh (since `freshSince`), or another request's in flight,
   * or bought with `buy` (which stores it for the others before this returns).
   */
  async answer(
    key: string,
    freshSince: string,
    buy: () => Promise<UpstreamAnswer>
  ): Promise<Outcome> {
    const running = this.leaders.get(key);
    if (running) {
      const outcome = await running.catch(() => null);
      // A leader that failed (over its budget, an error) answers nobody else: try on our own.
      if (outcome && outcome.answer.status === 200)
        return { answer: outcome.answer, bought: false };
    }
    const leader = this.lead(key, freshSince, buy);
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
    buy: () => Promise<UpstreamAnswer>
  ): Promise<Outcome> {
    const owner = `${this.instance}:${randomUUID()}`;
    for (;;) {
      const kept = await this.store.sharedAnswer(key, freshSince);
      if (kept)
        return {
          answer: { status: kept.status, contentType: "application/json", body: kept.body },
          bought: false,
        };
      if (await this.store.claimLookup(key, owner, this.options.claimTtlMs)) break;
      await sleep(this.options.pollMs);
    }
    // A lease: renewed while the lookup is out, so that a host killed meanwhile holds it for
    // claimTtlMs at most before another instance takes the lookup over.
    const renew = setInterval(
      () => void this.store.claimLookup(key, owner, this.options.claimTtlMs).catch(() => undefined),
      Math.max(10, Math.floor(this.options.claimTtlMs / 3))
    );
    try {
      // Stored by the holder between our look and our claim: not bought twice.
      const kept = await this.store.sharedAnswer(key, freshSince);
      if (kept)
        return {
          answer: { status: kept.status, contentType: "application/json", body: kept.body },
          bought: false,
        };
      return { answer: await buy(), bought: true };
    } finally {
      clearInterval(renew);
      await this.store.releaseLookup(key, owner).catch(() => undefined);
    }
  }
}
