import type { Services } from "../../runtime/services";
import { useSettings } from "./use-spending";

/** What the pane shows of the connection: a key of the user's, Try mode. */
export interface TryModeView {
  /** A key or team token saved, or a team host's Microsoft 365 sign-in. */
  hasKey: boolean;
  tryMode: boolean;
}

/**
 * The settings' key and Try mode, as saved (null until they are read; the pane reads them
 * before its first render, so that its first screen is the right one at once).
 */
export function useTryMode(services: Services): TryModeView | null {
  const settings = useSettings(services);
  return (
    settings && {
      hasKey: settings.apiKey !== null || settings.microsoftAccount !== null,
      tryMode: settings.tryMode,
    }
  );
}
