import { useMemo } from "react";
import { actionText, actorText, detailsText, memberNames } from "./admin-action-text";
import { AdminSection } from "./AdminSection";
import type { AdminAuditRow, AdminMember } from "./api-types";
import { DataTable, type Column } from "./DataTable";
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
  const columns: Array<Column<AdminAuditRow>> = [
    { header: "When", cell: (row) => formatTime(row.at) },
    { header: "Who", cell: actorText },
    { header: "What", cell: actionText },
    { header: "Member", cell: (row) => (row.member ? (names.get(row.member) ?? row.member) : "") },
    { header: "Details", cell: detailsText, muted: true },
  ];
  return (
    <AdminSection id="admin-actions-title" title="Admin actions">
      {actions.length === 0 ? (
        <span className={styles.muted} data-testid="admin-actions-none">
          No admin action yet.
        </span>
      ) : (
        <DataTable
          label="The latest admin actions"
          testId="admin-actions-table"
          columns={columns}
          rows={actions}
          rowKey={(row, index) => `${row.at}-${index}`}
          rowAttributes={(row) => ({
            "data-testid": "admin-action-row",
            "data-action": row.action,
          })}
        />
      )}
    </AdminSection>
  );
}
