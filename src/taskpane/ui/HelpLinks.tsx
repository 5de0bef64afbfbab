import { Link, makeStyles } from "@fluentui/react-components";

// Help, support and privacy (DESIGN 4d): pages of the add-in's own origin, written by the build
// (src/help/); relative URLs resolve against the pane's page. A new window keeps the pane as it is.

const LINKS = [
  ["help/index.html", "Help", "settings-help-link"],
  ["support.html", "Support", "settings-support-link"],
  ["privacy.html", "Privacy", "settings-privacy-link"],
] as const;

const useStyles = makeStyles({
  row: { display: "flex", flexWrap: "wrap", gap: "4px 16px" },
  // Targets at least 24 px high (DESIGN 4e).
  link: { minHeight: "24px", display: "inline-flex", alignItems: "center" },
});

export function HelpLinks(): JSX.Element {
  const styles = useStyles();
  return (
    <nav className={styles.row} aria-label="Help">
      {LINKS.map(([href, label, testId]) => (
        <Link
          key={href}
          className={styles.link}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={testId}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
