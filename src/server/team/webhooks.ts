import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import type { LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { Agent, request } from "undici";
import { OPERATION_LIST, auditName } from "../../api/operations";
import { HostError } from "../errors";
import { canonicalLookup } from "./canonical-lookup";
import { boughtEmailOf, chargedMilli, type LookupPrice } from "./pricing";
import type { PendingWebhook, TeamStore } from "./store";
import { errorCode } from "../../api/error-code";

// Lookups answered to a webhook in team mode (docs/interface.md, Webhooks): the service posts the
// result to the host's own webhook (`<public URL>/team/webhooks/<secret id>`, 256 random bits that
// no member sees) instead of the member's, so that the host reads what the service charged. A post
// is taken only as the result of its lookup: the shape of the service's result, and its `input` the
// very request sent. The lookup is settled at the result's charge, above the reservation as well as
// below it and whether the result comes before or after the synchronous answer (webhook-lookups.ts,
// store.deliverWebhookResult); the result is kept for the team unless a better or newer answer is
// kept, and passed on to the member's URL. That URL is checked as the host's own outgoing request:
// https, no credentials, and every address its name resolves to on the public internet (resolved
// again when the result is passed on, so a name that later points inside is refused then too).

export interface WebhookOptions {
  /** The host's public base URL, as the service reaches it. */
  publicUrl: URL;
  /** Tests only: members' webhook URLs on this machine or a private network are accepted. */
  allowPrivateTargets?: boolean;
  /** Every address of a host name (default: the system's resolver, dns.lookup with all). */
  resolve?: (hostname: string) => Promise<string[]>;
}

/** What the host keeps of a lookup redirected to its webhook, before the service is asked. */
export interface WebhookPending {
  id: string;
  memberUrl: string;
}

const ID = /^[A-Za-z0-9_-]{43}$/;
const BODY_LIMIT = 1024 * 1024;
const FORWARD_TIMEOUT_MS = 10_000;

/** Addresses a host's request must never reach on a member's word. */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  INTERNAL.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  // NAT64 (RFC 6052, RFC 8215): an IPv4 address inside, reached through a translator.
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  INTERNAL.addSubnet(network, prefix, "ipv6");

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INTERNAL.check(mapped[1]!, "ipv4");
  const version = isIP(address);
  return version === 0 || INTERNAL.check(address, version === 4 ? "ipv4" : "ipv6");
}

const refused = (why: string): HostError =>
  new HostError(400, "bad_request", `The x-webhook-url is not accepted by this team host: ${why}.`);

export class WebhookRelay {
  private readonly publicBase: string;
  private readonly agent: Agent;

  constructor(
    private readonly store: TeamStore,
    private readonly options: WebhookOptions
  ) {
    this.publicBase = options.publicUrl.href.replace(/\/+$/, "");
    // Every connection of a pass-on resolves its name again and refuses an internal address.
    // Node (net.connect's autoSelectFamily, on by default since Node 20) asks with `all: true`
    // and takes a list; dns.lookup's single answer otherwise.
    this.agent = new Agent({
      connect: {
        lookup: (hostname, options, done) => {
          void this.addressesOf(hostname).then(
            (addresses) => {
              const found: LookupAddress[] = addresses.map((address) => ({
                address,
                family: isIP(address),
              }));
              if ((options as { all?: boolean }).all)
                (done as unknown as (error: null, addresses: LookupAddress[]) => void)(null, found);
              else done(null, found[0]!.address, found[0]!.family);
            },
            (error: Error) => done(error, "", 4)
          );
        },
      },
    });
  }

