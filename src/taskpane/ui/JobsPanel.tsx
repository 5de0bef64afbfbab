import { useEffect, useState } from "react";
import {
  Badge,
  Button,
  Caption1,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { BulkLayout } from "../../api/types";
import type { JobRecord } from "../excel/job-store";
import { isFinished, progressOf } from "../jobs/job-tracker";
import { importResults } from "../jobs/results-import";
import { errorText, usePane, useJobs } from "./pane-context";
import { SpendingOffNote } from "./SpendingOffNote";
import { useSpendingOffReason } from "./use-spending";

const useStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: "8px" },
  card: { padding: "8px 10px", display: "flex", flexDirection: "column", gap: "6px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "6px" },
  row: { display: "flex", gap: "6px", flexWrap: "wrap", alignItems: "center" },
  muted: { color: tokens.colorNeutralForeground3 },
});

const KIND_LABEL: Record<JobRecord["kind"], string> = {
  bulk: "Bulk",
  geo_lead: "GeoLead",
  domain_file: "Domain file",
};

function statusColor(status: string | null): "success" | "danger" | "informative" | "warning" {
  if (status === "completed" || status === "ready") return "success";
  if (status === "failed" || status === "deleted") return "danger";
  if (status === "paused") return "warning";
  return "informative";
}

interface Pending {
  job: JobRecord;
  credits: number;
}

/** Every job of this workbook, live; results into new sheets. */
export function JobsPanel(): JSX.Element {
  const styles = useStyles();
  const { tracker } = usePane();
  const jobs = useJobs();

  useEffect(() => {
    tracker.start();
    void tracker.pollNow();
  }, [tracker]);

  if (jobs.length === 0)
    return (
      <Caption1 className={styles.muted}>
        No jobs in this workbook yet. Bulk and GeoLead searches and domain files appear here.
      </Caption1>
    );
  return (
    <div className={styles.list}>
      {[...jobs].reverse().map((job) => (
        <JobCard key={`${job.kind}:${job.id}`} job={job} />
      ))}
    </div>
  );
}

function JobCard({ job }: { job: JobRecord }): JSX.Element {
  const styles = useStyles();
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
  const [message, setMessage] = useState<{ intent: "success" | "error"; text: string } | null>(
    null
  );

  const progress = progressOf(job);
  const finished = isFinished(job);
  const downloadable = job.lastStatus === "completed" || job.lastStatus === "ready";
  const counts = job.lastCounts;

  const write = async (preview: boolean): Promise<void> => {
    setPending(null);
    setMessage(null);
    setWriting({ done: 0, total: 0 });
    try {
      const client = await services.client();
      const before = preview ? null : (await client.account()).credits_left;
      const sheet = await importResults(client, job, {
        preview,
        ...filters,
        format,
        onProgress: (done, total) => setWriting({ done, total }),
      });
      await jobs.update(job.kind, job.id, { resultSheets: [...job.resultSheets, sheet] });
      if (before !== null)
        client.credits.recordSpent(before - (await client.account()).credits_left);
      setMessage({ intent: "success", text: `Written to the sheet "${sheet}".` });
    } catch (e) {
      setMessage({ intent: "error", text: errorText(e) });
    } finally {
      setWriting(null);
    }
  };

  /** Any credit-spending action says what it may cost before it runs (DESIGN 5). */
  const askToDownload = async (): Promise<void> => {
    setMessage(null);
    if (job.kind === "domain_file") return write(false);
    try {
      const client = await services.client();
      const search =
        job.kind === "bulk" ? await client.bulk.get(job.id) : await client.geoLead.get(job.id);
      if (search.paid || search.credits_needed === 0) return write(false);
      setPending({ job, credits: search.credits_needed });
    } catch (e) {
      setMessage({ intent: "error", text: errorText(e) });
    }
  };

  return (
    <Card
      className={styles.card}
      data-testid="job-row"
      data-job-id={job.id}
      data-status={job.lastStatus ?? "unknown"}
    >
      <div className={styles.head}>
        <Text weight="semibold" truncate wrap={false}>
          {job.label}
        </Text>
        <Badge appearance="tint" color={statusColor(job.lastStatus)} data-testid="job-status">
          {job.lastStatus ?? "…"}
        </Badge>
      </div>
      <Caption1 className={styles.muted}>
        {KIND_LABEL[job.kind]} · {job.kind === "domain_file" ? job.id : job.id.slice(0, 16)}
        {counts
          ? ` · ${counts.total} rows: ${counts.found_valid} valid, ${counts.found_unknown} risky, ${counts.not_found} not found${counts.failed ? `, ${counts.failed} failed` : ""}`
          : ""}
      </Caption1>
      {!finished && (
        <ProgressBar value={progress ?? undefined} thickness="medium" data-testid="job-progress" />
      )}
      {job.lastError && (
        <Caption1 data-testid="job-error">
          Last check failed: {job.lastError} (the job is kept and checked again)
        </Caption1>
      )}
      {downloadable && job.kind !== "domain_file" && (
        <div className={styles.row}>
          <Checkbox
            size="medium"
            label="valid"
            checked={filters.fullyVerified}
            onChange={(_, d) => setFilters((f) => ({ ...f, fullyVerified: Boolean(d.checked) }))}
          />
          <Checkbox
            size="medium"
            label="risky"
            checked={filters.partiallyVerified}
            onChange={(_, d) =>
              setFilters((f) => ({ ...f, partiallyVerified: Boolean(d.checked) }))
            }
          />
          <Checkbox
            size="medium"
            label="not found"
            checked={filters.notFound}
            onChange={(_, d) => setFilters((f) => ({ ...f, notFound: Boolean(d.checked) }))}
          />
          {job.kind === "bulk" && (
            <Select
              size="small"
              value={format}
              onChange={(_, d) => setFormat(d.value as BulkLayout)}
              aria-label="Layout"
            >
              <option value="default">one row per search</option>
              <option value="company-one-email-per-line">one email per line</option>
            </Select>
          )}
        </div>
      )}
      {downloadable && (
        <div className={styles.row}>
          {job.kind !== "domain_file" && (
            <Button
              size="small"
              disabled={writing !== null}
              onClick={() => void write(true)}
              data-testid="job-preview"
            >
              Free preview
            </Button>
          )}
          <Button
            size="small"
            appearance="primary"
            disabled={writing !== null || spendingOff !== null}
            onClick={() => void askToDownload()}
            data-testid="job-download"
          >
            Download into a new sheet
          </Button>
          <SpendingOffNote reason={spendingOff} />
        </div>
      )}
      {writing && (
        <ProgressBar
          value={writing.total ? writing.done / writing.total : undefined}
          data-testid="write-progress"
        />
      )}
      {job.resultSheets.length > 0 && (
        <Caption1 className={styles.muted}>Sheets: {job.resultSheets.join(", ")}</Caption1>
      )}
      {message && (
        <MessageBar intent={message.intent}>
          <MessageBarBody>
            {message.intent === "error" ? (
              <span data-testid="error-message">{message.text}</span>
            ) : (
              message.text
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <Dialog open={pending !== null} onOpenChange={(_, d) => !d.open && setPending(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Download {job.label}?</DialogTitle>
            <DialogContent data-testid="job-download-cost">
              This download pays for the results: {pending?.credits} credits. Later downloads of
              this job are free. Use the free preview to look first.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setPending(null)}>
                Cancel
              </Button>
              <Button
                appearance="primary"
                onClick={() => void write(false)}
                data-testid="job-download-confirm"
              >
                Pay {pending?.credits} credits and download
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
