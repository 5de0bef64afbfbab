import { useCallback, useSyncExternalStore } from "react";
import type { Services } from "../../runtime/services";

/** Whether the browser denies the add-in its storage (docs/user-guide.md), as React state. */
export function useStorageDenied(services: Services): boolean {
  const denial = services.storageDenial;
  const subscribe = useCallback((listener: () => void) => denial.subscribe(listener), [denial]);
  return useSyncExternalStore(subscribe, () => denial.denied);
}
