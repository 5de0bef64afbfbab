import { HostError } from "../errors";
import { credits } from "./credits";
import type { BudgetRefusal, Reservation, TeamStore } from "./store";

// A paid request's money (DESIGN 6c): its most reserved before it goes out, over budget 402
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
