import { useId } from "react";
import { Caption1, ProgressBar } from "@fluentui/react-components";
import type { EnrichProgress, EnrichSummary } from "../../flows/enrich/enrich-run";
import { t } from "../../i18n/i18n";

/** Rows written, and those not written by why: "5 written · 2 failed". */
export function progressDetails(
  { written, failed, notRun, typedInto }: EnrichProgress,
  separator = " · "
): string {
  const parts = [t("enrich.progressWritten", { count: written })];
  if (failed > 0) parts.push(t("enrich.progressFailed", { count: failed }));
  if (notRun > 0) parts.push(t("enrich.progressNotRun", { count: notRun }));
  if (typedInto > 0) parts.push(t("enrich.progressTypedInto", { count: typedInto }));
  return parts.join(separator);
}

/** A run's progress (`enrich-progress`), and once it ended, why rows were not written. */
export function EnrichProgressView({
  progress,
  summary,
  error = null,
}: {
  progress: EnrichProgress;
  summary: EnrichSummary | null;
  /** The run could not go on. */
  error?: string | null;
}): JSX.Element {
  const { done, total } = progress;
  const captionId = useId();
  return (
    <div data-testid="enrich-progress" data-done={done} data-total={total}>
      <ProgressBar value={total === 0 ? 1 : done / total} aria-labelledby={captionId} />
      <Caption1 id={captionId}>
        {t("enrich.progress", {
          state: summary ? "done" : error ? "stopped" : "working",
          done,
          total,
          details: progressDetails(progress),
        })}
      </Caption1>
      {error && <Caption1 data-testid="error-message">{error}</Caption1>}
      {summary && summary.reasons.length + summary.typedCells.length > 0 && (
        <ul data-testid="enrich-summary">
          {summary.reasons.map(({ reason, rows }) => (
            <li key={reason}>
              <Caption1>{t("enrich.summaryReason", { count: rows, reason })}</Caption1>
            </li>
          ))}
          {summary.typedCells.length > 0 && (
            <li>
              <Caption1>
                {t("enrich.summaryTyped", {
                  cells: summary.typedCells
                    .slice(0, 5)
                    .map((cell) => cell.address)
                    .join(", "),
                })}
              </Caption1>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
