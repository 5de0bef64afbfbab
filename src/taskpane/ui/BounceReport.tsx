import { useEffect, useId, useMemo, useRef, useState } from "react";
import {
  Button,
  Caption1,
  Checkbox,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Spinner,
  Subtitle2,
  Textarea,
  makeStyles,
} from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import {
  MAX_ADDITIONAL_INFO,
  MAX_BOUNCE_ROWS,
  additionalInfo,
  bounceHeader,
  bounceList,
  emailColumnOf,
  type BounceList,
} from "../../lists/bounce-list";
import type { CellValue } from "../../lists/cell-values";
import { creditsReturned, type BounceOutcome } from "../../flows/report/bounce-report";
import {
  outcomeText,
  reportBounces,
  unreported,
  type BounceRunResult,
} from "../../flows/report/report-bounces";
import { boughtSources, followBoughtCount } from "../../flows/report/bought-count";
import { readBounceSelection, type BouncePlace } from "../../workbook/bounce-sheet";
import { ColumnMappingFields } from "./ColumnMappingFields";
import { usePane } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { FieldError, atField, useAsyncAction } from "./use-async-action";
import { RunButton } from "./RunButton";

// Bounces pay back: many bounced addresses reported at once, from a column of the
// selection or an email tool's bounce export, with the credits they bring back.

// The file readers come with the first file, as in the Bulk tab (one chunk for both).
const loadFileReader = () =>
  import(/* webpackChunkName: "file-preview" */ "../../lists/file-preview");

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
  list: { margin: 0, paddingLeft: "18px", maxHeight: "160px", overflowY: "auto" },
});

interface Source {
  kind: "selection" | "file";
  label: string;
  rows: CellValue[][];
  /** Where a selected list lies: its outcomes are written beside it. */
  place?: BouncePlace;
}

interface Progress {
  done: number;
  total: number;
}

/** Progress shown at most every 100 ms: a render per report would cost more than the reports. */
function throttledProgress(show: (progress: Progress) => void, first: Progress) {
  let latest = first;
  let timer: ReturnType<typeof setTimeout> | null = null;
  show(first);
  return {
    later(progress: Progress): void {
      latest = progress;
      timer ??= setTimeout(() => {
        timer = null;
        show(latest);
      }, 100);
    },
    /** The latest progress, now: the run is over. */
    now(): void {
      if (timer) clearTimeout(timer);
      show(latest);
    },
  };
}

