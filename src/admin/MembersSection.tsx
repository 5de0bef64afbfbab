import { useState } from "react";
import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from "@fluentui/react-components";
import { AddMemberForm } from "./AddMemberForm";
import { useAdmin, useAdminAction } from "./admin-context";
import type { AdminMember } from "./api-types";
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
  return (
    <section
      className={styles.section}
      aria-labelledby="members-title"
      data-testid="admin-members-section"
    >
      <Title3 as="h2" id="members-title">
        Members
      </Title3>
      {shown && <NewTokenNotice shown={shown} onDismiss={() => setShown(null)} />}
      <AddMemberForm onIssued={setShown} />
      {props.members.length === 0 ? (
        <p className={styles.muted}>No members yet.</p>
      ) : (
        <Table aria-label="Members" data-testid="admin-members">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Email</TableHeaderCell>
              <TableHeaderCell>Monthly budget</TableHeaderCell>
              <TableHeaderCell>Spent this month</TableHeaderCell>
              <TableHeaderCell>Tokens</TableHeaderCell>
              <TableHeaderCell>
                <span className={styles.muted}>Actions</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.members.map((member) => (
              <TableRow key={member.id} data-testid="admin-member-row" data-member-id={member.id}>
                <TableCell>{member.name}</TableCell>
                <TableCell>{member.email}</TableCell>
                <TableCell>
                  <MemberBudget member={member} />
                </TableCell>
                <TableCell data-testid="admin-member-spent">
                  {formatCredits(member.spent_this_month)}
                </TableCell>
                <TableCell>
                  <MemberTokens member={member} onIssued={setShown} />
                </TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
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
    </section>
  );
}
