import { useEffect, useState } from "react";

/**
 * A value of an outside source as React state, read at most once per `intervalMs` however
 * often it changes: a fill-down settles thousands of lookups a second, and a render for each
 * would cost the runtime more than the lookups.
 */
export function useThrottled<T>(
  subscribe: (listener: () => void) => () => void,
  read: () => T,
  intervalMs = 100
): T {
  const [value, setValue] = useState<T>(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setValue(read());
      }, intervalMs);
    });
    setValue(read());
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
    // `read` is taken as it is when the source (`subscribe`) changes.
  }, [subscribe, intervalMs]);
  return value;
}
