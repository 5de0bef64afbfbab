import { useMemo } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title3,
} from "@fluentui/react-components";
import { actionText, actorText, detailsText, memberNames } from "./admin-action-text";
import type { AdminAuditRow, AdminMember } from "./api-types";
import { formatTime } from "./format";
import { useAdminStyles } from "./styles";

/** The latest admin actions (who, what, when), newest first: the admin audit. */
export function AdminActionsSection(props: {
  actions: AdminAuditRow[];
  members: AdminMember[];
}): JSX.Element {
  const styles = useAdminStyles();
  const { actions, members } = props;
  const names = useMemo(() => memberNames(actions, members), [actions, members]);
  return (
    <section className={styles.section} aria-labelledby="admin-actions-title">
      <Title3 as="h2" id="admin-actions-title">
        Admin actions
      </Title3>
      {actions.length === 0 ? (
        <span className={styles.muted} data-testid="admin-actions-none">
          No admin action yet.
        </span>
      ) : (
        <Table aria-label="The latest admin actions" data-testid="admin-actions-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>When</TableHeaderCell>
              <TableHeaderCell>Who</TableHeaderCell>
              <TableHeaderCell>What</TableHeaderCell>
              <TableHeaderCell>Member</TableHeaderCell>
              <TableHeaderCell>Details</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {actions.map((row, index) => (
              <TableRow
                key={`${row.at}-${index}`}
                data-testid="admin-action-row"
                data-action={row.action}
              >
                <TableCell>{formatTime(row.at)}</TableCell>
                <TableCell>{actorText(row)}</TableCell>
                <TableCell>{actionText(row)}</TableCell>
                <TableCell>{row.member ? (names.get(row.member) ?? row.member) : ""}</TableCell>
                <TableCell className={styles.muted}>{detailsText(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
