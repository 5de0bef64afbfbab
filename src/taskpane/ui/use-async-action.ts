import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { ActionRunner, type ActionOptions, type ActionState } from "./async-action";
import { fieldError } from "./field-error";

export { FieldError, atField } from "./async-action";

export interface AsyncAction<A extends unknown[], R, F extends string> extends ActionState<R, F> {
  /** Runs the action (clearing the last outcome); never rejects. */
  run: (...args: A) => Promise<R | undefined>;
  /** Forgets the outcome; with a field, only the error at that field (the user changed it). */
  reset: (field?: F) => void;
  /** The error's message when it belongs to `field`, else null. */
  messageFor: (field: F) => string | null;
  /** A Fluent Field's error props: the message when the error belongs to `field`. */
  errorFor: (field: F) => ReturnType<typeof fieldError>;
}

/**
 * Busy, error and done of a panel's action, one hook for every panel. The action may throw a
 * FieldError (its own checks) or any error naming a field of `options.fields`; other errors go
 * to `options.fallback` ("submit"). Results that arrive after unmount or after a newer run
 * are dropped. `options` are read once.
 *
 *     const submit = useAsyncAction(async () => ..., { fields: ["query"], fallback: "submit" });
 *     <Field {...submit.errorFor("query")}>…  <Button disabled={submit.busy} onClick={() => void submit.run()}>
 */
export function useAsyncAction<A extends unknown[], R, F extends string = string>(
  action: (...args: A) => Promise<R>,
  options: ActionOptions<NoInfer<F>> = {}
): AsyncAction<A, R, F> {
  const [runner] = useState(() => new ActionRunner(action, options));
  // Runs use the newest closure (the form as rendered), not the first one.
  useLayoutEffect(() => runner.setWork(action));
  useEffect(() => {
    runner.attach();
    return () => runner.detach();
  }, [runner]);
  const state = useSyncExternalStore(runner.subscribe, runner.getState);
  const messageFor = (field: F) => (state.error?.field === field ? state.error.message : null);
  return {
    ...state,
    run: runner.run,
    reset: runner.reset,
    messageFor,
    errorFor: (field) => fieldError(messageFor(field)),
  };
}
