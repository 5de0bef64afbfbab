import type { FastifyInstance } from "fastify";
import type { VerifyEmailRequest, VerifyEmailResult } from "../../api/types";
import { isValidEmail, normalizeEmail } from "../../api/normalize";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import { verifyQueryKey } from "../services/query-keys";
import { answerOrWebhook, billV51, serveLookup } from "./serve";

export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: VerifyEmailRequest }>(
    "/v5.1/verify-email",
    {
      schema: {
        body: {
          type: "object",
          required: ["email"],
          properties: { email: { type: "string", maxLength: 320 } },
        },
      },
    },
    async (request) => {
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
      return answerOrWebhook(app, webhookUrl, "verify-email", result);
    }
  );
}
