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

/** The question before every shared answer of a domain is forgotten. */
export function PurgeDomainDialog(props: {
  domain: string | null;
  count: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}): JSX.Element {
  return (
    <Dialog open={props.domain !== null} onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Purge every answer of {props.domain}?</DialogTitle>
          <DialogContent>
            The team forgets {props.count > 0 ? `these ${props.count} answer(s) and any` : "every"}{" "}
            answer of this domain. Members who ask again buy the answer again from the service.
            <ErrorText message={props.error} />
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel} data-testid="admin-answers-purge-cancel">
              Cancel
            </Button>
            <Button
              appearance="primary"
              disabled={props.busy}
              onClick={props.onConfirm}
              data-testid="admin-answers-purge-confirm"
            >
              Purge
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
