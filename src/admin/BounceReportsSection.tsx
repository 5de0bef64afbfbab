import { Badge, Text } from "@fluentui/react-components";
import { AdminSection } from "./AdminSection";
import type { AdminMember, BounceOutcome, BounceReportRow } from "./api-types";
import { DataTable, type Column } from "./DataTable";
import { formatCredits, formatTime } from "./format";

// The bad-email reports the host sent (SECURITY.md): a member's month gets credits back only when
// the service was seen to return them; a report it answered without returning anything is a
// claim, listed here so that the admin can take it up with the service.

const OUTCOMES: Record<
  BounceOutcome,
  { text: string; color: "success" | "warning" | "informative" }
> = {
  returned: { text: "Returned", color: "success" },
  partly_returned: { text: "Partly returned", color: "warning" },
  claimed: { text: "Claimed, not returned", color: "warning" },
  unmeasured: { text: "Claimed, not measured", color: "warning" },
  nothing_bought: { text: "Not bought by the team", color: "informative" },
};

export function BounceReportsSection(props: {
  reports: BounceReportRow[];
  members: AdminMember[];
}): JSX.Element {
  const names = new Map(props.members.map((member) => [member.id, member.name]));
  const claims = props.reports.filter(
    (report) => report.outcome !== "returned" && report.outcome !== "nothing_bought"
  );
  const open = claims.reduce((sum, report) => sum + report.claimed - report.refunded, 0);
  const columns: Array<Column<BounceReportRow>> = [
    { header: "Reported", cell: (report) => formatTime(report.at) },
    { header: "Address", cell: (report) => report.email },
    { header: "By", cell: (report) => names.get(report.member) ?? "Removed member" },
    { header: "Claimed", cell: (report) => formatCredits(report.claimed) },
    {
      header: "Returned by the service",
      cell: (report) => (report.returned === null ? "not seen" : formatCredits(report.returned)),
    },
    {
      header: "Given back",
      cell: (report) => formatCredits(report.refunded),
      testId: "admin-report-refunded",
    },
    {
      header: "Outcome",
      cell: (report) => (
        <Badge appearance="tint" color={OUTCOMES[report.outcome].color}>
          {OUTCOMES[report.outcome].text}
        </Badge>
      ),
    },
  ];
  return (
    <AdminSection id="bounces-title" title="Bounce reports">
      <Text data-testid="admin-claims-summary" data-claims={claims.length}>
        {claims.length === 0
          ? "Every report of an address the team bought in the last 90 days was paid back."
          : `${claims.length} report(s) in the last 90 days were claimed and not paid back by the service: ${formatCredits(open)} credits. Members get credits back only when the service returns them.`}
      </Text>
      {props.reports.length > 0 && (
        <DataTable
          label="Bad-email reports of the last 90 days"
          testId="admin-reports-table"
          columns={columns}
          rows={props.reports}
          rowKey={(report) => report.id}
          rowAttributes={(report) => ({
            "data-testid": "admin-report-row",
            "data-outcome": report.outcome,
            "data-email": report.email,
          })}
        />
      )}
    </AdminSection>
  );
}