  /** The member's webhook URL, checked: a URL the host may post to. */
  private async checkTarget(text: string): Promise<URL> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw refused("it is not a URL");
    }
    const allowPrivate = this.options.allowPrivateTargets === true;
    if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:"))
      throw refused("it must be https");
    if (url.username || url.password) throw refused("it carries credentials");
    await this.addressesOf(url.hostname);
    return url;
  }

  /**
   * Where the service is to post a lookup's result instead of the member's `memberUrl` (checked):
   * the host's own webhook, and what the host keeps until the result arrives.
   */
  async redirect(memberUrl: string): Promise<{ url: string; pending: WebhookPending }> {
    const target = await this.checkTarget(memberUrl);
    const id = randomBytes(32).toString("base64url");
    return {
      url: `${this.publicBase}/team/webhooks/${id}`,
      pending: { id, memberUrl: target.href },
    };
  }

  register(app: FastifyInstance): void {
    app.post<{ Params: { id: string } }>(
      "/team/webhooks/:id",
      // The id is the webhook's secret: logs show the route's pattern (logging.ts).
      { bodyLimit: BODY_LIMIT, config: { secretPath: true } },
      async (incoming, reply) => {
        if (!ID.test(incoming.params.id)) throw notFound();
        const pending = await this.store.pendingWebhook(incoming.params.id);
        if (pending === null) throw notFound();
        if (pending === "delivered") return reply.code(200).send({ ok: true });
        const result = resultOf(pending, incoming.body);
        // Not the service's result of this lookup: refused, and the lookup still waits for it.
        if (result === null)
          throw new HostError(400, "bad_request", "This is not the result of this lookup.");
        const delivered = await this.store.deliverWebhookResult(pending.id, result.chargedMilli, {
          operation: pending.operation,
          status: 200,
        });
        if (delivered === null) throw notFound();
        if (delivered === "delivered") return reply.code(200).send({ ok: true });
        await this.keep(pending, result);
        const event = incoming.headers["x-webhook-event"];
        void this.passOn(pending, incoming.body, typeof event === "string" ? event : null).catch(
          (error: unknown) =>
            incoming.log.warn({ code: errorCode(error) }, "a webhook could not be passed on")
        );
        return reply.code(200).send({ ok: true });
      }
    );
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /** The result kept for the team (unless it knows better) and the address it bought noted. */
  private async keep(pending: PendingWebhook, result: WebhookResult): Promise<void> {
    if (pending.lookupKey)
      await this.store
        .offerSharedAnswer({
          key: pending.lookupKey,
          status: 200,
          body: JSON.stringify(result.body),
          // As old as the request it answers: an answer bought after it is newer.
          storedAt: pending.createdAt,
        })
        .catch(() => undefined);
    const email =
      result.chargedMilli > 0 ? boughtEmailOf(result.price, result.body, result.body.input) : null;
    if (email)
      await this.store
        .recordPurchase({
          memberId: pending.memberId,
          email,
          month: pending.month,
          amountMilli: result.chargedMilli,
          at: new Date().toISOString(),
        })
        .catch(() => undefined);
  }

  private async passOn(
    pending: PendingWebhook,
    body: unknown,
    event: string | null
  ): Promise<void> {
    const answer = await request(pending.memberUrl, {
      method: "POST",
      dispatcher: this.agent,
      headers: {
        "content-type": "application/json",
        ...(event ? { "x-webhook-event": event } : {}),
      },
      body: JSON.stringify(body),
      headersTimeout: FORWARD_TIMEOUT_MS,
      bodyTimeout: FORWARD_TIMEOUT_MS,
    });
    await answer.body.dump();
  }

  private async addressesOf(hostname: string): Promise<string[]> {
    const host = hostname.replace(/^\[|\]$/g, "");
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await (this.options.resolve ?? systemResolve)(host);
    } catch {
      throw refused(`${host} cannot be resolved`);
    }
    if (addresses.length === 0) throw refused(`${host} cannot be resolved`);
    if (!this.options.allowPrivateTargets && addresses.some(isInternalAddress))
      throw refused(`${host} is not an address on the internet`);
    return addresses;
  }
}

async function systemResolve(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true })).map((entry) => entry.address);
}

/**
 * What a lookup's result must say: the service's result shape (docs/interface.md, Email statuses
 * and Common answer fields).
 */
const STATUSES: Record<string, readonly string[]> = {
  verify: ["valid", "risky", "invalid"],
  default: ["valid", "risky", "not_found", "blacklisted"],
};

interface WebhookResult {
  price: LookupPrice;
  body: Record<string, unknown> & { input: Record<string, unknown> };
  chargedMilli: number;
}

/**
 * The post as the result of its pending lookup, or null: a v5.1 lookup result whose
 * `credits_charged` is a credit amount, whose `email_status` is one of the operation's, and
 * whose `input` is the request the host sent (its key the lookup's).
 */
function resultOf(pending: PendingWebhook, body: unknown): WebhookResult | null {
  const price = priceOf(pending.operation);
  if (price === null || price.generation !== "v5.1") return null;
  if (body === null || typeof body !== "object" || Array.isArray(body)) return null;
  const result = body as Record<string, unknown>;
  const charged = result.credits_charged;
  if (typeof charged !== "number" || !Number.isFinite(charged) || charged < 0) return null;
  const statuses = STATUSES[price.lookup] ?? STATUSES.default!;
  if (typeof result.email_status !== "string" || !statuses.includes(result.email_status))
    return null;
  const input = result.input;
  if (input === null || typeof input !== "object" || Array.isArray(input)) return null;
  try {
    const key = canonicalLookup(price, input as Record<string, unknown>).key;
    if (pending.lookupKey !== null && key !== pending.lookupKey) return null;
  } catch {
    return null;
  }
  return {
    price,
    body: result as WebhookResult["body"],
    chargedMilli: chargedMilli(price, 200, result, false),
  };
}

function notFound(): HostError {
  return new HostError(404, "not_found", "Nothing is served at this path.");
}

/** The lookup's pricing from its audit name (auditName in src/api/operations.ts). */
function priceOf(operation: string): LookupPrice | null {
  const found = OPERATION_LIST.find(
    (candidate) =>
      candidate.generation !== null &&
      auditName(candidate) === operation &&
      candidate.price.kind === "lookup"
  );
  if (!found || found.price.kind !== "lookup" || found.generation === null) return null;
  return {
    generation: found.generation,
    operation: found.name,
    lookup: found.price.lookup,
    maxMilli: found.price.maxMilli,
  };
}
