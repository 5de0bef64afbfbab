import type { CompanyEmailType } from "../../../api/types";
import { companyEmailsQueryKey } from "../../services/query-keys";
import { echo, v51Lookup } from "../serve";

/** docs/interface.md, Company: a company's addresses, of one type or any. */
export const findCompany = v51Lookup("find-email/company", (app, body) => {
  const emailType: CompanyEmailType = body.email_type ?? "any";
  const key = companyEmailsQueryKey(body, emailType);
  const input = echo(body, ["domain", "company_name", "email_type"]);
  return {
    key,
    answer: (bill) => {
      const answer = app.sandbox.lookups.company(body, emailType);
      return {
        input,
        credits_charged: bill(answer.email_status, null),
        email_status: answer.email_status,
        emails: answer.emails,
        valid_emails: answer.email_status === "valid" ? answer.emails : [],
        mx_host: answer.mx_host,
        mx_domain: answer.mx_domain,
      };
    },
  };
});
