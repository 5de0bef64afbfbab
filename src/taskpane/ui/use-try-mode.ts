import type { Services } from "../../runtime/services";
import { useSettings } from "./use-spending";

/** What the pane shows of the connection: a key of the user's, Try mode. */
export interface TryModeView {
  hasKey: boolean;
  tryMode: boolean;
}

/**
 * The settings' key and Try mode, as saved (null until they are read; the pane reads them
 * before its first render, so that its first screen is the right one at once).
 */
export function useTryMode(services: Services): TryModeView | null {
  const settings = useSettings(services);
  return settings && { hasKey: settings.apiKey !== null, tryMode: settings.tryMode };
}
