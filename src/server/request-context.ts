import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyRequest } from "fastify";

// The request a piece of work is done for, wherever it runs: the relay runs each
// /api request inside it, so that whatever is sent to the service on its behalf (team mode's
// lookups, quotes, reports, however deep) carries its id as `x-request-id`, and what the team's
// store said of its lookup is noted for /metrics, without every function between passing them on.

export interface RequestWork {
  requestId: string;
  /** What the store said of this request's lookup: a kept answer found, another holder waited for. */
  lookup: { kept: boolean; waited: boolean };
}

const current = new AsyncLocalStorage<RequestWork>();
const works = new WeakMap<FastifyRequest, RequestWork>();

/** The work of `request` (made at the first ask). */
export function workOf(request: FastifyRequest): RequestWork {
  let work = works.get(request);
  if (!work) {
    work = { requestId: request.id, lookup: { kept: false, waited: false } };
    works.set(request, work);
  }
  return work;
}

/** Runs `run` (and everything it starts) as `work`. */
export function forRequest<T>(work: RequestWork, run: () => T): T {
  return current.run(work, run);
}

/** The work the running code is done for, if any. */
export function currentWork(): RequestWork | undefined {
  return current.getStore();
}
