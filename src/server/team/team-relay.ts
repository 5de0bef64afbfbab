import type { RelayHooks, RelayedRequest } from "../relay";
import { budgetExceeded, settleSurely } from "./budgets";
import { priceRoute } from "./pricing";
import { fromStore } from "./sign-in";
import { monthOf, type Reservation } from "./store";
import type { TeamContext } from "./team-context";

// The relay in team mode (DESIGN 6c) for what is not a lookup: the member signed in, the
// team's key instead of theirs, and a paid order or download priced by the service's quote,
// reserved before it goes out, settled at that price when the service accepts it (the service
// says no more of what it charged), released when it does not.

interface Call {
  serviceKey: string;
  reservation: Reservation | null;
  priceMilli: number;
  operation: string;
}

export function teamRelayHooks(team: TeamContext): RelayHooks {
  const calls = new WeakMap<RelayedRequest, Call>();
  const end = async (request: RelayedRequest, status: number | null): Promise<void> => {
    const call = calls.get(request);
    calls.delete(request);
    if (!call?.reservation) return;
    if (status !== null && status >= 200 && status < 300)
      await settleSurely(team.store, call.reservation, call.priceMilli, {
        operation: call.operation,
        status,
      });
    else await team.store.release(call.reservation);
  };
  return {
    async before(request) {
      const url = new URL(request.url, "http://host");
      const path = url.pathname.replace(/^\/api(?=\/)/, "");
      // The service's health needs no key (spec 5): nor a member.
      if (request.method === "GET" && path === "/status") return;
      const member = await team.signIn.member(request);
      const serviceKey = await team.serviceKey.key();
      const route = priceRoute(request.method, path, url.searchParams);
      const call: Call = { serviceKey, reservation: null, priceMilli: 0, operation: "" };
      if (route.kind === "quoted") {
        const quote = await team.upstream.json(route.quotePath, serviceKey);
        // No quote (an unknown search or domain): the service answers the request itself.
        call.priceMilli = quote.status === 200 ? route.priceMilli(quote.value) : 0;
        call.operation = `v5.1/${route.operation}`;
        if (call.priceMilli > 0) {
          const reserved = await fromStore(() =>
            team.store.reserve(
              member.id,
              monthOf(team.now()),
              call.priceMilli,
              team.options.reservationTtlMs
            )
          );
          if (!reserved.ok) throw budgetExceeded(reserved);
          call.reservation = reserved.reservation;
        }
      }
      calls.set(request, call);
    },
    authorization(request) {
      const call = calls.get(request);
      return call ? `Bearer ${call.serviceKey}` : undefined;
    },
    answered: (request, status) => end(request, status),
    failed: (request) => end(request, null),
  };
}
