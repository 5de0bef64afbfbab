import { useEffect, useState } from "react";
import type { Services } from "../../runtime/services";
import type { Settings } from "../../runtime/settings";

/** What the pane shows of the connection: a key of the user's, Try mode. */
export interface TryModeView {
  hasKey: boolean;
  tryMode: boolean;
}

const viewOf = (settings: Settings): TryModeView => ({
  hasKey: settings.apiKey !== null,
  tryMode: settings.tryMode,
});

/**
 * The settings' key and Try mode, as saved (null until they are read; the pane reads them
 * before its first render, so that its first screen is the right one at once).
 */
export function useTryMode(services: Services): TryModeView | null {
  const [view, setView] = useState<TryModeView | null>(() =>
    services.settings.isLoaded ? viewOf(services.settings.value) : null
  );
  useEffect(() => {
    let live = true;
    void services.settings.load().then((settings) => live && setView(viewOf(settings)));
    const stop = services.settings.subscribe((settings) => setView(viewOf(settings)));
    return () => {
      live = false;
      stop();
    };
  }, [services]);
  return view;
}
