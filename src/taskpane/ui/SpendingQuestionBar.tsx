import { useEffect } from "react";
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from "@fluentui/react-components";
import type { Services } from "../../runtime/services";
import { formatCredits } from "./use-credits";
import { useSpendingQuestion } from "./use-spending";

/**
 * The question asked before a recalculation may spend more than the threshold (DESIGN 4).
 * Shown above every tab; while mounted it tells the runtime that a question can be shown.
 */
export function SpendingQuestionBar({ services }: { services: Services }): JSX.Element | null {
  const question = useSpendingQuestion(services);
  useEffect(() => services.presentQuestions(), [services]);
  if (!question) return null;
  const lookups = `${question.count.toLocaleString("en-US")} new lookup${question.count === 1 ? "" : "s"}`;
  return (
    <MessageBar
      intent="warning"
      layout="multiline"
      data-testid="spending-question"
      data-count={question.count}
      data-max-credits={question.maxCredits}
    >
      <MessageBarBody>
        <MessageBarTitle>Run {lookups}?</MessageBarTitle>
        They may cost up to {formatCredits(question.maxCredits)} credits (you asked to be asked
        above {formatCredits(question.confirmAbove)}). Answers already kept cost nothing.
      </MessageBarBody>
      <MessageBarActions>
        <Button
          appearance="primary"
          size="small"
          onClick={() => services.lookups.answer(true)}
          data-testid="spending-run"
        >
          Run
        </Button>
        <Button
          size="small"
          onClick={() => services.lookups.answer(false)}
          data-testid="spending-decline"
        >
          Don&apos;t run
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
