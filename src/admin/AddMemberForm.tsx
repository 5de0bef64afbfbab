import { useState } from "react";
import { Button, Field, Input } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { ErrorText } from "./ErrorText";
import { BUDGET_HINT, NOT_A_NUMBER, parseBudget } from "./format";
import type { ShownToken } from "./NewTokenNotice";
import { useAdminStyles } from "./styles";

/** A new member: name, email and budget; their first token is shown once. */
export function AddMemberForm(props: { onIssued: (shown: ShownToken) => void }): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [budget, setBudget] = useState("");
  const add = useAdminAction(async () => {
    const monthlyBudget = parseBudget(budget);
    if (monthlyBudget === undefined) throw new Error(NOT_A_NUMBER);
    const { token } = await client.addMember({ name, email, monthly_budget: monthlyBudget });
    props.onIssued({ memberName: name.trim(), token });
    setName("");
    setEmail("");
    setBudget("");
    await reload();
  });
  return (
    <form
      className={styles.section}
      aria-label="Add a member"
      // The host checks the fields and says what is wrong (the browser's own bubbles would not).
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add.run();
      }}
    >
      <div className={styles.form}>
        <Field label="Name" className={styles.field}>
          <Input
            value={name}
            onChange={(_, data) => {
              setName(data.value);
              add.clear();
            }}
            data-testid="admin-member-name"
          />
        </Field>
        <Field label="Email" className={styles.field}>
          <Input
            type="email"
            value={email}
            onChange={(_, data) => {
              setEmail(data.value);
              add.clear();
            }}
            data-testid="admin-member-email"
          />
        </Field>
        <Field label="Monthly budget" hint={BUDGET_HINT} className={styles.field}>
          <Input
            inputMode="decimal"
            value={budget}
            onChange={(_, data) => {
              setBudget(data.value);
              add.clear();
            }}
            data-testid="admin-member-budget"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabled={add.busy}
          data-testid="admin-member-add"
        >
          Add member
        </Button>
      </div>
      <ErrorText message={add.error} />
    </form>
  );
}
