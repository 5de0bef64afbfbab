import { useState } from "react";
import {
  Button,
  Caption1,
  Field,
  Input,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { geoLeadRequest, type GeoForm, type GeoFormField } from "../geo-lead/geo-lead-form";
import { errorText, usePane } from "./pane-context";
import { fieldError } from "./field-error";
import { jobOfSearch } from "../jobs/job-records";
import { SpendingOffNote } from "./SpendingOffNote";
import { useSpendingOffReason } from "./use-spending";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  // minmax(0, 1fr): the columns share a narrow pane instead of growing to the inputs' natural width.
  pair: { display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "8px" },
  narrow: { minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function GeoLeadPanel(): JSX.Element {
  const styles = useStyles();
  const { services, jobs, tracker, show } = usePane();
  const spendingOff = useSpendingOffReason();
  const [form, setForm] = useState<GeoForm>({
    query: "",
    latitude: "",
    longitude: "",
    radius: "5",
    companyEmails: true,
    categories: "ceo",
    resultLimit: "",
    label: "",
  });
  const [error, setError] = useState<{ field: GeoFormField; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof GeoForm) => (_: unknown, data: { value: string }) => {
    setForm((f) => ({ ...f, [field]: data.value }));
    setError(null);
  };
  const errorFor = (field: GeoFormField) =>
    fieldError(error?.field === field ? error.message : null);

  const submit = async (): Promise<void> => {
    const checked = geoLeadRequest(form);
    if (!("request" in checked)) return setError(checked);
    setBusy(true);
    try {
      const client = await services.client();
      const webhookUrl = (await services.settings.load()).webhookUrl ?? undefined;
      const search = await client.geoLead.create(checked.request, { webhookUrl });
      await jobs.add(jobOfSearch("geo_lead", search));
      tracker.start();
      show("jobs");
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
      <Field label="Search for" {...errorFor("query")}>
        <Input
          value={form.query}
          onChange={set("query")}
          placeholder="dentist"
          data-testid="geo-query"
        />
      </Field>
      <div className={styles.pair}>
        <Field label="Latitude" {...errorFor("latitude")}>
          <Input
            value={form.latitude}
            onChange={set("latitude")}
            inputMode="decimal"
            placeholder="48.8566"
            className={styles.narrow}
            data-testid="geo-latitude"
          />
        </Field>
        <Field label="Longitude" {...errorFor("longitude")}>
          <Input
            value={form.longitude}
            onChange={set("longitude")}
            inputMode="decimal"
            placeholder="2.3522"
            className={styles.narrow}
            data-testid="geo-longitude"
          />
        </Field>
      </div>
      <div className={styles.pair}>
        <Field label="Radius (km, 1-25)" {...errorFor("radius")}>
          <Input
            value={form.radius}
            onChange={set("radius")}
            inputMode="decimal"
            className={styles.narrow}
            data-testid="geo-radius"
          />
        </Field>
        <Field label="Result limit (optional)" {...errorFor("resultLimit")}>
          <Input
            value={form.resultLimit}
            onChange={set("resultLimit")}
            inputMode="numeric"
            className={styles.narrow}
            data-testid="geo-result-limit"
          />
        </Field>
      </div>
      <Switch
        checked={form.companyEmails}
        onChange={(_, d) => setForm((f) => ({ ...f, companyEmails: d.checked }))}
        label="Find company emails"
        data-testid="geo-company-emails"
      />
      <Field
        label="Decision makers (optional, most important first)"
        hint="ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales"
        {...errorFor("categories")}
      >
        <Input value={form.categories} onChange={set("categories")} data-testid="geo-categories" />
      </Field>
      <Field label="Label (optional)">
        <Input value={form.label} onChange={set("label")} data-testid="geo-label" />
      </Field>
      <Caption1 className={styles.muted}>
        Creating the search is free; results are paid at download (1 credit per valid email, 2 per
        decision maker), after a free preview.
      </Caption1>
      <Field {...errorFor("submit")}>
        <Button
          appearance="primary"
          type="submit"
          disabled={busy || spendingOff !== null}
          data-testid="geo-submit"
        >
          Start the GeoLead search
        </Button>
        <SpendingOffNote reason={spendingOff} />
      </Field>
    </form>
  );
}
