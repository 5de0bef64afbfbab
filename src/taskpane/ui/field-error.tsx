import { fieldError as markedFieldError } from "../../ui/field-error";

/** A Fluent Field's error state, with the message marked for tests (`error-message`). */
export function fieldError(
  message: string | null | undefined
): ReturnType<typeof markedFieldError> {
  return markedFieldError(message, "error-message");
}
