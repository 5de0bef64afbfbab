import { useEffect } from "react";
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { Services } from "../../runtime/services";
import { formatCredits } from "./use-credits";
import { useSpendingQuestion } from "./use-spending";
import { useStorageDenied } from "./use-storage-denied";
import { useTeam } from "./use-team";

/**
 * The question asked before a recalculation may spend more than the threshold, or
 * before the cells of a workbook whose kept answers are gone buy them again.
 * Shown above every tab; while mounted it tells the runtime that a question can be shown.
 */
export function SpendingQuestionBar({ services }: { services: Services }): JSX.Element | null {
  const question = useSpendingQuestion(services);
  const team = useTeam(services);
  const storageDenied = useStorageDenied(services);
  useEffect(() => services.presentQuestions(), [services]);
  // What the team budget leaves is read again as the question opens.
  useEffect(() => {
    if (question) services.team.refreshStandingSoon();
  }, [services, question !== null]);
  if (!question) return null;
  const budgetLeft = team.team ? (team.standing?.budget_left ?? null) : null;
  const costs = {
    maxCredits: formatCredits(question.maxCredits),
    confirmAbove: formatCredits(question.confirmAbove),
  };
  const gone = question.reason === "answers_gone";
  const budget = budgetLeft === null ? null : formatCredits(budgetLeft);
  let body: string;
  if (gone) {
    body = t("app.answersGoneBody", costs);
    if (budget !== null)
      body = t("app.twoSentences", {
        first: body,
        second: t("app.answersGoneBudget", { budgetLeft: budget }),
      });
  } else
    body =
      budget === null
        ? t("app.spendingQuestionBody", costs)
        : t("app.spendingQuestionBodyTeam", { ...costs, budgetLeft: budget });
  // What is bought now is gone when the workbook closes (docs/user-guide.md).
  if (storageDenied) body = t("app.twoSentences", { first: body, second: t("app.answersNotKept") });
  return (
    <MessageBar
      intent="warning"
      layout="multiline"
      data-testid="spending-question"
      data-reason={question.reason}
      data-count={question.count}
      data-max-credits={question.maxCredits}
      data-budget-left={budgetLeft ?? undefined}
    >
      <MessageBarBody>
        <MessageBarTitle>
          {t(gone ? "app.answersGoneTitle" : "app.spendingQuestionTitle", {
            count: question.count,
          })}
        </MessageBarTitle>
        {body}
      </MessageBarBody>
      <MessageBarActions>
        <Button
          appearance="primary"
          size="small"
          onClick={() => services.lookups.answer(true)}
          data-testid="spending-run"
        >
          {t(gone ? "app.answersGoneRun" : "app.spendingRun")}
        </Button>
        <Button
          size="small"
          onClick={() => services.lookups.answer(false)}
          data-testid="spending-decline"
        >
          {t(gone ? "app.answersGoneDecline" : "app.spendingDecline")}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
