import { makeStyles } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import { SiteLink } from "./SiteLink";

// Help, support and privacy: pages of the add-in's own origin, written by the build
// (src/help/), in the user's language; relative URLs resolve against the pane's page. A new
// window keeps the pane as it is.

const LINKS = [
  ["help/index.html", "app.helpLink", "settings-help-link"],
  ["support.html", "app.supportLink", "settings-support-link"],
  ["privacy.html", "app.privacyLink", "settings-privacy-link"],
] as const;

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", gap: "4px 16px" },
  // Targets at least 24 px high.
  link: { minHeight: "24px", display: "inline-flex", alignItems: "center" },
});

export function HelpLinks(): JSX.Element {
  const styles = useStyles();
  return (
    <nav className={styles.row} aria-label={t("app.helpNav")}>
      {LINKS.map(([href, label, testId]) => (
        <SiteLink key={href} className={styles.link} path={href} testId={testId}>
          {t(label)}
        </SiteLink>
      ))}
    </nav>
  );
}
