import { isValidEmail, normalizeEmail } from "../../api/normalize";
import { badRequest } from "../errors";
import { verifyQueryKey } from "../services/query-keys";
import { v51Lookup } from "./serve";

/** docs/interface.md, Verify email. */
export const verifyEmail = v51Lookup("verify-email", (app, body) => {
  const { email } = body;
  if (!isValidEmail(email)) throw badRequest("email is not a valid email address", "email");
  const address = normalizeEmail(email);
  return {
    key: verifyQueryKey(address),
    answer: (bill) => {
      const answer = app.sandbox.lookups.verify(email);
      return {
        input: { email },
        credits_charged: bill(answer.email_status, address),
        email_status: answer.email_status,
        mx_host: answer.mx_host,
        mx_domain: answer.mx_domain,
      };
    },
  };
});
