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

/**
 * The question before an action: what it does (or costs), Cancel and the action. Each page
 * gives its words (the pane's are translated, the admin page's English) and its test ids.
 */
export function ConfirmDialog(props: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  contentTestId?: string;
  cancelLabel: ReactNode;
  cancelTestId?: string;
  confirmLabel: ReactNode;
  confirmTestId: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <Dialog open={props.open} onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent data-testid={props.contentTestId}>{props.children}</DialogContent>
          <DialogActions>
            <Button
              appearance="secondary"
              onClick={props.onCancel}
              data-testid={props.cancelTestId}
            >
              {props.cancelLabel}
            </Button>
            <Button
              appearance="primary"
              disabled={props.confirmDisabled}
              onClick={props.onConfirm}
              data-testid={props.confirmTestId}
            >
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
