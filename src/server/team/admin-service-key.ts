import { BODIES } from "./admin-schemas";
import { BODY_LIMIT, type AdminRoutes } from "./admin-scope";

// The service's API key replaced without a restart; it is never answered back.

export function serviceKeyRoutes(replaceServiceKey: (key: string) => Promise<void>): AdminRoutes {
  return (app, { audit }) => {
    app.put<{ Body: { key: string } }>(
      "/service-key",
      { bodyLimit: BODY_LIMIT, schema: { body: BODIES.serviceKey } },
      async (request, reply) => {
        await replaceServiceKey(request.body.key);
        await audit(request, { action: "service_key_replaced" });
        return reply.code(204).send();
      }
    );
  };
}
