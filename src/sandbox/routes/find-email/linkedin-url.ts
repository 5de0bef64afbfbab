import { linkedinQueryKey } from "../../services/query-keys";
import { echo, v51Lookup } from "../serve";

/** docs/interface.md, Profile URL: the person of a profile, and their address. */
export const findByProfile = v51Lookup("find-email/linkedin-url", (app, body) => ({
  key: linkedinQueryKey(body.linkedin_url),
  answer: (bill) => {
    const { email, email_status, ...person } = app.sandbox.lookups.linkedinUrl(body.linkedin_url);
    return {
      input: echo(body, ["linkedin_url"]),
      credits_charged: bill(email_status, email),
      email_status,
      email,
      valid_email: email_status === "valid" ? email : null,
      person_full_name: person.person_full_name,
      person_job_title: person.person_job_title,
      person_company_name: person.person_company_name,
      mx_host: person.mx_host,
      mx_domain: person.mx_domain,
    };
  },
}));
