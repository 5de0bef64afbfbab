import type { LookupOperation } from "./lookup-key";

/**
 * The most one lookup can cost (docs/interface.md, Credits), in thousandths of a credit: the price
 * of a valid answer; others are free. The client's spending guard and the team host's budgets use
 * it.
 */
export const MAX_COST_MILLI: Record<LookupOperation, number> = {
  person: 1_000,
  company: 1_000,
  linkedin_url: 1_000,
  decision_maker: 2_000,
  verify: 200,
  // Legacy employees: charged on every call that finds someone.
  employees: 1_000,
};
