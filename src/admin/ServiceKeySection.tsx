import { useState } from "react";
import { Button, Field, Input, Title3 } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { fieldError } from "./ErrorText";
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
  return (
    <section className={styles.section} aria-labelledby="service-key-title">
      <Title3 as="h2" id="service-key-title">
        Service key
      </Title3>
      <form
        className={styles.form}
        aria-label="Replace the service key"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <Field
          label="New service API key"
          hint="The host uses it for every member from the next request on. It is never shown again."
          className={styles.field}
          {...fieldError(save.error)}
        >
          <Input
            type="password"
            autoComplete="off"
            value={key}
            onChange={(_, data) => {
              setKey(data.value);
              setSaved(false);
            }}
            data-testid="admin-service-key"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabled={save.busy || key === ""}
          data-testid="admin-service-key-save"
        >
          Replace the key
        </Button>
      </form>
      {saved && (
        <span role="status" data-testid="admin-service-key-saved">
          The service key was replaced.
        </span>
      )}
    </section>
  );
}
