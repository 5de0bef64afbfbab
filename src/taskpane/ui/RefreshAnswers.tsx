import { useEffect, useId, useState } from "react";
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  makeStyles,
} from "@fluentui/react-components";
import { MAX_AGE_DAYS } from "../../runtime/settings";
import { t } from "../../i18n/i18n";
import { outcomeText, type RefreshOutcome } from "../../flows/refresh/refresh-outcome";
import { usePane } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { TextField } from "../../ui/TextField";
import { FieldError, useAsyncAction } from "./use-async-action";
import { useSettings } from "./use-spending";

/** What a count found: the old answers, what asking them again may cost, and how to do it. */
export interface RefreshCount {
  old: number;
  /** Rows rewritten without a lookup (answers of bounced addresses); the run does them too. */
  rewrites?: number;
  maxCredits: number;
  /** Said under the count (cells without a kept answer…). */
  notes: string[];
  run: () => Promise<{ outcome: RefreshOutcome; notes: string[] }>;
}

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", gap: "8px" },
  row: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

const DEFAULT_AGE_DAYS = 60;

function parseAge(text: string): number {
  const trimmed = text.trim();
  const days = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(days) || days > MAX_AGE_DAYS)
    throw new FieldError("age", t("refresh.ageInvalid", { max: MAX_AGE_DAYS }));
  return days;
}

/**
 * Refresh: *Refresh answers older than N days* — count first (how many, the most
 * they can cost), then look only those up again, and say what changed. The target (the
 * selection's cells, an enriched list) is the caller's.
 */
export function RefreshAnswers(props: {
  note: string;
  checkLabel: string;
  count: (days: number) => Promise<RefreshCount>;
  /** Counting is not possible now (no list read yet…): the reason, or null. */
  unavailable?: string | null;
  /** Counts at once each time this changes (the cell menu's Refresh, numbered). */
  checkNow?: number | null;
}): JSX.Element {
  const styles = useStyles();
  const panel = usePanelStyles();
  const { services } = usePane();
  const settings = useSettings(services);
  const [ageText, setAgeText] = useState<string | null>(null);
  const shownAge = ageText ?? String(settings?.maxAgeDays ?? DEFAULT_AGE_DAYS);
  const [count, setCount] = useState<(RefreshCount & { days: number }) | null>(null);
  const [result, setResult] = useState<{ outcome: RefreshOutcome; notes: string[] } | null>(null);
  const [running, setRunning] = useState(false);
  const titleId = useId();

  const check = useAsyncAction(
    async () => {
      setCount(null);
      setResult(null);
      const days = parseAge(shownAge);
      setCount({ ...(await props.count(days)), days });
    },
    { fields: ["age", "check"], fallback: "check" }
  );
  const run = useAsyncAction(
    async () => {
      if (!count) return;
      setRunning(true);
      try {
        setResult(await count.run());
        setCount(null);
      } finally {
        setRunning(false);
      }
    },
    { fields: ["run"], fallback: "run" }
  );

  useEffect(() => {
    if (props.checkNow !== null && props.checkNow !== undefined) void check.run();
    // Each request counts once; the age shown then is the one used.
  }, [props.checkNow]);

  const busy = check.busy || run.busy;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Subtitle2 id={titleId}>{t("refresh.title")}</Subtitle2>
      <Caption1 className={panel.muted}>{props.note}</Caption1>
      <TextField
        label={t("refresh.age")}
        inputMode="numeric"
        value={shownAge}
        onChange={(_, d) => {
          setAgeText(d.value);
          setCount(null);
          check.reset("age");
        }}
        error={check.messageFor("age")}
        testId="refresh-age"
      />
      <div className={styles.row}>
        <Button
          onClick={() => void check.run()}
          disabled={busy || Boolean(props.unavailable)}
          data-testid="refresh-check"
        >
          {props.checkLabel}
        </Button>
      </div>
      {props.unavailable && <Caption1 className={panel.muted}>{props.unavailable}</Caption1>}
      <RefreshError message={check.messageFor("check")} />
      {count && (
        <>
          <Caption1
            data-testid="refresh-count"
            data-count={count.old}
            data-max-credits={count.maxCredits}
          >
            {t("refresh.count", { count: count.old, days: count.days, credits: count.maxCredits })}
          </Caption1>
          {count.notes.map((note) => (
            <Caption1 key={note} className={panel.muted}>
              {note}
            </Caption1>
          ))}
          <div className={styles.row}>
            <Button
              appearance="primary"
              disabled={busy || count.old + (count.rewrites ?? 0) === 0}
              onClick={() => void run.run()}
              data-testid="refresh-run"
            >
              {t("refresh.run", { count: count.old })}
            </Button>
            {running && (
              <Button onClick={() => services.lookups.stop()} data-testid="refresh-stop">
                {t("lookups.stop")}
              </Button>
            )}
          </div>
        </>
      )}
      {running && <Caption1 role="status">{t("refresh.working")}</Caption1>}
      <RefreshError message={run.messageFor("run")} />
      {result && (
        <MessageBar
          intent="success"
          data-testid="refresh-changed"
          data-count={result.outcome.changed}
        >
          <MessageBarBody>
            {[outcomeText(result.outcome), ...result.notes].join(" ")}
          </MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}

/** Why counting or refreshing failed, under its button. */
function RefreshError(props: { message: string | null }): JSX.Element | null {
  if (!props.message) return null;
  return (
    <MessageBar intent="error" data-testid="refresh-error">
      <MessageBarBody>{props.message}</MessageBarBody>
    </MessageBar>
  );
}
