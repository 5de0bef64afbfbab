import type { ReactNode } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from "@fluentui/react-components";
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
    <Dialog open={props.open} onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>
            {props.children}
            <ErrorText message={props.error} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} data-testid={`${props.testId}-cancel`}>
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={props.busy}
              onClick={props.onConfirm}
              data-testid={`${props.testId}-confirm`}
            >
              {props.action}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
