import type { FastifyInstance } from "fastify";
import type { FaultSettings } from "../services/faults";
import { toCredits } from "../services/ledger";
import { buildExamples } from "../services/examples";
import { isoTime } from "../services/clock";

/**
 * Sandbox-only endpoints, outside the interface's paths and without
 * authentication: fresh accounts, bodies that produce each outcome, fault knobs, the clock
 * moved forward and the world's people changed.
 */
export async function sandboxRoutes(app: FastifyInstance): Promise<void> {
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

  // Derived from the world as it is now: a person who changed no longer serves as an example.
  app.get("/sandbox/examples", async () => buildExamples(app.sandbox.directory));

  app.get("/sandbox/clock", async () => ({ now: isoTime(app.sandbox.clock.now()) }));

  app.post<{ Body: { advance_days: number } }>(
    "/sandbox/clock",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          required: ["advance_days"],
          properties: { advance_days: { type: "number", minimum: 0, maximum: 36_500 } },
        },
      },
    },
    async (request) => ({ now: isoTime(app.sandbox.world.advanceClock(request.body.advance_days)) })
  );

  app.post<{ Body: { share: number; seed?: number } }>(
    "/sandbox/world/changes",
    {
      schema: {
        body: {
          type: "object",
          additionalProperties: false,
          required: ["share"],
          properties: {
            share: { type: "number", exclusiveMinimum: 0, maximum: 1 },
            seed: { type: "integer", minimum: 0, maximum: 4_294_967_295 },
          },
        },
      },
    },
    async (request) =>
      app.sandbox.world.change({ share: request.body.share, seed: request.body.seed ?? 1 })
  );

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
            reportsKeepCredit: { type: "boolean" },
            literalInputs: { type: "boolean" },
            seed: { type: ["integer", "null"], minimum: 0, maximum: 4_294_967_295 },
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

  // Sandbox-only (outside the interface's paths, no authentication), for bulk and GeoLead searches
  // alike.
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/pause", async (request) =>
    app.sandbox.searches.pause(request.params.id)
  );
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/resume", async (request) => {
    const search = app.sandbox.searches.resume(request.params.id);
    app.sandbox.runner.kick();
    return search;
  });
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/delete", async (request) =>
    app.sandbox.searches.remove(request.params.id)
  );
}
