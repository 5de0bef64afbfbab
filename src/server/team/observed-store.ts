import type { StoreObserver } from "../metrics/observers";
import type { TeamStore } from "./store";

// The team's store as /metrics sees it: every call passes through unchanged, and its
// outcome is told to an observer: reservations opened and ended, budget refusals, credits
// settled and returned, a lookup's answer found kept or held by another request, a settle tried
// again after a failure, calls that failed. The store itself knows nothing of this, so both
// stores (and any change to them) are counted alike. Results are read by their shape, with the
// method's name: a method the observer does not know is only watched for failures.

type Call = (args: readonly unknown[], answer: unknown, observer: StoreObserver) => void;

/** The settles (and lookups' ends) that failed, by reservation: the next call for one is a retry. */
const FAILED_SETTLES_KEPT = 10_000;
const SETTLES = new Set(["settle", "finishLookup", "settleWebhookLookup"]);

interface ReservationLike {
  id: string;
}

const isReservation = (value: unknown): value is ReservationLike =>
  typeof (value as ReservationLike | null)?.id === "string";

const number = (value: unknown): number => (typeof value === "number" ? value : 0);

function reserved(observer: StoreObserver, reservation: unknown, ttlMs: unknown): void {
  if (isReservation(reservation))
    observer.reservationOpened(reservation.id, Date.now() + number(ttlMs));
}

function refused(observer: StoreObserver, answer: { budget?: unknown }): void {
  if (answer.budget === "member" || answer.budget === "team") observer.budgetRefused(answer.budget);
}

const CALLS: Record<string, Call> = {
  sharedAnswer(_args, answer, observer) {
    if (answer) observer.lookupStep("kept");
  },
  claimLookup(_args, answer, observer) {
    if (answer === false) observer.lookupStep("held");
  },
  reserve([, , , ttlMs], answer, observer) {
    const result = answer as { ok?: boolean; reservation?: unknown; budget?: unknown };
    if (result.ok === true) reserved(observer, result.reservation, ttlMs);
    else if (result.ok === false) refused(observer, result);
  },
  settle([reservation, chargedMilli], _answer, observer) {
    if (isReservation(reservation)) observer.reservationEnded(reservation.id);
    observer.creditsSettled(number(chargedMilli));
  },
  release([reservation], _answer, observer) {
    if (isReservation(reservation)) observer.reservationEnded(reservation.id);
  },
  settleOrphan([, chargedMilli], answer, observer) {
    if (answer === true) observer.creditsSettled(number(chargedMilli));
  },
  recordBounceReport(_args, answer, observer) {
    const refunded = number((answer as { refundedMilli?: unknown } | null)?.refundedMilli);
    if (refunded > 0) observer.creditsReturned(refunded);
  },
  settleWebhookLookup([reservation], answer, observer) {
    if (isReservation(reservation)) observer.reservationEnded(reservation.id);
    observer.creditsSettled(number(answer));
  },
  // A lookup's start and end in one call each, where the store offers them.
  startLookup([start], answer, observer) {
    const result = answer as { kind?: string; reservation?: unknown; budget?: unknown };
    if (result.kind === "reserved")
      reserved(
        observer,
        result.reservation,
        (start as { reservationTtlMs?: unknown }).reservationTtlMs
      );
    else if (result.kind === "refused") refused(observer, result);
    else if (result.kind === "shared") observer.lookupStep("kept");
    else if (result.kind === "held" || result.kind === "paused") observer.lookupStep("held");
  },
  finishLookup([end], _answer, observer) {
    const { reservation, chargedMilli } = end as { reservation?: unknown; chargedMilli?: unknown };
    if (isReservation(reservation)) observer.reservationEnded(reservation.id);
    observer.creditsSettled(number(chargedMilli));
  },
};

/** The reservation a settle is for (settle's first argument, finishLookup's `reservation`). */
function settledReservation(method: string, args: readonly unknown[]): string | null {
  const first = args[0];
  const reservation =
    method === "finishLookup" ? (first as { reservation?: unknown } | null)?.reservation : first;
  return isReservation(reservation) ? reservation.id : null;
}

export function observedStore(store: TeamStore, observer: StoreObserver): TeamStore {
  const failedSettles = new Set<string>();
  /** Notes a settle's failure; a settle of a reservation whose last one failed is a retry. */
  const watchSettle = (method: string, args: readonly unknown[]): ((failed: boolean) => void) => {
    const id = SETTLES.has(method) ? settledReservation(method, args) : null;
    if (id === null) return () => undefined;
    if (failedSettles.delete(id)) observer.settleRetried();
    return (failed) => {
      if (!failed) return;
      if (failedSettles.size >= FAILED_SETTLES_KEPT) failedSettles.clear();
      failedSettles.add(id);
    };
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      const method = value as (...args: unknown[]) => unknown;
      const interpret = Object.hasOwn(CALLS, property) ? CALLS[property] : undefined;
      return (...args: unknown[]): unknown => {
        const settled = watchSettle(property, args);
        let result: unknown;
        try {
          result = method.apply(target, args);
        } catch (error) {
          observer.storeFailed(property);
          settled(true);
          throw error;
        }
        if (!(result instanceof Promise)) return result;
        return result.then(
          (answer: unknown) => {
            settled(false);
            interpret?.(args, answer, observer);
            return answer;
          },
          (error: unknown) => {
            observer.storeFailed(property);
            settled(true);
            throw error;
          }
        );
      };
    },
  });
}
