import { useState } from "react";
import {
  Button,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import { useAdminStyles } from "./styles";

export interface ShownToken {
  memberName: string;
  token: string;
}

/** A member token, shown this once: the host keeps only its hash. */
export function NewTokenNotice(props: { shown: ShownToken; onDismiss: () => void }): JSX.Element {
  const styles = useAdminStyles();
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(props.shown.token);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <MessageBar intent="success" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Token for {props.shown.memberName}</MessageBarTitle>
        Give it to them now: it is shown only this once. They paste it in the add-in&apos;s
        Settings.
        <Input
          readOnly
          className={styles.token}
          value={props.shown.token}
          aria-label={`Token for ${props.shown.memberName}`}
          onFocus={(event) => event.target.select()}
          data-testid="admin-new-token"
        />
        {copied === "yes" && <span role="status">Copied.</span>}
        {copied === "failed" && (
          <span role="status">
            The browser refused the clipboard: select the token and copy it.
          </span>
        )}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => void copy()} data-testid="admin-new-token-copy">
          Copy
        </Button>
        <Button onClick={props.onDismiss} data-testid="admin-new-token-dismiss">
          Done
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
