import { useState } from "react";
import {
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { freezeSelection, type FreezeSummary } from "../excel/freeze";
import { errorText } from "./pane-context";

const useStyles = makeStyles({
  box: { display: "flex", flexDirection: "column", gap: "6px" },
  row: { display: "flex", gap: "8px", alignItems: "center" },
  muted: { color: tokens.colorNeutralForeground3 },
});

const cells = (n: number): string => `${n} cell${n === 1 ? "" : "s"}`;

/** What a freeze did, in a sentence. */
export function freezeMessage({ frozen, keptErrors }: FreezeSummary): string {
  const kept = `${cells(keptErrors)} showing an error kept ${keptErrors === 1 ? "its" : "their"} formula`;
  if (frozen === 0) return `Nothing frozen: ${kept}.`;
  return keptErrors === 0 ? `Froze ${cells(frozen)}.` : `Froze ${cells(frozen)}; ${kept}.`;
}

/**
 * Freeze results (DESIGN 4): the MAIL formulas of the selected range become their values, so
 * the sheet can be shared without ever recalculating (and spending).
 */
export function FreezeResults(): JSX.Element {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: "success" | "error"; text: string } | null>(
    null
  );

  const freeze = async (): Promise<void> => {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ intent: "success", text: freezeMessage(await freezeSelection()) });
    } catch (error) {
      setMessage({ intent: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <Button onClick={() => void freeze()} disabled={busy} data-testid="freeze-selection">
          Freeze results
        </Button>
        {busy && <Spinner size="tiny" label="Freezing…" />}
      </div>
      <Caption1 className={styles.muted}>
        The MAIL formulas of the selected range become their values (text stays text), so the sheet
        can be shared without recalculating; a result that spills is frozen whole. Cells showing an
        error keep their formula.
      </Caption1>
      {message && (
        <MessageBar intent={message.intent}>
          <MessageBarBody>
            {message.intent === "error" ? (
              <span data-testid="error-message">{message.text}</span>
            ) : (
              <span data-testid="freeze-result">{message.text}</span>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
