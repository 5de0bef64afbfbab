import { useState } from "react";
import { Button, Caption1, makeStyles } from "@fluentui/react-components";
import type { DomainEmailFileInfo } from "../../api/types";
import { t } from "../../i18n/i18n";
import { isValidDomain, normalizeDomain } from "../../api/normalize";
import { importResults } from "../../flows/jobs/results-import";
import { jobOfDomainFile } from "../../flows/jobs/job-records";
import { ActionMessage } from "./ActionMessage";
import { ConfirmDialog } from "./ConfirmDialog";
import { usePane, useJobs } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { FieldError, useAsyncAction } from "./use-async-action";
import { SpendingOffNote } from "./SpendingOffNote";
import { TextField } from "../../ui/TextField";
import { useSpendingOffReason } from "./use-spending";
import { RunButton } from "./RunButton";

const useStyles = makeStyles({ row: { display: "flex", gap: "8px", flexWrap: "wrap" } });

/**
 * Per-domain email files (docs/interface.md, Domain email files): count and price, order after a
 * confirmation, download.
 */
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
      if (!isValidDomain(name)) throw new FieldError("domain", t("domain.invalid"));
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
      return t("jobs.writtenToSheet", { sheet });
    });

  return (
    <div className={panel.form}>
      <TextField
        label={t("domain.label")}
        error={action.messageFor("domain")}
        value={domainText}
        onChange={(_, d) => {
          setDomainText(d.value);
          setInfo(null);
          action.reset();
        }}
        // i18n-exempt: an example domain, the same in every language
        placeholder="example.com"
        testId="domain-name"
      />
      <div className={styles.row}>
        <RunButton run={check} busy={action.busy} testId="domain-check">
          {t("domain.check")}
        </RunButton>
      </div>
      {info && (
        <>
          <Caption1 data-testid="domain-info">
            {t("domain.info", {
              emails: info.email_count,
              domain: info.domain,
              credits: info.credits_required,
              status: status === null ? "none" : status === "ready" ? "ready" : "preparing",
            })}
          </Caption1>
          <div className={styles.row}>
            {status === null && (
              <Button
                appearance="primary"
                disabled={action.busy || info.email_count === 0 || spendingOff !== null}
                onClick={() => setConfirming(true)}
                data-testid="domain-order"
              >
                {t("domain.order")}
              </Button>
            )}
            {status === null && <SpendingOffNote reason={spendingOff} />}
            <Button
              disabled={action.busy || status !== "ready"}
              onClick={() => void download()}
              data-testid="domain-download"
            >
              {t("domain.download")}
            </Button>
          </div>
          <Caption1>{t("domain.notVerified")}</Caption1>
        </>
      )}
      <ActionMessage error={action.messageFor("action")} done={action.done} testId="domain-done" />
      <ConfirmDialog
        open={confirming}
        title={t("domain.confirmTitle", { domain: info?.domain ?? "" })}
        textTestId="domain-confirm-text"
        confirmLabel={t("domain.confirmButton", { credits: info?.credits_required ?? 0 })}
        confirmTestId="domain-confirm"
        onConfirm={() => void order()}
        onCancel={() => setConfirming(false)}
      >
        {t("domain.confirmText", {
          credits: info?.credits_required ?? 0,
          emails: info?.email_count ?? 0,
        })}
      </ConfirmDialog>
    </div>
  );
}
