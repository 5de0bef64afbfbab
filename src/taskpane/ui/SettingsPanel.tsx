import { useEffect, useState } from "react";
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  type InputProps,
} from "@fluentui/react-components";
import { t, type MessageId } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import type { Settings } from "../../runtime/settings";
import { ActionMessage } from "./ActionMessage";
import { HelpLinks } from "./HelpLinks";
import { usePanelStyles } from "./panel-styles";
import { TextField } from "../../ui/TextField";
import { useAsyncAction } from "./use-async-action";
import { submitTo, useForm } from "./use-form";
import { MicrosoftSignIn } from "./MicrosoftSignIn";
import { useStorageDenied } from "./use-storage-denied";
import { useTeam } from "./use-team";
import { RunButton } from "./RunButton";

const useStyles = makeStyles({ actions: { display: "flex", gap: "8px" } });

type SettingsField = "apiKey" | "baseUrl" | "webhookUrl" | "maxConcurrency" | "maxAgeDays";
const FIELDS: Array<[SettingsField, MessageId, MessageId, string, Partial<InputProps>?]> = [
  [
    "apiKey",
    "settings.apiKey",
    "settings.apiKeyHint",
    "settings-api-key",
    { type: "password", autoComplete: "off" },
  ],
  ["baseUrl", "settings.baseUrl", "settings.baseUrlHint", "settings-base-url"],
  ["webhookUrl", "settings.webhookUrl", "settings.webhookUrlHint", "settings-webhook-url"],
  [
    "maxConcurrency",
    "settings.maxConcurrency",
    "settings.maxConcurrencyHint",
    "settings-max-concurrency",
    { inputMode: "numeric" },
  ],
  [
    "maxAgeDays",
    "settings.maxAge",
    "settings.maxAgeHint",
    "settings-max-age",
    { inputMode: "numeric" },
  ],
];

/** On a team host the key field holds the member's own team token. */
const TEAM_TOKEN_LABELS: [MessageId, MessageId] = ["settings.teamToken", "settings.teamTokenHint"];

type SettingsForm = Record<SettingsField, string>;

const EMPTY_FORM: SettingsForm = {
  apiKey: "",
  baseUrl: "",
  webhookUrl: "",
  maxConcurrency: "",
  maxAgeDays: "",
};

const formOf = (s: Settings): SettingsForm => ({
  apiKey: s.apiKey ?? "",
  baseUrl: s.baseUrl,
  webhookUrl: s.webhookUrl ?? "",
  maxConcurrency: s.maxConcurrency === null ? "" : String(s.maxConcurrency),
  maxAgeDays: s.maxAgeDays === null ? "" : String(s.maxAgeDays),
});

interface ConnectionReport {
  healthy: boolean;
  email: string;
  creditsLeft: number;
}

/**
 * API key (masked; per user, never in the workbook), base URL, webhook URL, test connection;
 * links to help, support and privacy.
 */
export function SettingsPanel({ services }: { services: Services }): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const team = useTeam(services).team;
  // The browser keeps nothing of the add-in's (docs/user-guide.md): the key lasts the session.
  const storageDenied = useStorageDenied(services);
  const { form, setForm, edit } = useForm(
    // The settings are read before the pane's first render: the form starts with them, so that
    // nothing typed before they arrive is overwritten by them.
    services.settings.isLoaded ? formOf(services.settings.value) : EMPTY_FORM,
    (field) => {
      save.reset(field);
      if (field === "baseUrl") setBaseUrlEdited(true);
    }
  );
  // A saved base URL refused at load (the default is in force) is said beside the field until
  // the user changes the field or a save replaces it.
  const [baseUrlEdited, setBaseUrlEdited] = useState(false);
  const storedRefusal = baseUrlEdited ? null : services.settings.refusedAtLoad()?.message;
  useEffect(() => {
    if (services.settings.isLoaded) return;
    void services.settings.load().then((s) => setForm(formOf(s)));
  }, [services, setForm]);

  // An error that names no field of the form is shown under the base URL, the usual culprit.
  const save = useAsyncAction(
    async () => {
      await services.settings.save({
        apiKey: form.apiKey,
        baseUrl: form.baseUrl,
        webhookUrl: form.webhookUrl,
        maxConcurrency: form.maxConcurrency.trim() === "" ? null : Number(form.maxConcurrency),
        maxAgeDays: form.maxAgeDays.trim() === "" ? null : Number(form.maxAgeDays),
      });
      return t(services.storageDenial.denied ? "settings.savedForSession" : "settings.saved");
    },
    { fields: FIELDS.map(([field]) => field), fallback: "baseUrl" }
  );

  /** Saves the form, then asks the service for its status and the account. */
  const test = useAsyncAction(async (): Promise<ConnectionReport | null> => {
    if (!(await save.run())) return null;
    const client = await services.client();
    const status = await client.status();
    const account = await client.account();
    return { healthy: status.healthy, email: account.email, creditsLeft: account.credits_left };
  });
  const report = test.done;
  // A new save makes the last connection report stale: its message gives way to "saved".
  const saveOnly = () => {
    test.reset();
    return save.run();
  };

  return (
    <form className={panel.form} onSubmit={submitTo(saveOnly)}>
      <MicrosoftSignIn services={services} />
      {FIELDS.map(([field, keyLabel, keyHint, testId, input]) => {
        const [label, teamOrKeyHint] =
          field === "apiKey" && team ? TEAM_TOKEN_LABELS : [keyLabel, keyHint];
        const hint =
          field === "apiKey" && storageDenied ? "settings.apiKeyHintNotKept" : teamOrKeyHint;
        return (
          <TextField
            key={field}
            label={t(label)}
            hint={t(hint, { team: team?.name ?? "" })}
            error={save.messageFor(field) ?? (field === "baseUrl" ? storedRefusal : undefined)}
            value={form[field]}
            onChange={edit(field)}
            testId={testId}
            {...input}
          />
        );
      })}
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" data-testid="settings-save">
          {t("settings.save")}
        </Button>
        <RunButton run={test.run} busy={test.busy} testId="settings-test">
          {t("settings.testConnection")}
        </RunButton>
        {test.busy && <Spinner size="tiny" />}
      </div>
      {!report && !test.error && <ActionMessage done={save.done} />}
      {(report || test.error) && (
        <MessageBar intent={report?.healthy ? "success" : "error"} data-testid="connection-report">
          <MessageBarBody>
            {report ? (
              t(report.healthy ? "settings.connectionHealthy" : "settings.connectionDown", {
                email: report.email,
                credits: report.creditsLeft,
              })
            ) : (
              <span data-testid="error-message">{test.error?.message}</span>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <HelpLinks />
    </form>
  );
}
