import type { FastifyInstance } from "fastify";
import { HostError } from "../errors";
import { bearerOf, sameSecret } from "../team/tokens";
import type { HostMetrics } from "./host-metrics";

// GET /metrics: the Prometheus text format, registered only with --metrics (else
// the path is 404 like any other), and with --metrics-token-file only for
// `Authorization: Bearer <that token>`, compared in constant time.

export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: HostMetrics,
  token: string | null
): void {
  app.get("/metrics", async (request, reply) => {
    void reply.header("cache-control", "no-store");
    if (token !== null) {
      const given = bearerOf(request.headers.authorization);
      if (given === null || !sameSecret(given, token)) {
        void reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw new HostError(
          401,
          "unauthorized",
          "/metrics needs the metrics token: Authorization: Bearer <metrics token>."
        );
      }
    }
    const { contentType, text } = await metrics.exposition();
    return reply.type(contentType).send(text);
  });
}
