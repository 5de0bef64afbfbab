import { serverBusy } from "../errors";

export interface LookupQueueOptions {
  /** Lookups served at once. */
  concurrency: number;
  /**
   * How long a lookup may wait for a slot before the service answers 503 (docs/interface.md,
   * Limits: up to 1 minute).
   */
  queueTimeoutMs: number;
}

/**
 * The service's internal queue (docs/interface.md, Limits): lookups wait for one of `concurrency`
 * slots, first come first served, and give up with 503 `server_busy` after `queueTimeoutMs`.
 */
export class LookupQueue {
  private active = 0;
  private readonly waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  constructor(private readonly options: LookupQueueOptions) {}

  get depth(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T> | T): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.options.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer);
          this.active++;
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(serverBusy());
        }, this.options.queueTimeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    this.active--;
    const next = this.waiting.shift();
    if (next) next.start();
  }
}
