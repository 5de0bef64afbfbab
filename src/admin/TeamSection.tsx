import { useState } from "react";
import { Button, Field, Input, Title3 } from "@fluentui/react-components";
import { useAdmin, useAdminAction } from "./admin-context";
import { LIMITS, type AdminTeam } from "./api-types";
import { ErrorText } from "./ErrorText";
import { BUDGET_HINT, NOT_A_NUMBER, formatBudget, formatCredits, parseBudget } from "./format";
import { useAdminStyles } from "./styles";

const FRESHNESS_HINT = `A whole number of days, from ${LIMITS.minFreshnessDays} to ${LIMITS.maxFreshnessDays}.`;

/** The team's budget and how long shared answers are given again; its figures this month. */
export function TeamSection(props: { team: AdminTeam }): JSX.Element {
  const styles = useAdminStyles();
  const { client, reload } = useAdmin();
  const { team } = props;
  const [budget, setBudget] = useState(
    team.monthly_budget === null ? "" : String(team.monthly_budget)
  );
  const [freshness, setFreshness] = useState(String(team.freshness_days));
  const save = useAdminAction(async () => {
    const monthlyBudget = parseBudget(budget);
    if (monthlyBudget === undefined) throw new Error(NOT_A_NUMBER);
    const days = Number(freshness.trim() || NaN);
    if (!Number.isFinite(days)) throw new Error(FRESHNESS_HINT);
    // The host checks the rest (a whole number, within the limits) and says so.
    await client.updateTeam({ monthly_budget: monthlyBudget, freshness_days: days });
    await reload();
  });
  return (
    <section className={styles.section} aria-labelledby="team-title" data-testid="admin-team">
      <Title3 as="h2" id="team-title">
        Team {team.name}
      </Title3>
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
      <form
        className={styles.form}
        aria-label="Team settings"
        onSubmit={(event) => {
          event.preventDefault();
          void save.run();
        }}
      >
        <Field label="Team monthly budget" hint={BUDGET_HINT} className={styles.field}>
          <Input
            inputMode="decimal"
            value={budget}
            onChange={(_, data) => setBudget(data.value)}
            data-testid="admin-team-budget"
          />
        </Field>
        <Field
          label="Shared answers given again for"
          hint={FRESHNESS_HINT}
          className={styles.field}
        >
          <Input
            inputMode="numeric"
            value={freshness}
            onChange={(_, data) => setFreshness(data.value)}
            data-testid="admin-team-freshness"
          />
        </Field>
        <Button
          appearance="primary"
          type="submit"
          disabled={save.busy}
          data-testid="admin-team-save"
        >
          Save
        </Button>
      </form>
      <ErrorText message={save.error} />
    </section>
  );
}
