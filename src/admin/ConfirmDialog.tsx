import type { ReactNode } from "react";
import { ConfirmDialog as Question } from "../ui/ConfirmDialog";
import { ErrorText } from "./ErrorText";

/**
 * The question before an action that cannot be undone (a member removed, answers purged): what
 * it does, Cancel and the action, and the host's refusal next to them. `testId` names its
 * buttons: `<testId>-confirm`, `<testId>-cancel`.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  children: ReactNode;
  action: string;
  testId: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <Question
      open={props.open}
      title={props.title}
      cancelLabel="Cancel"
      cancelTestId={`${props.testId}-cancel`}
      confirmLabel={props.action}
      confirmTestId={`${props.testId}-confirm`}
      confirmDisabled={props.busy}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      {props.children}
      <ErrorText message={props.error} />
    </Question>
  );
}
