import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import sjson from "secure-json-parse";
import { lookupKey, type LookupOperation } from "../../client/lookup-key";
import type { CanonicalRequest } from "../api/canonical-request";
import { HostError, payloadTooLarge } from "../errors";
import { RELAYED_RESPONSE_HEADERS } from "../relay";
import { budgetExceeded, settleSurely } from "./budgets";
import { boughtEmailOf, chargedMilli, lookupPriceOf, type LookupPrice } from "./pricing";
import type { HeldClaim } from "./shared-lookups";
import { fromStore } from "./sign-in";
import { monthOf, type LookupEnd, type Member, type Reservation, type TeamStore } from "./store";
import type { TeamContext } from "./team-context";
import type { WebhookPending } from "./webhooks";
import { UpstreamError, type UpstreamAnswer } from "./upstream";

// The lookups of team mode (DESIGN 6c), answered by the host itself rather than streamed
// through: the member signed in before a byte of the body is read, a fresh shared answer given
// at once (free, marked `x-mail-finder-answer: shared`), otherwise the lookup bought once for
// everyone asking it, within the member's and the team's budgets, with the team's key. Once
// bought, its outcome is settled and kept whether or not the member is still there to read it.

export const SHARED_HEADER = "x-mail-finder-answer";

/** A lookup's body is a few fields: anything larger is not one. */
const LOOKUP_BODY_LIMIT = 64 * 1024;

/** The service gives a lookup charged within this long again for free (v5.1). */
const SERVICE_REPEAT_WINDOW_MS = 30 * 86_400_000;

const LEGACY_KEY_SPACE: Record<string, LookupOperation> = {
  legacy_person: "person",
  legacy_company: "company",
  legacy_employees: "employees",
  legacy_validate: "verify",
};

/** The shared answers' key: the API generation and the normalized lookup. */
export function sharedKey(route: LookupPrice, body: object): string {
  const operation = LEGACY_KEY_SPACE[route.lookup] ?? (route.lookup as LookupOperation);
  return `${route.generation}:${lookupKey(operation, body)}`;
}

/** A shared answer is free for the one it is given to. */
function asShared(answer: UpstreamAnswer, route: LookupPrice): string {
  if (route.generation !== "v5.1") return answer.body;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    if (typeof body.credits_charged === "number") body.credits_charged = 0;
    return JSON.stringify(body);
  } catch {
    return answer.body;
  }
}

/**
 * Reads a body of at most `limit` bytes. One announced larger is refused before it is read; one
 * that grows past the limit while it streams is refused there, and the rest of it is read and
 * dropped rather than the socket destroyed, so that the client reads the 413 (the server's
 * request timeout bounds a sender that never stops).
 */
function readBounded(request: FastifyRequest, limit: number): Promise<Buffer> {
  const readable = request.body as Readable | null | undefined;
  if (!readable || typeof readable.on !== "function") return Promise.resolve(Buffer.alloc(0));
  if (Number(request.headers["content-length"] ?? 0) > limit) {
    readable.resume();
    return Promise.reject(payloadTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      readable.off("data", onData);
      readable.off("end", onEnd);
      readable.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      readable.on("error", () => {});
      readable.resume();
      reject(payloadTooLarge(limit));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    readable.on("data", onData);
    readable.on("end", onEnd);
    readable.on("error", onError);
  });
}

