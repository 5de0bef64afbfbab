import { Button, Caption1, Field, Switch, makeStyles } from "@fluentui/react-components";
import { DECISION_MAKER_CATEGORIES } from "../../api/types";
import { t, type MessageId } from "../../i18n/i18n";
import { geoLeadRequest, type GeoForm } from "../../lists/geo-lead-form";
import { usePane } from "./pane-context";
import { jobOfSearch } from "../../flows/jobs/job-records";
import { usePanelStyles } from "./panel-styles";
import { SpendingOffNote } from "./SpendingOffNote";
import { TextField } from "../../ui/TextField";
import { FieldError, useAsyncAction } from "./use-async-action";
import { submitTo, useForm } from "./use-form";
import { useSpendingOffReason } from "./use-spending";

const useStyles = makeStyles({
  // minmax(0, 1fr): the columns share a narrow pane instead of growing to the inputs' natural width.
  pair: { display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "10px 8px" },
  narrow: { minWidth: 0 },
});

type NumberField = "latitude" | "longitude" | "radius" | "resultLimit";
const NUMBER_FIELDS: Array<[NumberField, MessageId, string, "decimal" | "numeric", string?]> = [
  ["latitude", "geo.latitude", "geo-latitude", "decimal", "48.8566"],
  ["longitude", "geo.longitude", "geo-longitude", "decimal", "2.3522"],
  ["radius", "geo.radius", "geo-radius", "decimal"],
  ["resultLimit", "geo.resultLimit", "geo-result-limit", "numeric"],
];

export function GeoLeadPanel(): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const { services, jobs, show } = usePane();
  const spendingOff = useSpendingOffReason();
  const { form, setForm, edit } = useForm<GeoForm>(
    {
      query: "",
      latitude: "",
      longitude: "",
      radius: "5",
      companyEmails: true,
      categories: "ceo",
      resultLimit: "",
      label: "",
    },
    () => submit.reset()
  );
  const submit = useAsyncAction(async () => {
    const checked = geoLeadRequest(form);
    if (!("request" in checked)) throw new FieldError(checked.field, checked.message);
    const client = await services.client();
    const webhookUrl = (await services.settings.load()).webhookUrl ?? undefined;
    const search = await client.geoLead.create(checked.request, { webhookUrl });
    await jobs.add(jobOfSearch("geo_lead", search));
    show("jobs");
  });

  return (
    <form className={panel.form} onSubmit={submitTo(submit.run)}>
      <TextField
        label={t("geo.query")}
        error={submit.messageFor("query")}
        value={form.query}
        onChange={edit("query")}
        placeholder={t("geo.queryPlaceholder")}
        testId="geo-query"
      />
      <div className={styles.pair}>
        {NUMBER_FIELDS.map(([field, label, testId, inputMode, placeholder]) => (
          <TextField
            key={field}
            label={t(label)}
            error={submit.messageFor(field)}
            value={form[field]}
            onChange={edit(field)}
            inputMode={inputMode}
            placeholder={placeholder}
            className={styles.narrow}
            testId={testId}
          />
        ))}
      </div>
      <Switch
        checked={form.companyEmails}
        onChange={(_, d) => setForm((f) => ({ ...f, companyEmails: d.checked }))}
        label={t("geo.companyEmails")}
        data-testid="geo-company-emails"
      />
      <TextField
        label={t("geo.decisionMakers")}
        hint={DECISION_MAKER_CATEGORIES.join(", ")}
        error={submit.messageFor("categories")}
        value={form.categories}
        onChange={edit("categories")}
        testId="geo-categories"
      />
      <TextField
        label={t("geo.label")}
        value={form.label}
        onChange={edit("label")}
        testId="geo-label"
      />
      <Caption1 className={panel.muted}>{t("geo.costNote")}</Caption1>
      <Field {...submit.errorFor("submit")}>
        <Button
          appearance="primary"
          type="submit"
          disabled={submit.busy || spendingOff !== null}
          data-testid="geo-submit"
        >
          {t("geo.submit")}
        </Button>
        <SpendingOffNote reason={spendingOff} />
      </Field>
    </form>
  );
}
