import type { PropsWithChildren } from "react";
import { Link } from "@fluentui/react-components";
import { sitePath } from "../../i18n/site-path";

/**
 * A page of the add-in's own site (src/help/), in the user's language, opened in a new window
 * that keeps the pane as it is and cannot reach back into it.
 */
export function SiteLink(
  props: PropsWithChildren<{ path: string; testId: string; className?: string }>
): JSX.Element {
  return (
    <Link
      className={props.className}
      href={sitePath(props.path)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={props.testId}
    >
      {props.children}
    </Link>
  );
}
