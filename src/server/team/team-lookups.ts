import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import sjson from "secure-json-parse";
import type { CanonicalRequest } from "../api/canonical-request";
import { HostError, payloadTooLarge } from "../errors";
import { RELAYED_RESPONSE_HEADERS } from "../relay";
import { settleSurely } from "./budgets";
import { canonicalLookup, type CanonicalLookup } from "./canonical-lookup";
import { boughtEmailOf, chargedMilli, lookupPriceOf, type LookupPrice } from "./pricing";
import type { HeldClaim } from "./shared-lookups";
import { fromStore } from "./sign-in";
import { monthOf, type LookupEnd, type Reservation, type TeamStore } from "./store";
import type { TeamContext } from "./team-context";
import { UpstreamError, type UpstreamAnswer } from "./upstream";
import { webhookLookup } from "./webhook-lookups";

// The lookups of team mode, answered by the host itself rather than streamed
// through: the member signed in before a byte of the body is read, the body rewritten in its
// plain form and keyed on what is sent (canonical-lookup.ts), a fresh shared answer given at
// once (free, marked `x-mail-finder-answer: shared`), otherwise the lookup bought once for
// everyone asking it, within the member's and the team's budgets, with the team's key. Once
// bought, its outcome is settled and kept whether or not the member is still there to read it.

export const SHARED_HEADER = "x-mail-finder-answer";

/** A lookup's body is a few fields: anything larger is not one. */
const LOOKUP_BODY_LIMIT = 64 * 1024;

/** The service gives a lookup charged within this long again for free (v5.1). */
const SERVICE_REPEAT_WINDOW_MS = 30 * 86_400_000;

/** Legacy lookups the service charges once per query ever (docs/interface.md, Credits). */
const CHARGED_ONCE = new Set(["legacy_person", "legacy_company"]);

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

/** What is read and dropped of a body refused as too large before its connection is closed. */
const DROPPED_AT_MOST = 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, so that its client reads the 413, up to
 * DROPPED_AT_MOST: a sender that goes on past that (or trickles, under the body idle timeout)
 * has its request destroyed instead of holding the connection.
 */
function dropRest(readable: Readable): void {
  let dropped = 0;
  readable.on("error", () => {});
  readable.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DROPPED_AT_MOST) readable.destroy();
  });
  readable.resume();
}

/**
 * Reads a body of at most `limit` bytes. One announced larger is refused before it is read; one
 * that grows past the limit while it streams is refused there; the rest is dropped (dropRest).
 */
function readBounded(request: FastifyRequest, limit: number): Promise<Buffer> {
  const readable = request.body as Readable | null | undefined;
  if (!readable || typeof readable.on !== "function") return Promise.resolve(Buffer.alloc(0));
  if (Number(request.headers["content-length"] ?? 0) > limit) {
    dropRest(readable);
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
      dropRest(readable);
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
  const member = await team.signIn.member(request);
  const lookup = canonicalLookup(route, await readJsonBody(request));
  const webhook = canonical.operation.webhook ? request.headers["x-webhook-url"] : undefined;
  const serviceKey = await team.serviceKey.key();
  if (typeof webhook === "string")
    return sendAnswer(
      reply,
      await webhookLookup(team, route, canonical.path, lookup, member, serviceKey, webhook)
    );
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
  const outcome = await team.shared.answer(
    lookup.key,
    freshSince,
    purchaser,
    (reservation, claim) => buy(team, route, canonical.path, lookup, serviceKey, reservation, claim)
  );
  if (outcome.bought) return sendAnswer(reply, outcome.answer);
  void reply.header(SHARED_HEADER, "shared");
  return sendAnswer(reply, outcome.answer, asShared(outcome.answer, route));
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

/**
 * One paid lookup, reserved and claimed: sent, settled, audited, and (a 200 to share) kept for
 * the team and its claim released, the end in one step of the store.
 */
async function buy(
  team: TeamContext,
  route: LookupPrice,
  path: string,
  lookup: CanonicalLookup,
  serviceKey: string,
  reservation: Reservation,
  claim: HeldClaim
): Promise<UpstreamAnswer> {
  const { store } = team;
  const { key } = claim;
  const operation = `${route.generation}/${route.operation}`;
  let answer: UpstreamAnswer;
  try {
    answer = await team.upstream.request("POST", path, serviceKey, {
      body: JSON.stringify(lookup.body),
    });
  } catch (error) {
    // Sent and unanswered, the service may have charged it: counted at its price, never on a guess released.
    if (error instanceof UpstreamError && error.failure === "unknown")
      await settleSurely(store, reservation, route.maxMilli, { operation, status: 0 }).catch(
        () => undefined
      );
    else await store.release(reservation).catch(() => undefined);
    throw error;
  }
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    // Not JSON (a proxy's error page): nothing charged can be read, nothing kept.
  }
  // Legacy rule: a found person or company is charged once per query ever, and the team knows
  // which of its queries the service charged (an answer kept, e.g. "unknown", was not).
  const chargedOnce = CHARGED_ONCE.has(route.lookup);
  const bought = chargedOnce && (await store.legacyCharged(key));
  const charged = chargedMilli(route, answer.status, parsed, bought);
  const audit = { operation, status: answer.status };
  // Asked before this lookup's answer is kept (by its end).
  const orphan = charged === 0 && (await chargedBefore(team, route, key, answer, parsed));
  // Noted for a bounce report of it, which returns the charge to this member.
  const email = charged > 0 ? boughtEmailOf(route, parsed, lookup.body) : null;
  await claim.quiet();
  await finishSurely(
    store,
    {
      reservation,
      chargedMilli: charged,
      audit,
      claim: { key: claim.key, owner: claim.owner },
      answer:
        answer.status === 200 && parsed !== null
          ? { key, status: 200, body: answer.body, storedAt: team.now().toISOString() }
          : null,
      purchase: email ? { email, at: team.now().toISOString() } : null,
      legacyKey: chargedOnce ? key : null,
    },
    claim
  );
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
