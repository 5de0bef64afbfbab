import type { AdminTeam } from "../../admin/api-types";
import { changesOf } from "./admin-audit";
import { budgetMilli } from "./admin-input";
import { BODIES } from "./admin-schemas";
import { BODY_LIMIT, type AdminRoutes } from "./admin-scope";
import { teamView } from "./admin-views";
import { budgetCredits } from "./credits";
import type { TeamSettings } from "./store";

// The team's settings (its name, budget, how long shared answers are given again) and its
// figures this month.

interface TeamChange {
  name?: string;
  monthly_budget?: number | null;
  freshness_days?: number;
}

const teamFields = (team: TeamSettings) => ({
  name: team.name,
  monthly_budget: budgetCredits(team.monthlyBudgetMilli),
  freshness_days: team.freshnessDays,
});

export const teamRoutes: AdminRoutes = (app, { store, thisMonth, audit }) => {
  app.get("/team", async (): Promise<AdminTeam> =>
    teamView(store, await store.team(), thisMonth())
  );

  app.put<{ Body: TeamChange }>(
    "/team",
    { bodyLimit: BODY_LIMIT, schema: { body: BODIES.teamChange } },
    async (request): Promise<AdminTeam> => {
      const { body } = request;
      const patch: Partial<TeamSettings> = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.monthly_budget !== undefined)
        patch.monthlyBudgetMilli = budgetMilli(body.monthly_budget);
      if (body.freshness_days !== undefined) patch.freshnessDays = body.freshness_days;
      const before = await store.team();
      const team = Object.keys(patch).length ? await store.updateTeam(patch) : before;
      const changes = changesOf(teamFields(before), teamFields(team));
      if (Object.keys(changes).length > 0)
        await audit(request, { action: "team_updated", changes });
      return teamView(store, team, thisMonth());
    }
  );
};
