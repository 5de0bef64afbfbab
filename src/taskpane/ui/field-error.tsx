/** A Fluent Field's error state, with the message marked for tests (`error-message`). */
export function fieldError(message: string | null | undefined): {
  validationState?: "error";
  validationMessage?: JSX.Element;
} {
  return message
    ? {
        validationState: "error",
        validationMessage: <span data-testid="error-message">{message}</span>,
      }
    : {};
}
