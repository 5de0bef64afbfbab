import { ApiError } from "./errors";

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/**
 * Bounds the requests on the wire, like a browser's 6 connections per host, but with the
 * backlog held here, in order, where it can be withdrawn. A slot is held only while a
 * request is on the wire, never while it waits to be retried.
 */
export class ConnectionLimiter {
  private active = 0;
  private readonly waiting: Waiting[] = [];

  constructor(readonly maxConcurrent: number) {}

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves when a slot is free. `urgent` (a retry) goes ahead of first attempts; aborting
   * `withdraw` while still waiting removes the request without it ever being sent.
   */
  acquire(options: { urgent?: boolean; withdraw?: AbortSignal } = {}): Promise<void> {
    if (options.withdraw?.aborted) return Promise.reject(withdrawn());
    if (this.active < this.maxConcurrent && this.waiting.length === 0) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = (): void => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(withdrawn());
      };
      const entry: Waiting = {
        start: () => {
          options.withdraw?.removeEventListener("abort", onAbort);
          this.active++;
          resolve();
        },
        cancel: onAbort,
      };
      options.withdraw?.addEventListener("abort", onAbort, { once: true });
      if (options.urgent) this.waiting.unshift(entry);
      else this.waiting.push(entry);
    });
  }

  release(): void {
    this.active--;
    while (this.active < this.maxConcurrent && this.waiting.length > 0)
      this.waiting.shift()!.start();
  }
}

export const withdrawn = (): ApiError =>
  new ApiError({
    kind: "cancelled",
    status: null,
    code: "withdrawn",
    message: "The request was withdrawn before it was sent.",
  });
