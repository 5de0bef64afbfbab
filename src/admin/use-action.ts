import { useCallback, useEffect, useRef, useState } from "react";
import { AdminApiError } from "./admin-client";

// Busy and error of one control's action (a save, a removal), so that each form does not
// repeat the pattern. A refused admin token is not this control's error: `onUnauthorized`
// takes the page back to sign-in.

export interface Action<A extends unknown[]> {
  run: (...args: A) => Promise<boolean>;
  busy: boolean;
  /** The last run's error message, shown next to the control. */
  error: string | null;
  /** Shows a message of the page's own checks, as an error of this control. */
  fail: (message: string) => void;
  clear: () => void;
}

export function useAction<A extends unknown[]>(
  work: (...args: A) => Promise<void>,
  onUnauthorized: (message: string) => void
): Action<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async (...args: A): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await work(...args);
        return true;
      } catch (caught) {
        if (caught instanceof AdminApiError && caught.unauthorized) onUnauthorized(caught.message);
        else if (mounted.current)
          setError(caught instanceof Error ? caught.message : String(caught));
        return false;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [work, onUnauthorized]
  );
  const fail = useCallback((message: string) => setError(message), []);
  const clear = useCallback(() => setError(null), []);
  return { run, busy, error, fail, clear };
}
