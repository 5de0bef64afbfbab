import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { causeOrOwnCode } from "../api/error-code";

// The host's own answers, in the shape of the service's v5.1 errors (docs/interface.md, Errors:
// `{error, message}`), so that the client reads them as it reads the service's. The service's own
// errors never come here: the relay passes them on unchanged.

/** An error the host answers itself: routes and hooks throw it, the one handler writes it. */
export class HostError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries (`Allow` of a 405). */
    readonly headers: Readonly<Record<string, string>> = {}
  ) {
    super(message);
    this.name = "HostError";
  }
}

export function payloadTooLarge(limit: number): HostError {
  return new HostError(413, "payload_too_large", `The request body is larger than ${limit} bytes.`);
}

/** Fastify's and the static plugin's errors (a bad path, a bad header) as host errors. */
function toHostError(error: FastifyError): HostError {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status === 404) return new HostError(404, "not_found", "Nothing is served at this path.");
  if (status < 500) return new HostError(status, "bad_request", error.message);
  // An unexpected failure says nothing of the host's insides.
  return new HostError(status, "internal_error", "The host could not answer this request.");
}

export function errorHandler(
  error: FastifyError | HostError,
  request: FastifyRequest,
  reply: FastifyReply
): FastifyReply {
  const answer = error instanceof HostError ? error : toHostError(error);
  // Logged by code and message only: never the request's headers (the key is in them).
  if (answer.statusCode >= 500)
    request.log.warn({ code: answer.code, cause: causeOrOwnCode(error) }, answer.message);
  else request.log.info({ code: answer.code }, answer.message);
  // A refused upload is not read to its end: the connection closes instead (HTTP/1.1).
  if (answer.statusCode === 413 && request.raw.httpVersionMajor === 1)
    void reply.header("connection", "close");
  return reply
    .code(answer.statusCode)
    .headers(answer.headers)
    .header("x-content-type-options", "nosniff")
    .type("application/json; charset=utf-8")
    .send({ error: answer.code, message: answer.message });
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header("x-content-type-options", "nosniff")
    .type("application/json; charset=utf-8")
    .send({ error: "not_found", message: "Nothing is served at this path." });
}
