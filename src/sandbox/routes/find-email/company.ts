import type { CompanyEmailType, CompanyResult } from "../../../api/types";
import { webhookUrlOf } from "../../http";
import { companyEmailsQueryKey } from "../../services/query-keys";
import type { OperationHandler } from "../operation-routes";
import { answerOrWebhook, billV51, echo, serveLookup } from "../serve";

/** docs/interface.md, Company: a company's addresses, of one type or any. */
export const findCompany: OperationHandler<"find-email/company"> = async (
  app,
  request,
  _reply,
  operation
) => {
  const body = request.body;
  const webhookUrl = webhookUrlOf(request);
  const emailType: CompanyEmailType = body.email_type ?? "any";
  const key = companyEmailsQueryKey(body, emailType);
  const input = echo(body, ["domain", "company_name", "email_type"]);
  const result = await serveLookup(app, (): CompanyResult => {
    const answer = app.sandbox.lookups.company(body, emailType);
    return {
      input,
      credits_charged: billV51(app, request, {
        operation: "company",
        key,
        status: answer.email_status,
        email: null,
      }),
      email_status: answer.email_status,
      emails: answer.emails,
      valid_emails: answer.email_status === "valid" ? answer.emails : [],
      mx_host: answer.mx_host,
      mx_domain: answer.mx_domain,
    };
  });
  return answerOrWebhook(app, webhookUrl, operation, result);
};
