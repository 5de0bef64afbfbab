import { reserveForMember, settleSurely } from "./budgets";
import type { CanonicalLookup } from "./canonical-lookup";
import type { LookupPrice } from "./pricing";
import { fromStore } from "./sign-in";
import type { Member } from "./store";
import type { TeamContext } from "./team-context";
import { UpstreamError, type UpstreamAnswer } from "./upstream";

// A team lookup answered to a webhook (docs/interface.md, Webhooks). Through the host's own webhook
// where the host has a public URL (webhooks.ts): the service posts the result there, the lookup is
// settled at what the result says it charged, whichever of the synchronous answer and the result
// comes first (store.settleWebhookLookup, deliverWebhookResult), and the result is passed on.
// Without a public URL, straight to the member's URL and settled at its most. Any 2xx is an
// acceptance.

const isAccepted = (status: number): boolean => status >= 200 && status < 300;

export async function webhookLookup(
  team: TeamContext,
  route: LookupPrice,
  path: string,
  lookup: CanonicalLookup,
  member: Member,
  serviceKey: string,
  memberUrl: string
): Promise<UpstreamAnswer> {
  const { store } = team;
  const target = team.webhooks ? await team.webhooks.redirect(memberUrl) : null;
  const reservation = await reserveForMember(team, member.id, route.maxMilli);
  const operation = `${route.generation}/${route.operation}`;
  // Known before the service can post the result to it.
  if (target)
    await fromStore(() =>
      store.addPendingWebhook({
        id: target.pending.id,
        memberId: member.id,
        month: reservation.month,
        chargedMilli: route.maxMilli,
        operation,
        lookupKey: lookup.key,
        memberUrl: target.pending.memberUrl,
        createdAt: team.now().toISOString(),
      })
    ).catch(async (error: unknown) => {
      await store.release(reservation).catch(() => undefined);
      throw error;
    });
  const settle = (status: number): Promise<unknown> =>
    target
      ? store.settleWebhookLookup(reservation, target.pending.id, { operation, status })
      : settleSurely(store, reservation, route.maxMilli, { operation, status });
  const cancel = async (): Promise<void> => {
    await store.release(reservation).catch(() => undefined);
    // No result will come, and none may change what was settled.
    if (target) await store.deliverPendingWebhook(target.pending.id).catch(() => undefined);
  };
  let answer: UpstreamAnswer;
  try {
    answer = await team.upstream.request("POST", path, serviceKey, {
      body: JSON.stringify(lookup.body),
      headers: { "x-webhook-url": target?.url ?? memberUrl },
    });
  } catch (error) {
    // Sent and unanswered: the service may have taken it (and will post the result).
    if (error instanceof UpstreamError && error.failure === "unknown")
      await settle(0).catch(() => undefined);
    else await cancel();
    throw error;
  }
  if (isAccepted(answer.status)) await settle(answer.status);
  else await cancel();
  return target ? hideHostWebhook(answer, target.url, target.pending.id, memberUrl) : answer;
}

/** The service's answer without the host's webhook URL or its secret id (the member's URL instead). */
function hideHostWebhook(
  answer: UpstreamAnswer,
  hostUrl: string,
  id: string,
  memberUrl: string
): UpstreamAnswer {
  if (!answer.body.includes(id)) return answer;
  const escaped = (text: string): string => JSON.stringify(text).slice(1, -1);
  const body = answer.body
    .split(escaped(hostUrl))
    .join(escaped(memberUrl))
    .split(hostUrl)
    .join(memberUrl)
    .split(id)
    .join("[webhook]");
  return { ...answer, body };
}
