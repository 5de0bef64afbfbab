import type { LinkedinUrlResult } from "../../../api/types";
import { webhookUrlOf } from "../../http";
import { linkedinQueryKey } from "../../services/query-keys";
import type { OperationHandler } from "../operation-routes";
import { answerOrWebhook, billV51, echo, serveLookup } from "../serve";

/** docs/interface.md, Profile URL: the person of a profile, and their address. */
export const findByProfile: OperationHandler<"find-email/linkedin-url"> = async (
  app,
  request,
  _reply,
  operation
) => {
  const body = request.body;
  const webhookUrl = webhookUrlOf(request);
  const key = linkedinQueryKey(body.linkedin_url);
  const input = echo(body, ["linkedin_url"]);
  const result = await serveLookup(app, (): LinkedinUrlResult => {
    const answer = app.sandbox.lookups.linkedinUrl(body.linkedin_url);
    return {
      input,
      credits_charged: billV51(app, request, {
        operation: "linkedin_url",
        key,
        status: answer.email_status,
        email: answer.email,
      }),
      email_status: answer.email_status,
      email: answer.email,
      valid_email: answer.email_status === "valid" ? answer.email : null,
      person_full_name: answer.person_full_name,
      person_job_title: answer.person_job_title,
      person_company_name: answer.person_company_name,
      mx_host: answer.mx_host,
      mx_domain: answer.mx_domain,
    };
  });
  return answerOrWebhook(app, webhookUrl, operation, result);
};
