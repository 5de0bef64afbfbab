import type { FastifyInstance } from "fastify";

/** docs/interface.md, Status: unversioned, no authentication. */
export async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get("/status", async (_request, reply) => {
    if (app.sandbox.faults.current.down) return reply.status(503).send({ healthy: false });
    return { healthy: true };
  });
}
