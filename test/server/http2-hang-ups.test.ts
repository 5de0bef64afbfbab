import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { selfSignedCertificate } from "../helpers/self-signed";
import { h2Connect, serve, type Running } from "./helpers";

// A client that goes away over HTTP/2 (issue 42 item 4, "HTTP/2"): it resets its stream before
// the service has answered, or in the middle of a download. The host notices it on the stream
// itself (an HTTP/2 response has no `destroyed`) and drops the service's answer, which frees
// its connection to the service, instead of keeping it paused until the service's own timeout.

/** The service: answers `startAfterMs` after the request, then a line every 50 ms for 8 s. */
async function slowDownload(startAfterMs: number): Promise<{
  url: string;
  /** When the answer began and when its connection closed (0: not yet). */
  answer: { startedAt: number; closedAt: number; endedWhole: boolean };
  close(): Promise<void>;
}> {
  const answer = { startedAt: 0, closedAt: 0, endedWhole: false };
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () =>
      setTimeout(() => {
        answer.startedAt = Date.now();
        response.writeHead(200, { "content-type": "text/csv" });
        const lines = setInterval(() => response.write(`${"x".repeat(1023)}\n`), 50);
        const end = setTimeout(() => {
          answer.endedWhole = true;
          response.end();
        }, 8_000);
        response.on("close", () => {
          clearInterval(lines);
          clearTimeout(end);
          answer.closedAt = Date.now();
        });
      }, startAfterMs)
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    answer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Whether `work` settles within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

describe("HTTP/2: a client that resets its stream is noticed", () => {
  let directory: string;
  let tls: { cert: string; key: string };

  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-h2-hang-ups-"));
    writeFileSync(join(directory, "taskpane.html"), "<!doctype html><title>pane</title>");
    tls = selfSignedCertificate(directory);
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  async function resetDuring(
    moment: "before the answer" | "in the middle of the download"
  ): Promise<{ startedAt: number; closedAt: number; endedWhole: boolean; stopMs: number }> {
    const service = await slowDownload(moment === "before the answer" ? 600 : 0);
    let host: Running | null = await serve({ dist: directory, upstream: service.url, ...tls });
    const session = await h2Connect(host.url);
    try {
      const stream = session.request({ ":path": "/api/v5.1/account", authorization: "Bearer k" });
      stream.on("error", () => undefined);
      let received = 0;
      stream.on("data", (chunk: Buffer) => (received += chunk.length));
      if (moment === "before the answer") await new Promise((done) => setTimeout(done, 200));
      else await until(() => received >= 4 * 1024, 5_000);
      stream.close(http2.constants.NGHTTP2_CANCEL);
      // The service's answer is dropped soon after it began (or after the reset), not read on
      // for its 8 s.
      await until(() => service.answer.closedAt > 0, 4_000).catch(() => undefined);
      const stopped = Date.now();
      // Nothing of that request is left to wait for when the host stops.
      if (await settlesWithin(host.app.close(), 3_000)) host = null;
      return { ...service.answer, stopMs: Date.now() - stopped };
    } finally {
      session.destroy();
      // A host that could not stop is left behind rather than waited for.
      if (host) void host.app.close();
      await service.close();
    }
  }

  test("reset before the service answers: its answer is dropped at once and the host stops without waiting for it", async () => {
    const seen = await resetDuring("before the answer");
    expect(seen.startedAt).toBeGreaterThan(0);
    expect(seen.endedWhole).toBe(false);
    expect(seen.closedAt).toBeGreaterThan(0);
    expect(seen.closedAt - seen.startedAt).toBeLessThan(2_000);
    expect(seen.stopMs).toBeLessThan(2_000);
  }, 30_000);

  test("reset in the middle of a download: the rest of the service's answer is dropped", async () => {
    const seen = await resetDuring("in the middle of the download");
    expect(seen.endedWhole).toBe(false);
    expect(seen.closedAt).toBeGreaterThan(0);
    expect(seen.closedAt - seen.startedAt).toBeLessThan(4_000);
    expect(seen.stopMs).toBeLessThan(2_000);
  }, 30_000);
});
