import { useState } from "react";
import {
  Button,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
} from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import type { DomainAnswers, SharedAnswerRow } from "./api-types";
import { ConfirmDialog } from "./ConfirmDialog";
import { ErrorText } from "./ErrorText";
import { formatTime } from "./format";
import { useAdminStyles } from "./styles";

// The team's shared answers of a domain (SECURITY.md): a wrong answer kept for the team is given
// to every member who asks again; the admin finds it by its domain and purges it, or all of the
// domain's at once. Each purge is in the admin actions.

function fieldsText(fields: Record<string, string>): string {
  return Object.entries(fields)
    .filter(([field]) => field !== "domain")
    .map(([field, value]) => `${field.replace(/_/g, " ")}: ${value}`)
    .join(", ");
}

export function SharedAnswersSection(): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const [domain, setDomain] = useState("");
  const [shown, setShown] = useState<DomainAnswers | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const find = useAdminAction(async () => {
    setNotice(null);
    // The domain as the host files answers under it: "https://www.Acme.com/" is acme.com.
    setShown(await client.sharedAnswers(domain.trim()));
  });
  const purgeOne = useAdminAction(async (row: SharedAnswerRow) => {
    await client.purgeSharedAnswer(row.key);
    setShown(
      (current) =>
        current && {
          ...current,
          answers: current.answers.filter((answer) => answer.key !== row.key),
        }
    );
    setNotice(`Purged: ${row.lookup}, ${fieldsText(row.fields) || row.fields.domain}.`);
    await reload();
  });
  const purgeAll = useAdminAction(async () => {
    if (!shown) return;
    const { purged } = await client.purgeDomainAnswers(shown.domain);
    setConfirming(false);
    setShown({ ...shown, answers: [] });
    setNotice(`Purged ${purged} answer(s) of ${shown.domain}.`);
    await reload();
  });
  return (
    <section className={styles.section} aria-labelledby="shared-answers-title">
      <Title3 as="h2" id="shared-answers-title">
        Shared answers
      </Title3>
      <Text>
        Answers the team bought are given to every member who asks again. Find a domain&apos;s to
        purge a wrong one: the next member who asks buys it again.
      </Text>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          void find.run();
        }}
      >
        <Field label="Domain" className={styles.field}>
          <Input
            value={domain}
            onChange={(_, data) => setDomain(data.value)}
            placeholder="example.com"
            data-testid="admin-answers-domain"
          />
        </Field>
        <Button type="submit" disabled={find.busy} data-testid="admin-answers-find">
          Find answers
        </Button>
      </form>
      <ErrorText message={find.error ?? purgeOne.error} />
      {notice && (
        <Text role="status" data-testid="admin-answers-notice">
          {notice}
        </Text>
      )}
      {shown && (
        <>
          <div className={styles.inline}>
            <Text data-testid="admin-answers-count" data-count={shown.answers.length}>
              {shown.answers.length} answer(s) kept for {shown.domain}.
            </Text>
            {shown.answers.length > 0 && (
              <Button onClick={() => setConfirming(true)} data-testid="admin-answers-purge-domain">
                Purge all of {shown.domain}
              </Button>
            )}
          </div>
          {shown.answers.length > 0 && (
            <Table
              aria-label={`Answers kept for ${shown.domain}`}
              data-testid="admin-answers-table"
            >
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Lookup</TableHeaderCell>
                  <TableHeaderCell>Asked</TableHeaderCell>
                  <TableHeaderCell>Answer</TableHeaderCell>
                  <TableHeaderCell>Kept since</TableHeaderCell>
                  <TableHeaderCell>Purge</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {shown.answers.map((row) => (
                  <TableRow
                    key={row.key}
                    data-testid="admin-answer-row"
                    data-email={row.email ?? ""}
                  >
                    <TableCell>{row.lookup}</TableCell>
                    <TableCell>{fieldsText(row.fields)}</TableCell>
                    <TableCell>
                      {[row.status, row.email].filter((part) => part !== null).join(": ")}
                    </TableCell>
                    <TableCell>{formatTime(row.stored_at)}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        disabled={purgeOne.busy}
                        aria-label={`Purge the answer ${row.email ?? row.status ?? ""} (${fieldsText(row.fields)})`}
                        onClick={() => void purgeOne.run(row)}
                        data-testid="admin-answer-purge"
                      >
                        Purge
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
      <ConfirmDialog
        open={confirming && shown !== null}
        title={`Purge every answer of ${shown?.domain ?? ""}?`}
        action="Purge"
        testId="admin-answers-purge"
        busy={purgeAll.busy}
        error={purgeAll.error}
        onConfirm={() => void purgeAll.run()}
        onCancel={() => {
          setConfirming(false);
          purgeAll.clear();
        }}
      >
        The team forgets every answer of this domain. Members who ask again buy the answer again
        from the service.
      </ConfirmDialog>
    </section>
  );
}
