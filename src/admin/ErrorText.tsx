import { Text, tokens } from "@fluentui/react-components";
import { fieldError as markedFieldError } from "../ui/field-error";

/** An error of the API or of the page's checks, next to the control it is about. */
export function ErrorText(props: { message: string | null }): JSX.Element | null {
  if (!props.message) return null;
  return (
    <Text
      role="alert"
      data-testid="admin-error"
      style={{ color: tokens.colorPaletteRedForeground1 }}
    >
      {props.message}
    </Text>
  );
}

/** A Fluent Field's error state, with the message marked `admin-error`. */
export function fieldError(message: string | null): ReturnType<typeof markedFieldError> {
  return markedFieldError(message, "admin-error");
}
