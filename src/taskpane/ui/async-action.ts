import { Listeners } from "../../client/listeners";
import { errorText } from "../../client/errors";

// "Busy, error, done" of one task-pane action, without React (one
// `useAsyncAction` serves every panel). use-async-action.ts binds it to a component.

/** An error shown next to a field of the form (or under the button, at the fallback field). */
export interface ActionError<F extends string> {
  field: F;
  message: string;
}

export interface ActionState<R, F extends string> {
  /** A run is under way. */
  busy: boolean;
  /** Why the last run failed, until the next run or a reset. */
  error: ActionError<F> | null;
  /** What the last run returned, until the next run or a reset (undefined before). */
  done: R | undefined;
}

export interface ActionOptions<F extends string> {
  /**
   * Fields whose name other errors may carry (SettingsError, ApiError, ArgumentError): such an
   * error is shown next to its field. A FieldError is always shown at its own field.
   */
  fields?: readonly F[];
  /** Where any other error is shown (default "submit"). */
  fallback?: F;
}

/** Thrown by an action's own checks: the message belongs next to `field`. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string
  ) {
    super(message);
    this.name = "FieldError";
  }
}

/** Awaits `work`; what it throws is shown at `field` (a FieldError stays at its own). */
export async function atField<T>(field: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw error instanceof FieldError ? error : new FieldError(field, errorText(error));
  }
}

/**
 * The field a thrown error names: `field` of FieldError, SettingsError and ApiError (the
 * service's v5.0 `field`), `argument` of ArgumentError; null when it names none.
 */
export function fieldNamedBy(error: unknown): string | null {
  if (typeof error !== "object" || error === null) return null;
  const { field, argument } = error as { field?: unknown; argument?: unknown };
  if (typeof field === "string" && field) return field;
  if (typeof argument === "string" && argument) return argument;
  return null;
}

/**
 * Where an error is shown: a FieldError at its field; another error naming one of
 * `options.fields` next to it; anything else at the fallback.
 */
export function actionError<F extends string>(
  error: unknown,
  options: ActionOptions<F> = {}
): ActionError<F> {
  const named = fieldNamedBy(error);
  const field =
    error instanceof FieldError
      ? (error.field as F)
      : (options.fields?.find((f) => f === named) ?? options.fallback ?? ("submit" as F));
  return { field, message: errorText(error) };
}

const IDLE = { busy: false, error: null, done: undefined } as const;

/**
 * Runs an async action and keeps its state. Only the newest run speaks: the result or error
 * of a run overtaken by a newer one, or finishing after `detach()` (the panel is gone), is
 * dropped.
 */
export class ActionRunner<A extends unknown[], R, F extends string> {
  private state: ActionState<R, F> = IDLE;
  private latest = 0;
  private attached = true;
  private readonly changes = new Listeners();

  constructor(
    private work: (...args: A) => Promise<R>,
    private readonly options: ActionOptions<F> = {}
  ) {}

  /** The action to run from now on (a component's newest closure). */
  setWork(work: (...args: A) => Promise<R>): void {
    this.work = work;
  }

  readonly getState = (): ActionState<R, F> => this.state;

  readonly subscribe = (listener: () => void): (() => void) => this.changes.add(listener);

  /** Resolves to what the action returned; undefined when it failed or its result was dropped. */
  readonly run = async (...args: A): Promise<R | undefined> => {
    const id = ++this.latest;
    this.set({ busy: true, error: null, done: undefined });
    let outcome: ActionState<R, F>;
    try {
      outcome = { busy: false, error: null, done: await this.work(...args) };
    } catch (error) {
      outcome = { busy: false, error: actionError(error, this.options), done: undefined };
    }
    if (!this.attached || id !== this.latest) return undefined;
    this.set(outcome);
    return outcome.done;
  };

  /**
   * Forgets the outcome: the result, and the error (only an error at `field` when one is
   * given: the user changed that field). A run under way goes on.
   */
  readonly reset = (field?: F): void => {
    const { error } = this.state;
    const keep = field !== undefined && error !== null && error.field !== field;
    if (this.state.done === undefined && (error === null || keep)) return;
    this.set({ ...this.state, error: keep ? error : null, done: undefined });
  };

  /** The component is mounted (again): runs started from now on may speak. */
  attach(): void {
    this.attached = true;
  }

  /** The component is gone: nothing that finishes later changes the state. */
  detach(): void {
    this.attached = false;
    this.latest++;
    if (this.state.busy) this.state = { ...this.state, busy: false };
  }

  private set(state: ActionState<R, F>): void {
    this.state = state;
    this.changes.emit();
  }
}
