import { useState } from "react";
import { Button, Field, Input, Title2 } from "@fluentui/react-components";
import { AdminApiError, AdminClient } from "./admin-client";
import { fieldError } from "./ErrorText";
import { useAdminStyles } from "./styles";

/**
 * The admin token, checked against the host before the page uses it. `refusal` is the host's
 * word when a token in use was refused later (replaced on the host).
 */
export function SignIn(props: {
  refusal: string | null;
  onSignIn: (token: string) => void;
}): JSX.Element {
  const styles = useAdminStyles();
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(props.refusal);

  const submit = async (): Promise<void> => {
    const value = token.trim();
    if (!value) {
      setError("Enter the admin token that the host was started with.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await new AdminClient(value).team();
      props.onSignIn(value);
    } catch (caught) {
      setError(caught instanceof AdminApiError ? caught.message : String(caught));
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.signIn}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Title2 as="h1">Mail Finder team administration</Title2>
      <Field
        label="Admin token"
        hint="Kept in this browser tab only, until you sign out or close it."
        {...fieldError(error)}
      >
        <Input
          type="password"
          autoComplete="off"
          value={token}
          onChange={(_, data) => setToken(data.value)}
          data-testid="admin-token"
        />
      </Field>
      <Button appearance="primary" type="submit" disabled={busy} data-testid="admin-sign-in">
        {busy ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
