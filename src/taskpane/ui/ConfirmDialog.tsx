import type { ReactNode } from "react";
import { t } from "../../i18n/i18n";
import { ConfirmDialog as Question } from "../../ui/ConfirmDialog";

/** The question before a paid action (what it costs is said before it runs). */
export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  /** What the action costs, marked `textTestId`. */
  children: ReactNode;
  textTestId: string;
  confirmLabel: ReactNode;
  confirmTestId: string;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  const { textTestId, ...question } = props;
  return <Question {...question} contentTestId={textTestId} cancelLabel={t("app.cancel")} />;
}
