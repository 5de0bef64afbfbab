import { useState } from "react";
import { useAdmin, useAdminAction } from "./admin-context";
import { AdminSection } from "./AdminSection";
import { ActionForm, AdminField, SubmitButton } from "./form";
import { useAdminStyles } from "./styles";

/** The service's API key replaced on the host, without a restart; it is never shown back. */
export function ServiceKeySection(): JSX.Element {
  const styles = useAdminStyles();
  const { client } = useAdmin();
  const [key, setKey] = useState("");
  const [saved, setSaved] = useState(false);
  const save = useAdminAction(async () => {
    setSaved(false);
    await client.replaceServiceKey(key);
    setKey("");
    setSaved(true);
  });
  const replaced = (value: string) => {
    setKey(value);
    setSaved(false);
  };
  return (
    <AdminSection id="service-key-title" title="Service key">
      <ActionForm className={styles.form} label="Replace the service key" action={save}>
        <AdminField
          label="New service API key"
          hint="The host uses it for every member from the next request on. It is never shown again."
          error={save.error}
          type="password"
          autoComplete="off"
          state={[key, replaced]}
          testId="admin-service-key"
        />
        <SubmitButton action={save} disabled={key === ""} testId="admin-service-key-save">
          Replace the key
        </SubmitButton>
      </ActionForm>
      {saved && (
        <span role="status" data-testid="admin-service-key-saved">
          The service key was replaced.
        </span>
      )}
    </AdminSection>
  );
}
