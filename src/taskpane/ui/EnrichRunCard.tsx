import { useId } from "react";
import { Badge, Button, Caption1, Card, ProgressBar, Text } from "@fluentui/react-components";
import { MAX_COST_MILLI, fromMilli } from "../../client/spending";
import type { JobRecord } from "../../workbook/job-store";
import { ActionMessage } from "./ActionMessage";
import { t } from "../../i18n/i18n";
import { progressDetails } from "./EnrichProgress";
import { statusColor, useJobCardStyles } from "./job-card-parts";
import { useEnrichRun, usePane } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { SpendingOffNote } from "./SpendingOffNote";
import { useAsyncAction } from "./use-async-action";
import { useSpendingOffReason } from "./use-spending";

/** An Enrich run through lookups in Jobs: its rows, live, and Continue. */
export function EnrichRunCard({ job }: { job: JobRecord }): JSX.Element {
  const labelId = useId();
  const styles = useJobCardStyles();
  const panel = usePanelStyles();
  const { enrichRunner } = usePane();
  const live = useEnrichRun(job.id);
  const spendingOff = useSpendingOffReason();
  const running = live !== undefined && live.summary === null && live.error === null;
  // Saved as running but not running here: the workbook was closed during it, and it was not
  // this user's to go on by itself (or it is about to).
  const status = running
    ? "running"
    : job.lastStatus === "running"
      ? "interrupted"
      : job.lastStatus;
  const counts = running ? live.progress : job.run;
  // Interrupted (not running in this runtime though saved as running), stopped or failed.
  const canContinue = !running && status !== "completed";
  const continueRun = useAsyncAction(async () => {
    const summary = await enrichRunner.resume(job);
    if (!summary) return null;
    return t("enrich.continueDone", { written: summary.written, total: summary.total });
  });
  const left = counts ? counts.failed + counts.notRun : 0;
  // Rows a continuation may look up: those not settled, and those settled without an answer.
  const toDo = counts ? counts.total - counts.done + left : 0;
  const maxCredits = job.enrich ? fromMilli(toDo * MAX_COST_MILLI[job.enrich.operation]) : 0;

  return (
    <Card
      className={styles.card}
      data-testid="job-row"
      data-job-id={job.id}
      data-status={status ?? "unknown"}
    >
      <div className={styles.head}>
        <Text id={labelId} weight="semibold" truncate wrap={false}>
          {job.label}
        </Text>
        <Badge appearance="tint" color={statusColor(status)} data-testid="job-status">
          {status ? t("enrich.runStatus", { status }) : "…"}
        </Badge>
      </div>
      {counts && (
        <Caption1
          className={panel.muted}
          data-testid="job-run-counts"
          data-done={counts.done}
          data-total={counts.total}
          data-written={counts.written}
        >
          {t("enrich.runCounts", {
            kind: job.enrich?.tableName ? "table" : "sheet",
            name: job.enrich?.tableName ?? job.enrich?.sheetName ?? "",
            done: counts.done,
            total: counts.total,
            details: progressDetails(counts, ", "),
          })}
        </Caption1>
      )}
      {running && (
        <ProgressBar
          aria-labelledby={labelId}
          value={counts && counts.total > 0 ? counts.done / counts.total : undefined}
          thickness="medium"
          data-testid="job-progress"
        />
      )}
      {!running && left > 0 && job.run?.reason && (
        <Caption1>{t("enrich.rowsLeft", { count: left, reason: job.run.reason })}</Caption1>
      )}
      {job.lastError && !running && <Caption1 data-testid="job-error">{job.lastError}</Caption1>}
      {canContinue && (
        <div className={styles.row}>
          <Button
            size="small"
            appearance="primary"
            disabled={continueRun.busy || spendingOff !== null}
            onClick={() => void continueRun.run()}
            data-testid="job-continue"
          >
            {t("enrich.continue")}
          </Button>
          <Caption1 data-testid="job-continue-cost" data-max-credits={maxCredits}>
            {t("enrich.continueCost", { rows: toDo, credits: maxCredits })}
          </Caption1>
          <SpendingOffNote reason={spendingOff} />
        </div>
      )}
      <ActionMessage
        error={continueRun.error?.message}
        done={continueRun.done}
        testId="job-message"
      />
    </Card>
  );
}
