import { useState } from "react";
import { useAdmin, useAdminAction } from "./admin-context";
import { AdminSection } from "./AdminSection";
import { LIMITS, type AdminTeam } from "./api-types";
import { ErrorText } from "./ErrorText";
import { ActionForm, AdminField, SubmitButton } from "./form";
import { BUDGET_HINT, budgetText, formatBudget, formatCredits, typedBudget } from "./format";
import { useAdminStyles } from "./styles";

const FRESHNESS_HINT = `A whole number of days, from ${LIMITS.minFreshnessDays} to ${LIMITS.maxFreshnessDays}.`;

/** The team's budget and how long shared answers are given again; its figures this month. */
export function TeamSection(props: { team: AdminTeam }): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const { team } = props;
  const [budget, setBudget] = useState(budgetText(team.monthly_budget));
  const [freshness, setFreshness] = useState(String(team.freshness_days));
  const save = useAdminAction(async () => {
    const monthlyBudget = typedBudget(budget);
    const days = Number(freshness.trim() || NaN);
    if (!Number.isFinite(days)) throw new Error(FRESHNESS_HINT);
    // The host checks the rest (a whole number, within the limits) and says so.
    await client.updateTeam({ monthly_budget: monthlyBudget, freshness_days: days });
    await reload();
  });
  return (
    <AdminSection id="team-title" title={`Team ${team.name}`} testId="admin-team">
      <div className={styles.figures}>
        <span>
          Spent this month:{" "}
          <strong data-testid="admin-team-spent">{formatCredits(team.spent_this_month)}</strong> of{" "}
          {formatBudget(team.monthly_budget)}
        </span>
        <span>
          Shared answers kept:{" "}
          <strong data-testid="admin-shared-answers">{team.shared_answers}</strong>
        </span>
      </div>
      <ActionForm className={styles.form} label="Team settings" action={save}>
        <AdminField
          label="Team monthly budget"
          hint={BUDGET_HINT}
          inputMode="decimal"
          state={[budget, setBudget]}
          testId="admin-team-budget"
        />
        <AdminField
          label="Shared answers given again for"
          hint={FRESHNESS_HINT}
          inputMode="numeric"
          state={[freshness, setFreshness]}
          testId="admin-team-freshness"
        />
        <SubmitButton action={save} testId="admin-team-save">
          Save
        </SubmitButton>
      </ActionForm>
      <ErrorText message={save.error} />
    </AdminSection>
  );
}
