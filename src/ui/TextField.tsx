import { Field, Input, type InputProps } from "@fluentui/react-components";
import { fieldError } from "./field-error";

export type TextFieldProps = Omit<InputProps, "value"> & {
  label?: string;
  hint?: string;
  /** Shown next to the field, marked `errorTestId`. */
  error?: string | null;
  /** The pane's errors are marked `error-message`, the admin page's `admin-error`. */
  errorTestId?: string;
  fieldClassName?: string;
  value: string;
  testId: string;
};

/** A labelled text input with its error next to it. */
export function TextField(props: TextFieldProps): JSX.Element {
  const {
    label,
    hint,
    error,
    errorTestId = "error-message",
    fieldClassName,
    testId,
    ...input
  } = props;
  return (
    <Field label={label} hint={hint} className={fieldClassName} {...fieldError(error, errorTestId)}>
      <Input {...input} data-testid={testId} />
    </Field>
  );
}
