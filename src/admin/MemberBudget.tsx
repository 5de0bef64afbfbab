import { useState } from "react";
import { Button, Input } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import type { AdminMember } from "./api-types";
import { ErrorText } from "./ErrorText";
import { budgetText, typedBudget } from "./format";
import { useAdminStyles } from "./styles";

/** A member's monthly budget, edited in place (empty for no limit). */
export function MemberBudget(props: { member: AdminMember }): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const { member } = props;
  const [text, setText] = useState(budgetText(member.monthly_budget));
  const save = useAdminAction(async () => {
    await client.updateMember(member.id, { monthly_budget: typedBudget(text) });
    await reload();
  });
  return (
    <div className={styles.column}>
      <div className={styles.inline}>
        <Input
          className={styles.narrowField}
          inputMode="decimal"
          placeholder="No limit"
          value={text}
          onChange={(_, data) => {
            setText(data.value);
            save.clear();
          }}
          aria-label={`Monthly budget of ${member.name}, in credits (empty for no limit)`}
          data-testid="admin-member-row-budget"
        />
        <Button
          size="small"
          disabled={save.busy}
          onClick={() => void save.run()}
          data-testid="admin-member-budget-save"
        >
          Save
        </Button>
      </div>
      <ErrorText message={save.error} />
    </div>
  );
}
