import type { DecisionMakerCategory, DecisionMakerResult } from "../../../api/types";
import { webhookUrlOf } from "../../http";
import { decisionMakerQueryKey } from "../../services/query-keys";
import type { OperationHandler } from "../operation-routes";
import { answerOrWebhook, billV51, echo, serveLookup } from "../serve";

/** docs/interface.md, Decision maker: the most senior person of the categories asked for. */
export const findDecisionMaker: OperationHandler<"find-email/decision-maker"> = async (
  app,
  request,
  _reply,
  operation
) => {
  const body = request.body;
  const webhookUrl = webhookUrlOf(request);
  const categories = [...new Set(body.decision_maker_category)] as DecisionMakerCategory[];
  const key = decisionMakerQueryKey(body, categories);
  const input = echo(body, ["decision_maker_category", "domain", "company_name"]);
  const result = await serveLookup(app, (): DecisionMakerResult => {
    const answer = app.sandbox.lookups.decisionMaker(body, categories);
    const person =
      answer.email_status === "valid" || answer.email_status === "risky" ? answer.person : null;
    return {
      input,
      credits_charged: billV51(app, request, {
        operation: "decision_maker",
        key,
        status: answer.email_status,
        email: answer.email,
      }),
      email_status: answer.email_status,
      decision_maker_category: answer.decision_maker_category,
      email: answer.email,
      valid_email: answer.email_status === "valid" ? answer.email : null,
      person_first_name: person?.nameSplittable ? person.firstName : null,
      person_last_name: person?.nameSplittable ? person.lastName : null,
      person_full_name: person?.fullName ?? null,
      person_job_title: person?.title ?? null,
      person_linkedin_url: person?.linkedinUrl ?? null,
      mx_host: answer.mx_host,
      mx_domain: answer.mx_domain,
    };
  });
  return answerOrWebhook(app, webhookUrl, operation, result);
};
