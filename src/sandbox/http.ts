import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { GENERATIONS, LEGACY, generationPrefix } from "../api/operations";
import { ServiceError, badRequest } from "./errors";

// HTTP-level helpers shared by the route plugins: the two error body shapes, the
// mapping of framework errors to the interface's codes, and webhook-or-answer responses.

export const isLegacyPath = (url: string): boolean => url.startsWith(generationPrefix(LEGACY));
/** A path of either generation: authenticated, and where faults are injected. */
export const isApiPath = (url: string): boolean =>
  GENERATIONS.some((generation) => url.startsWith(generationPrefix(generation)));

/** The base URL the client reached the sandbox at (its own, or a relay's Host). */
export const baseUrlOf = (request: FastifyRequest): string =>
  `${request.protocol}://${request.host}`;

/**
 * Error bodies of v5.1 and v5.0 (docs/interface.md, Errors and Legacy errors). The legacy 402
 * `status` points to an upgrade page at the service's base URL (docs/interface.md, Errors): the
 * sandbox names its own.
 */
export function errorBody(
  error: ServiceError,
  legacy: boolean,
  baseUrl: string
): Record<string, unknown> {
  if (!legacy) return { error: error.code, message: error.message };
  const code = error.code === "unauthorized" ? "not_authorized" : error.code;
  const body: Record<string, unknown> = {
    success: false,
    error: code,
    error_explained: error.message,
  };
  if (error.field !== undefined) body.field = error.field;
  if (error.statusCode === 402)
    body.status = `Out of credits: upgrade your plan at ${baseUrl}/pricing to continue.`;
  return body;
}

interface AjvError {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; allowedValues?: unknown[]; additionalProperty?: string };
}

/**
 * Turns anything thrown by a route or by fastify into a ServiceError with the interface's codes.
 */
export function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const e = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const first = e.validation[0]!;
    const path = (first.instancePath ?? "").replace(/^\//, "").replace(/\//g, ".");
    const field = first.params?.missingProperty ?? (path || e.validationContext || "body");
    const allowed = first.params?.allowedValues
      ? `: one of ${first.params.allowedValues.join(", ")}`
      : "";
    const message = first.params?.missingProperty
      ? `${field} is required`
      : first.params?.additionalProperty
        ? `${first.params.additionalProperty} is not a known field`
        : `${field} ${first.message ?? "is invalid"}${allowed}`;
    return badRequest(message, field.split(".")[0]);
  }
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return badRequest("The request body is not valid JSON.");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return badRequest("The request body is too large.");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return badRequest("Unsupported content type: send application/json.");
    default:
      break;
  }
  if (e instanceof SyntaxError || e.statusCode === 400)
    return badRequest(e.message || "Bad request.");
  if (e.statusCode === 413) return badRequest("The request body is too large.");
  if (e.statusCode === 404) return new ServiceError(404, "not_found", "Not found.");
  return new ServiceError(500, "internal_error", "Internal error.");
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown
): FastifyReply {
  const serviceError = toServiceError(error);
  if (serviceError.statusCode >= 500 && serviceError.code === "internal_error")
    request.log.error({ err: error }, "internal error");
  return reply
    .status(serviceError.statusCode)
    .type("application/json")
    .send(errorBody(serviceError, isLegacyPath(request.url), baseUrlOf(request)));
}

/**
 * docs/interface.md, Webhooks: the optional `x-webhook-url` header; an invalid URL is a bad
 * request.
 */
export function webhookUrlOf(request: FastifyRequest): string | null {
  const raw = request.headers["x-webhook-url"];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? (raw[0] ?? "") : raw;
  return validWebhookUrl(value, "x-webhook-url");
}

export function validWebhookUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw badRequest(`${field} must be an absolute http(s) URL`, field);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw badRequest(`${field} must be an absolute http(s) URL`, field);
  return url.toString();
}
