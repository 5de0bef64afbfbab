import { useCallback } from "react";
import type { CreditsSnapshot } from "../../client/credits";
import { n } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { useThrottled } from "./use-throttled";

/** The runtime's credits ledger, as React state (at most ten updates a second). */
export function useCredits(services: Services): CreditsSnapshot {
  const ledger = services.credits;
  const subscribe = useCallback(
    (listener: () => void) => ledger.subscribe(() => listener()),
    [ledger]
  );
  return useThrottled(subscribe, () => ledger.snapshot);
}

export function formatCredits(value: number | null): string {
  if (value === null) return "–";
  return n(value, 2);
}
