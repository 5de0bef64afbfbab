import { Button } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";

/** The ✕ that closes a notice (a MessageBar's container action). */
export function DismissButton(props: { onDismiss: () => void; testId: string }): JSX.Element {
  return (
    <Button
      appearance="transparent"
      size="small"
      aria-label={t("app.dismiss")}
      onClick={props.onDismiss}
      data-testid={props.testId}
    >
      ✕
    </Button>
  );
}
