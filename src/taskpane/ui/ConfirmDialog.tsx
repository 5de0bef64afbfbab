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
import { t } from "../../i18n/i18n";

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
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent data-testid={props.textTestId}>{props.children}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={props.onCancel}>
              {t("app.cancel")}
            </Button>
            <Button
              appearance="primary"
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
