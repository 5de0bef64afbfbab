/** The sandbox's notion of now; tests replace it to cross the 30-day free-repeat window. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const isoTime = (ms: number): string => new Date(ms).toISOString();

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A clock that can be moved forward (POST /sandbox/clock): another clock plus an
 * offset, so that answers age, the 30-day free repeat expires and refreshes can be tested
 * without waiting.
 */
export class AdjustableClock implements Clock {
  constructor(
    private readonly base: Clock,
    private offsetMs = 0
  ) {}

  now(): number {
    return this.base.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
