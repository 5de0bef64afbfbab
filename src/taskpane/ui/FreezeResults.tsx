import { Caption1, Spinner, makeStyles } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import { freezeMessage, freezeSelection } from "../../workbook/freeze";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";
import { RunButton } from "./RunButton";

const useStyles = makeStyles({
  box: { display: "flex", flexDirection: "column", gap: "6px" },
  row: { display: "flex", gap: "8px", alignItems: "center" },
});

/**
 * Freeze results: the MAIL formulas of the selected range become their values, so
 * the sheet can be shared without ever recalculating (and spending).
 */
export function FreezeResults(): JSX.Element {
  const styles = useStyles();
  const panel = usePanelStyles();
  const freeze = useAsyncAction(async () => freezeMessage(await freezeSelection()));

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <RunButton run={freeze.run} busy={freeze.busy} testId="freeze-selection">
          {t("app.freezeButton")}
        </RunButton>
        {freeze.busy && <Spinner size="tiny" label={t("app.freezing")} />}
      </div>
      <Caption1 className={panel.muted}>{t("app.freezeNote")}</Caption1>
      <ActionMessage error={freeze.error?.message} done={freeze.done} testId="freeze-result" />
    </div>
  );
}
