import { useCallback, useEffect, useState } from "react";
import type { LookupCounts } from "../../client/scheduler";
import type { SpendingQuestion } from "../../client/spending";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import type { Settings } from "../../runtime/settings";
import { usePane } from "./pane-context";
import { useThrottled } from "./use-throttled";

/** The settings in force, as React state: every panel sees a save at once. */
export function useSettings(services: Services): Settings | null {
  // Read before the pane's first render (taskpane.ts): shown from the first render on.
  const [settings, setSettings] = useState<Settings | null>(() =>
    services.settings.isLoaded ? services.settings.value : null
  );
  useEffect(() => {
    let live = true;
    void services.settings.load().then((loaded) => live && setSettings(loaded));
    const unsubscribe = services.settings.subscribe((next) => setSettings(next));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [services]);
  return settings;
}

/** Why the task pane's paid actions are disabled, or null when they are not. */
export function useSpendingOffReason(): string | null {
  const settings = useSettings(usePane().services);
  return settings && !settings.spendingEnabled ? t("app.spendingOffReason") : null;
}

/** The Lookups view's counts, at most ten updates a second however fast lookups settle. */
export function useLookupCounts(services: Services, intervalMs = 100): LookupCounts {
  const scheduler = services.lookups;
  const subscribe = useCallback(
    (listener: () => void) => scheduler.subscribe(listener),
    [scheduler]
  );
  return useThrottled(subscribe, () => scheduler.counts, intervalMs);
}

/** The open spending question, or null. */
export function useSpendingQuestion(services: Services): SpendingQuestion | null {
  const guard = services.spending;
  const [question, setQuestion] = useState<SpendingQuestion | null>(guard.question);
  useEffect(() => {
    const update = (): void => setQuestion(guard.question);
    update();
    return guard.subscribe(update);
  }, [guard]);
  return question;
}
