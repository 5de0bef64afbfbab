import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tls from "node:tls";
import { HELD_CONNECTION_DEFAULTS, parseServerArgs } from "../../src/server/options";
import { selfSignedCertificate } from "../helpers/self-signed";
import { h2Connect, serve, type Running } from "./helpers";

// Nothing can be held (issue 42 item 4, "Stalled connections"), over real sockets of both
// transports: headers that never finish and bodies that stop are closed within their bounds,
// while an upload or a download that keeps moving, and a service slower than both bounds, pass.
// The bounds are short here (1.5 s each); the command line's are 60 s and 30 s.

const HEADERS_MS = 1_500;
const BODY_IDLE_MS = 1_500;
/** How late a close may come on a loaded machine: the bound checks every 150 ms, plus slack. */
const LATE_MS = 2_500;
/** How long the moving upload, download and slow answer take: past both bounds together. */
const LONG_MS = HEADERS_MS + BODY_IDLE_MS + 1_000;
/** A moving body's pause between two chunks: well inside the idle bound. */
const STEP_MS = 250;

const SEARCH_ID = "blk_0123456789abcdef01234567";

interface SeenRequest {
  url: string;
  bytes: number;
  /** Its body came whole. */
  ended: boolean;
  /** Its connection closed before its body ended. */
  cut: boolean;
}

/**
 * The service: a bulk upload is read whole and answered with its size; the account answers
 * after LONG_MS; a download sends a line every STEP_MS for LONG_MS.
 */
async function service(): Promise<{ url: string; seen: SeenRequest[]; close(): Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const record: SeenRequest = { url: request.url ?? "", bytes: 0, ended: false, cut: false };
    seen.push(record);
    request.on("data", (chunk: Buffer) => (record.bytes += chunk.length));
    request.on("error", () => undefined);
    request.on("close", () => (record.cut = !record.ended));
    request.on("end", () => {
      record.ended = true;
      if (record.url.startsWith("/v5.1/bulk/json")) {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ bytes: record.bytes }));
      } else if (record.url.startsWith("/v5.1/account")) {
        setTimeout(() => {
          response.writeHead(200, { "content-type": "application/json" });
          response.end(JSON.stringify({ credits_left: 5 }));
        }, LONG_MS);
      } else {
        response.writeHead(200, { "content-type": "text/csv" });
        const started = Date.now();
        const lines = setInterval(() => {
          if (Date.now() - started < LONG_MS) response.write("a,b,c\n");
          else {
            clearInterval(lines);
            response.end("end\n");
          }
        }, STEP_MS);
        response.on("close", () => clearInterval(lines));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Milliseconds from now until `connection` closes (rejects past `LATE_MS` after `boundMs`). A
 * raw socket is read, so that its end is seen.
 */
function closesAfter(
  connection: net.Socket | http2.ClientHttp2Stream | http2.ClientHttp2Session,
  boundMs: number
): Promise<number> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const late = setTimeout(
      () => reject(new Error(`still open ${boundMs + LATE_MS} ms later`)),
      boundMs + LATE_MS
    );
    connection.on("error", () => undefined);
    if (connection instanceof net.Socket) connection.resume();
    connection.once("close", () => {
      clearTimeout(late);
      resolve(Date.now() - started);
    });
  });
}

/** A bound held: closed no sooner than it says, and not much later. */
function expectBound(elapsedMs: number, boundMs: number): void {
  expect(elapsedMs).toBeGreaterThanOrEqual(boundMs - 200);
  expect(elapsedMs).toBeLessThan(boundMs + LATE_MS);
}

type Transport = "HTTP/1.1" | "HTTP/1.1 over TLS" | "HTTP/2";

