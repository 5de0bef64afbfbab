import { useState } from "react";
import { Button } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { AdminSection } from "./AdminSection";
import { saveBlob } from "./download";
import { ErrorText } from "./ErrorText";
import { AdminField } from "./form";
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
    <AdminSection id="exports-title" title="Exports">
      <div className={styles.form}>
        <AdminField
          label="Month"
          narrow
          type="month"
          state={[month, setMonth]}
          testId="admin-usage-month"
        />
        <Button
          disabled={download.busy}
          onClick={() => void download.run(`/usage.csv?${query({ month })}`)}
          data-testid="admin-usage-csv"
        >
          Download usage (CSV)
        </Button>
      </div>
      <div className={styles.form}>
        <AdminField
          label="From"
          narrow
          type="date"
          state={[from, setFrom]}
          testId="admin-audit-from"
        />
        <AdminField
          label="To (included)"
          narrow
          type="date"
          state={[to, setTo]}
          testId="admin-audit-to"
        />
        <Button
          disabled={download.busy}
          onClick={() => void download.run(`/audit.csv?${query({ from, to })}`)}
          data-testid="admin-audit-csv"
        >
          Download the audit (CSV)
        </Button>
      </div>
      <ErrorText message={download.error} />
    </AdminSection>
  );
}
