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
import type { AdminMember, MonthlyUsageRow, UsageRow } from "./api-types";
import { chartData, lastMonths } from "./chart-data";
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
  return (
    <section className={styles.section} aria-labelledby="usage-title">
      <Title3 as="h2" id="usage-title">
        Spend
      </Title3>
      <Table aria-label="Spend per member this month" data-testid="admin-usage-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Member</TableHeaderCell>
            <TableHeaderCell>Credits this month</TableHeaderCell>
            <TableHeaderCell>Paid requests</TableHeaderCell>
            <TableHeaderCell>Monthly budget</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {usage.map((row) => (
            <TableRow key={row.member} data-testid="admin-usage-row" data-member-id={row.member}>
              <TableCell>
                {row.name} <span className={styles.muted}>{row.email}</span>
              </TableCell>
              <TableCell data-testid="admin-usage-credits">{formatCredits(row.credits)}</TableCell>
              <TableCell>{row.requests}</TableCell>
              <TableCell>{formatBudget(budgets.get(row.member) ?? null)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <UsageChart data={chart} />
    </section>
  );
}
