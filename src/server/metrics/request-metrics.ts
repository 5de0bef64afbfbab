import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Operation } from "../../api/operations";
import { API_PREFIX } from "../relay";
import { workOf } from "../request-context";
import { SHARED_HEADER } from "../team/team-lookups";
import type { HostMetrics } from "./host-metrics";

// Every request counted by the route's pattern and status, and /api requests timed by their
// operation. A label is a pattern of the host's routes or of the interface, never
// a path as the client wrote it: a client cannot make series of its own.

/** An operation of the interface as its path's pattern: its row's path template. */
export function operationPattern(operation: Operation): string {
  return operation.path;
}

/** The route a request took: the interface's operation under /api, else the host's route pattern. */
export function routeOf(request: FastifyRequest): string {
  if (request.canonical) return API_PREFIX + operationPattern(request.canonical.operation);
  return request.routeOptions.url ?? "unmatched";
}

export function instrumentRequests(app: FastifyInstance, metrics: HostMetrics): void {
  app.addHook("onRequest", async (request, reply) => {
    const ended = metrics.requestStarted();
    const started = performance.now();
    // 'close' comes once the answer has ended or the client has gone, whatever else happened.
    reply.raw.once("close", () => {
      ended({
        method: request.method,
        route: routeOf(request),
        status: reply.raw.writableEnded ? reply.statusCode : "aborted",
        operation: request.canonical ? operationPattern(request.canonical.operation) : null,
        seconds: (performance.now() - started) / 1000,
      });
      if (reply.getHeader(SHARED_HEADER) === "shared")
        metrics.sharedAnswerGiven(workOf(request).lookup);
    });
  });
}
