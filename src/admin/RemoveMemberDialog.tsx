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

/** The question before a member is removed: their tokens stop at once. */
export function RemoveMemberDialog(props: {
  memberName: string | null;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <Dialog
      open={props.memberName !== null}
      onOpenChange={(_, data) => !data.open && props.onCancel()}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Remove {props.memberName}?</DialogTitle>
          <DialogContent>
            Their tokens stop working at once. What they spent stays in the usage and the audit.
            <ErrorText message={props.error} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} data-testid="admin-member-remove-cancel">
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={props.busy}
              onClick={props.onConfirm}
              data-testid="admin-member-remove-confirm"
            >
              Remove
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
