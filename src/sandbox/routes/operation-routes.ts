import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { bodySchemaOf } from "../../api/body-schemas";
import {
  OPERATION_LIST,
  type JsonSchema,
  type Operation,
  type OperationName,
  type RequestOf,
} from "../../api/operations";

// The sandbox serves every operation of src/api/operations.ts: one route per row, at the row's
// path, validated by the row's body and query schemas, answered by the handler of its name.
// Adding an operation to the registry without a handler fails the type check (handlers.ts).

/** A request of an operation: its body, path parameters and query as fastify hands them over. */
export type OperationRequest<N extends OperationName> = FastifyRequest<{
  Body: RequestOf<N>;
  Params: { domain: string; searchId: string };
  Querystring: Record<string, string | undefined>;
}>;

/** Answers one operation: the value to send, or the reply it sent itself. */
export type OperationHandler<N extends OperationName> = (
  app: FastifyInstance,
  request: OperationRequest<N>,
  reply: FastifyReply,
  operation: Operation<N>
) => Promise<unknown>;

/** The handlers of some operations, by name. */
export type OperationHandlers<N extends OperationName> = { readonly [K in N]: OperationHandler<K> };

/** A fastify route's pattern for an operation's path: "{domain}" is ":domain". */
export const routePattern = (operation: Operation): string =>
  operation.path.replace(/\{(\w+)\}/g, ":$1");

/** The query's schema, from the row: each parameter's allowed values, or its text's bounds. */
function querySchema(operation: Operation): JsonSchema | null {
  const parameters = Object.entries(operation.query);
  if (parameters.length === 0) return null;
  return {
    type: "object",
    properties: Object.fromEntries(
      parameters.map(([name, allowed]) => [
        name,
        Array.isArray(allowed)
          ? { type: "string", enum: allowed }
          : { type: "string", ...(allowed as object) },
      ])
    ),
  };
}

function schemaOf(operation: Operation): FastifySchema {
  const query = querySchema(operation);
  const body = bodySchemaOf(operation);
  return {
    ...(body ? { body } : {}),
    ...(query ? { querystring: query } : {}),
  };
}

/** Registers every operation of the registry with its handler. */
export function registerOperations(
  app: FastifyInstance,
  handlers: OperationHandlers<OperationName>
): void {
  for (const operation of OPERATION_LIST) {
    const handler = handlers[operation.name] as OperationHandler<OperationName>;
    app.route({
      method: operation.method,
      url: routePattern(operation),
      schema: schemaOf(operation),
      handler: (request, reply) =>
        handler(app, request as OperationRequest<OperationName>, reply, operation),
    });
  }
}
