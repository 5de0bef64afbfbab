import type { FastifyInstance } from "fastify";
import { budgetCredits } from "./credits";
import { fromStore, msalSettingsOf } from "./sign-in";
import { monthOf } from "./store";
import type { TeamContext } from "./team-context";

// The team host's own routes for the pane: whether this host is in team mode (and
// how to sign in), and who the signed-in member is with what is left of the budgets.

export function registerTeamRoutes(app: FastifyInstance, team: TeamContext): void {
  app.get("/team/config", async (_request, reply) => {
    const settings = await fromStore(() => team.store.team());
    void reply.header("cache-control", "no-store");
    return {
      team: true,
      name: settings.name,
      entra: team.entra ? msalSettingsOf(team.entra) : null,
    };
  });

  app.get("/team/me", async (request, reply) => {
    const member = await team.signIn.member(request);
    const month = monthOf(team.now());
    const [settings, mine, all] = await fromStore(() =>
      Promise.all([
        team.store.team(),
        team.store.memberMonth(member.id, month),
        team.store.teamMonth(month),
      ])
    );
    const left = (limit: number | null, used: number): number | null =>
      limit === null ? null : Math.max(0, limit - used);
    const memberLeft = left(member.monthlyBudgetMilli, mine.spentMilli + mine.reservedMilli);
    const teamLeft = left(settings.monthlyBudgetMilli, all.spentMilli + all.reservedMilli);
    const budgetLeft =
      memberLeft === null
        ? teamLeft
        : teamLeft === null
          ? memberLeft
          : Math.min(memberLeft, teamLeft);
    void reply.header("cache-control", "no-store");
    return {
      member: { id: member.id, name: member.name, email: member.email },
      team: {
        name: settings.name,
        monthly_budget: budgetCredits(settings.monthlyBudgetMilli),
        spent_this_month: budgetCredits(all.spentMilli),
      },
      monthly_budget: budgetCredits(member.monthlyBudgetMilli),
      spent_this_month: budgetCredits(mine.spentMilli),
      budget_left: budgetCredits(budgetLeft),
    };
  });
}
