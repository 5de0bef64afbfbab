import { useState } from "react";
import { Button } from "@fluentui/react-components";
import { AddMemberForm } from "./AddMemberForm";
import { useAdmin, useAdminAction } from "./admin-context";
import { AdminSection } from "./AdminSection";
import type { AdminMember } from "./api-types";
import { DataTable, type Column } from "./DataTable";
import { formatCredits } from "./format";
import { MemberBudget } from "./MemberBudget";
import { MemberTokens } from "./MemberTokens";
import { NewTokenNotice, type ShownToken } from "./NewTokenNotice";
import { ConfirmDialog } from "./ConfirmDialog";
import { useAdminStyles } from "./styles";

/** The members: added, their budgets edited, their tokens issued and revoked, removed. */
export function MembersSection(props: { members: AdminMember[] }): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const [shown, setShown] = useState<ShownToken | null>(null);
  const [removing, setRemoving] = useState<AdminMember | null>(null);
  const remove = useAdminAction(async (id: string) => {
    await client.removeMember(id);
    setRemoving(null);
    await reload();
  });
  const columns: Array<Column<AdminMember>> = [
    { header: "Name", cell: (member) => member.name },
    { header: "Email", cell: (member) => member.email },
    { header: "Monthly budget", cell: (member) => <MemberBudget member={member} /> },
    {
      header: "Spent this month",
      cell: (member) => formatCredits(member.spent_this_month),
      testId: "admin-member-spent",
    },
    { header: "Tokens", cell: (member) => <MemberTokens member={member} onIssued={setShown} /> },
    {
      header: <span className={styles.muted}>Actions</span>,
      cell: (member) => (
        <Button
          size="small"
          onClick={() => {
            remove.clear();
            setRemoving(member);
          }}
          aria-label={`Remove ${member.name}`}
          data-testid="admin-member-remove"
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <AdminSection id="members-title" title="Members" testId="admin-members-section">
      {shown && <NewTokenNotice shown={shown} onDismiss={() => setShown(null)} />}
      <AddMemberForm onIssued={setShown} />
      {props.members.length === 0 ? (
        <p className={styles.muted}>No members yet.</p>
      ) : (
        <DataTable
          label="Members"
          testId="admin-members"
          columns={columns}
          rows={props.members}
          rowKey={(member) => member.id}
          rowAttributes={(member) => ({
            "data-testid": "admin-member-row",
            "data-member-id": member.id,
          })}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.name ?? ""}?`}
        action="Remove"
        testId="admin-member-remove"
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => removing && void remove.run(removing.id)}
        onCancel={() => setRemoving(null)}
      >
        Their tokens stop working at once. What they spent stays in the usage and the audit.
      </ConfirmDialog>
    </AdminSection>
  );
}
