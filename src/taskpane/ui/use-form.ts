import { useState } from "react";

/**
 * A form's values as state. `edit(field)` is a Fluent input's onChange: it keeps the value and
 * calls `onEdit(field)`, where a panel forgets what it said about that field.
 */
export function useForm<T extends object>(
  initial: T,
  onEdit: (field: keyof T & string) => void = () => undefined
) {
  const [form, setForm] = useState<T>(initial);
  const edit = (field: keyof T & string) => (_: unknown, data: { value: string }) => {
    setForm((f) => ({ ...f, [field]: data.value }));
    onEdit(field);
  };
  return { form, setForm, edit };
}

/** A form's onSubmit that runs an action instead of reloading the page. */
export const submitTo =
  (run: () => Promise<unknown>) =>
  (event: { preventDefault(): void }): void => {
    event.preventDefault();
    void run();
  };
