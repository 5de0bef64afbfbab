import type { DecisionMakerCategory } from "../../../api/types";
import { decisionMakerQueryKey } from "../../services/query-keys";
import { echo, v51Lookup } from "../serve";

/** docs/interface.md, Decision maker: the most senior person of the categories asked for. */
export const findDecisionMaker = v51Lookup("find-email/decision-maker", (app, body) => {
  const categories = [...new Set(body.decision_maker_category)] as DecisionMakerCategory[];
  const key = decisionMakerQueryKey(body, categories);
  const input = echo(body, ["decision_maker_category", "domain", "company_name"]);
  return {
    key,
    answer: (bill) => {
      const answer = app.sandbox.lookups.decisionMaker(body, categories);
      const found = answer.email_status === "valid" || answer.email_status === "risky";
      const person = found ? answer.person : null;
      return {
        input,
        credits_charged: bill(answer.email_status, answer.email),
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
    },
  };
});
