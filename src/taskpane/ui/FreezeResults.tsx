import { Button, Caption1, Spinner, makeStyles } from "@fluentui/react-components";
import { freezeMessage, freezeSelection } from "../../workbook/freeze";
import { ActionMessage } from "./ActionMessage";
import { usePanelStyles } from "./panel-styles";
import { useAsyncAction } from "./use-async-action";

const useStyles = makeStyles({
  box: { display: "flex", flexDirection: "column", gap: "6px" },
  row: { display: "flex", gap: "8px", alignItems: "center" },
});

/** What a freeze did, in a sentence. */

/**
 * Freeze results (DESIGN 4): the MAIL formulas of the selected range become their values, so
 * the sheet can be shared without ever recalculating (and spending).
 */
export function FreezeResults(): JSX.Element {
  const styles = useStyles();
  const panel = usePanelStyles();
  const freeze = useAsyncAction(async () => freezeMessage(await freezeSelection()));

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <Button
          onClick={() => void freeze.run()}
          disabled={freeze.busy}
          data-testid="freeze-selection"
        >
          Freeze results
        </Button>
        {freeze.busy && <Spinner size="tiny" label="Freezing…" />}
      </div>
      <Caption1 className={panel.muted}>
        The MAIL formulas of the selected range become their values (text stays text), so the sheet
        can be shared without recalculating; a result that spills is frozen whole. Cells showing an
        error keep their formula.
      </Caption1>
      <ActionMessage error={freeze.error?.message} done={freeze.done} testId="freeze-result" />
    </div>
  );
}
