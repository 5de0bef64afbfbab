/** The sandbox's notion of now; tests replace it to cross the 30-day free-repeat window. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export const isoTime = (ms: number): string => new Date(ms).toISOString();
