import type { ReactNode } from "react";
import { Button, type InputProps } from "@fluentui/react-components";
import { TextField } from "../ui/TextField";
import { useAdminStyles } from "./styles";
import type { Action } from "./use-action";

// The admin page's forms: a field bound to its state, a form whose submit runs an action, and
// its submit button, busy while the action runs.

/** A text field with its value and setter; its error (if any) is marked `admin-error`. */
export function AdminField(
  props: Omit<InputProps, "value" | "onChange"> & {
    label: string;
    hint?: string;
    narrow?: boolean;
    error?: string | null;
    state: readonly [string, (value: string) => void];
    testId: string;
  }
): JSX.Element {
  const styles = useAdminStyles();
  const { state, narrow, ...field } = props;
  const [value, setValue] = state;
  return (
    <TextField
      {...field}
      errorTestId="admin-error"
      fieldClassName={narrow ? styles.narrowField : styles.field}
      value={value}
      onChange={(_, data) => setValue(data.value)}
    />
  );
}

/** A form whose submit runs `action`, without the browser's navigation. */
export function ActionForm(props: {
  action: Action<[]>;
  label?: string;
  className: string;
  /** The host checks the fields and says what is wrong (the browser's own bubbles would not). */
  noValidate?: boolean;
  children: ReactNode;
}): JSX.Element {
  return (
    <form
      className={props.className}
      aria-label={props.label}
      noValidate={props.noValidate}
      onSubmit={(event) => {
        event.preventDefault();
        void props.action.run();
      }}
    >
      {props.children}
    </form>
  );
}

/** The submit button of an ActionForm, disabled while its action runs. */
export function SubmitButton(props: {
  action: Action<[]>;
  testId: string;
  appearance?: "primary" | "secondary";
  disabled?: boolean;
  children: ReactNode;
}): JSX.Element {
  return (
    <Button
      appearance={props.appearance ?? "primary"}
      type="submit"
      disabled={props.action.busy || props.disabled === true}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
