import { useState } from "react";
import { Button, Text } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { AdminSection } from "./AdminSection";
import type { DomainAnswers, SharedAnswerRow } from "./api-types";
import { ConfirmDialog } from "./ConfirmDialog";
import { DataTable, type Column } from "./DataTable";
import { ErrorText } from "./ErrorText";
import { ActionForm, AdminField, SubmitButton } from "./form";
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
  const columns: Array<Column<SharedAnswerRow>> = [
    { header: "Lookup", cell: (row) => row.lookup },
    { header: "Asked", cell: (row) => fieldsText(row.fields) },
    {
      header: "Answer",
      cell: (row) => [row.status, row.email].filter((part) => part !== null).join(": "),
    },
    { header: "Kept since", cell: (row) => formatTime(row.stored_at) },
    {
      header: "Purge",
      cell: (row) => (
        <Button
          size="small"
          disabled={purgeOne.busy}
          aria-label={`Purge the answer ${row.email ?? row.status ?? ""} (${fieldsText(row.fields)})`}
          onClick={() => void purgeOne.run(row)}
          data-testid="admin-answer-purge"
        >
          Purge
        </Button>
      ),
    },
  ];
  return (
    <AdminSection id="shared-answers-title" title="Shared answers">
      <Text>
        Answers the team bought are given to every member who asks again. Find a domain&apos;s to
        purge a wrong one: the next member who asks buys it again.
      </Text>
      <ActionForm className={styles.form} action={find}>
        <AdminField
          label="Domain"
          state={[domain, setDomain]}
          placeholder="example.com"
          testId="admin-answers-domain"
        />
        <SubmitButton action={find} appearance="secondary" testId="admin-answers-find">
          Find answers
        </SubmitButton>
      </ActionForm>
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
            <DataTable
              label={`Answers kept for ${shown.domain}`}
              testId="admin-answers-table"
              columns={columns}
              rows={shown.answers}
              rowKey={(row) => row.key}
              rowAttributes={(row) => ({
                "data-testid": "admin-answer-row",
                "data-email": row.email ?? "",
              })}
            />
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
    </AdminSection>
  );
}
