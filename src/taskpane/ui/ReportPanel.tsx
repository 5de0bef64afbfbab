import { Button, Divider, Field, Textarea, makeStyles } from "@fluentui/react-components";
import { isValidEmail } from "../../api/normalize";
import { t } from "../../i18n/i18n";
import { readActiveCellText } from "../../workbook/selection";
import { ActionMessage } from "./ActionMessage";
import { BounceReport } from "./BounceReport";
import { usePane } from "./pane-context";
import { usePanelStyles } from "./panel-styles";
import { TextField } from "../../ui/TextField";
import { FieldError, atField, useAsyncAction } from "./use-async-action";
import { submitTo, useForm } from "./use-form";

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px", alignItems: "flex-end" },
  grow: { flexGrow: 1 },
});

const MAX_INFO = 500; // docs/interface.md, Bad-email reports

/**
 * Report a bad email (docs/interface.md, Bad-email reports): the credit of a charged email that
 * bounced is returned. One from the form, or many bounces at once (BounceReport).
 */
export function ReportPanel(): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const { services } = usePane();
  const { form, setForm, edit } = useForm({ email: "", info: "", bounce: "" }, (field) => {
    if (field !== "bounce") action.reset();
  });
  const action = useAsyncAction((work: () => Promise<string | undefined>) => work());

  const fromCell = () =>
    action.run(async () => {
      const text = await atField("email", readActiveCellText());
      if (!text) throw new FieldError("email", t("report.cellEmpty"));
      setForm((f) => ({ ...f, email: text.trim() }));
      return undefined;
    });

  const submit = () =>
    action.run(async () => {
      const { email, info, bounce } = form;
      if (!isValidEmail(email)) throw new FieldError("email", t("report.invalidEmail"));
      if (!info.trim()) throw new FieldError("info", t("report.whyRequired"));
      if (info.length > MAX_INFO)
        throw new FieldError("info", t("report.whyTooLong", { max: MAX_INFO }));
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
      setForm({ email: "", info: "", bounce: "" });
      return refunded > 0 ? t("report.refunded", { credits: refunded }) : t("report.thanks");
    });

  return (
    <div className={panel.form}>
      <form className={panel.form} onSubmit={submitTo(submit)}>
        <div className={styles.row}>
          <TextField
            label={t("report.email")}
            fieldClassName={styles.grow}
            error={action.messageFor("email")}
            value={form.email}
            onChange={edit("email")}
            testId="report-email"
          />
          <Button onClick={() => void fromCell()} data-testid="report-from-cell">
            {t("report.fromCell")}
          </Button>
        </div>
        <Field
          label={t("report.why", { length: form.info.length, max: MAX_INFO })}
          {...action.errorFor("info")}
        >
          <Textarea
            value={form.info}
            onChange={edit("info")}
            maxLength={MAX_INFO}
            resize="vertical"
            data-testid="report-info"
          />
        </Field>
        <Field label={t("report.bounce")}>
          <Textarea
            value={form.bounce}
            onChange={edit("bounce")}
            resize="vertical"
            data-testid="report-bounce"
          />
        </Field>
        <Field {...action.errorFor("submit")}>
          <Button
            appearance="primary"
            type="submit"
            disabledFocusable={action.busy}
            data-testid="report-submit"
          >
            {t("report.submit")}
          </Button>
        </Field>
        <ActionMessage done={action.done} testId="report-done" />
      </form>
      <Divider />
      <BounceReport />
    </div>
  );
}
