// What the host's parts tell about what they do, for /metrics (host-metrics.ts): the relay and
// team mode call these, and know nothing of Prometheus. Without --metrics they are the no-ops
// below, so that nothing is counted that nobody reads.

/** The two ways requests reach the service: the relay's stream, and team mode's own requests. */
export type UpstreamPool = "relay" | "team";

/** How a request to the service ended: its answer's status, or no answer and why. */
export type UpstreamOutcome =
  | { status: number }
  /** unreachable: surely not sent; timeout: no answer in time; broken: the connection broke. */
  | { failure: "unreachable" | "timeout" | "broken" }
  /** Stopped on the host's side before an answer (a request body over the limit). */
  | { refused: true };

export interface UpstreamObserver {
  /** A request leaves for the service; the function returned is called once with how it ended. */
  sent(pool: UpstreamPool): (outcome: UpstreamOutcome) => void;
  /** The most requests the pool sends at once. */
  concurrencyLimit(pool: UpstreamPool, limit: number): void;
}

/** What the team host's store did, as seen from around it (team/observed-store.ts). */
export interface StoreObserver {
  /** A reservation was made, until `expiresAt` (ms since the epoch) at the latest. */
  reservationOpened(id: string, expiresAt: number): void;
  /** It was settled or released. */
  reservationEnded(id: string): void;
  budgetRefused(budget: "member" | "team"): void;
  /** Charges recorded, in thousandths of a credit. */
  creditsSettled(milli: number): void;
  /** Credits given back to members (a bounce refund, a webhook's lower charge), in thousandths. */
  creditsReturned(milli: number): void;
  /** A call to the store failed (its method's name). */
  storeFailed(operation: string): void;
  /** A settle tried again after the store failed it. */
  settleRetried(): void;
  /** The store found a lookup's answer kept for the team, or held by another request. */
  lookupStep(step: "kept" | "held"): void;
}

export interface TeamObserver extends StoreObserver {
  signInRefused(who: "member" | "admin", reason: "invalid" | "throttled"): void;
}

const nothing = (): void => undefined;

export const NO_UPSTREAM_OBSERVER: UpstreamObserver = {
  sent: () => nothing,
  concurrencyLimit: nothing,
};

export const NO_TEAM_OBSERVER: TeamObserver = {
  reservationOpened: nothing,
  reservationEnded: nothing,
  budgetRefused: nothing,
  creditsSettled: nothing,
  creditsReturned: nothing,
  storeFailed: nothing,
  settleRetried: nothing,
  lookupStep: nothing,
  signInRefused: nothing,
};
