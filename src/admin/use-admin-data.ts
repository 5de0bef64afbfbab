import { useCallback, useEffect, useRef, useState } from "react";
import { AdminApiError, type AdminClient } from "./admin-client";
import type {
  AdminAuditRow,
  AdminMember,
  AdminTeam,
  BounceReportRow,
  MonthlyUsageRow,
  UsageRow,
} from "./api-types";

// What the page shows, loaded together and reloaded after each change, so that the members,
// the team's figures, this month's spend, the chart and the admin actions never disagree.

/** Months the chart covers, this one included. */
export const CHART_MONTHS = 12;

/** The latest admin actions shown. */
export const ADMIN_ACTIONS_SHOWN = 50;

export interface AdminData {
  members: AdminMember[];
  team: AdminTeam;
  usage: UsageRow[];
  monthly: MonthlyUsageRow[];
  actions: AdminAuditRow[];
  reports: BounceReportRow[];
}

export function useAdminData(
  client: AdminClient,
  onUnauthorized: (message: string) => void
): { data: AdminData | null; error: string | null; reload: () => Promise<void> } {
  const [data, setData] = useState<AdminData | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Reloads overlap when changes follow each other: only the newest one's answers are shown.
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const run = ++latest.current;
    try {
      const [members, team, usage, monthly, actions, reports] = await Promise.all([
        client.members(),
        client.team(),
        client.usage(),
        client.monthlyUsage(CHART_MONTHS),
        client.adminActions(ADMIN_ACTIONS_SHOWN),
        client.bounceReports(),
      ]);
      if (run !== latest.current) return;
      setData({ members, team, usage, monthly, actions, reports });
      setError(null);
    } catch (caught) {
      if (run !== latest.current) return;
      if (caught instanceof AdminApiError && caught.unauthorized) onUnauthorized(caught.message);
      else setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [client, onUnauthorized]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
