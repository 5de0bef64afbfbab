import { Caption1, ProgressBar } from "@fluentui/react-components";
import type { EnrichProgress, EnrichSummary } from "../../flows/enrich/enrich-run";

const count = (n: number): string => n.toLocaleString("en-US");

/** A run's progress (`enrich-progress`, DESIGN 7), and once it ended, why rows were not written. */
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
  const { done, total, written, failed, notRun, typedInto } = progress;
  const parts = [`${count(written)} written`];
  if (failed > 0) parts.push(`${count(failed)} failed`);
  if (notRun > 0) parts.push(`${count(notRun)} not run`);
  if (typedInto > 0) parts.push(`${count(typedInto)} typed into meanwhile`);
  return (
    <div data-testid="enrich-progress" data-done={done} data-total={total}>
      <ProgressBar value={total === 0 ? 1 : done / total} />
      <Caption1>
        {`${summary ? "Done" : error ? "Stopped" : "Working"}: ${count(done)} of ${count(total)} rows · ${parts.join(" · ")}`}
      </Caption1>
      {error && <Caption1 data-testid="error-message">{error}</Caption1>}
      {summary && summary.reasons.length + summary.typedCells.length > 0 && (
        <ul data-testid="enrich-summary">
          {summary.reasons.map(({ reason, rows }) => (
            <li key={reason}>
              <Caption1>{`${count(rows)} rows: ${reason} (left empty: run again to do them)`}</Caption1>
            </li>
          ))}
          {summary.typedCells.length > 0 && (
            <li>
              <Caption1>{`Not written, typed into meanwhile: ${summary.typedCells
                .slice(0, 5)
                .map((cell) => cell.address)
                .join(", ")}`}</Caption1>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
