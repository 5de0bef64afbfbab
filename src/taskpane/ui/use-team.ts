import { useCallback, useSyncExternalStore } from "react";
import type { Services } from "../../runtime/services";
import type { TeamView } from "../../runtime/team-mode";

/**
 * Team mode as the pane shows it: the host's team, the member signed in and their
 * budget, as React state. The pane asks the host when it opens (App); the runtime reads again
 * when the settings change and after lookups settle.
 */
export function useTeam(services: Services): TeamView {
  const team = services.team;
  const subscribe = useCallback((listener: () => void) => team.subscribe(listener), [team]);
  return useSyncExternalStore(subscribe, () => team.view);
}
