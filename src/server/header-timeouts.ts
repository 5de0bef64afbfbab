import type { Server as HttpServer } from "node:http";
import type { Http2Session } from "node:http2";
import type { FastifyInstance } from "fastify";

// Headers that never come (SECURITY.md "Nothing can be held"): a client that opens a connection
// and never finishes a request's headers would hold it for as long as it likes. Each request's
// headers must arrive within `headersMs`; what comes after them is bounded elsewhere (a body by
// body-stalls.ts, the service's answer by the upstream timeout), never the request as a whole,
// so that a large upload or a long download that keeps moving may take its time.

/** Closes connections whose request headers do not arrive within `headersMs`. */
export function closeUnfinishedHeaders(app: FastifyInstance, headersMs: number): void {
  const server = app.server as unknown as HttpServer & { connectionsCheckingInterval: number };
  // HTTP/1.1, plain or over TLS: Node's own headers timeout. Node derives it from the request
  // timeout (min of both, so 0 with fastify's requestTimeout 0) and checks it every 30 s, which
  // would let a connection stay up to half as long again: checked here often enough to hold.
  // Read at `listen`: set before it.
  server.headersTimeout = headersMs;
  server.requestTimeout = 0;
  server.connectionsCheckingInterval = Math.min(1_000, Math.max(100, headersMs / 10));
  // HTTP/2: a request's headers are one stream's opening, which a session either completes or
  // not; a session without a request open (a new one, or one whose requests have all ended)
  // must start one within `headersMs` or it is closed (GOAWAY: a browser opens a new one when
  // it needs it, as after HTTP/1.1's keep-alive timeout).
  server.on("session", (session: Http2Session) => closeWhenIdle(session, headersMs));
}

/**
 * After its GOAWAY, how long a session without a request open has to go: a request that
 * crossed the GOAWAY on the wire still opens meanwhile. Headers begun and never finished keep
 * a session open past its GOAWAY (nghttp2 waits for them), so it is then destroyed.
 */
const GOAWAY_GRACE_MS = 1_000;

function closeWhenIdle(session: Http2Session, headersMs: number): void {
  let open = 0;
  let idle: NodeJS.Timeout | null = null;
  const stopWaiting = (): void => {
    if (idle) clearTimeout(idle);
    idle = null;
  };
  const destroyAfterGrace = (): void => {
    idle = setTimeout(() => {
      if (open === 0) session.destroy();
    }, GOAWAY_GRACE_MS);
    idle.unref();
  };
  const waitForRequest = (): void => {
    idle = setTimeout(() => {
      session.close();
      destroyAfterGrace();
    }, headersMs);
    idle.unref();
  };
  waitForRequest();
  session.on("stream", (stream: { once(event: "close", listener: () => void): void }) => {
    open++;
    stopWaiting();
    stream.once("close", () => {
      open--;
      if (open > 0 || session.destroyed) return;
      if (session.closed) destroyAfterGrace();
      else waitForRequest();
    });
  });
  session.once("close", stopWaiting);
}
