import { useEffect, useState } from "react";
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
} from "@fluentui/react-components";
import { ApiError } from "../../client/errors";
import type { Services } from "../../runtime/services";
import { SettingsError, type Settings } from "../../runtime/settings";
import { fieldError } from "./field-error";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  actions: { display: "flex", gap: "8px" },
});

type FieldErrors = Partial<Record<keyof Settings, string>>;

interface ConnectionReport {
  healthy: boolean;
  email?: string;
  creditsLeft?: number;
  error?: string;
}

/** API key (masked; per user, never in the workbook), base URL, webhook URL, test connection. */
export function SettingsPanel({ services }: { services: Services }): JSX.Element {
  const styles = useStyles();
  const [form, setForm] = useState({
    apiKey: "",
    baseUrl: "",
    webhookUrl: "",
    maxConcurrency: "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<ConnectionReport | null>(null);

  useEffect(() => {
    void services.settings.load().then((s) =>
      setForm({
        apiKey: s.apiKey ?? "",
        baseUrl: s.baseUrl,
        webhookUrl: s.webhookUrl ?? "",
        maxConcurrency: s.maxConcurrency === null ? "" : String(s.maxConcurrency),
      })
    );
  }, [services]);

  const update = (field: keyof typeof form) => (_: unknown, data: { value: string }) => {
    setForm((f) => ({ ...f, [field]: data.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setSaved(false);
  };

  const save = async (): Promise<boolean> => {
    try {
      await services.settings.save({
        apiKey: form.apiKey,
        baseUrl: form.baseUrl,
        webhookUrl: form.webhookUrl,
        maxConcurrency: form.maxConcurrency.trim() === "" ? null : Number(form.maxConcurrency),
      });
      setErrors({});
      setSaved(true);
      return true;
    } catch (error) {
      if (error instanceof SettingsError) setErrors({ [error.field]: error.message });
      else setErrors({ baseUrl: error instanceof Error ? error.message : String(error) });
      return false;
    }
  };

  const test = async (): Promise<void> => {
    if (!(await save())) return;
    setTesting(true);
    setReport(null);
    try {
      const client = await services.client();
      const status = await client.status();
      const account = await client.account();
      setReport({
        healthy: status.healthy,
        email: account.email,
        creditsLeft: account.credits_left,
      });
    } catch (error) {
      setReport({
        healthy: false,
        error: error instanceof ApiError || error instanceof Error ? error.message : String(error),
      });
    } finally {
      setTesting(false);
    }
  };

  const message = (field: keyof Settings) => fieldError(errors[field]);

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Field
        label="API key"
        hint="Kept for you on this device, never in the workbook."
        {...message("apiKey")}
      >
        <Input
          type="password"
          autoComplete="off"
          value={form.apiKey}
          onChange={update("apiKey")}
          data-testid="settings-api-key"
        />
      </Field>
      <Field
        label="Base URL"
        hint="The service, or a same-origin relay path such as /api."
        {...message("baseUrl")}
      >
        <Input value={form.baseUrl} onChange={update("baseUrl")} data-testid="settings-base-url" />
      </Field>
      <Field
        label="Webhook URL (optional)"
        hint="Bulk, GeoLead and domain-file results are also posted here."
        {...message("webhookUrl")}
      >
        <Input
          value={form.webhookUrl}
          onChange={update("webhookUrl")}
          data-testid="settings-webhook-url"
        />
      </Field>
      <Field
        label="Requests at once (optional)"
        hint="Empty: automatic (6 over HTTP/1.1; over HTTP/2 it adapts to the service, up to 64)."
        {...message("maxConcurrency")}
      >
        <Input
          inputMode="numeric"
          value={form.maxConcurrency}
          onChange={update("maxConcurrency")}
          data-testid="settings-max-concurrency"
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" data-testid="settings-save">
          Save
        </Button>
        <Button onClick={() => void test()} disabled={testing} data-testid="settings-test">
          Test connection
        </Button>
        {testing && <Spinner size="tiny" />}
      </div>
      {saved && !report && (
        <MessageBar intent="success">
          <MessageBarBody>Settings saved.</MessageBarBody>
        </MessageBar>
      )}
      {report && (
        <MessageBar
          intent={report.healthy && !report.error ? "success" : "error"}
          data-testid="connection-report"
        >
          <MessageBarBody>
            {report.error ? (
              <span data-testid="error-message">{report.error}</span>
            ) : (
              `Service ${report.healthy ? "healthy" : "down"} · account ${report.email} · ${report.creditsLeft} credits left`
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
