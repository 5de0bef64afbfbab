import { useEffect, useState } from "react";
import type { CreditsSnapshot } from "../../client/credits";
import type { Services } from "../../runtime/services";

/** The runtime's credits ledger, as React state. */
export function useCredits(services: Services): CreditsSnapshot {
  const [snapshot, setSnapshot] = useState<CreditsSnapshot>(services.credits.snapshot);
  useEffect(() => services.credits.subscribe(setSnapshot), [services]);
  return snapshot;
}

export function formatCredits(value: number | null): string {
  if (value === null) return "–";
  return value.toLocaleString("en-US", { maximumFractionDigits: 2 });
}
