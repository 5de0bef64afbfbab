import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import http2 from "node:http2";
import { join } from "node:path";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildServer, type BuildServerOptions } from "../../src/server/app";

// Shared by the production host's suites: the host in this process (buildServer) or as its own
// process (npm run serve), a raw HTTP/2 client, and an upstream that records what reaches it.

export const ROOT = join(__dirname, "../..");
export const DIST = join(ROOT, "dist");

export interface Running {
  app: FastifyInstance;
  url: string;
  /** The JSON log lines written so far. */
  log: string[];
}

/** The host on a free loopback port, its logs captured. */
export async function serve(options: BuildServerOptions): Promise<Running> {
  const log: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  const app = await buildServer({ log: true, logStream, ...options });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, url, log };
}

export interface H2Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** One request over an HTTP/2 session (TLS, self-signed certificate accepted). */
export function h2Request(
  session: http2.ClientHttp2Session,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}
): Promise<H2Answer> {
  return new Promise((resolve, reject) => {
    const request = session.request({
      ":method": init.method ?? "GET",
      ":path": path,
      ...init.headers,
    });
    const chunks: Buffer[] = [];
    let headers: http2.IncomingHttpHeaders = {};
    request.on("response", (h) => (headers = h));
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      resolve({ status: Number(headers[":status"]), headers, body, text: body.toString("utf8") });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

export function h2Connect(origin: string): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(origin, { rejectUnauthorized: false });
    session.once("connect", () => resolve(session));
    session.once("error", reject);
  });
}

export interface RecordingUpstream {
  url: string;
  /** Headers of each request that reached it, and the bytes of its body. */
  seen: Array<{ url: string; headers: http.IncomingHttpHeaders; bodyBytes: number }>;
  close(): Promise<void>;
}

/**
 * An upstream of our own that records what reaches it and answers after `delayMs`; `answer`
 * (default a small JSON body) writes the response.
 */
export async function recordingUpstream(
  options: { delayMs?: number; answer?: (res: http.ServerResponse) => void } = {}
): Promise<RecordingUpstream> {
  const seen: RecordingUpstream["seen"] = [];
  const answersDue = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const record = { url: req.url ?? "", headers: req.headers, bodyBytes: 0 };
    seen.push(record);
    req.on("data", (chunk: Buffer) => (record.bodyBytes += chunk.length));
    req.on("error", () => undefined);
    req.on("end", () => {
      const due = setTimeout(() => {
        answersDue.delete(due);
        if (options.answer) return options.answer(res);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: true }));
      }, options.delayMs ?? 0);
      answersDue.add(due);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const due of answersDue) clearTimeout(due);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface HostProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<number | null>;
}

/** `npm run serve` as its own process (node --import tsx src/server/cli.ts), on a free port. */
export async function startHostProcess(args: string[]): Promise<HostProcess> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      join(ROOT, "src/server/cli.ts"),
      "--port",
      "0",
      "--host",
      "127.0.0.1",
    ].concat(args),
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] }
  );
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const found = /Mail Finder host listening at (https?:\/\/[^\s"]+)/.exec(output);
      if (found) resolve(found[1]!.replace("localhost", "127.0.0.1"));
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    void exited.then((code) => reject(new Error(`the host exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output, exited };
}

/** Runs the CLI to its end (for flags it refuses): exit code and everything it printed. */
export function runHostProcess(
  args: string[],
  env: Record<string, string> = {}
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", join(ROOT, "src/server/cli.ts"), ...args],
      {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "pipe"],
        env: { PATH: process.env.PATH ?? "", ...env },
      }
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}
