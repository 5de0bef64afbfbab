import { useMemo } from "react";
import { AdminSection } from "./AdminSection";
import type { AdminMember, MonthlyUsageRow, UsageRow } from "./api-types";
import { chartData, lastMonths } from "./chart-data";
import { DataTable, type Column } from "./DataTable";
import { formatBudget, formatCredits } from "./format";
import { useAdminStyles } from "./styles";
import { UsageChart } from "./UsageChart";

/** Spend per member this month, and per month over the chart's months. */
export function UsageSection(props: {
  members: AdminMember[];
  usage: UsageRow[];
  monthly: MonthlyUsageRow[];
  months: number;
}): JSX.Element {
  const styles = useAdminStyles();
  const { members, usage, monthly, months } = props;
  const budgets = new Map(members.map((member) => [member.id, member.monthly_budget]));
  const chart = useMemo(() => {
    const names = new Map(members.map((member) => [member.id, member.name]));
    return chartData(
      monthly,
      lastMonths(new Date(), months),
      (id) => names.get(id) ?? "Removed member"
    );
  }, [members, monthly, months]);
  const columns: Array<Column<UsageRow>> = [
    {
      header: "Member",
      cell: (row) => (
        <>
          {row.name} <span className={styles.muted}>{row.email}</span>
        </>
      ),
    },
    {
      header: "Credits this month",
      cell: (row) => formatCredits(row.credits),
      testId: "admin-usage-credits",
    },
    { header: "Paid requests", cell: (row) => row.requests },
    { header: "Monthly budget", cell: (row) => formatBudget(budgets.get(row.member) ?? null) },
  ];
  return (
    <AdminSection id="usage-title" title="Spend">
      <DataTable
        label="Spend per member this month"
        testId="admin-usage-table"
        columns={columns}
        rows={usage}
        rowKey={(row) => row.member}
        rowAttributes={(row) => ({
          "data-testid": "admin-usage-row",
          "data-member-id": row.member,
        })}
      />
      <UsageChart data={chart} />
    </AdminSection>
  );
}