describe("stalled connections are closed; moving ones are not", () => {
  let directory: string;
  let upstream: Awaited<ReturnType<typeof service>>;
  let plain: Running;
  let secure: Running;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "mf-stalls-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
    const certificate = selfSignedCertificate(directory);
    upstream = await service();
    const options = {
      dist: directory,
      upstream: upstream.url,
      headersTimeoutMs: HEADERS_MS,
      bodyIdleTimeoutMs: BODY_IDLE_MS,
    };
    [plain, secure] = await Promise.all([serve(options), serve({ ...options, ...certificate })]);
  });
  afterAll(async () => {
    await Promise.all([plain?.app.close(), secure?.app.close()]);
    await upstream?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const portOf = (running: Running) => Number(new URL(running.url).port);

  /** A raw connection of the transport (HTTP/2: TLS with ALPN h2, nothing sent yet). */
  function connect(transport: Transport): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      if (transport === "HTTP/1.1") {
        const socket = net.connect(portOf(plain), "127.0.0.1", () => resolve(socket));
        socket.once("error", reject);
        return;
      }
      const socket = tls.connect(
        {
          port: portOf(secure),
          host: "127.0.0.1",
          rejectUnauthorized: false,
          ALPNProtocols: [transport === "HTTP/2" ? "h2" : "http/1.1"],
        },
        () => resolve(socket)
      );
      socket.once("error", reject);
    });
  }

  /** HTTP/2's opening on a raw socket: preface, SETTINGS, the server's SETTINGS acknowledged. */
  async function openHttp2(socket: net.Socket): Promise<void> {
    socket.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    socket.write(frame(0x4, 0, 0, Buffer.alloc(0)));
    await new Promise((resolve) => socket.once("data", resolve));
    socket.write(frame(0x4, 0x1, 0, Buffer.alloc(0)));
  }

  /** An HTTP/2 frame: 24-bit length, type, flags, stream id. */
  function frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
    const head = Buffer.alloc(9);
    head.writeUIntBE(payload.length, 0, 3);
    head.writeUInt8(type, 3);
    head.writeUInt8(flags, 4);
    head.writeUInt32BE(stream, 5);
    return Buffer.concat([head, payload]);
  }

  describe.each<Transport>(["HTTP/1.1", "HTTP/1.1 over TLS", "HTTP/2"])("%s", (transport) => {
    test("headers that never finish, or never start, are closed within the headers bound", async () => {
      const [partial, nothing] = await Promise.all([connect(transport), connect(transport)]);
      if (transport === "HTTP/2") {
        await Promise.all([openHttp2(partial), openHttp2(nothing)]);
        // HEADERS of stream 1 (GET, /, https: HPACK's static table) without END_HEADERS: the
        // CONTINUATION that would finish them never comes.
        partial.write(frame(0x1, 0, 1, Buffer.from([0x82, 0x84, 0x87])));
      } else partial.write("POST /api/v5.1/bulk/json HTTP/1.1\r\nHost: x\r\nContent-Ty");
      const [partialMs, nothingMs] = await Promise.all([
        closesAfter(partial, HEADERS_MS),
        closesAfter(nothing, HEADERS_MS),
      ]);
      expectBound(partialMs, HEADERS_MS);
      expectBound(nothingMs, HEADERS_MS);
    });

    test("a body announced then stalled is closed within the idle bound, and the service sees it cut", async () => {
      const before = upstream.seen.length;
      if (transport === "HTTP/2") {
        const session = await h2Connect(secure.url);
        try {
          // HEADERS and a first DATA, then nothing; and HEADERS with no DATA at all.
          const stalled = session.request(
            {
              ":method": "POST",
              ":path": "/api/v5.1/bulk/json",
              "content-type": "application/json",
            },
            { endStream: false }
          );
          stalled.write("[[");
          const silent = session.request(
            {
              ":method": "POST",
              ":path": "/api/v5.1/bulk/json",
              "content-type": "application/json",
            },
            { endStream: false }
          );
          const [stalledMs, silentMs] = await Promise.all([
            closesAfter(stalled, BODY_IDLE_MS),
            closesAfter(silent, BODY_IDLE_MS),
          ]);
          expectBound(stalledMs, BODY_IDLE_MS);
          expectBound(silentMs, BODY_IDLE_MS);
          expect([stalled.rstCode, silent.rstCode]).toEqual([
            http2.constants.NGHTTP2_CANCEL,
            http2.constants.NGHTTP2_CANCEL,
          ]);
        } finally {
          session.destroy();
        }
      } else {
        const socket = await connect(transport);
        socket.write(
          "POST /api/v5.1/bulk/json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[["
        );
        expectBound(await closesAfter(socket, BODY_IDLE_MS), BODY_IDLE_MS);
      }
      await waitFor(() => upstream.seen.slice(before).every((request) => request.cut));
      expect(upstream.seen.length).toBeGreaterThan(before);
    });

    test("an upload that keeps moving past both bounds passes; on the same connection, one that then stops is closed", async () => {
      const size = Math.ceil(LONG_MS / STEP_MS) * 1024;
      if (transport === "HTTP/2") {
        const session = await h2Connect(secure.url);
        try {
          const moving = session.request(
            {
              ":method": "POST",
              ":path": "/api/v5.1/bulk/json",
              "content-type": "application/json",
            },
            { endStream: false }
          );
          const answer = h2Text(moving);
          await trickle((chunk) => moving.write(chunk), size);
          moving.end();
          expect(await answer).toEqual({ status: 200, text: JSON.stringify({ bytes: size }) });

          const stopped = session.request(
            {
              ":method": "POST",
              ":path": "/api/v5.1/bulk/json",
              "content-type": "application/json",
            },
            { endStream: false }
          );
          stopped.write("[[");
          expectBound(await closesAfter(stopped, BODY_IDLE_MS), BODY_IDLE_MS);
        } finally {
          session.destroy();
        }
      } else {
        const agent = keepAliveAgent(transport);
        try {
          const moving = request1(transport, agent, "POST", "/api/v5.1/bulk/json", size);
          const free = new Promise((resolve) => agent.once("free", resolve));
          await trickle((chunk) => moving.request.write(chunk), size);
          moving.request.end();
          expect(await moving.answer).toEqual({
            status: 200,
            text: JSON.stringify({ bytes: size }),
          });
          await free;

          const stopped = request1(transport, agent, "POST", "/api/v5.1/bulk/json", size);
          stopped.request.write("[[");
          stopped.answer.catch(() => undefined);
          const socket = await new Promise<net.Socket>((resolve) =>
            stopped.request.once("socket", resolve)
          );
          expect(stopped.request.reusedSocket).toBe(true);
          expectBound(await closesAfter(socket, BODY_IDLE_MS), BODY_IDLE_MS);
        } finally {
          agent.destroy();
        }
      }
    });

    test("a download that keeps moving and a service slower than both bounds pass; a stall after them is still closed", async () => {
      const download = `/api/v5.1/bulk/${SEARCH_ID}/download`;
      if (transport === "HTTP/2") {
        const session = await h2Connect(secure.url);
        try {
          const [file, account] = await Promise.all([
            h2Text(session.request({ ":path": download })),
            h2Text(session.request({ ":path": "/api/v5.1/account" })),
          ]);
          expect(file.status).toBe(200);
          expect(file.text.endsWith("end\n")).toBe(true);
          expect(file.text.split("\n").length).toBeGreaterThan(LONG_MS / STEP_MS / 2);
          expect(account).toEqual({ status: 200, text: JSON.stringify({ credits_left: 5 }) });
          // The session, with no request open any more, waits for the next one's headers within
          // the bound, as a new one does.
          expectBound(await closesAfter(session, HEADERS_MS), HEADERS_MS);
        } finally {
          session.destroy();
        }
      } else {
        const agent = keepAliveAgent(transport);
        try {
          const file = request1(transport, agent, "GET", download);
          file.request.end();
          const account = request1(transport, agent, "GET", "/api/v5.1/account");
          account.request.end();
          expect((await file.answer).text.endsWith("end\n")).toBe(true);
          expect(await account.answer).toEqual({
            status: 200,
            text: JSON.stringify({ credits_left: 5 }),
          });
          const stopped = request1(transport, agent, "POST", "/api/v5.1/bulk/json", 1000);
          stopped.request.write("[[");
          stopped.answer.catch(() => undefined);
          const socket = await new Promise<net.Socket>((resolve) =>
            stopped.request.once("socket", resolve)
          );
          expect(stopped.request.reusedSocket).toBe(true);
          expectBound(await closesAfter(socket, BODY_IDLE_MS), BODY_IDLE_MS);
        } finally {
          agent.destroy();
        }
      }
    });
  });

  function keepAliveAgent(transport: Transport): http.Agent {
    return transport === "HTTP/1.1"
      ? new http.Agent({ keepAlive: true, maxSockets: 2 })
      : new https.Agent({ keepAlive: true, maxSockets: 2, rejectUnauthorized: false });
  }

  /** One HTTP/1.1 request through `agent`; its answer read whole. */
  function request1(
    transport: Transport,
    agent: http.Agent,
    method: string,
    path: string,
    length?: number
  ): { request: http.ClientRequest; answer: Promise<{ status: number; text: string }> } {
    const running = transport === "HTTP/1.1" ? plain : secure;
    const request = (transport === "HTTP/1.1" ? http : https).request(`${running.url}${path}`, {
      method,
      agent,
      headers: {
        ...(length === undefined
          ? {}
          : { "content-type": "application/json", "content-length": String(length) }),
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      });
      request.on("error", reject);
    });
    return { request, answer };
  }
});

