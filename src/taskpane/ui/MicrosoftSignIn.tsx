import { Body1, makeStyles } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";
import { useTeam } from "./use-team";
import { RunButton } from "./RunButton";

const useStyles = makeStyles({
  row: { display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" },
});

/**
 * Sign-in with a Microsoft 365 account on a team host that offers it: Office's
 * nested app authentication, the account then used for every request instead of a team token.
 * Nothing where the host has no Microsoft Entra ID sign-in.
 */
export function MicrosoftSignIn(props: {
  services: Services;
  /** The first-run screen's primary action; in Settings, with sign-out. */
  primary?: boolean;
}): JSX.Element | null {
  const { services } = props;
  const panel = usePanelStyles();
  const styles = useStyles();
  const view = useTeam(services);
  const signIn = useAsyncAction(async () => {
    const account = await services.microsoft.signIn();
    await services.settings.save({ microsoftAccount: account });
    // The same account signed in again (after a refusal) changes no setting: read it now.
    await services.team.refresh();
  });
  const signOut = useAsyncAction(() => services.settings.save({ microsoftAccount: null }));
  // Signed in earlier on a host that no longer offers it: the account is shown, with sign-out.
  if (!view.team || (!view.team.entra && view.microsoftAccount === null)) return null;
  const signInButton = (
    <RunButton
      appearance={props.primary ? "primary" : "secondary"}
      run={signIn.run}
      busy={signIn.busy}
      testId="microsoft-sign-in"
    >
      {t("settings.microsoftSignIn")}
    </RunButton>
  );
  if (view.microsoftAccount !== null)
    return (
      <div className={styles.row}>
        <Body1 data-testid="microsoft-account">
          {t("settings.microsoftSignedIn", { account: view.microsoftAccount })}
        </Body1>
        {/* Refused since (Office gave no token, the host said no): signed in again from here. */}
        {view.microsoftRefusal !== null &&
          view.team.entra !== null &&
          services.microsoft.supported &&
          signInButton}
        {!props.primary && (
          <RunButton size="small" run={signOut.run} busy={signOut.busy} testId="microsoft-sign-out">
            {t("settings.microsoftSignOut")}
          </RunButton>
        )}
        <ActionMessage error={signIn.error?.message ?? signOut.error?.message} />
      </div>
    );
  if (!services.microsoft.supported)
    return (
      <Body1 className={panel.muted} data-testid="microsoft-unsupported">
        {t("settings.microsoftUnsupported")}
      </Body1>
    );
  return (
    <div className={styles.row}>
      {signInButton}
      <ActionMessage error={signIn.error?.message} />
    </div>
  );
}
