import { Body1, Button, Link, Subtitle1, makeStyles } from "@fluentui/react-components";
import type { Services } from "../../runtime/services";
import { startTryMode } from "../../runtime/try-mode";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: "18px", display: "flex", flexDirection: "column", gap: "4px" },
  actions: { display: "flex", gap: "8px", flexWrap: "wrap" },
});

/** The support page's section on getting a key (served beside the pane). */
const GET_A_KEY_URL = "support.html#api-key";

/**
 * With no key and Try mode off (DESIGN 4d, "First run"): what the add-in does, where to get a
 * key, and Try mode, in one screen instead of the tabs.
 */
export function FirstRun(props: { services: Services; onHaveKey: () => void }): JSX.Element {
  const panel = usePanelStyles();
  const styles = useStyles();
  const start = useAsyncAction(() => startTryMode(props.services.settings));
  return (
    <section className={panel.form} data-testid="first-run" aria-labelledby="first-run-title">
      <Subtitle1 id="first-run-title" as="h2">
        Find and verify business emails from Excel
      </Subtitle1>
      <ul className={styles.list}>
        <li>
          <Body1>Functions in cells: =MAIL.FINDEMAIL(name, company) and six more.</Body1>
        </li>
        <li>
          <Body1>Enrich your list: emails in new columns beside your rows.</Body1>
        </li>
        <li>
          <Body1>Bulk searches, GeoLead places and domain email files into new sheets.</Body1>
        </li>
        <li>
          <Body1>Every credit is asked for before it is spent.</Body1>
        </li>
      </ul>
      <Link
        href={GET_A_KEY_URL}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="first-run-get-key"
      >
        Get an API key
      </Link>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          onClick={() => void start.run()}
          disabled={start.busy}
          data-testid="settings-try"
        >
          Try it with demo data
        </Button>
        <Button onClick={props.onHaveKey} data-testid="first-run-have-key">
          I have a key
        </Button>
      </div>
      <Body1 className={panel.muted}>Try mode is free, needs no account, and keeps nothing.</Body1>
      <ActionMessage error={start.error?.message} />
    </section>
  );
}
