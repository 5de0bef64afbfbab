import http2 from "node:http2";
import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HostError } from "./errors";

// A request body that stops (SECURITY.md "Nothing can be held"): a client that announces a body
// and then sends nothing would keep its connection, or its HTTP/2 stream, for as long as it
// likes (Node's requestTimeout bounds a whole request, which a large upload that keeps moving
// must be allowed to take). So every body is read through a watch that gives the client
// `idleMs` to send its next bytes whenever the host asks for them, and closes the request when
// none come. Only the host's own asking starts the clock: while it is busy elsewhere (waiting
// for a connection to the service, for a sign-in, for a slow reader downstream) it reads
// nothing, and a client that sends nothing meanwhile is not stalling.

/** Reads every request body through an idle watch of `idleMs`. */
export function closeStalledBodies(app: FastifyInstance, idleMs: number): void {
  app.addHook("preParsing", async (request, _reply, payload) =>
    hasBody(request) ? bodyWatched(payload, idleMs, () => closeRequest(request)) : payload
  );
}

type RawRequest = FastifyRequest["raw"] & { stream?: http2.Http2Stream };

/** Whether the client announced a body: HTTP/1.1 by its headers, HTTP/2 by a stream left open. */
function hasBody(request: FastifyRequest): boolean {
  const { stream } = request.raw as RawRequest;
  if (stream) return !stream.endAfterHeaders;
  const length = request.headers["content-length"];
  return (
    (length !== undefined && length !== "0") || request.headers["transfer-encoding"] !== undefined
  );
}

function bodyStalled(idleMs: number): HostError {
  return new HostError(
    408,
    "request_timeout",
    `The request body stalled: no bytes came for ${idleMs / 1000} s.`
  );
}

/** The client's connection closed under a stalled body (its HTTP/2 stream alone: the session serves others). */
function closeRequest(request: FastifyRequest): void {
  const raw = request.raw as RawRequest;
  if (raw.stream) raw.stream.close(http2.constants.NGHTTP2_CANCEL);
  else raw.socket.destroy();
}

/** `source` as a stream that fails with 408 and calls `stalled` when the client stops sending. */
function bodyWatched(source: Readable, idleMs: number, stalled: () => void): Readable {
  return new WatchedBody(source, idleMs, stalled);
}

class WatchedBody extends Readable {
  /** Running while the host has asked for bytes and none have come. */
  private waiting: NodeJS.Timeout | null = null;

  constructor(
    private readonly source: Readable,
    private readonly idleMs: number,
    private readonly stalled: () => void
  ) {
    super({ highWaterMark: source.readableHighWaterMark });
    // What reads the body hears its failure; a reader that did not listen must not take the
    // process down with it (the request's connection is closed either way).
    this.on("error", () => undefined);
    source.on("data", (chunk: Buffer) => {
      this.stopWaiting();
      if (!this.push(chunk)) source.pause();
    });
    source.once("end", () => {
      this.stopWaiting();
      this.push(null);
    });
    source.on("error", (error) => this.destroy(error));
    source.once("close", () => {
      if (!source.readableEnded) this.destroy(new Error("The client closed the request."));
    });
  }

  override _read(): void {
    this.waiting ??= setTimeout(() => {
      this.waiting = null;
      this.destroy(bodyStalled(this.idleMs));
      this.stalled();
    }, this.idleMs);
    this.source.resume();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.stopWaiting();
    // What reads the body giving it up cuts the request, as it did reading the request itself.
    if (!this.source.readableEnded) this.source.destroy();
    done(error);
  }

  private stopWaiting(): void {
    if (this.waiting) clearTimeout(this.waiting);
    this.waiting = null;
  }
}
