import type { LookupOperation } from "../../client/lookup-key";
import { MAX_COST_MILLI } from "../../client/prices";

// What a request to the service may cost (DESIGN 6c, budgets): the host reserves the most a
// request can cost before it goes out and settles what was charged when it answers. Lookups are
// small JSON requests answered at once, kept as the team's shared answers; orders and
// downloads are priced by the service's own quote, read just before; everything else is free.

export interface LookupRoute {
  kind: "lookup";
  generation: "v5.1" | "v5.0";
  /** The path after the generation, for the audit ("find-email/person"). */
  operation: string;
  /** The lookup's key space (src/client/lookup-key.ts); legacy ones keep their own names. */
  lookup:
    LookupOperation | "legacy_person" | "legacy_company" | "legacy_employees" | "legacy_validate";
  maxMilli: number;
}

export interface QuotedRoute {
  kind: "quoted";
  operation: string;
  /** Where the service says what this costs (a GET relayed with the team's key). */
  quotePath: string;
  /** Reads the quote's JSON: the most this can cost, in milli (0: nothing to pay). */
  priceMilli(quote: unknown): number;
}

export type PricedRoute = LookupRoute | QuotedRoute | { kind: "free" };

const LOOKUPS: Record<string, Omit<LookupRoute, "kind">> = {
  "POST /v5.1/find-email/person": {
    generation: "v5.1",
    operation: "find-email/person",
    lookup: "person",
    maxMilli: MAX_COST_MILLI.person,
  },
  "POST /v5.1/find-email/company": {
    generation: "v5.1",
    operation: "find-email/company",
    lookup: "company",
    maxMilli: MAX_COST_MILLI.company,
  },
  "POST /v5.1/find-email/decision-maker": {
    generation: "v5.1",
    operation: "find-email/decision-maker",
    lookup: "decision_maker",
    maxMilli: MAX_COST_MILLI.decision_maker,
  },
  "POST /v5.1/find-email/linkedin-url": {
    generation: "v5.1",
    operation: "find-email/linkedin-url",
    lookup: "linkedin_url",
    maxMilli: MAX_COST_MILLI.linkedin_url,
  },
  "POST /v5.1/verify-email": {
    generation: "v5.1",
    operation: "verify-email",
    lookup: "verify",
    maxMilli: MAX_COST_MILLI.verify,
  },
  // Legacy charging (spec 1): a found person or company once, employees and validation each call.
  "POST /v5.0/search/person.json": {
    generation: "v5.0",
    operation: "search/person",
    lookup: "legacy_person",
    maxMilli: 1_000,
  },
  "POST /v5.0/search/company.json": {
    generation: "v5.0",
    operation: "search/company",
    lookup: "legacy_company",
    maxMilli: 1_000,
  },
  "POST /v5.0/search/employees.json": {
    generation: "v5.0",
    operation: "search/employees",
    lookup: "legacy_employees",
    maxMilli: 1_000,
  },
  "POST /v5.0/validate.json": {
    generation: "v5.0",
    operation: "validate",
    lookup: "legacy_validate",
    maxMilli: 1_000,
  },
};

const milli = (credits: unknown): number =>
  typeof credits === "number" && Number.isFinite(credits) && credits > 0
    ? Math.round(credits * 1000)
    : 0;

/** An unpaid search's quoted price (spec 2.5, 2.6): nothing once paid. */
const searchPrice = (quote: unknown): number => {
  const search = quote as { paid?: unknown; credits_needed?: unknown } | null;
  return search && search.paid !== true ? milli(search.credits_needed) : 0;
};

/** How the host prices `method path` (the path as the service sees it, after /api). */
export function priceRoute(method: string, path: string, query: URLSearchParams): PricedRoute {
  const lookup = LOOKUPS[`${method} ${path}`];
  if (lookup) return { kind: "lookup", ...lookup };
  if (method === "POST") {
    const order = /^\/v5\.1\/domain\/([^/]+)\/email\/order$/.exec(path);
    if (order)
      return {
        kind: "quoted",
        operation: "domain/order",
        quotePath: `/v5.1/domain/${order[1]}/email`,
        priceMilli: (quote) =>
          milli((quote as { credits_required?: unknown } | null)?.credits_required),
      };
  }
  if (method === "GET" && query.get("preview_only") !== "true") {
    const download = /^\/v5\.1\/(bulk|geo-lead)\/([^/]+)\/download$/.exec(path);
    if (download)
      return {
        kind: "quoted",
        operation: `${download[1]}/download`,
        quotePath: `/v5.1/${download[1]}/${download[2]}`,
        priceMilli: searchPrice,
      };
  }
  return { kind: "free" };
}

/**
 * What a lookup's answer charged. v5.1 says it (`credits_charged`); a legacy answer does not,
 * so its rules are applied: a found person or company is charged once per query ever (`bought`:
 * the team has had this answer before), employees and validation on every successful call.
 */
export function chargedMilli(
  route: LookupRoute,
  status: number,
  body: unknown,
  bought: boolean
): number {
  if (status < 200 || status >= 300) return 0;
  const answer = body as Record<string, unknown> | null;
  if (route.generation === "v5.1") return milli(answer?.credits_charged);
  if (answer?.success !== true) return 0;
  switch (route.lookup) {
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

/** The lookups the team host answers itself: [path, route]. */
export function lookupRoutes(): Array<[string, LookupRoute]> {
  return Object.entries(LOOKUPS).map(([line, route]) => [
    line.slice("POST ".length),
    { kind: "lookup", ...route },
  ]);
}
