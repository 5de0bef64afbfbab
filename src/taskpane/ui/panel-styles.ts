import { makeStyles, tokens } from "@fluentui/react-components";

/** The layout the panels share: a column of fields, and quieter text for hints. */
export const usePanelStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", gap: "10px" },
  muted: { color: tokens.colorNeutralForeground3 },
});
