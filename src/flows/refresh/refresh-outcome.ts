import { answerChange, countChanges, type ChangeCount } from "../../client/answer-changes";
import { ApiError } from "../../client/errors";
import type { RefreshResult } from "../../client/refresh-scope";
import { t } from "../../i18n/i18n";

// What a Refresh did, for cells and for an enriched list alike: how many old answers
// were asked again, what changed, and why the others keep their old answer.

export interface RefreshOutcome {
  /** Old answers announced. */
  announced: number;
  /** Asked again and answered. */
  answered: number;
  /** Answered differently (email or status). */
  changed: number;
  changes: ChangeCount[];
  /** Not answered: stopped, refused by the spending rules, or failed; they keep the old answer. */
  stopped: number;
  failed: number;
  /** Reasons of the failures, most frequent first. */
  reasons: Array<{ reason: string; count: number }>;
  /** Announced but asked by no cell (changed or deleted since the count). */
  notAsked: number;
  /** Credits charged by the refresh. */
  spent: number;
}

const isStopped = (error: unknown): boolean =>
  error instanceof ApiError && error.kind === "refused" && error.code === "stopped";

export function refreshOutcome(
  announced: number,
  results: Iterable<RefreshResult>,
  spent: number
): RefreshOutcome {
  const outcome: RefreshOutcome = {
    announced,
    answered: 0,
    changed: 0,
    changes: [],
    stopped: 0,
    failed: 0,
    reasons: [],
    notAsked: 0,
    spent,
  };
  const changes = [];
  const reasons = new Map<string, number>();
  for (const result of results) {
    if ("after" in result) {
      outcome.answered++;
      changes.push(answerChange(result.before, result.after));
    } else if (isStopped(result.error)) outcome.stopped++;
    else {
      outcome.failed++;
      const reason = result.error instanceof Error ? result.error.message : String(result.error);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  outcome.changes = countChanges(changes);
  outcome.changed = outcome.changes.reduce((sum, c) => sum + c.count, 0);
  outcome.notAsked = Math.max(0, announced - outcome.answered - outcome.stopped - outcome.failed);
  outcome.reasons = [...reasons]
    .map(([reason, count]) => ({ reason, count }))
    .sort((a, b) => b.count - a.count);
  return outcome;
}

/** "7 valid -> invalid, 2 new emails", or that nothing changed (without a full stop). */
export function changesText(outcome: RefreshOutcome): string {
  if (outcome.changes.length === 0) return t("refresh.nothingChanged");
  return outcome.changes
    .map(({ change, count }) => {
      switch (change.kind) {
        case "status":
          return t("refresh.changeStatus", { count, from: change.from, to: change.to });
        case "newEmail":
          return t("refresh.changeNewEmail", { count });
        case "lost":
          return t("refresh.changeLost", { count });
        case "listChanged":
          return t("refresh.changeList", { count });
      }
    })
    .join(", ");
}

/** The whole summary: what was asked, what changed, what was not asked and why. */
export function outcomeText(outcome: RefreshOutcome): string {
  const parts = [
    t("refresh.asked", { count: outcome.answered, credits: outcome.spent }),
    t("refresh.changes", { list: changesText(outcome) }),
  ];
  if (outcome.stopped > 0) parts.push(t("refresh.stopped", { count: outcome.stopped }));
  if (outcome.failed > 0)
    parts.push(
      t("refresh.failed", { count: outcome.failed, reason: outcome.reasons[0]?.reason ?? "" })
    );
  if (outcome.notAsked > 0) parts.push(t("refresh.notAsked", { count: outcome.notAsked }));
  return parts.join(" ");
}
