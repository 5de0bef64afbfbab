import { useEffect, useState } from "react";
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { AnswerAges } from "../../client/answer-store-contract";
import type { LookupCounts } from "../../client/scheduler";
import { n, t, type MessageId } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { parseCredits } from "../../runtime/settings";
import { ActionMessage } from "./ActionMessage";
import { FreezeResults } from "./FreezeResults";
import { RefreshAnswers, type RefreshCount } from "./RefreshAnswers";
import type { NumberedRequest } from "./use-pane-requests";
import type { RefreshRequest } from "../../runtime/pane-requests";
import { countOldCellAnswers, refreshOldCellAnswers } from "../../flows/refresh/refresh-cells";
import { usePane } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { TextField } from "../../ui/TextField";
import { useAsyncAction } from "./use-async-action";
import { submitTo, useForm } from "./use-form";
import { formatCredits } from "./use-credits";
import { useLookupCounts, useSettings } from "./use-spending";

const useStyles = makeStyles({
  panel: { display: "flex", flexDirection: "column", gap: "12px" },
  counts: {
    display: "grid",
    gridTemplateColumns: "1fr auto",
    columnGap: "12px",
    rowGap: "2px",
    fontVariantNumeric: "tabular-nums",
  },
  number: { textAlign: "right", fontWeight: tokens.fontWeightSemibold },
  agesTitle: { gridColumn: "1 / -1", fontWeight: tokens.fontWeightSemibold },
  form: { display: "flex", flexDirection: "column", gap: "8px" },
});

const COUNT_ROWS: Array<[keyof LookupCounts, MessageId, string]> = [
  ["waiting", "lookups.waiting", "lookups-waiting"],
  ["inFlight", "lookups.inFlight", "lookups-inflight"],
  ["answered", "lookups.answered", "lookups-answered"],
  ["failed", "lookups.failed", "lookups-failed"],
  ["notRun", "lookups.notRun", "lookups-not-run"],
  ["cached", "lookups.cached", "lookups-cached"],
  ["shared", "lookups.shared", "lookups-shared"],
];

/** The Lookups view: what the cells are doing, Stop, spending controls, freeze. */
export function LookupsPanel({
  request,
  onRequestTaken,
}: {
  /** The cell menu's Refresh: counted at once for the selection. */
  request: NumberedRequest<RefreshRequest> | null;
  onRequestTaken: () => void;
}): JSX.Element {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { services } = usePane();
  const counts = useLookupCounts(services);
  const [stopped, setStopped] = useState<number | null>(null);

  const stop = (): void => setStopped(services.lookups.stop());

  return (
    <div className={styles.panel}>
      <Subtitle2>{t("lookups.title")}</Subtitle2>
      <div className={styles.counts}>
        {COUNT_ROWS.map(([field, label, testId]) => (
          <CountRow key={field} label={t(label)} value={counts[field]} testId={testId} />
        ))}
        {counts.reasked > 0 && (
          <CountRow label={t("lookups.reasked")} value={counts.reasked} testId="lookups-reasked" />
        )}
        <Caption1>{t("lookups.spent")}</Caption1>
        <Caption1 className={styles.number} data-testid="lookups-spent">
          {formatCredits(counts.spent)}
        </Caption1>
      </div>
      <AnswerAgesView counts={counts} />
      <Caption1 className={panel.muted} data-testid="lookups-connection">
        {connectionText(services.connection)}
      </Caption1>
      <div className={styles.form}>
        <div>
          <Button
            onClick={stop}
            disabled={counts.waiting === 0 && counts.inFlight === 0}
            data-testid="lookups-stop"
          >
            {t("lookups.stop")}
          </Button>
        </div>
        <Caption1 className={panel.muted}>{t("lookups.stopNote")}</Caption1>
      </div>
      {stopped !== null && (
        <MessageBar intent="info" data-testid="lookups-stopped">
          <MessageBarBody>
            {stopped === 0
              ? t("lookups.nothingWaiting")
              : t("lookups.withdrawn", { count: stopped })}
          </MessageBarBody>
        </MessageBar>
      )}
      <RefreshCells request={request} onRequestTaken={onRequestTaken} />
      <SpendingSettings />
      <FreezeResults />
    </div>
  );
}

/** Refresh of the selection's cells: their answers older than N days, asked again. */
function RefreshCells(props: {
  request: NumberedRequest<RefreshRequest> | null;
  onRequestTaken: () => void;
}): JSX.Element {
  const { services } = usePane();
  const { request, onRequestTaken } = props;
  const [countNow, setCountNow] = useState<number | null>(null);
  useEffect(() => {
    if (!request) return;
    onRequestTaken();
    setCountNow(request.id);
    // Acted on once per request, whenever the panel mounts after it arrived.
  }, [request?.id]);
  const count = async (days: number): Promise<RefreshCount> => {
    const deps = { scheduler: await services.scheduler() };
    const found = await countOldCellAnswers(deps, days);
    return {
      old: found.old.length,
      maxCredits: found.maxCredits,
      notes: found.notKept > 0 ? [t("refresh.notKept", { count: found.notKept })] : [],
      run: async () => ({ outcome: await refreshOldCellAnswers(deps, found), notes: [] }),
    };
  };
  return (
    <RefreshAnswers
      note={t("refresh.cellsNote")}
      checkLabel={t("refresh.check")}
      count={count}
      checkNow={countNow}
    />
  );
}

