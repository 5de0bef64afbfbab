import http from "node:http";
import type { AddressInfo } from "node:net";

// A proxy between the host and the sandbox that notes every request reaching the service (its
// method and target as they arrived) and can slow the service down: a wait before the request
// is passed on, and a pause in the middle of an answer's body. Tests see what the host sent,
// and clients can hang up while a request is out.

export interface Seen {
  method: string;
  url: string;
  /** The request's x-request-id header, as it reached the service. */
  requestId?: string;
  /** The request's x-webhook-url header, as it reached the service. */
  webhookUrl?: string;
  /** The request's body as it reached the service (complete when `answer` is asked). */
  body: string;
}

export interface RecordingProxy {
  url: string;
  seen: Seen[];
  /** Waits before passing a request on (ms), per request; 0 by default. */
  delay: (seen: Seen) => number;
  /** Pauses this long after the first chunk of an answer's body (ms), per request; 0 by default. */
  bodyPause: (seen: Seen) => number;
  /** Answers in the service's place (not passed on): a status and a JSON body, or null to pass on. */
  answer: (seen: Seen) => { status: number; body: string } | null;
  /** Passes the request on, then breaks the connection instead of answering (the service acted). */
  dropAnswer: (seen: Seen) => boolean;
  /** Requests passed on whose answer has not ended yet. */
  inFlight(): number;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  let open = 0;
  const proxy: RecordingProxy = {
    url: "",
    seen: [],
    delay: () => 0,
    bodyPause: () => 0,
    answer: () => null,
    dropAnswer: () => false,
    inFlight: () => open,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const server = http.createServer((request, response) => {
    const requestId = request.headers["x-request-id"];
    const webhookUrl = request.headers["x-webhook-url"];
    const seen: Seen = {
      method: request.method ?? "",
      url: request.url ?? "",
      ...(typeof requestId === "string" ? { requestId } : {}),
      ...(typeof webhookUrl === "string" ? { webhookUrl } : {}),
      body: "",
    };
    proxy.seen.push(seen);
    open++;
    const finished = (): void => {
      open--;
    };
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.body = Buffer.concat(chunks).toString("utf8");
      void (async () => {
        await sleep(proxy.delay(seen));
        const own = proxy.answer(seen);
        if (own) {
          response.writeHead(own.status, { "content-type": "application/json" });
          response.end(own.body);
          finished();
          return;
        }
        const drop = proxy.dropAnswer(seen);
        const headers = { ...request.headers, host: upstream.host };
        const out = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method: seen.method,
            path: seen.url,
            headers,
          },
          (answer) => {
            if (drop) {
              answer.resume();
              answer.on("end", () => {
                response.socket?.destroy();
                finished();
              });
              return;
            }
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            const pause = proxy.bodyPause(seen);
            let first = true;
            answer.on("data", (chunk: Buffer) => {
              response.write(chunk);
              if (first && pause > 0) {
                first = false;
                answer.pause();
                setTimeout(() => answer.resume(), pause);
              }
            });
            answer.on("end", () => {
              response.end();
              finished();
            });
            answer.on("error", () => {
              response.destroy();
              finished();
            });
          }
        );
        out.on("error", () => {
          response.destroy();
          finished();
        });
        out.end(Buffer.concat(chunks));
      })();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request with its target sent exactly as written (no URL normalisation, unlike fetch),
 * on a connection of its own. `hangUpAfterMs`: the client closes its connection that long after
 * sending (null: answered, or hung up); `hangUpOnHeaders`: as soon as the answer's headers come.
 */
export function rawRequest(
  origin: string,
  method: string,
  target: string,
  init: {
    headers?: Record<string, string>;
    body?: string;
    hangUpAfterMs?: number;
    hangUpOnHeaders?: boolean;
  } = {}
): Promise<RawAnswer | null> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path: target,
      agent: false,
      headers: {
        ...init.headers,
        ...(init.body !== undefined
          ? { "content-length": String(Buffer.byteLength(init.body)) }
          : {}),
      },
    });
    let done = false;
    const hangUp = (): void => {
      if (done) return;
      done = true;
      request.destroy();
      resolve(null);
    };
    if (init.hangUpAfterMs !== undefined) setTimeout(hangUp, init.hangUpAfterMs);
    request.on("response", (response) => {
      if (init.hangUpOnHeaders) return hangUp();
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (done) return;
        done = true;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
      response.on("error", () => hangUp());
    });
    request.on("error", (error) => (done ? undefined : reject(error)));
    request.end(init.body);
  });
}