export function BounceReport(): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const fileInputId = useId();
  const progressId = useId();
  const { services, enrichRunner } = usePane();
  const [source, setSource] = useState<Source | null>(null);
  const [hasHeader, setHasHeader] = useState(false);
  const [emailColumn, setEmailColumn] = useState<number | null>(null);
  const [info, setInfo] = useState(() => t("report.defaultInfo"));
  const [bought, setBought] = useState<{ list: BounceList; count: number } | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<BounceRunResult | null>(null);
  /** Each address's last outcome on this list: a report again sends only those not reported. */
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, BounceOutcome>>(new Map());
  /** What the last run wrote beside the list: a later run may write over it, and only it. */
  const written = useRef<Array<string | null> | null>(null);
  const stopper = useRef<AbortController | null>(null);
  const action = useAsyncAction((work: () => Promise<void>) => work());

  const width = source ? Math.max(0, ...source.rows.slice(0, 50).map((r) => r.length)) : 0;
  const messageColumn = source?.kind === "selection" && width === 2 ? 1 : null;
  const listOrError = useMemo((): BounceList | string | null => {
    if (!source) return null;
    try {
      return bounceList(source.rows, { emailColumn, messageColumn, hasHeader });
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }, [source, emailColumn, messageColumn, hasHeader]);
  const list = typeof listOrError === "object" ? listOrError : null;
  const toReport = list ? unreported(list, outcomes) : [];
  const listError = typeof listOrError === "string" ? listOrError : null;

  // How many of them were bought through the add-in (kept, charged answers): they may pay back.
  useEffect(() => {
    if (!list) return;
    return followBoughtCount(
      boughtSources(services.lookups, enrichRunner),
      list.entries.map((e) => e.email),
      (count) => setBought(count === null ? null : { list, count })
    );
  }, [list, services, enrichRunner]);

  const load = (next: Source): void => {
    const column = next.kind === "selection" ? 0 : emailColumnOf(next.rows, false);
    const header = bounceHeader(next.rows, column ?? 0);
    setSource(next);
    setHasHeader(header);
    setEmailColumn(next.kind === "selection" ? 0 : emailColumnOf(next.rows, header));
    setBought(null);
    setResult(null);
    setOutcomes(new Map());
    written.current = null;
    setProgress(null);
  };

  const useSelection = () =>
    action.run(async () => {
      const selection = await atField("source", readBounceSelection());
      load({
        kind: "selection",
        label: `${selection.sheetName} ${selection.address}`,
        rows: selection.values,
        place: selection,
      });
    });

  const useFile = (file: File | undefined) =>
    action.run(async () => {
      if (!file) return;
      const { readFileRows } = await loadFileReader();
      // A header and MAX_BOUNCE_ROWS addresses; one row more is read to know there are more.
      const rows = await atField("file", readFileRows(file, file.name, MAX_BOUNCE_ROWS + 1));
      if (rows.length > MAX_BOUNCE_ROWS + 1)
        throw new FieldError("file", t("report.tooManyRows", { max: MAX_BOUNCE_ROWS }));
      const column = emailColumnOf(rows, bounceHeader(rows, emailColumnOf(rows, false) ?? 0));
      if (column === null) throw new FieldError("file", t("report.noEmailColumn"));
      load({ kind: "file", label: file.name, rows });
    });

  const submit = () =>
    action.run(async () => {
      if (!list || toReport.length === 0)
        throw new FieldError("bounces", t("report.nothingToReport"));
      let why: string;
      try {
        why = additionalInfo(info);
      } catch (error) {
        throw new FieldError("info", (error as Error).message);
      }
      const client = await services.client();
      const cache = await (await services.scheduler()).currentCache();
      const controller = new AbortController();
      stopper.current = controller;
      setResult(null);
      const progress = throttledProgress(setProgress, { done: 0, total: toReport.length });
      try {
        const run = await reportBounces({
          list,
          hasHeader,
          outcomes,
          additionalInfo: why,
          place: source?.place ? { at: source.place, written: written.current } : undefined,
          balance: async () => (await client.account()).credits_left,
          report: (body, signal) => client.reportBadEmail(body, signal),
          markBounced: (emails) => cache.markBounced(emails),
          onOutcomes: setOutcomes,
          signal: controller.signal,
          onProgress: (done, total) => progress.later({ done, total }),
        });
        progress.now();
        if (run.written) written.current = run.written;
        setResult(run);
      } finally {
        stopper.current = null;
      }
    });

  const running = stopper.current !== null && action.busy;

  return (
    <div className={panel.form}>
      <Subtitle2>{t("report.bouncesTitle")}</Subtitle2>
      <Caption1 className={panel.muted}>{t("report.bouncesHint")}</Caption1>
      <Field {...action.errorFor("source")}>
        <div className={styles.row}>
          <RunButton run={useSelection} busy={action.busy} testId="report-from-selection">
            {t("report.fromSelection")}
          </RunButton>
        </div>
      </Field>
      <Field
        label={{ children: t("report.fileLabel"), htmlFor: fileInputId }}
        {...action.errorFor("file")}
      >
        <input
          id={fileInputId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="report-file"
          disabled={running}
          onChange={(e) => {
            void useFile(e.target.files?.[0]);
            e.target.value = "";
          }}
        />
      </Field>
      {action.busy && !running && <Spinner size="tiny" label={t("report.working")} />}
      {source && (
        <>
          <Caption1 data-testid="report-source">
            {source.kind === "selection"
              ? t("report.sourceSelection", { source: source.label })
              : t("report.sourceFile", { fileName: source.label })}
          </Caption1>
          <Checkbox
            checked={hasHeader}
            onChange={(_, d) => setHasHeader(Boolean(d.checked))}
            label={t("report.firstRowIsHeader")}
            data-testid="report-has-header"
          />
          {source.kind === "file" && (
            <ColumnMappingFields
              fields={["email"]}
              mapping={emailColumn === null ? {} : { email: emailColumn }}
              onChange={(mapping) => setEmailColumn(mapping.email ?? null)}
              width={width}
              headerRow={hasHeader ? (source.rows[0] ?? []) : []}
              testIdPrefix="report-map"
            />
          )}
          {listError && (
            <MessageBar intent="warning">
              <MessageBarBody>
                <span data-testid="error-message">{listError}</span>
              </MessageBarBody>
            </MessageBar>
          )}
          {list && (
            <>
              <Caption1
                data-testid="report-bounces"
                data-count={list.entries.length}
                {...(bought?.list === list ? { "data-bought": bought.count } : {})}
              >
                {bought?.list === list
                  ? t("report.bouncesSummary", { count: list.entries.length, bought: bought.count })
                  : t("report.countingBought", { count: list.entries.length })}
              </Caption1>
              {list.duplicates + list.malformed > 0 && (
                <Caption1 data-testid="report-left-out">
                  {t("report.leftOut", {
                    duplicates: list.duplicates,
                    malformed: list.malformed,
                  })}
                </Caption1>
              )}
              <Field
                label={t("report.infoAll", { length: info.length, max: MAX_ADDITIONAL_INFO })}
                {...action.errorFor("info")}
              >
                <Textarea
                  value={info}
                  onChange={(_, d) => setInfo(d.value)}
                  maxLength={MAX_ADDITIONAL_INFO}
                  resize="vertical"
                  data-testid="report-bounces-info"
                />
              </Field>
              <Field {...action.errorFor("bounces")} {...action.errorFor("submit")}>
                <div className={styles.row}>
                  <Button
                    appearance="primary"
                    disabled={action.busy || toReport.length === 0}
                    onClick={() => void submit()}
                    data-testid="report-bounces-submit"
                  >
                    {t("report.sendBounces", { count: toReport.length })}
                  </Button>
                  {running && (
                    <Button
                      onClick={() => stopper.current?.abort()}
                      data-testid="report-bounces-stop"
                    >
                      {t("report.stop")}
                    </Button>
                  )}
                </div>
              </Field>
            </>
          )}
        </>
      )}
      {progress && (
        <div data-testid="report-progress" data-done={progress.done} data-total={progress.total}>
          <ProgressBar
            value={progress.total === 0 ? 1 : progress.done / progress.total}
            aria-labelledby={progressId}
          />
          <Caption1 id={progressId}>
            {t("report.progress", { done: progress.done, total: progress.total })}
          </Caption1>
        </div>
      )}
      {result && <BounceResult result={result} />}
    </div>
  );
}

function BounceResult({ result }: { result: BounceRunResult }): JSX.Element {
  const styles = useStyles();
  const { report, before, after } = result;
  const returned = typeof after === "number" ? creditsReturned(before, after) : null;
  return (
    <div role="status" data-testid="report-result">
      {returned !== null && typeof after === "number" ? (
        <Caption1 data-testid="report-returned" data-credits={returned}>
          {t("report.returned", { credits: returned, before, after })}
        </Caption1>
      ) : (
        <Caption1 data-testid="report-balance-unknown">
          {t("report.balanceUnknown", { error: typeof after === "number" ? "" : after.error })}
        </Caption1>
      )}
      <br />
      <Caption1>
        {t("report.resultCounts", {
          reported: report.reported,
          refused: report.refused,
          failed: report.failed,
        })}
      </Caption1>
      {report.unsent > 0 && (
        <>
          <br />
          <Caption1 data-testid="report-unsent" data-count={report.unsent}>
            {t("report.stoppedUnsent", { count: report.unsent })}
          </Caption1>
        </>
      )}
      <br />
      <Caption1 data-testid="report-marked" data-count={result.marked}>
        {result.markError
          ? t("report.markFailed", { error: result.markError })
          : t("report.marked", { count: result.marked })}
      </Caption1>
      {result.write && (
        <>
          <br />
          <Caption1 data-testid="report-outcomes" data-written={String(result.write.written)}>
            {result.write.written
              ? t("report.outcomesWritten", { column: result.write.column })
              : t("report.outcomesNotWritten", { column: result.write.column })}
          </Caption1>
        </>
      )}
      {result.refused.length > 0 && (
        <>
          <br />
          <Caption1>{t("report.refusedTitle")}</Caption1>
          <ul className={styles.list} data-testid="report-refused">
            {result.refused.slice(0, 200).map(({ email, outcome }) => (
              <li key={email}>
                <Caption1>{`${email}: ${outcomeText(outcome)}`}</Caption1>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
