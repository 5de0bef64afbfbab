import type { AdminMember, AdminTeam } from "../../admin/api-types";
import { budgetCredits, credits } from "./credits";
import type { Member, TeamSettings, TeamStore } from "./store";

// The store's records as the admin API gives them (whole credits, snake_case).

export async function memberView(
  store: TeamStore,
  member: Member,
  spentMilli: number
): Promise<AdminMember> {
  const tokens = await store.tokens(member.id);
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    monthly_budget: budgetCredits(member.monthlyBudgetMilli),
    spent_this_month: credits(spentMilli),
    tokens: tokens.map((token) => ({
      id: token.id,
      created_at: token.createdAt,
      revoked_at: token.revokedAt,
      last_used_at: token.lastUsedAt,
    })),
  };
}

export async function teamView(
  store: TeamStore,
  team: TeamSettings,
  month: string
): Promise<AdminTeam> {
  const [figures, sharedAnswers] = await Promise.all([
    store.teamMonth(month),
    store.sharedAnswerCount(),
  ]);
  return {
    name: team.name,
    monthly_budget: budgetCredits(team.monthlyBudgetMilli),
    freshness_days: team.freshnessDays,
    spent_this_month: credits(figures.spentMilli),
    shared_answers: sharedAnswers,
  };
}
