import type { CanonicalRequest } from "../api/canonical-request";
import { auditName } from "../../api/operations";
import { HostError } from "../errors";
import type { Failure, RelayCall, RelayHooks } from "../relay";
import { reserveForMember, settleSurely } from "./budgets";
import { quoteOf, type Quote } from "./pricing";
import type { Member, Reservation } from "./store";
import type { TeamContext } from "./team-context";
import { teamLookup } from "./team-lookups";
import { teamReport } from "./team-report";

// The relay in team mode: the member signed in, the team's key instead of theirs,
// and a paid order or download priced by the service's quote, reserved before it goes out and
// ended by exactly one of two hooks: settled at that price when the service accepts it,
// released when it refuses it or surely never got it, and, when its outcome cannot be known (the
// connection broke after it left), settled from a fresh quote where the service has one
// (`paid`, the file's status) or at the reserved price: never released on a guess.

/** A request that costs nothing: only its Authorization header to set. */
const freeCall = (authorization: string | undefined): RelayCall => ({
  authorization,
  answered: async () => undefined,
  failed: async () => undefined,
});

export function teamRelayHooks(team: TeamContext): RelayHooks {
  return {
    answer(request, reply, canonical) {
      if (canonical.operation.price.kind === "lookup")
        return teamLookup(team, request, reply, canonical);
      if (canonical.operation.name === "report/bad-email")
        return teamReport(team, request, reply, canonical);
      return null;
    },
    async before(request, canonical) {
      // The service's health needs no key (docs/interface.md, Authentication): nor a member.
      if (canonical.operation.generation === null) return freeCall(undefined);
      const member = await team.signIn.member(request);
      const serviceKey = await team.serviceKey.key();
      const price = canonical.operation.price;
      if (price.kind !== "domain_order" && price.kind !== "search_download")
        return freeCall(`Bearer ${serviceKey}`);
      if (price.kind === "search_download" && canonical.query.get("preview_only") === "true")
        return freeCall(`Bearer ${serviceKey}`);
      const quote = await readQuote(team, canonical, serviceKey);
      if (quote.priceMilli === 0) return freeCall(`Bearer ${serviceKey}`);
      return paidCall(team, member, canonical, serviceKey, quote);
    },
  };
}

/** The service's quote of a paid request: a quote that cannot be read refuses the request. */
async function readQuote(
  team: TeamContext,
  canonical: CanonicalRequest,
  serviceKey: string
): Promise<Quote> {
  const quote = await quoteOf(team.upstream, canonical, serviceKey);
  if (quote === null)
    throw new HostError(
      503,
      "quote_unavailable",
      `The price of ${canonical.operation.name} could not be read from the service: nothing was sent. Try again shortly.`
    );
  return quote;
}

async function paidCall(
  team: TeamContext,
  member: Member,
  canonical: CanonicalRequest,
  serviceKey: string,
  quote: Quote
): Promise<RelayCall> {
  const reservation: Reservation = await reserveForMember(team, member.id, quote.priceMilli);
  const operation = auditName(canonical.operation);
  let ended = false;
  const once = async (end: () => Promise<void>): Promise<void> => {
    if (ended) return;
    ended = true;
    await end();
  };
  return {
    authorization: `Bearer ${serviceKey}`,
    answered: (status) =>
      once(() =>
        status >= 200 && status < 300
          ? settleSurely(team.store, reservation, quote.priceMilli, { operation, status })
          : team.store.release(reservation)
      ),
    failed: (failure: Failure) =>
      once(async () => {
        if (failure === "not_sent") return team.store.release(reservation);
        // Unknown: the service may have charged. Its own word where it has one, else the price.
        const after = await quoteOf(team.upstream, canonical, serviceKey).catch(() => null);
        const charged = after === null || quote.chargedSince(after) ? quote.priceMilli : 0;
        if (charged === 0) return team.store.release(reservation);
        await settleSurely(team.store, reservation, charged, { operation, status: 0 });
      }),
  };
}
