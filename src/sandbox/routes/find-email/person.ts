import { badRequest } from "../../errors";
import { personQueryKey } from "../../services/query-keys";
import { echo, present, v51Lookup } from "../serve";

/** docs/interface.md, Person: a name and a company, or a profile URL alone. */
export const findPerson = v51Lookup("find-email/person", (app, body) => {
  const hasName = present(body.full_name) || (present(body.first_name) && present(body.last_name));
  const hasCompany = present(body.domain) || present(body.company_name);
  if (!present(body.linkedin_url)) {
    if (!hasCompany)
      throw badRequest("domain or company_name is required (or linkedin_url alone)", "domain");
    if (!hasName)
      throw badRequest(
        "full_name, or both first_name and last_name, is required",
        present(body.first_name) ? "last_name" : "full_name"
      );
  }
  const key = personQueryKey(body);
  const input = echo(body, [
    "domain",
    "company_name",
    "full_name",
    "first_name",
    "last_name",
    "linkedin_url",
  ]);
  return {
    key,
    answer: (bill) => {
      const answer = app.sandbox.lookups.person(body);
      return {
        input,
        credits_charged: bill(answer.email_status, answer.email),
        email_status: answer.email_status,
        email: answer.email,
        valid_email: answer.email_status === "valid" ? answer.email : null,
        person_full_name: answer.person_full_name,
        person_company_name: answer.person_company_name,
        person_job_title: answer.person_job_title,
        mx_host: answer.mx_host,
        mx_domain: answer.mx_domain,
      };
    },
  };
});
