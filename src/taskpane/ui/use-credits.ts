import { useCallback } from "react";
import type { CreditsSnapshot } from "../../client/credits";
import { formatNumber } from "../../i18n/numbers";
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
  return formatNumber(value, "en-US", 2);
}
