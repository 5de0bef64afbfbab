import { makeStyles, tokens } from "@fluentui/react-components";

/** The layout the admin page's sections share. */
export const useAdminStyles = makeStyles({
  page: {
    maxWidth: "1100px",
    margin: "0 auto",
    padding: "24px",
    display: "flex",
    flexDirection: "column",
    gap: "32px",
  },
  header: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "16px" },
  section: { display: "flex", flexDirection: "column", gap: "12px" },
  form: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "12px" },
  field: { minWidth: "200px" },
  narrowField: { width: "160px" },
  inline: { display: "flex", alignItems: "center", flexWrap: "wrap", gap: "8px" },
  column: { display: "flex", flexDirection: "column", gap: "4px" },
  muted: { color: tokens.colorNeutralForeground3 },
  figures: { display: "flex", gap: "32px", flexWrap: "wrap" },
  signIn: {
    maxWidth: "420px",
    margin: "64px auto",
    display: "flex",
    flexDirection: "column",
    gap: "12px",
  },
  token: { fontFamily: tokens.fontFamilyMonospace, width: "100%" },
});
