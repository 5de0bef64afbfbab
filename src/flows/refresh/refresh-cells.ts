import { DAY_MS } from "../../client/answer-store-contract";
import type { OldAnswer } from "../../client/refresh-scope";
import type { LookupScheduler } from "../../client/scheduler";
import { t } from "../../i18n/i18n";
import { calculateMailArea, selectedMailArea, type MailArea } from "../../workbook/mail-cells";
import { refreshOutcome, type RefreshOutcome } from "./refresh-outcome";

// Refresh of the selection's cells: count first (the cells calculate once, shown their
// kept answers, and the old ones are noted), then, confirmed, ask only those again.

export interface CellsRefreshCount {
  area: MailArea;
  maxAgeDays: number;
  /** Distinct kept answers older than maxAgeDays that the selection's cells show. */
  old: OldAnswer[];
  maxCredits: number;
  /** Cell calls that had no kept answer (not asked by Refresh). */
  notKept: number;
}

export interface RefreshCellsDeps {
  scheduler: LookupScheduler;
  selectArea?: () => Promise<MailArea>;
  calculate?: (area: MailArea) => Promise<void>;
  /** How long the ask waits without news before it ends (default 3,000 ms). */
  idleMs?: number;
}

export async function countOldCellAnswers(
  deps: RefreshCellsDeps,
  maxAgeDays: number
): Promise<CellsRefreshCount> {
  const area = await (deps.selectArea ?? selectedMailArea)();
  const survey = deps.scheduler.beginRefreshSurvey(maxAgeDays * DAY_MS);
  try {
    await (deps.calculate ?? calculateMailArea)(area);
    await survey.quiet({ expectedCalls: area.formulas });
  } finally {
    deps.scheduler.endRefresh(survey);
  }
  return {
    area,
    maxAgeDays,
    old: [...survey.old.values()],
    maxCredits: survey.maxCredits,
    notKept: survey.notKept,
  };
}

/**
 * Why a refresh of `maxCredits` may not go out (spending off, or the session budget cannot hold
 * it): nothing is sent then. Null when it may.
 */
export function refreshRefusal(scheduler: LookupScheduler, maxCredits: number): string | null {
  const guard = scheduler.guard;
  if (!guard) return null;
  if (!guard.policy.enabled) return t("refresh.spendingOff");
  const left = guard.budgetLeft;
  if (left !== null && left < maxCredits) return t("refresh.overBudget", { left, max: maxCredits });
  return null;
}

/**
 * Runs a refresh's lookups under the user's agreement to spend up to `maxCredits` (refused
 * with why when spending is off or the budget cannot hold it); resolves with what `work`
 * returned and the credits the cells were charged meanwhile.
 */
export async function withAgreedSpending<T>(
  scheduler: LookupScheduler,
  maxCredits: number,
  work: () => Promise<T>
): Promise<{ result: T; spent: number }> {
  const refused = refreshRefusal(scheduler, maxCredits);
  if (refused) throw new Error(refused);
  const spentBefore = scheduler.counts.spent;
  scheduler.guard?.agree(maxCredits);
  try {
    const result = await work();
    return { result, spent: Math.round((scheduler.counts.spent - spentBefore) * 1000) / 1000 };
  } finally {
    scheduler.guard?.agree(0);
  }
}

/** Asks the counted old answers again; the cells show the new answers (or keep the old). */
export async function refreshOldCellAnswers(
  deps: RefreshCellsDeps,
  count: CellsRefreshCount
): Promise<RefreshOutcome> {
  const { scheduler } = deps;
  const { result: ask, spent } = await withAgreedSpending(scheduler, count.maxCredits, async () => {
    const ask = scheduler.beginRefreshAsk(count.old);
    try {
      await (deps.calculate ?? calculateMailArea)(count.area);
      await ask.done(deps.idleMs);
    } finally {
      scheduler.endRefresh(ask);
    }
    return ask;
  });
  return refreshOutcome(count.old.length, ask.results.values(), spent);
}
