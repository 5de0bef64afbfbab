import type { Db } from "../storage/db";
import type { Clock } from "./clock";

export interface WebhookOptions {
  /** Delay before each retry; the number of entries bounds the attempts (one more than its length). */
  retryDelaysMs: number[];
  timeoutMs: number;
  /** How often the outbox is scanned when nothing wakes it. */
  pollMs: number;
}

export const DEFAULT_WEBHOOK_OPTIONS: WebhookOptions = {
  retryDelaysMs: [1_000, 5_000, 30_000, 120_000],
  timeoutMs: 10_000,
  pollMs: 1_000,
};

interface WebhookRow {
  id: number;
  url: string;
  event: string;
  body: string;
  attempts: number;
}

/**
 * Webhook delivery (docs/interface.md, Webhooks) through a persistent outbox: a POST with a JSON
 * body and an `x-webhook-event` header, retried with backoff until a 2xx answer or the attempts run
 * out.
 */
export class WebhookOutbox {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: WebhookOptions
  ) {}

  enqueue(url: string, event: string, body: unknown): void {
    const now = this.clock.now();
    this.db
      .prepare(
        "INSERT INTO webhooks (url, event, body, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)"
      )
      .run(url, event, JSON.stringify(body), now, now);
    this.wake();
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.inFlight]);
  }

  private wake(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.deliverDue(), 0);
  }

  private async deliverDue(): Promise<void> {
    this.timer = null;
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      const due = this.db
        .prepare<[number], WebhookRow>(
          `SELECT id, url, event, body, attempts FROM webhooks
           WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT 50`
        )
        .all(this.clock.now());
      const work = Promise.all(due.map((row) => this.attempt(row)));
      const tracked = work.then(() => undefined);
      this.inFlight.add(tracked);
      await tracked;
      this.inFlight.delete(tracked);
    } finally {
      this.running = false;
      if (!this.stopped) {
        const next = this.db
          .prepare<[], { at: number | null }>(
            "SELECT MIN(next_attempt_at) AS at FROM webhooks WHERE delivered_at IS NULL AND failed_at IS NULL"
          )
          .get();
        const wait =
          next?.at == null
            ? this.options.pollMs
            : Math.max(0, Math.min(this.options.pollMs, next.at - this.clock.now()));
        this.timer = setTimeout(() => void this.deliverDue(), wait);
      }
    }
  }

  private async attempt(row: WebhookRow): Promise<void> {
    let error: string | null = null;
    try {
      const response = await fetch(row.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-webhook-event": row.event,
          "x-webhook-attempt": String(row.attempts + 1),
        },
        body: row.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const now = this.clock.now();
    const attempts = row.attempts + 1;
    if (error === null) {
      this.db
        .prepare(
          "UPDATE webhooks SET attempts = ?, delivered_at = ?, last_error = NULL WHERE id = ?"
        )
        .run(attempts, now, row.id);
    } else if (attempts > this.options.retryDelaysMs.length) {
      this.db
        .prepare("UPDATE webhooks SET attempts = ?, failed_at = ?, last_error = ? WHERE id = ?")
        .run(attempts, now, error, row.id);
    } else {
      const delay = this.options.retryDelaysMs[attempts - 1]!;
      this.db
        .prepare(
          "UPDATE webhooks SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?"
        )
        .run(attempts, now + delay, error, row.id);
    }
  }
}
