import type { CanonicalRequest } from "../api/canonical-request";
import { pathOf, type Generation, type LookupKind, type OperationName } from "../../api/operations";
import { HostError } from "../errors";
import type { Upstream } from "./upstream";

// What a request to the service costs (budgets), read off its canonical form
// (src/server/api): the host reserves the most a request can cost before it goes out and
// settles what was charged when it answers. Lookups are small JSON requests answered at once,
// kept as the team's shared answers; orders and downloads are priced by the service's own quote,
// read just before (and again when their outcome is unknown); everything else is free.

/** A lookup's pricing: its generation, key space and highest price. */
export interface LookupPrice {
  generation: Generation;
  /** The operation's name (its row's in src/api/operations.ts). */
  operation: OperationName;
  lookup: LookupKind;
  maxMilli: number;
}

/** A lookup's price from its canonical request (null: not a lookup). */
export function lookupPriceOf(canonical: CanonicalRequest): LookupPrice | null {
  const { operation } = canonical;
  if (operation.price.kind !== "lookup" || operation.generation === null) return null;
  return {
    generation: operation.generation,
    operation: operation.name,
    lookup: operation.price.lookup,
    maxMilli: operation.price.maxMilli,
  };
}

/** A paid order's or download's quote: what it costs now, and how to tell it was bought. */
export interface Quote {
  priceMilli: number;
  /** Whether `later`, a quote read after the request, shows the purchase made. */
  chargedSince(later: Quote): boolean;
  /** Bought already (a paid search, an ordered file). */
  bought: boolean;
}

const milli = (credits: unknown): number =>
  typeof credits === "number" && Number.isFinite(credits) && credits > 0
    ? Math.round(credits * 1000)
    : 0;

/**
 * Reads a domain file's info (docs/interface.md, Domain email files): nothing to pay once ordered
 * (the service charges once).
 */
function domainQuote(value: unknown): Quote | null {
  const info = value as { credits_required?: unknown; status?: unknown } | null;
  if (!info || typeof info.credits_required !== "number") return null;
  const bought = info.status === "queued" || info.status === "ready";
  if (!bought && info.status !== null) return null;
  return {
    bought,
    priceMilli: bought ? 0 : milli(info.credits_required),
    chargedSince: (later) => later.bought,
  };
}

/**
 * Reads a search (docs/interface.md, The bulk search object and GeoLead searches): its unpaid
 * price, nothing once paid.
 */
function searchQuote(value: unknown): Quote | null {
  const search = value as { paid?: unknown; credits_needed?: unknown } | null;
  if (!search || typeof search.paid !== "boolean" || typeof search.credits_needed !== "number")
    return null;
  return {
    bought: search.paid,
    priceMilli: search.paid ? 0 : milli(search.credits_needed),
    chargedSince: (later) => later.bought,
  };
}

/** The quote's own path for a paid operation (null: it has none, it is not paid that way). */
function quotePathOf(canonical: CanonicalRequest): string | null {
  const price = canonical.operation.price;
  if (price.kind !== "domain_order" && price.kind !== "search_download") return null;
  return pathOf(price.quote, { domain: canonical.domain, searchId: canonical.searchId });
}

/**
 * The service's quote for a paid order or download. The service's refusal of the quote (an
 * unknown search, a bad key: a 4xx with its error body) is its answer to the request too, and
 * is thrown as such; a quote that cannot be read (5xx, not its shape) answers null.
 */
export async function quoteOf(
  upstream: Upstream,
  canonical: CanonicalRequest,
  serviceKey: string
): Promise<Quote | null> {
  const path = quotePathOf(canonical);
  if (path === null) return null;
  const answer = await upstream.json(path, serviceKey);
  if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
    const body = answer.value as { error?: unknown; message?: unknown } | null;
    if (typeof body?.error === "string" && typeof body.message === "string")
      throw new HostError(answer.status, body.error, body.message);
    return null;
  }
  if (answer.status !== 200) return null;
  return canonical.operation.price.kind === "domain_order"
    ? domainQuote(answer.value)
    : searchQuote(answer.value);
}

/**
 * What a lookup's answer charged. v5.1 says it (`credits_charged`); a legacy answer does not,
 * so its rules are applied: a found person or company is charged once per query ever (`bought`:
 * the team has had this answer before), employees and validation on every successful call.
 */
export function chargedMilli(
  price: LookupPrice,
  status: number,
  body: unknown,
  bought: boolean
): number {
  if (status < 200 || status >= 300) return 0;
  const answer = body as Record<string, unknown> | null;
  if (price.generation === "v5.1") return milli(answer?.credits_charged);
  if (answer?.success !== true) return 0;
  switch (price.lookup) {
    case "legacy_person":
    case "legacy_company":
      return !bought &&
        (answer.results as { validation?: unknown } | undefined)?.validation === "valid"
        ? 1_000
        : 0;
    default:
      return 1_000;
  }
}

const emailText = (value: unknown): string | null =>
  typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : null;

/**
 * The address a charged lookup bought, which a bad-email report of it may return
 * (docs/interface.md, Credits): the valid email found (person, decision maker, profile URL, legacy
 * person) or the address verified valid. A company's list buys no one address.
 */
export function boughtEmailOf(
  price: LookupPrice,
  answer: unknown,
  request: unknown
): string | null {
  const body = answer as Record<string, unknown> | null;
  const asked = (request as { email?: unknown } | null)?.email;
  switch (price.lookup) {
    case "person":
    case "decision_maker":
    case "linkedin_url":
      return body?.email_status === "valid" ? emailText(body.email) : null;
    case "verify":
      return body?.email_status === "valid" ? emailText(asked) : null;
    case "legacy_person": {
      const results = body?.results as { email?: unknown; validation?: unknown } | undefined;
      return results?.validation === "valid" ? emailText(results.email) : null;
    }
    case "legacy_validate":
      return body?.validation === "valid" ? emailText(asked) : null;
    default:
      return null;
  }
}
