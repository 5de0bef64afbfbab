// The store counts thousandths of a credit ("milli"); the host's answers speak whole credits.

export const MILLI_PER_CREDIT = 1000;

export function credits(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

export function budgetCredits(milli: number | null): number | null {
  return milli === null ? null : credits(milli);
}
