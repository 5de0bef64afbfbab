import type { FastifyReply, FastifyRequest } from "fastify";
import { normalizeEmail } from "../../api/normalize";
import type { CanonicalRequest } from "../api/canonical-request";
import { fromStore } from "./sign-in";
import type { TeamContext } from "./team-context";
import { readJsonBody, sendAnswer } from "./team-lookups";

// A bad-email report in team mode (spec 4.5, DESIGN 6c): sent with the team's key by the host
// itself, so that when the service accepts it (and returns the credit of a charged address to
// the company), the member whose lookup bought the address gets it back in their month.

export async function teamReport(
  team: TeamContext,
  request: FastifyRequest,
  reply: FastifyReply,
  canonical: CanonicalRequest
): Promise<FastifyReply> {
  await team.signIn.member(request);
  const body = await readJsonBody(request);
  const serviceKey = await team.serviceKey.key();
  const answer = await team.upstream.request("POST", canonical.path, serviceKey, {
    body: JSON.stringify(body),
  });
  if (answer.status === 200 && typeof body.email === "string")
    await fromStore(() =>
      team.store.refundPurchases(normalizeEmail(body.email as string), {
        operation: `v5.1/${canonical.operation.name}`,
        status: answer.status,
      })
    ).catch((error: unknown) =>
      request.log.error(
        { code: (error as { code?: string }).code },
        "a refund could not be recorded"
      )
    );
  return sendAnswer(reply, answer);
}
