import type { FastifyReply, FastifyRequest } from "fastify";
import type { CanonicalRequest } from "../api/canonical-request";
import { canonicalReport } from "./canonical-lookup";
import { fromStore } from "./sign-in";
import type { TeamContext } from "./team-context";
import { readJsonBody, sendAnswer } from "./team-lookups";
import { errorCode } from "../../api/error-code";
import { OPERATIONS, auditName } from "../../api/operations";

// A bad-email report in team mode (docs/interface.md, Bad-email reports, SECURITY.md): sent with
// the team's key by the host itself. When the team bought the address, the report is measured
// (report-desk.ts): the buyers get back what the service was seen to return, nothing on its word
// alone. Every report the service accepts is recorded, so that the admin sees the claims it did not
// pay back.

const OPERATION = auditName(OPERATIONS["report/bad-email"]);

export async function teamReport(
  team: TeamContext,
  request: FastifyRequest,
  reply: FastifyReply,
  canonical: CanonicalRequest
): Promise<FastifyReply> {
  const member = await team.signIn.member(request);
  const { email, body } = canonicalReport(await readJsonBody(request));
  const claimed = await fromStore(() => team.store.unreturnedMilli(email));
  if (claimed > 0)
    return sendAnswer(reply, await team.reports.report({ memberId: member.id, email, body }));
  // Nothing of the team's waits for this address's credit: nothing to measure or give back.
  const serviceKey = await team.serviceKey.key();
  const answer = await team.upstream.request("POST", canonical.path, serviceKey, {
    body: JSON.stringify(body),
  });
  if (answer.status >= 200 && answer.status < 300)
    await fromStore(() =>
      team.store.recordBounceReport({
        memberId: member.id,
        email,
        at: team.now().toISOString(),
        returnedMilli: null,
        audit: { operation: OPERATION, status: answer.status },
      })
    ).catch((error: unknown) =>
      request.log.error({ code: errorCode(error) }, "a bad-email report could not be recorded")
    );
  return sendAnswer(reply, answer);
}
