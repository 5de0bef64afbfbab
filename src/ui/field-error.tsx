/** A Fluent Field's error state, with the message marked for tests by `testId`. */
export function fieldError(
  message: string | null | undefined,
  testId: string
): { validationState?: "error"; validationMessage?: JSX.Element } {
  return message
    ? {
        validationState: "error",
        validationMessage: <span data-testid={testId}>{message}</span>,
      }
    : {};
}
