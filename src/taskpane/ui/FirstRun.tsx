import { Body1, Button, Subtitle1, makeStyles } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { startTryMode } from "../../runtime/try-mode";
import { ActionMessage } from "./ActionMessage";
import { MicrosoftSignIn } from "./MicrosoftSignIn";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";
import { useTeam } from "./use-team";
import { RunButton } from "./RunButton";
import { SiteLink } from "./SiteLink";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: "18px", display: "flex", flexDirection: "column", gap: "4px" },
  actions: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

/** The support page's section on getting a key (served beside the pane). */
const GET_A_KEY_URL = "support.html#api-key";

/** What the add-in does, a line each. */
const POINTS = [
  "app.firstRunFunctions",
  "app.firstRunEnrich",
  "app.firstRunBulk",
  "app.firstRunCredits",
] as const;

/**
 * With no key and Try mode off: what the add-in does, where to get a
 * key, and Try mode, in one screen instead of the tabs.
 */
export function FirstRun(props: { services: Services; onHaveKey: () => void }): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const start = useAsyncAction(() => startTryMode(props.services.settings));
  // On a team host a member signs in with the token their admin gives them, not a
  // key of their own (the team status above says so).
  const team = useTeam(props.services).team;
  return (
    <section className={panel.form} data-testid="first-run" aria-labelledby="first-run-title">
      <Subtitle1 id="first-run-title" as="h2">
        {t("app.firstRunTitle")}
      </Subtitle1>
      <ul className={styles.list}>
        {POINTS.map((point) => (
          <li key={point}>
            <Body1>{t(point)}</Body1>
          </li>
        ))}
      </ul>
      {!team && (
        <SiteLink path={GET_A_KEY_URL} testId="first-run-get-key">
          {t("app.getApiKey")}
        </SiteLink>
      )}
      <MicrosoftSignIn services={props.services} primary />
      <div className={styles.actions}>
        <RunButton
          appearance={team?.entra ? "secondary" : "primary"}
          run={start.run}
          busy={start.busy}
          testId="settings-try"
        >
          {t("app.tryWithDemo")}
        </RunButton>
        <Button onClick={props.onHaveKey} data-testid="first-run-have-key">
          {t(team ? "app.haveTeamToken" : "app.haveKey")}
        </Button>
      </div>
      <Body1 className={panel.muted}>{t("app.tryModeFree")}</Body1>
      <ActionMessage error={start.error?.message} />
    </section>
  );
}
