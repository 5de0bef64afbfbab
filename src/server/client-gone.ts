import type { FastifyReply } from "fastify";

// Whether the client of a request has gone (closed its connection, or reset its HTTP/2 stream).
// An HTTP/1.1 response says so itself (`destroyed`); an HTTP/2 compatibility response has no
// `destroyed` at all (always undefined), so there it is the response's stream that tells.

interface RawResponse {
  destroyed?: boolean;
  stream?: { destroyed: boolean; closed: boolean };
}

export function clientGone(reply: FastifyReply): boolean {
  const raw = reply.raw as unknown as RawResponse;
  if (raw.stream) return raw.stream.destroyed || raw.stream.closed;
  return raw.destroyed === true;
}
