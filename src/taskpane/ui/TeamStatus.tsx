import {
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { bindingBudget, type TeamView } from "../../runtime/team-mode";
import { DismissButton } from "./DismissButton";
import { usePanelStyles } from "./panel-styles";
import { formatCredits } from "./use-credits";
import { useTeam } from "./use-team";

/** Who is signed in to the team host, and what is left of the month's budget. */
export function TeamStatus({ services }: { services: Services }): JSX.Element | null {
  const panel = usePanelStyles();
  const view = useTeam(services);
  if (!view.team) return null;
  const microsoft = view.team.entra !== null && services.microsoft.supported;
  const budgetLeft = view.standing?.budget_left ?? null;
  return (
    <Caption1
      className={panel.muted}
      data-testid="team-member"
      data-budget-left={budgetLeft ?? undefined}
    >
      {teamStatusText(view, microsoft)}
    </Caption1>
  );
}

/** `microsoft`: the host and this Office can sign in with a Microsoft 365 account. */
function teamStatusText(view: TeamView, microsoft: boolean): string {
  const team = view.team?.name ?? "";
  if (view.microsoftRefusal !== null)
    return t("app.teamMicrosoftRefused", { team, reason: view.microsoftRefusal });
  if (view.tokenRejected) return t("app.teamTokenRejected", { team });
  const standing = view.standing;
  if (!standing)
    return view.microsoftAccount !== null
      ? t("settings.microsoftSignedIn", { account: view.microsoftAccount })
      : t(microsoft ? "app.teamSignInMicrosoft" : "app.teamSignIn", { team });
  const { name, email } = standing.member;
  const budget = bindingBudget(standing);
  if (!budget) return t("app.teamSignedInNoBudget", { name, email });
  return t("app.teamSignedIn", {
    name,
    email,
    left: formatCredits(budget.left),
    budget: budget.monthlyBudget,
  });
}

/** The host refused a lookup over a budget: its message, until dismissed (nothing retries it). */
export function TeamBudgetNotice({ services }: { services: Services }): JSX.Element | null {
  const view = useTeam(services);
  if (view.budgetRefusal === null) return null;
  return (
    <MessageBar
      intent="error"
      layout="multiline"
      politeness="assertive"
      data-testid="team-budget-notice"
    >
      <MessageBarBody>
        <MessageBarTitle>{t("app.teamBudgetTitle")}</MessageBarTitle>
        {view.budgetRefusal}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <DismissButton
            onDismiss={() => services.team.dismissBudgetRefusal()}
            testId="team-budget-dismiss"
          />
        }
      />
    </MessageBar>
  );
}
