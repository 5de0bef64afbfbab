import { useEffect, useId, useState } from "react";
import {
  Badge,
  Button,
  Caption1,
  Card,
  Checkbox,
  ProgressBar,
  Select,
  Text,
} from "@fluentui/react-components";
import type { BulkLayout } from "../../api/types";
import { t } from "../../i18n/i18n";
import type { JobRecord } from "../../workbook/job-store";
import { isFinished, progressOf } from "../../flows/jobs/job-tracker";
import { importResults } from "../../flows/jobs/results-import";
import { writeBackEnrichJob, writeBackMessage } from "../../flows/enrich/enrich-writeback";
import { ActionMessage } from "./ActionMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { EnrichRunCard } from "./EnrichRunCard";
import { KIND_LABEL, statusColor, useJobCardStyles } from "./job-card-parts";
import { usePane, useJobs } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { SpendingOffNote } from "./SpendingOffNote";
import { useAsyncAction } from "./use-async-action";
import { useSpendingOffReason } from "./use-spending";

interface Pending {
  job: JobRecord;
  credits: number;
}

/** Every job of this workbook, live; results into new sheets. */
export function JobsPanel(): JSX.Element {
  const styles = useJobCardStyles();
  const panel = usePanelStyles();
  const { tracker } = usePane();
  const jobs = useJobs();

  // The tracker runs from the pane's start; a visit asks for the newest statuses at once.
  useEffect(() => {
    void tracker.pollNow();
  }, [tracker]);

  if (jobs.length === 0) return <Caption1 className={panel.muted}>{t("jobs.none")}</Caption1>;
  return (
    <div className={styles.list}>
      {[...jobs]
        .reverse()
        .map((job) =>
          job.kind === "enrich_lookups" ? (
            <EnrichRunCard key={`${job.kind}:${job.id}`} job={job} />
          ) : (
            <JobCard key={`${job.kind}:${job.id}`} job={job} />
          )
        )}
    </div>
  );
}