/** Writes `size` bytes a KiB at a time, one every STEP_MS. */
async function trickle(write: (chunk: Buffer) => void, size: number): Promise<void> {
  for (let sent = 0; sent < size; sent += 1024) {
    write(Buffer.alloc(Math.min(1024, size - sent), "a"));
    await sleep(STEP_MS);
  }
}

function h2Text(stream: http2.ClientHttp2Stream): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let text = "";
    stream.setEncoding("utf8");
    stream.on("response", (headers) => (status = Number(headers[":status"])));
    stream.on("data", (chunk: string) => (text += chunk));
    stream.on("end", () => resolve({ status, text }));
    stream.on("error", reject);
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("not within 5 s");
    await sleep(20);
  }
}

describe("the bounds a host started from the command line gets", () => {
  test("60 s for headers and 30 s for a body's silence, unless told otherwise", () => {
    const base = ["--dist", "d", "--upstream", "https://x"];
    expect(parseServerArgs(base, {})).toMatchObject({
      headersTimeoutMs: 60_000,
      bodyIdleTimeoutMs: 30_000,
    });
    expect(HELD_CONNECTION_DEFAULTS).toEqual({
      headersTimeoutMs: 60_000,
      bodyIdleTimeoutMs: 30_000,
    });
    expect(
      parseServerArgs(
        [...base, "--headers-timeout-ms", "20000", "--body-idle-timeout-ms", "5000"],
        {}
      )
    ).toMatchObject({ headersTimeoutMs: 20_000, bodyIdleTimeoutMs: 5_000 });
    expect(
      parseServerArgs(base, {
        MAILFINDER_HEADERS_TIMEOUT_MS: "90000",
        MAILFINDER_BODY_IDLE_TIMEOUT_MS: "45000",
      })
    ).toMatchObject({ headersTimeoutMs: 90_000, bodyIdleTimeoutMs: 45_000 });
    expect(() => parseServerArgs([...base, "--body-idle-timeout-ms", "0"], {})).toThrow(
      /--body-idle-timeout-ms/
    );
  });

  test("a host built without them applies the same, with TLS or without: Node's headers timeout of 60 s, no bound on a whole request", async () => {
    const directory = mkdtempSync(join(tmpdir(), "mf-stalls-defaults-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
    const options = { dist: directory, upstream: "http://127.0.0.1:9" };
    const hosts = await Promise.all([
      serve(options),
      serve({ ...options, ...selfSignedCertificate(directory) }),
    ]);
    try {
      for (const running of hosts) {
        const server = running.app.server as http.Server;
        expect([server.headersTimeout, server.requestTimeout]).toEqual([60_000, 0]);
      }
    } finally {
      await Promise.all(hosts.map((running) => running.app.close()));
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
