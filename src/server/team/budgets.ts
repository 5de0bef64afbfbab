import { HostError } from "../errors";
import { credits } from "./credits";
import { fromStore } from "./sign-in";
import { monthOf, type BudgetRefusal, type Reservation, type TeamStore } from "./store";

// A paid request's money: its most reserved before it goes out, over budget 402
// `budget_exceeded` naming the budget; what the service charged settled after.

export function budgetExceeded(refusal: BudgetRefusal): HostError {
  const limit = credits(refusal.limitMilli);
  const used = credits(refusal.usedMilli);
  return new HostError(
    402,
    "budget_exceeded",
    refusal.budget === "member"
      ? `Your monthly budget of ${limit} credits is spent (${used} of ${limit} used or reserved this month). Ask your admin for more.`
      : `The team's monthly budget of ${limit} credits is spent (${used} of ${limit} used or reserved this month). Ask your admin.`
  );
}

/** Settles with a few tries: the charge is real, and an unrecorded one would pass a budget. */
export async function settleSurely(
  store: TeamStore,
  reservation: Reservation,
  chargedMilli: number,
  audit: { operation: string; status: number }
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await store.settle(reservation, chargedMilli, audit);
      return;
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

/**
 * How long a paid request waits while a bad-email report is measured (report-desk.ts) before it
 * is refused: longer than a window lasts (its lease, renewed while it works, report-desk.ts).
 */
export const PAUSE_LIMIT_MS = 90_000;

export function pausedTooLong(): HostError {
  return new HostError(
    503,
    "server_busy",
    "The team's host is measuring a bad-email report and held this request too long: nothing was sent. Try again in a few seconds."
  );
}

/** What a reservation of a paid request needs of the team host (team-context.ts). */
export interface Reserving {
  store: TeamStore;
  now(): Date;
  options: { reservationTtlMs: number; pollMs: number };
}

/**
 * `amountMilli` of this month reserved for a member once no report is being measured (the store
 * answers "paused" meanwhile): asked again every `pollMs`, refused past PAUSE_LIMIT_MS. Over a
 * budget: 402.
 */
export async function reserveForMember(
  team: Reserving,
  memberId: string,
  amountMilli: number
): Promise<Reservation> {
  const { store, options } = team;
  const deadline = Date.now() + PAUSE_LIMIT_MS;
  for (;;) {
    const result = await fromStore(() =>
      store.reserve(memberId, monthOf(team.now()), amountMilli, options.reservationTtlMs)
    );
    if (result.ok) return result.reservation;
    if (!result.paused) throw budgetExceeded(result);
    if (Date.now() > deadline) throw pausedTooLong();
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
}
