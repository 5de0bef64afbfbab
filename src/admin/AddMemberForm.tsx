import { useState } from "react";
import { useAdmin, useAdminAction } from "./admin-context";
import { ErrorText } from "./ErrorText";
import { ActionForm, AdminField, SubmitButton } from "./form";
import { BUDGET_HINT, typedBudget } from "./format";
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
    const monthlyBudget = typedBudget(budget);
    const { token } = await client.addMember({ name, email, monthly_budget: monthlyBudget });
    props.onIssued({ memberName: name.trim(), token });
    setName("");
    setEmail("");
    setBudget("");
    await reload();
  });
  // An edit clears the last refusal: it was about what the fields said then.
  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    add.clear();
  };
  return (
    <ActionForm className={styles.section} label="Add a member" action={add} noValidate>
      <div className={styles.form}>
        <AdminField label="Name" state={[name, edited(setName)]} testId="admin-member-name" />
        <AdminField
          label="Email"
          type="email"
          state={[email, edited(setEmail)]}
          testId="admin-member-email"
        />
        <AdminField
          label="Monthly budget"
          hint={BUDGET_HINT}
          inputMode="decimal"
          state={[budget, edited(setBudget)]}
          testId="admin-member-budget"
        />
        <SubmitButton action={add} testId="admin-member-add">
          Add member
        </SubmitButton>
      </div>
      <ErrorText message={add.error} />
    </ActionForm>
  );
}