function JobCard({ job }: { job: JobRecord }): JSX.Element {
  const labelId = useId();
  const styles = useJobCardStyles();
  const panel = usePanelStyles();
  const { services, jobs } = usePane();
  // A bulk or GeoLead download may pay; a domain file was paid when ordered.
  const spendingOffReason = useSpendingOffReason();
  const spendingOff = job.kind === "domain_file" ? null : spendingOffReason;
  const [filters, setFilters] = useState({
    fullyVerified: true,
    partiallyVerified: true,
    notFound: true,
  });
  const [format, setFormat] = useState<BulkLayout>("default");
  const [writing, setWriting] = useState<{ done: number; total: number } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const progress = progressOf(job);
  const finished = isFinished(job);
  const downloadable = job.lastStatus === "completed" || job.lastStatus === "ready";
  // An enrichment's answers go into its list once: its record no longer holds the rows sent.
  const writtenBack =
    job.kind === "enrich" && job.resultSheets.includes(job.enrich?.sheetName ?? "");
  const counts = job.lastCounts;

  /**
   * The free preview, or the download; a download that pays says what it costs first
   * and runs again as "confirmed". Null: the question is open.
   */
  const download = useAsyncAction(
    async (mode: "preview" | "download" | "confirmed"): Promise<string | null> => {
      setPending(null);
      setWriting(null);
      const client = await services.client();
      if (mode === "download" && job.kind !== "domain_file") {
        const search =
          job.kind === "geo_lead"
            ? await client.geoLead.get(job.id)
            : await client.bulk.get(job.id);
        if (!search.paid && search.credits_needed > 0) {
          setPending({ job, credits: search.credits_needed });
          return null;
        }
      }
      const preview = mode === "preview";
      setWriting({ done: 0, total: 0 });
      const before = preview ? null : (await client.account()).credits_left;
      const recordSpent = async (): Promise<void> => {
        if (before !== null)
          client.credits.recordSpent(before - (await client.account()).credits_left);
      };
      if (!preview && job.kind === "enrich" && job.enrich) {
        // Written back into the list the rows came from, not into a new sheet.
        const summary = await writeBackEnrichJob(client, job);
        await jobs.recordWrittenBack(job);
        await recordSpent();
        return writeBackMessage(summary, job.enrich);
      }
      const sheet = await importResults(client, job, {
        preview,
        ...filters,
        format,
        onProgress: (done, total) => setWriting({ done, total }),
      });
      await jobs.recordSheet(job, sheet);
      await recordSpent();
      return t("jobs.writtenToSheet", { sheet });
    }
  );
  const writingNow = download.busy && writing !== null;

  return (
    <Card
      className={styles.card}
      data-testid="job-row"
      data-job-id={job.id}
      data-status={job.lastStatus ?? "unknown"}
    >
      <div className={styles.head}>
        <Text id={labelId} weight="semibold" truncate wrap={false}>
          {job.label}
        </Text>
        <Badge appearance="tint" color={statusColor(job.lastStatus)} data-testid="job-status">
          {job.lastStatus ?? "…"}
        </Badge>
      </div>
      <Caption1 className={panel.muted}>
        {KIND_LABEL[job.kind]} · {job.kind === "domain_file" ? job.id : job.id.slice(0, 16)}
        {counts
          ? ` · ${t(counts.failed ? "jobs.countsWithFailed" : "jobs.counts", {
              total: counts.total,
              valid: counts.found_valid,
              risky: counts.found_unknown,
              notFound: counts.not_found,
              failed: counts.failed,
            })}`
          : ""}
      </Caption1>
      {!finished && (
        <ProgressBar
          value={progress ?? undefined}
          thickness="medium"
          aria-labelledby={labelId}
          data-testid="job-progress"
        />
      )}
      {job.lastError && (
        <Caption1 data-testid="job-error">
          {t("jobs.lastCheckFailed", { error: job.lastError })}
        </Caption1>
      )}
      {downloadable && (job.kind === "bulk" || job.kind === "geo_lead") && (
        <div className={styles.row}>
          <Checkbox
            size="medium"
            label={t("jobs.filterValid")}
            checked={filters.fullyVerified}
            onChange={(_, d) => setFilters((f) => ({ ...f, fullyVerified: Boolean(d.checked) }))}
          />
          <Checkbox
            size="medium"
            label={t("jobs.filterRisky")}
            checked={filters.partiallyVerified}
            onChange={(_, d) =>
              setFilters((f) => ({ ...f, partiallyVerified: Boolean(d.checked) }))
            }
          />
          <Checkbox
            size="medium"
            label={t("jobs.filterNotFound")}
            checked={filters.notFound}
            onChange={(_, d) => setFilters((f) => ({ ...f, notFound: Boolean(d.checked) }))}
          />
          {job.kind === "bulk" && (
            <Select
              size="small"
              value={format}
              onChange={(_, d) => setFormat(d.value as BulkLayout)}
              aria-label={t("jobs.layout")}
            >
              <option value="default">{t("jobs.layoutRowPerSearch")}</option>
              <option value="company-one-email-per-line">{t("jobs.layoutEmailPerLine")}</option>
            </Select>
          )}
        </div>
      )}
      {downloadable && (
        <div className={styles.row}>
          {job.kind !== "domain_file" && (
            <Button
              size="small"
              disabled={writingNow}
              onClick={() => void download.run("preview")}
              data-testid="job-preview"
            >
              {t("jobs.freePreview")}
            </Button>
          )}
          {writtenBack ? (
            <Caption1 data-testid="job-written-back">{t("jobs.writtenIntoList")}</Caption1>
          ) : (
            <Button
              size="small"
              appearance="primary"
              disabled={writingNow || spendingOff !== null}
              onClick={() => void download.run("download")}
              data-testid="job-download"
            >
              {t(job.kind === "enrich" ? "jobs.downloadIntoList" : "jobs.downloadIntoNewSheet")}
            </Button>
          )}
          <SpendingOffNote reason={spendingOff} />
        </div>
      )}
      {writingNow && (
        <ProgressBar
          aria-labelledby={labelId}
          value={writing.total ? writing.done / writing.total : undefined}
          data-testid="write-progress"
        />
      )}
      {job.resultSheets.length > 0 && (
        <Caption1 className={panel.muted}>
          {t("jobs.sheets", { names: job.resultSheets.join(", ") })}
        </Caption1>
      )}
      <ActionMessage error={download.error?.message} done={download.done} testId="job-message" />
      <ConfirmDialog
        open={pending !== null}
        title={t("jobs.confirmTitle", { label: job.label })}
        textTestId="job-download-cost"
        confirmLabel={t("jobs.confirmButton", { credits: pending?.credits ?? 0 })}
        confirmTestId="job-download-confirm"
        onConfirm={() => void download.run("confirmed")}
        onCancel={() => setPending(null)}
      >
        {t("jobs.confirmText", { credits: pending?.credits ?? 0 })}
      </ConfirmDialog>
    </Card>
  );
}