/** Reads a JSON object body (after sign-in), bounded: a lookup's or a report's. */
export async function readJsonBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const raw = await readBounded(request, LOOKUP_BODY_LIMIT);
  let body: unknown;
  try {
    body = sjson.parse(raw.toString("utf8"), null, {
      protoAction: "error",
      constructorAction: "error",
    });
  } catch {
    throw new HostError(400, "bad_request", "The request body is not valid JSON.");
  }
  if (body === null || typeof body !== "object" || Array.isArray(body))
    throw new HostError(400, "bad_request", "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** A lookup of `canonical` for the member signing `request`: shared, joined or bought. */
export async function teamLookup(
  team: TeamContext,
  request: FastifyRequest,
  reply: FastifyReply,
  canonical: CanonicalRequest
): Promise<FastifyReply> {
  const route = lookupPriceOf(canonical)!;
  const path = canonical.path;
  const member = await team.signIn.member(request);
  const body = await readJsonBody(request);
  const webhook = canonical.operation.webhook ? request.headers["x-webhook-url"] : undefined;
  const serviceKey = await team.serviceKey.key();
  const send = (answer: UpstreamAnswer, shared: boolean): FastifyReply => {
    if (shared) void reply.header(SHARED_HEADER, "shared");
    return sendAnswer(reply, answer, shared ? asShared(answer, route) : answer.body);
  };
  // Answered to a webhook: through the host's own where it has a public URL (what was charged
  // is read when the result arrives, webhooks.ts), else straight to the member's, at its most.
  if (typeof webhook === "string") {
    const target = team.webhooks
      ? await team.webhooks.redirect(webhook, sharedKey(route, body))
      : { url: webhook, pending: null };
    const reservation = await reserved(team, member, route);
    const answer = await buy(team, route, path, body, serviceKey, reservation, null, {
      headers: { "x-webhook-url": target.url },
      webhook: target.pending,
    });
    return send(answer, false);
  }
  const key = sharedKey(route, body);
  const settings = await fromStore(() => team.settings());
  const freshSince = new Date(
    team.now().getTime() - settings.freshnessDays * 86_400_000
  ).toISOString();
  const purchaser = {
    memberId: member.id,
    month: monthOf(team.now()),
    amountMilli: route.maxMilli,
    reservationTtlMs: team.options.reservationTtlMs,
  };
  const outcome = await team.shared.answer(key, freshSince, purchaser, (reservation, claim) =>
    buy(team, route, path, body, serviceKey, reservation, claim)
  );
  return send(outcome.answer, !outcome.bought);
}

/** The service's answer as the host's, with the relayed answers' headers. */
export function sendAnswer(
  reply: FastifyReply,
  answer: UpstreamAnswer,
  body: string = answer.body
): FastifyReply {
  return reply
    .headers(RELAYED_RESPONSE_HEADERS)
    .code(answer.status)
    .type(answer.contentType)
    .send(body);
}

/** A lookup's most reserved (one sent to a webhook: the others' start reserves theirs). */
async function reserved(
  team: TeamContext,
  member: Member,
  route: LookupPrice
): Promise<Reservation> {
  const result = await fromStore(() =>
    team.store.reserve(
      member.id,
      monthOf(team.now()),
      route.maxMilli,
      team.options.reservationTtlMs
    )
  );
  if (!result.ok) throw budgetExceeded(result);
  return result.reservation;
}

/**
 * One paid lookup, reserved: sent, settled, audited, and (a 200 to share) kept for the team and
 * its claim released, the end in one step of the store.
 */
async function buy(
  team: TeamContext,
  route: LookupPrice,
  path: string,
  request: Record<string, unknown>,
  serviceKey: string,
  reservation: Reservation,
  claim: HeldClaim | null,
  {
    headers = {},
    webhook = null,
  }: {
    headers?: Record<string, string>;
    webhook?: WebhookPending | null;
  } = {}
): Promise<UpstreamAnswer> {
  const { store } = team;
  const key = claim?.key ?? null;
  const operation = `${route.generation}/${route.operation}`;
  // Known before the service can post the result to it.
  if (webhook)
    await fromStore(() =>
      store.addPendingWebhook({
        id: webhook.id,
        memberId: reservation.memberId,
        month: reservation.month,
        chargedMilli: route.maxMilli,
        operation,
        lookupKey: webhook.lookupKey,
        memberUrl: webhook.memberUrl,
        createdAt: team.now().toISOString(),
      })
    ).catch(async (error: unknown) => {
      await store.release(reservation).catch(() => undefined);
      throw error;
    });
  let answer: UpstreamAnswer;
  try {
    answer = await team.upstream.request("POST", path, serviceKey, {
      body: JSON.stringify(request),
      headers,
    });
  } catch (error) {
    // Sent and unanswered, the service may have charged it: counted at its price, never on a guess released.
    if (error instanceof UpstreamError && error.failure === "unknown")
      await settleSurely(store, reservation, route.maxMilli, { operation, status: 0 }).catch(
        () => undefined
      );
    else {
      await store.release(reservation).catch(() => undefined);
      if (webhook) await store.deliverPendingWebhook(webhook.id).catch(() => undefined);
    }
    throw error;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    // Not JSON (a proxy's error page): nothing charged can be read, nothing kept.
  }
  // Legacy rule: a found person or company is charged once per query ever.
  const bought =
    route.generation === "v5.0" &&
    key !== null &&
    (await store.sharedAnswer(key, "1970-01-01T00:00:00.000Z")) !== null;
  const charged =
    key === null && route.generation === "v5.1" && answer.status === 200
      ? route.maxMilli
      : chargedMilli(route, answer.status, parsed, bought);
  const audit = { operation, status: answer.status };
  // Asked before this lookup's answer is kept (by its end).
  const orphan =
    key !== null && charged === 0 && (await chargedBefore(team, route, key, answer, parsed));
  // Noted for a bounce report of it, which returns the charge to this member.
  const email = charged > 0 ? boughtEmailOf(route, parsed, request) : null;
  await claim?.quiet();
  await finishSurely(
    store,
    {
      reservation,
      chargedMilli: charged,
      audit,
      claim: claim && { key: claim.key, owner: claim.owner },
      answer:
        key !== null && answer.status === 200 && parsed !== null
          ? { key, status: 200, body: answer.body, storedAt: team.now().toISOString() }
          : null,
      purchase: email ? { email, at: team.now().toISOString() } : null,
    },
    claim
  );
  // Refused by the service: no result will come, and none may change what was settled.
  if (webhook && answer.status !== 200)
    await store.deliverPendingWebhook(webhook.id).catch(() => undefined);
  if (orphan) await store.settleOrphan(key, route.maxMilli, audit).catch(() => undefined);
  return answer;
}

/**
 * A bought lookup's end in one step of the store; should that fail, its settle alone, surely (the
 * charge is real), and its answer kept. The purchase is not noted then: the failed step may have
 * noted it, and an address noted twice would be refunded twice.
 */
async function finishSurely(
  store: TeamStore,
  end: LookupEnd,
  claim: HeldClaim | null
): Promise<void> {
  try {
    await store.finishLookup(end);
    if (claim) claim.released = true;
    return;
  } catch {
    // Below, one part at a time.
  }
  await settleSurely(store, end.reservation, end.chargedMilli, end.audit);
  if (end.answer) await store.putSharedAnswer(end.answer).catch(() => undefined);
}

/**
 * Whether a v5.1 answer given free is the service's repeat of a lookup charged within its 30
 * days that the team did not buy itself: a charge of an instance stopped before settling it.
 */
async function chargedBefore(
  team: TeamContext,
  route: LookupPrice,
  key: string,
  answer: UpstreamAnswer,
  parsed: unknown
): Promise<boolean> {
  if (route.generation !== "v5.1" || answer.status !== 200) return false;
  if ((parsed as { email_status?: unknown } | null)?.email_status !== "valid") return false;
  const since = new Date(team.now().getTime() - SERVICE_REPEAT_WINDOW_MS).toISOString();
  try {
    return (await team.store.sharedAnswer(key, since)) === null;
  } catch {
    return false; // Unknown: a charge is never counted on a guess.
  }
}
