import type { FastifyInstance } from "fastify";
import type { FaultSettings } from "../services/faults";
import { toCredits } from "../services/ledger";
import { buildExamples } from "../services/examples";

/**
 * Sandbox-only endpoints (DESIGN section 7), outside the spec's paths and without
 * authentication: fresh accounts, bodies that produce each outcome, and fault knobs.
 */
export async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const examples = buildExamples(app.sandbox.directory);

  app.post<{ Body: { credits?: number; email?: string } | undefined }>(
    "/sandbox/accounts",
    {
      schema: {
        body: {
          type: ["object", "null"],
          properties: {
            credits: { type: "number", minimum: 0, maximum: 1e9 },
            email: { type: "string", maxLength: 320, pattern: "^[^@\\s]+@[^@\\s]+$" },
          },
        },
      },
    },
    async (request) => {
      const account = app.sandbox.ledger.createAccount({
        credits: request.body?.credits ?? 100,
        email: request.body?.email,
      });
      return {
        api_key: account.api_key,
        email: account.email,
        credits_left: toCredits(account.credits_milli),
      };
    }
  );

  app.get("/sandbox/examples", async () => examples);

  app.get("/sandbox/faults", async () => app.sandbox.faults.current);

  const rate = { type: "number", minimum: 0, maximum: 1 } as const;
  app.post<{ Body: Partial<FaultSettings> }>(
    "/sandbox/faults",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          properties: {
            rate503: rate,
            rate500: rate,
            slowRate: rate,
            dropRate: rate,
            malformedRate: rate,
            burst503: { type: "integer", minimum: 0 },
            slowMs: { type: "integer", minimum: 0, maximum: 600_000 },
            dropAfterWork: { type: "boolean" },
            down: { type: "boolean" },
          },
        },
      },
    },
    async (request) => app.sandbox.faults.update(request.body)
  );

  app.get("/sandbox/webhooks", async () =>
    app.sandbox.db
      .prepare(
        "SELECT id, url, event, attempts, delivered_at, failed_at, last_error, created_at FROM webhooks ORDER BY id"
      )
      .all()
  );
}
