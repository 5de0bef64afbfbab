import type { VerifyEmailResult } from "../../api/types";
import { isValidEmail, normalizeEmail } from "../../api/normalize";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import { verifyQueryKey } from "../services/query-keys";
import type { OperationHandler } from "./operation-routes";
import { answerOrWebhook, billV51, serveLookup } from "./serve";

/** docs/interface.md, Verify email. */
export const verifyEmail: OperationHandler<"verify-email"> = async (
  app,
  request,
  _reply,
  operation
) => {
  const { email } = request.body;
  const webhookUrl = webhookUrlOf(request);
  if (!isValidEmail(email)) throw badRequest("email is not a valid email address", "email");
  const address = normalizeEmail(email);
  const result = await serveLookup(app, (): VerifyEmailResult => {
    const answer = app.sandbox.lookups.verify(email);
    return {
      input: { email },
      credits_charged: billV51(app, request, {
        operation: "verify",
        key: verifyQueryKey(address),
        status: answer.email_status,
        email: address,
      }),
      email_status: answer.email_status,
      mx_host: answer.mx_host,
      mx_domain: answer.mx_domain,
    };
  });
  return answerOrWebhook(app, webhookUrl, operation, result);
};
