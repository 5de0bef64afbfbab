import { Pool } from "undici";
import { HostError } from "../errors";
import { NO_UPSTREAM_OBSERVER, type UpstreamObserver } from "../metrics/observers";
import { failureOf, upstreamFailure, upstreamOutcomeOf, type Failure } from "../relay";
import { currentWork } from "../request-context";

// The team host's own requests to the service (lookups it answers itself, quotes read before a
// paid order or download), with the team's key, over one keep-alive pool. Everything else goes
// through the relay's proxy (src/server/relay.ts).

export interface UpstreamAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** The service did not answer: whether the request may have reached it, and the host's answer. */
export class UpstreamError extends HostError {
  constructor(
    readonly failure: Failure,
    answer: HostError
  ) {
    super(answer.statusCode, answer.code, answer.message);
  }
}

export class Upstream {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(
    private readonly base: URL,
    private readonly timeoutMs: number,
    connections: number,
    private readonly observer: UpstreamObserver = NO_UPSTREAM_OBSERVER
  ) {
    this.pool = new Pool(base.origin, {
      connections,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    this.basePath = base.pathname.replace(/\/+$/, "");
    observer.concurrencyLimit("team", connections);
  }

  async request(
    method: "GET" | "POST",
    path: string,
    serviceKey: string,
    init: { body?: string; headers?: Record<string, string> } = {}
  ): Promise<UpstreamAnswer> {
    const requestId = currentWork()?.requestId;
    const ended = this.observer.sent("team");
    try {
      const answer = await this.pool.request({
        method,
        path: this.basePath + path,
        headers: {
          ...init.headers,
          accept: "application/json",
          authorization: `Bearer ${serviceKey}`,
          ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
          // The request it is sent for (a lookup joined by others: the one that bought it).
          ...(requestId ? { "x-request-id": requestId } : {}),
        },
        body: init.body,
      });
      ended({ status: answer.statusCode });
      const body = await answer.body.text();
      const type = answer.headers["content-type"];
      return {
        status: answer.statusCode,
        contentType: (Array.isArray(type) ? type[0] : type) ?? "application/json",
        body,
      };
    } catch (error) {
      ended(upstreamOutcomeOf(error));
      // Only the origin and the transport's words: never a header, so never the key.
      throw new UpstreamError(
        failureOf(error),
        upstreamFailure(error, this.base.origin, this.timeoutMs)
      );
    }
  }

  /** A GET's JSON, or null when the service does not answer it with 200. */
  async json(path: string, serviceKey: string): Promise<{ status: number; value: unknown }> {
    const answer = await this.request("GET", path, serviceKey);
    try {
      return { status: answer.status, value: JSON.parse(answer.body) };
    } catch {
      return { status: answer.status, value: null };
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
