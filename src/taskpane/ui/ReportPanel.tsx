import { useState } from "react";
import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Textarea,
  makeStyles,
} from "@fluentui/react-components";
import { isValidEmail } from "../../api/normalize";
import { readActiveCellText } from "../excel/selection";
import { errorText, usePane } from "./pane-context";
import { fieldError } from "./field-error";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  row: { display: "flex", gap: "8px", alignItems: "flex-end" },
  grow: { flexGrow: 1 },
});

const MAX_INFO = 500; // spec 4.5

type FormField = "email" | "info" | "submit";

/** Report a bad email (spec 4.5): the credit of a charged email that bounced is returned. */
export function ReportPanel(): JSX.Element {
  const styles = useStyles();
  const { services } = usePane();
  const [email, setEmail] = useState("");
  const [info, setInfo] = useState("");
  const [bounce, setBounce] = useState("");
  const [error, setError] = useState<{ field: FormField; message: string } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errorFor = (field: FormField) => fieldError(error?.field === field ? error.message : null);

  const fromCell = async (): Promise<void> => {
    try {
      const text = await readActiveCellText();
      if (!text) return setError({ field: "email", message: "The selected cell is empty." });
      setEmail(text.trim());
      setError(null);
    } catch (e) {
      setError({ field: "email", message: errorText(e) });
    }
  };

  const submit = async (): Promise<void> => {
    setSent(null);
    if (!isValidEmail(email))
      return setError({ field: "email", message: "Enter a valid email address." });
    if (!info.trim())
      return setError({
        field: "info",
        message: "Say why the email is bad (for example: hard bounce).",
      });
    if (info.length > MAX_INFO)
      return setError({ field: "info", message: `At most ${MAX_INFO} characters.` });
    setBusy(true);
    setError(null);
    try {
      const client = await services.client();
      const before = client.credits.snapshot.creditsLeft;
      await client.reportBadEmail({
        email: email.trim(),
        additional_info: info.trim(),
        ...(bounce.trim() ? { bounce_message: bounce.trim() } : {}),
      });
      const account = await client.account();
      const refunded =
        before !== null ? Math.round((account.credits_left - before) * 1000) / 1000 : 0;
      setSent(
        refunded > 0
          ? `Reported. ${refunded} credit${refunded === 1 ? "" : "s"} returned.`
          : "Reported. Thank you."
      );
      setEmail("");
      setInfo("");
      setBounce("");
    } catch (e) {
      setError({ field: "submit", message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className={styles.row}>
        <Field label="Email" className={styles.grow} {...errorFor("email")}>
          <Input
            value={email}
            onChange={(_, d) => {
              setEmail(d.value);
              setError(null);
            }}
            data-testid="report-email"
          />
        </Field>
        <Button onClick={() => void fromCell()} data-testid="report-from-cell">
          From the selected cell
        </Button>
      </div>
      <Field label={`Why is it bad? (${info.length}/${MAX_INFO})`} {...errorFor("info")}>
        <Textarea
          value={info}
          onChange={(_, d) => {
            setInfo(d.value);
            setError(null);
          }}
          maxLength={MAX_INFO}
          resize="vertical"
          data-testid="report-info"
        />
      </Field>
      <Field label="Bounce message (optional)">
        <Textarea
          value={bounce}
          onChange={(_, d) => setBounce(d.value)}
          resize="vertical"
          data-testid="report-bounce"
        />
      </Field>
      <Field {...errorFor("submit")}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="report-submit">
          Report
        </Button>
      </Field>
      {sent && (
        <MessageBar intent="success">
          <MessageBarBody data-testid="report-done">{sent}</MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
