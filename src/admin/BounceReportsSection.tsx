import {
  Badge,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
} from "@fluentui/react-components";
import type { AdminMember, BounceOutcome, BounceReportRow } from "./api-types";
import { formatCredits, formatTime } from "./format";
import { useAdminStyles } from "./styles";

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
  const styles = useAdminStyles();
  const names = new Map(props.members.map((member) => [member.id, member.name]));
  const claims = props.reports.filter(
    (report) => report.outcome !== "returned" && report.outcome !== "nothing_bought"
  );
  const open = claims.reduce((sum, report) => sum + report.claimed - report.refunded, 0);
  return (
    <section className={styles.section} aria-labelledby="bounces-title">
      <Title3 as="h2" id="bounces-title">
        Bounce reports
      </Title3>
      <Text data-testid="admin-claims-summary" data-claims={claims.length}>
        {claims.length === 0
          ? "Every report of an address the team bought in the last 90 days was paid back."
          : `${claims.length} report(s) in the last 90 days were claimed and not paid back by the service: ${formatCredits(open)} credits. Members get credits back only when the service returns them.`}
      </Text>
      {props.reports.length > 0 && (
        <Table aria-label="Bad-email reports of the last 90 days" data-testid="admin-reports-table">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Reported</TableHeaderCell>
              <TableHeaderCell>Address</TableHeaderCell>
              <TableHeaderCell>By</TableHeaderCell>
              <TableHeaderCell>Claimed</TableHeaderCell>
              <TableHeaderCell>Returned by the service</TableHeaderCell>
              <TableHeaderCell>Given back</TableHeaderCell>
              <TableHeaderCell>Outcome</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.reports.map((report) => (
              <TableRow
                key={report.id}
                data-testid="admin-report-row"
                data-outcome={report.outcome}
                data-email={report.email}
              >
                <TableCell>{formatTime(report.at)}</TableCell>
                <TableCell>{report.email}</TableCell>
                <TableCell>{names.get(report.member) ?? "Removed member"}</TableCell>
                <TableCell>{formatCredits(report.claimed)}</TableCell>
                <TableCell>
                  {report.returned === null ? "not seen" : formatCredits(report.returned)}
                </TableCell>
                <TableCell data-testid="admin-report-refunded">
                  {formatCredits(report.refunded)}
                </TableCell>
                <TableCell>
                  <Badge appearance="tint" color={OUTCOMES[report.outcome].color}>
                    {OUTCOMES[report.outcome].text}
                  </Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
