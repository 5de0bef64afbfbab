import { MessageBar, MessageBarBody } from "@fluentui/react-components";

/**
 * What an action did, under its button: its error (marked `error-message` for tests)
 * or its result (marked `testId`).
 */
export function ActionMessage(props: {
  error?: string | null;
  done?: string | null;
  testId?: string;
}): JSX.Element | null {
  if (props.error)
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          <span data-testid="error-message">{props.error}</span>
        </MessageBarBody>
      </MessageBar>
    );
  if (!props.done) return null;
  return (
    <MessageBar intent="success">
      <MessageBarBody data-testid={props.testId}>{props.done}</MessageBarBody>
    </MessageBar>
  );
}
