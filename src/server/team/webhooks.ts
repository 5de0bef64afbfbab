import { randomBytes } from "node:crypto";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance } from "fastify";
import { Agent, request } from "undici";
import { OPERATIONS } from "../api/interface";
import { HostError } from "../errors";
import { boughtEmailOf, chargedMilli, type LookupPrice } from "./pricing";
import type { PendingWebhook, TeamStore } from "./store";

// Lookups answered to a webhook in team mode (spec 4.2, 6): the service posts the result to the
// host's own webhook (`<public URL>/team/webhooks/<secret id>`) instead of the member's, so that
// the host reads what the service charged. The lookup is settled at its most when the service
// accepts it; when the result arrives, the difference is given back to the member, the result
// kept for the team, and passed on to the member's URL. That URL is checked as the host's own
// outgoing request: https, no credentials, and an address on the public internet only (resolved
// again when the result is passed on, so a name that later points inside is refused then too).

export interface WebhookOptions {
  /** The host's public base URL, as the service reaches it. */
  publicUrl: URL;
  /** Tests only: members' webhook URLs on this machine or a private network are accepted. */
  allowPrivateTargets?: boolean;
}

/** What the host keeps of a lookup redirected to its webhook, before the service is asked. */
export interface WebhookPending {
  id: string;
  memberUrl: string;
  lookupKey: string;
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
    this.agent = new Agent({
      connect: {
        lookup: (hostname, _options, done) => {
          void this.addressesOf(hostname).then(
            (addresses) => done(null, addresses[0]!, isIP(addresses[0]!)),
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
  async redirect(
    memberUrl: string,
    lookupKey: string
  ): Promise<{ url: string; pending: WebhookPending }> {
    const target = await this.checkTarget(memberUrl);
    const id = randomBytes(32).toString("base64url");
    return {
      url: `${this.publicBase}/team/webhooks/${id}`,
      pending: { id, memberUrl: target.href, lookupKey },
    };
  }

  register(app: FastifyInstance): void {
    app.post<{ Params: { id: string } }>(
      "/team/webhooks/:id",
      // The id is the webhook's secret: logs show the route's pattern (logging.ts).
      { bodyLimit: BODY_LIMIT, config: { secretPath: true } },
      async (incoming, reply) => {
        if (!ID.test(incoming.params.id)) throw notFound();
        const pending = await this.store.deliverPendingWebhook(incoming.params.id);
        if (pending === null) throw notFound();
        if (pending === "delivered") return reply.code(200).send({ ok: true });
        await this.settle(pending, incoming.body);
        const event = incoming.headers["x-webhook-event"];
        void this.passOn(pending, incoming.body, typeof event === "string" ? event : null).catch(
          (error: unknown) =>
            incoming.log.warn(
              { code: (error as { code?: string }).code },
              "a webhook could not be passed on"
            )
        );
        return reply.code(200).send({ ok: true });
      }
    );
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  /** What the result says was charged: the difference back to the member, the answer kept. */
  private async settle(pending: PendingWebhook, body: unknown): Promise<void> {
    const price = priceOf(pending.operation);
    const charged =
      price && typeof (body as { credits_charged?: unknown } | null)?.credits_charged === "number"
        ? chargedMilli(price, 200, body, false)
        : pending.chargedMilli;
    const audit = { operation: pending.operation, status: 200 };
    if (charged < pending.chargedMilli)
      await this.store.returnCredit(
        pending.memberId,
        pending.month,
        pending.chargedMilli - charged,
        audit
      );
    if (pending.lookupKey && body !== null && typeof body === "object")
      await this.store
        .putSharedAnswer({
          key: pending.lookupKey,
          status: 200,
          body: JSON.stringify(body),
          storedAt: new Date().toISOString(),
        })
        .catch(() => undefined);
    const input = (body as { input?: unknown } | null)?.input ?? null;
    const email = price && charged > 0 ? boughtEmailOf(price, body, input) : null;
    if (email)
      await this.store
        .recordPurchase({
          memberId: pending.memberId,
          email,
          month: pending.month,
          amountMilli: charged,
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
      addresses = isIP(host)
        ? [host]
        : (await lookup(host, { all: true })).map((entry) => entry.address);
    } catch {
      throw refused(`${host} cannot be resolved`);
    }
    if (addresses.length === 0) throw refused(`${host} cannot be resolved`);
    if (!this.options.allowPrivateTargets && addresses.some(isInternalAddress))
      throw refused(`${host} is not an address on the internet`);
    return addresses;
  }
}

function notFound(): HostError {
  return new HostError(404, "not_found", "Nothing is served at this path.");
}

/** The lookup's pricing from its audit name ("v5.1/find-email/person"). */
function priceOf(operation: string): LookupPrice | null {
  const found = OPERATIONS.find(
    (candidate) =>
      candidate.generation !== null &&
      `${candidate.generation}/${candidate.name}` === operation &&
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
