import { AsyncLocalStorage } from "node:async_hooks";

// The request a piece of work is done for, wherever it runs (DESIGN 6e): the relay runs each
// /api request inside it, and whatever is sent to the service on its behalf (team mode's
// lookups, quotes, reports, however deep) carries its id as `x-request-id`, without every
// function between passing it on.

const current = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (and everything it starts) as work for the request `requestId`. */
export function forRequest<T>(requestId: string, work: () => T): T {
  return current.run({ requestId }, work);
}

/** The id of the request the running work is for, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}