const AGE_ROWS: Array<[keyof AnswerAges, MessageId, string]> = [
  ["under30", "lookups.ageUnder30", "lookups-age-under-30"],
  ["from30to90", "lookups.age30to90", "lookups-age-30-90"],
  ["over90", "lookups.ageOver90", "lookups-age-over-90"],
];

/**
 * How old the kept answers are (lists decay): counted when the view opens and again
 * when a recalculation's lookups are done, not at every answer (it reads every kept record).
 */
function AnswerAgesView({ counts }: { counts: LookupCounts }): JSX.Element | null {
  const styles = useStyles();
  const { services } = usePane();
  const [ages, setAges] = useState<AnswerAges | null>(null);
  const idle = counts.waiting === 0 && counts.inFlight === 0;
  const settledAt = idle ? counts.answered : -1;
  useEffect(() => {
    if (settledAt < 0) return;
    let live = true;
    void services
      .scheduler()
      .then((scheduler) => scheduler.currentCache())
      .then((cache) => cache.ages())
      .then((next) => live && setAges(next))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [services, settledAt]);
  if (!ages) return null;
  return (
    <div
      className={styles.counts}
      data-testid="lookups-ages"
      data-under30={ages.under30}
      data-from30to90={ages.from30to90}
      data-over90={ages.over90}
    >
      <Caption1 className={styles.agesTitle}>{t("lookups.agesTitle")}</Caption1>
      {AGE_ROWS.map(([field, label, testId]) => (
        <CountRow key={field} label={t(label)} value={ages[field]} testId={testId} />
      ))}
    </div>
  );
}

function connectionText(c: Services["connection"]): string {
  const protocol = c.protocol === null ? t("lookups.protocolUnknown") : c.protocol.toUpperCase();
  return t("lookups.connection", { protocol, limit: c.limit, ceiling: c.ceiling });
}

function CountRow(props: { label: string; value: number; testId: string }): JSX.Element {
  const styles = useStyles();
  return (
    <>
      <Caption1>{props.label}</Caption1>
      <Caption1 className={styles.number} data-testid={props.testId}>
        {n(props.value)}
      </Caption1>
    </>
  );
}

type SpendingField = "confirmAbove" | "sessionBudget";
const CREDIT_FIELDS: Array<[SpendingField, MessageId, MessageId, string]> = [
  ["confirmAbove", "lookups.confirmAbove", "lookups.confirmAboveHint", "spending-threshold"],
  ["sessionBudget", "lookups.sessionBudget", "lookups.sessionBudgetHint", "spending-budget"],
];
const creditsText = (value: number | null): string => (value === null ? "" : String(value));

/** The switch, the confirmation threshold and the session budget, kept per user. */
function SpendingSettings(): JSX.Element {
  const styles = useStyles();
  const { services } = usePane();
  const settings = useSettings(services);
  const { form, setForm, edit } = useForm(
    { enabled: true, confirmAbove: "25", sessionBudget: "" },
    (field) => save.reset(field)
  );

  useEffect(() => {
    if (!settings) return;
    setForm({
      enabled: settings.spendingEnabled,
      confirmAbove: creditsText(settings.confirmAbove),
      sessionBudget: creditsText(settings.sessionBudget),
    });
  }, [settings, setForm]);

  const save = useAsyncAction(
    async () => {
      await services.settings.save({
        spendingEnabled: form.enabled,
        confirmAbove: parseCredits(form.confirmAbove, "confirmAbove"),
        sessionBudget: parseCredits(form.sessionBudget, "sessionBudget"),
      });
      return t(form.enabled ? "lookups.saved" : "lookups.savedOff");
    },
    { fields: CREDIT_FIELDS.map(([field]) => field), fallback: "save" }
  );

  return (
    <form className={styles.form} onSubmit={submitTo(save.run)}>
      <Subtitle2>{t("lookups.spendingHeading")}</Subtitle2>
      <Switch
        label={t(form.enabled ? "lookups.spendingOn" : "lookups.spendingOff")}
        checked={form.enabled}
        onChange={(_, data) => {
          setForm((f) => ({ ...f, enabled: data.checked }));
          save.reset("save");
        }}
        data-testid="spending-switch"
      />
      {CREDIT_FIELDS.map(([field, label, hint, testId]) => (
        <TextField
          key={field}
          label={t(label)}
          hint={t(hint)}
          error={save.messageFor(field)}
          inputMode="decimal"
          value={form[field]}
          onChange={edit(field)}
          testId={testId}
        />
      ))}
      <div>
        <Button appearance="primary" type="submit" data-testid="spending-save">
          {t("lookups.save")}
        </Button>
      </div>
      <ActionMessage error={save.messageFor("save")} done={save.done} testId="spending-saved" />
    </form>
  );
}
