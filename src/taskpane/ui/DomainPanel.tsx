import { useState } from "react";
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
} from "@fluentui/react-components";
import type { DomainEmailFileInfo } from "../../api/types";
import { isValidDomain, normalizeDomain } from "../../api/normalize";
import { importResults } from "../jobs/results-import";
import { errorText, usePane, useJobs } from "./pane-context";
import { fieldError } from "./field-error";
import { jobOfDomainFile } from "../jobs/job-records";
import { SpendingOffNote } from "./SpendingOffNote";
import { useSpendingOffReason } from "./use-spending";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  row: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

/** Per-domain email files (spec 4.4): count and price, order after a confirmation, download. */
export function DomainPanel(): JSX.Element {
  const styles = useStyles();
  const { services, jobs, tracker } = usePane();
  const spendingOff = useSpendingOffReason();
  const jobList = useJobs();
  const [domainText, setDomainText] = useState("");
  const [info, setInfo] = useState<DomainEmailFileInfo | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: "domain" | "action"; message: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const tracked = info
    ? jobList.find((j) => j.kind === "domain_file" && j.id === info.domain)
    : undefined;
  const status =
    tracked?.lastStatus && tracked.lastStatus !== "not_ordered"
      ? tracked.lastStatus
      : (info?.status ?? null);

  const domain = (): string | null => {
    const value = normalizeDomain(domainText);
    if (!isValidDomain(value)) {
      setError({ field: "domain", message: "Enter a domain such as example.com." });
      return null;
    }
    return value;
  };

  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await work();
    } catch (e) {
      setError({ field: "action", message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  const check = () => {
    const name = domain();
    if (name)
      void run(async () => setInfo(await (await services.client()).domainEmailFile.info(name)));
  };

  const order = () =>
    run(async () => {
      if (!info) return;
      setConfirming(false);
      const client = await services.client();
      const webhookUrl = (await services.settings.load()).webhookUrl ?? undefined;
      const before = (await client.account()).credits_left;
      await client.domainEmailFile.order(info.domain, { webhookUrl });
      client.credits.recordSpent(before - (await client.account()).credits_left);
      await jobs.add(jobOfDomainFile(info.domain, "queued"));
      setInfo(await client.domainEmailFile.info(info.domain));
      tracker.start();
    });

  const download = () =>
    run(async () => {
      if (!info) return;
      const job = tracked ?? jobOfDomainFile(info.domain, "ready");
      const sheet = await importResults(await services.client(), job, {
        preview: false,
        fullyVerified: true,
        partiallyVerified: true,
        notFound: true,
      });
      if (tracked)
        await jobs.update("domain_file", info.domain, {
          resultSheets: [...tracked.resultSheets, sheet],
        });
      setDone(`Written to the sheet "${sheet}".`);
    });

  return (
    <div className={styles.form}>
      <Field label="Domain" {...fieldError(error?.field === "domain" ? error.message : null)}>
        <Input
          value={domainText}
          onChange={(_, d) => {
            setDomainText(d.value);
            setInfo(null);
            setError(null);
          }}
          placeholder="example.com"
          data-testid="domain-name"
        />
      </Field>
      <div className={styles.row}>
        <Button onClick={check} disabled={busy} data-testid="domain-check">
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
                disabled={busy || info.email_count === 0 || spendingOff !== null}
                onClick={() => setConfirming(true)}
                data-testid="domain-order"
              >
                Order the file…
              </Button>
            )}
            {status === null && <SpendingOffNote reason={spendingOff} />}
            <Button
              disabled={busy || status !== "ready"}
              onClick={() => void download()}
              data-testid="domain-download"
            >
              Download into a new sheet
            </Button>
          </div>
          <Caption1>The emails of a domain file are not verified.</Caption1>
        </>
      )}
      {error?.field === "action" && (
        <MessageBar intent="error">
          <MessageBarBody>
            <span data-testid="error-message">{error.message}</span>
          </MessageBarBody>
        </MessageBar>
      )}
      {done && (
        <MessageBar intent="success">
          <MessageBarBody data-testid="domain-done">{done}</MessageBarBody>
        </MessageBar>
      )}
      <Dialog open={confirming} onOpenChange={(_, d) => setConfirming(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>Order the email file of {info?.domain}?</DialogTitle>
            <DialogContent data-testid="domain-confirm-text">
              This costs {info?.credits_required} credits, charged now, for {info?.email_count}{" "}
              emails. Ordering again later is free.
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                appearance="primary"
                onClick={() => void order()}
                data-testid="domain-confirm"
              >
                Order for {info?.credits_required} credits
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
