import type { Server as HttpServer } from "node:http";
import type { Http2Session } from "node:http2";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Makes `app.close()` a graceful stop on both transports: no new connection is taken, every
 * request in flight finishes, then the server closes. Node's HTTP/1.1 server closes only its
 * idle connections on close, and an HTTPS server with HTTP/2 waits for its clients to hang up
 * (a browser keeps its session for minutes: Node 24 closes sessions itself, Node 20 does not).
 * So on close each HTTP/2 session is told to go away (GOAWAY: its streams finish, no new ones
 * start), and each HTTP/1.1 connection is closed as soon as no request is in flight on it.
 */
export function drainOnClose(app: FastifyInstance, tls: boolean): void {
  const server = app.server as unknown as HttpServer;
  const sessions = new Set<Http2Session>();
  /** HTTP/1.1 connections and their requests in flight. */
  const connections = new Map<Socket, number>();
  let closing = false;

  server.on("session", (session: Http2Session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
  });
  server.on(tls ? "secureConnection" : "connection", (socket: Socket) => {
    if ((socket as Socket & { alpnProtocol?: string }).alpnProtocol === "h2") return;
    connections.set(socket, 0);
    socket.once("close", () => connections.delete(socket));
  });

  app.addHook("onRequest", async (request, reply) => {
    const socket = request.raw.socket;
    const inFlight = connections.get(socket);
    if (inFlight === undefined) return; // HTTP/2: the session is drained as a whole
    connections.set(socket, inFlight + 1);
    // 'close' comes once the answer is sent or the client has gone.
    reply.raw.once("close", () => {
      const left = (connections.get(socket) ?? 1) - 1;
      connections.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  app.addHook("onSend", async (request, reply) => {
    // Answers sent while stopping tell HTTP/1.1 clients not to reuse the connection.
    if (closing && request.raw.httpVersionMajor === 1) void reply.header("connection", "close");
  });
  app.addHook("preClose", async () => {
    closing = true;
    for (const session of sessions) session.close();
    for (const [socket, inFlight] of connections) if (inFlight === 0) socket.end();
  });
}
