import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@fluentui/react-components";

/**
 * A button that starts work: pressed again while it runs, it does nothing, and it keeps its
 * focus (disabledFocusable), so that a keyboard user is not thrown out of the pane's order.
 */
export function RunButton(props: {
  run: () => unknown;
  busy: boolean;
  testId: string;
  size?: ButtonProps["size"];
  appearance?: ButtonProps["appearance"];
  children: ReactNode;
}): JSX.Element {
  return (
    <Button
      size={props.size}
      appearance={props.appearance}
      onClick={() => void props.run()}
      disabledFocusable={props.busy}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
