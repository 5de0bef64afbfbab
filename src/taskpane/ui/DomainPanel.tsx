import { useState } from "react";
import { Button, Caption1, makeStyles } from "@fluentui/react-components";
import type { DomainEmailFileInfo } from "../../api/types";
import { isValidDomain, normalizeDomain } from "../../api/normalize";
import { importResults } from "../../flows/jobs/results-import";
import { jobOfDomainFile } from "../../flows/jobs/job-records";
import { ActionMessage } from "./ActionMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { usePane, useJobs } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { FieldError, useAsyncAction } from "./use-async-action";
import { SpendingOffNote } from "./SpendingOffNote";
import { TextField } from "./TextField";
import { useSpendingOffReason } from "./use-spending";

const useStyles = makeStyles({ row: { display: "flex", gap: "8px", flexWrap: "wrap" } });

/** Per-domain email files (spec 4.4): count and price, order after a confirmation, download. */
export function DomainPanel(): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const { services, jobs } = usePane();
  const spendingOff = useSpendingOffReason();
  const jobList = useJobs();
  const [domainText, setDomainText] = useState("");
  const [info, setInfo] = useState<DomainEmailFileInfo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useAsyncAction((work: () => Promise<string | undefined>) => work(), {
    fallback: "action",
  });

  const tracked = info
    ? jobList.find((j) => j.kind === "domain_file" && j.id === info.domain)
    : undefined;
  const status =
    tracked?.lastStatus && tracked.lastStatus !== "not_ordered"
      ? tracked.lastStatus
      : (info?.status ?? null);

  const check = () =>
    action.run(async () => {
      const name = normalizeDomain(domainText);
      if (!isValidDomain(name))
        throw new FieldError("domain", "Enter a domain such as example.com.");
      setInfo(await (await services.client()).domainEmailFile.info(name));
      return undefined;
    });

  const order = () =>
    action.run(async () => {
      if (!info) return undefined;
      setConfirming(false);
      const client = await services.client();
      const webhookUrl = (await services.settings.load()).webhookUrl ?? undefined;
      const before = (await client.account()).credits_left;
      await client.domainEmailFile.order(info.domain, { webhookUrl });
      client.credits.recordSpent(before - (await client.account()).credits_left);
      await jobs.add(jobOfDomainFile(info.domain, "queued"));
      setInfo(await client.domainEmailFile.info(info.domain));
      return undefined;
    });

  // A file ordered elsewhere (another workbook, the API) is recorded here like a tracked order.
  const download = () =>
    action.run(async () => {
      if (!info) return undefined;
      const job = tracked ?? jobOfDomainFile(info.domain, "ready");
      const sheet = await importResults(await services.client(), job, {
        preview: false,
        fullyVerified: true,
        partiallyVerified: true,
        notFound: true,
      });
      await jobs.recordSheet(job, sheet);
      return `Written to the sheet "${sheet}".`;
    });

  return (
    <div className={panel.form}>
      <TextField
        label="Domain"
        error={action.messageFor("domain")}
        value={domainText}
        onChange={(_, d) => {
          setDomainText(d.value);
          setInfo(null);
          action.reset();
        }}
        placeholder="example.com"
        testId="domain-name"
      />
      <div className={styles.row}>
        <Button onClick={() => void check()} disabled={action.busy} data-testid="domain-check">
          Check count and price
        </Button>
      </div>
      {info && (
        <>
          <Caption1 data-testid="domain-info">
            {info.email_count.toLocaleString("en-US")} emails on file for {info.domain} ·{" "}
            {info.credits_required} credits ·{" "}
            {status === null
              ? "not ordered"
              : status === "ready"
                ? "ready to download"
                : "being prepared"}
          </Caption1>
          <div className={styles.row}>
            {status === null && (
              <Button
                appearance="primary"
                disabled={action.busy || info.email_count === 0 || spendingOff !== null}
                onClick={() => setConfirming(true)}
                data-testid="domain-order"
              >
                Order the file…
              </Button>
            )}
            {status === null && <SpendingOffNote reason={spendingOff} />}
            <Button
              disabled={action.busy || status !== "ready"}
              onClick={() => void download()}
              data-testid="domain-download"
            >
              Download into a new sheet
            </Button>
          </div>
          <Caption1>The emails of a domain file are not verified.</Caption1>
        </>
      )}
      <ActionMessage error={action.messageFor("action")} done={action.done} testId="domain-done" />
      <ConfirmDialog
        open={confirming}
        title={`Order the email file of ${info?.domain}?`}
        textTestId="domain-confirm-text"
        confirmLabel={`Order for ${info?.credits_required} credits`}
        confirmTestId="domain-confirm"
        onConfirm={() => void order()}
        onCancel={() => setConfirming(false)}
      >
        This costs {info?.credits_required} credits, charged now, for {info?.email_count} emails.
        Ordering again later is free.
      </ConfirmDialog>
    </div>
  );
}
