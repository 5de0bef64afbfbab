import { useEffect, useState } from "react";
import {
  Button,
  Caption1,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import type { LookupCounts } from "../../client/scheduler";
import type { Services } from "../../runtime/services";
import { SettingsError, parseCredits, type Settings } from "../../runtime/settings";
import { fieldError } from "./field-error";
import { FreezeResults } from "./FreezeResults";
import { errorText, usePane } from "./pane-context";
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
  form: { display: "flex", flexDirection: "column", gap: "8px" },
  muted: { color: tokens.colorNeutralForeground3 },
});

const COUNT_ROWS: Array<[keyof LookupCounts, string, string]> = [
  ["waiting", "Waiting (not sent)", "lookups-waiting"],
  ["inFlight", "In flight", "lookups-inflight"],
  ["answered", "Answered", "lookups-answered"],
  ["failed", "Failed", "lookups-failed"],
  ["notRun", "Not run (spending, declined, stopped)", "lookups-not-run"],
  ["cached", "From kept answers (no request)", "lookups-cached"],
];

/** The Lookups view (DESIGN 4): what the cells are doing, Stop, spending controls, freeze. */
export function LookupsPanel(): JSX.Element {
  const styles = useStyles();
  const { services } = usePane();
  const counts = useLookupCounts(services);
  const [stopped, setStopped] = useState<number | null>(null);

  const stop = (): void => setStopped(services.lookups.stop());

  return (
    <div className={styles.panel}>
      <Subtitle2>Cell lookups this session</Subtitle2>
      <div className={styles.counts}>
        {COUNT_ROWS.map(([field, label, testId]) => (
          <CountRow key={field} label={label} value={counts[field]} testId={testId} />
        ))}
        <Caption1>Credits spent by cells</Caption1>
        <Caption1 className={styles.number} data-testid="lookups-spent">
          {formatCredits(counts.spent)}
        </Caption1>
      </div>
      <Caption1 className={styles.muted} data-testid="lookups-connection">
        {connectionText(services.connection)}
      </Caption1>
      <div className={styles.form}>
        <div>
          <Button
            onClick={stop}
            disabled={counts.waiting === 0 && counts.inFlight === 0}
            data-testid="lookups-stop"
          >
            Stop
          </Button>
        </div>
        <Caption1 className={styles.muted}>
          Withdraws the lookups not sent yet (their cells show #N/A &quot;Stopped&quot;); requests
          in flight finish and their answers are kept.
        </Caption1>
      </div>
      {stopped !== null && (
        <MessageBar intent="info" data-testid="lookups-stopped">
          <MessageBarBody>
            {stopped === 0
              ? "Nothing was waiting."
              : `${stopped.toLocaleString("en-US")} lookup${stopped === 1 ? "" : "s"} withdrawn; their cells show #N/A "Stopped". Recalculate to run them.`}
          </MessageBarBody>
        </MessageBar>
      )}
      <SpendingSettings />
      <FreezeResults />
    </div>
  );
}

function connectionText(c: Services["connection"]): string {
  const protocol = c.protocol === null ? "protocol not known yet" : c.protocol.toUpperCase();
  return `Connection: ${protocol} · ${c.limit} request${c.limit === 1 ? "" : "s"} at once now (up to ${c.ceiling})`;
}

function CountRow(props: { label: string; value: number; testId: string }): JSX.Element {
  const styles = useStyles();
  return (
    <>
      <Caption1>{props.label}</Caption1>
      <Caption1 className={styles.number} data-testid={props.testId}>
        {props.value.toLocaleString("en-US")}
      </Caption1>
    </>
  );
}

type SpendingField = "confirmAbove" | "sessionBudget";
const CREDIT_FIELDS: Array<[SpendingField, string, string, string]> = [
  [
    "confirmAbove",
    "Ask before a recalculation may spend more than (credits)",
    "0 asks every time; empty never asks.",
    "spending-threshold",
  ],
  [
    "sessionBudget",
    "Session budget for cells (credits)",
    "Past it, cells answer only from kept answers. Empty: no budget.",
    "spending-budget",
  ],
];
const creditsText = (value: number | null): string => (value === null ? "" : String(value));

/** The switch, the confirmation threshold and the session budget, kept per user. */
function SpendingSettings(): JSX.Element {
  const styles = useStyles();
  const { services } = usePane();
  const settings = useSettings(services);
  const [form, setForm] = useState({ enabled: true, confirmAbove: "25", sessionBudget: "" });
  const [errors, setErrors] = useState<Partial<Record<SpendingField, string>>>({});
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    if (!settings) return;
    setForm({
      enabled: settings.spendingEnabled,
      confirmAbove: creditsText(settings.confirmAbove),
      sessionBudget: creditsText(settings.sessionBudget),
    });
  }, [settings]);

  const save = async (): Promise<void> => {
    setSaved(null);
    try {
      const change: Partial<Settings> = {
        spendingEnabled: form.enabled,
        confirmAbove: parseCredits(form.confirmAbove, "confirmAbove"),
        sessionBudget: parseCredits(form.sessionBudget, "sessionBudget"),
      };
      await services.settings.save(change);
      setErrors({});
      setSaved(
        form.enabled
          ? "Spending settings saved."
          : "Spending is off: cells answer only from kept answers."
      );
    } catch (error) {
      if (
        error instanceof SettingsError &&
        (error.field === "confirmAbove" || error.field === "sessionBudget")
      )
        setErrors({ [error.field]: error.message });
      else setSaved(errorText(error));
    }
  };

  const edit = (field: SpendingField) => (_: unknown, data: { value: string }) => {
    setForm((f) => ({ ...f, [field]: data.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSaved(null);
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Subtitle2>Spending</Subtitle2>
      <Switch
        label={form.enabled ? "Spending on" : "Spending off: cells answer only from kept answers"}
        checked={form.enabled}
        onChange={(_, data) => {
          setForm((f) => ({ ...f, enabled: data.checked }));
          setSaved(null);
        }}
        data-testid="spending-switch"
      />
      {CREDIT_FIELDS.map(([field, label, hint, testId]) => (
        <Field key={field} label={label} hint={hint} {...fieldError(errors[field])}>
          <Input
            inputMode="decimal"
            value={form[field]}
            onChange={edit(field)}
            data-testid={testId}
          />
        </Field>
      ))}
      <div>
        <Button appearance="primary" type="submit" data-testid="spending-save">
          Save
        </Button>
      </div>
      {saved && (
        <MessageBar intent="success" data-testid="spending-saved">
          <MessageBarBody>{saved}</MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
