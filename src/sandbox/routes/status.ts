import type { OperationHandler } from "./operation-routes";

/** docs/interface.md, Status: unversioned, no authentication. */
export const status: OperationHandler<"status"> = async (app, _request, reply) => {
  if (app.sandbox.faults.current.down) return reply.status(503).send({ healthy: false });
  return { healthy: true };
};
