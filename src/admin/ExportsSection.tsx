import { useState } from "react";
import { Button, Field, Input, Title3 } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { saveBlob } from "./download";
import { ErrorText } from "./ErrorText";
import { useAdminStyles } from "./styles";

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Usage of a month and the audit of paid requests, as CSV files. */
export function ExportsSection(): JSX.Element {
  const styles = useAdminStyles();
  const { client } = useAdmin();
  const [month, setMonth] = useState(() => today().slice(0, 7));
  const [from, setFrom] = useState(() => `${today().slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const download = useAdminAction(async (path: string) => {
    const { blob, filename } = await client.csv(path);
    saveBlob(blob, filename);
  });
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  return (
    <section className={styles.section} aria-labelledby="exports-title">
      <Title3 as="h2" id="exports-title">
        Exports
      </Title3>
      <div className={styles.form}>
        <Field label="Month" className={styles.narrowField}>
          <Input
            type="month"
            value={month}
            onChange={(_, data) => setMonth(data.value)}
            data-testid="admin-usage-month"
          />
        </Field>
        <Button
          disabled={download.busy}
          onClick={() => void download.run(`/usage.csv?${query({ month })}`)}
          data-testid="admin-usage-csv"
        >
          Download usage (CSV)
        </Button>
      </div>
      <div className={styles.form}>
        <Field label="From" className={styles.narrowField}>
          <Input
            type="date"
            value={from}
            onChange={(_, data) => setFrom(data.value)}
            data-testid="admin-audit-from"
          />
        </Field>
        <Field label="To (included)" className={styles.narrowField}>
          <Input
            type="date"
            value={to}
            onChange={(_, data) => setTo(data.value)}
            data-testid="admin-audit-to"
          />
        </Field>
        <Button
          disabled={download.busy}
          onClick={() => void download.run(`/audit.csv?${query({ from, to })}`)}
          data-testid="admin-audit-csv"
        >
          Download the audit (CSV)
        </Button>
      </div>
      <ErrorText message={download.error} />
    </section>
  );
}
