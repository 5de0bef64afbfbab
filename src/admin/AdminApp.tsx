import { useCallback, useMemo, useState } from "react";
import { Button, Spinner, Title2 } from "@fluentui/react-components";
import { AdminActionsSection } from "./AdminActionsSection";
import { AdminClient } from "./admin-client";
import { BounceReportsSection } from "./BounceReportsSection";
import { AdminContext, type AdminContextValue } from "./admin-context";
import { ErrorText } from "./ErrorText";
import { ExportsSection } from "./ExportsSection";
import { MembersSection } from "./MembersSection";
import { ServiceKeySection } from "./ServiceKeySection";
import { SharedAnswersSection } from "./SharedAnswersSection";
import { SignIn } from "./SignIn";
import { useAdminStyles } from "./styles";
import { TeamSection } from "./TeamSection";
import { CHART_MONTHS, useAdminData } from "./use-admin-data";
import { useAdminToken } from "./use-admin-token";
import { UsageSection } from "./UsageSection";

/** The admin page: the admin token first, then the team's members, budgets and spend. */
export function AdminApp(): JSX.Element {
  const { token, signIn, signOut } = useAdminToken();
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = useCallback(
    (message: string) => {
      signOut();
      setRefusal(message);
    },
    [signOut]
  );
  if (!token)
    return (
      <SignIn
        refusal={refusal}
        onSignIn={(value) => {
          setRefusal(null);
          signIn(value);
        }}
      />
    );
  return <Dashboard token={token} onUnauthorized={refused} onSignOut={signOut} />;
}

function Dashboard(props: {
  token: string;
  onUnauthorized: (message: string) => void;
  onSignOut: () => void;
}): JSX.Element {
  const styles = useAdminStyles();
  const { token, onUnauthorized } = props;
  const client = useMemo(() => new AdminClient(token), [token]);
  const { data, error, reload } = useAdminData(client, onUnauthorized);
  const context = useMemo<AdminContextValue>(
    () => ({ client, reload, onUnauthorized }),
    [client, reload, onUnauthorized]
  );
  return (
    <AdminContext.Provider value={context}>
      <main className={styles.page}>
        <header className={styles.header}>
          <Title2 as="h1">Mail Finder team administration</Title2>
          <Button onClick={props.onSignOut} data-testid="admin-sign-out">
            Sign out
          </Button>
        </header>
        <ErrorText message={error} />
        {data ? (
          <>
            <MembersSection members={data.members} />
            <TeamSection team={data.team} />
            <UsageSection
              members={data.members}
              usage={data.usage}
              monthly={data.monthly}
              months={CHART_MONTHS}
            />
            <BounceReportsSection reports={data.reports} members={data.members} />
            <SharedAnswersSection />
            <ServiceKeySection />
            <ExportsSection />
            <AdminActionsSection actions={data.actions} members={data.members} />
          </>
        ) : (
          !error && <Spinner label="Loading the team…" />
        )}
      </main>
    </AdminContext.Provider>
  );
}
