import { Field, Input, type InputProps } from "@fluentui/react-components";
import { fieldError } from "./field-error";

export type TextFieldProps = Omit<InputProps, "value"> & {
  label?: string;
  hint?: string;
  /** Shown next to the field, marked `error-message`. */
  error?: string | null;
  fieldClassName?: string;
  value: string;
  testId: string;
};

/** A labelled text input with its error next to it. */
export function TextField(props: TextFieldProps): JSX.Element {
  const { label, hint, error, fieldClassName, testId, ...input } = props;
  return (
    <Field label={label} hint={hint} className={fieldClassName} {...fieldError(error)}>
      <Input {...input} data-testid={testId} />
    </Field>
  );
}
