import { ConnectionLimiter, type AttemptOutcome } from "../../src/client/limiter";

// The adaptive limit against a simulated service, on a virtual clock: `capacity`
// requests are served at once in `latencyMs` each; the rest wait in its queue, and after
// `queueTimeoutMs` are answered 503 (docs/interface.md, Limits), which the client retries.
// Deterministic: no timers, events in time order.

interface ServiceModel {
  capacity: number;
  latencyMs: number;
  queueTimeoutMs: number;
  /** 503 answered at once, before any queueing, for sends in this range of times. */
  burst503?: { from: number; to: number };
}

interface RunResult {
  wallMs: number;
  completed: number;
  attempts: number;
  overloads: number;
  peakLimit: number;
  peakInUse: number;
  limits: number[];
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

async function simulate(
  limiter: ConnectionLimiter,
  service: ServiceModel,
  requests: number
): Promise<RunResult> {
  let now = 0;
  const events: Array<{ at: number; run: () => void }> = [];
  const schedule = (at: number, run: () => void): void => {
    events.push({ at, run });
    events.sort((a, b) => a.at - b.at);
  };
  let busy = 0;
  const queue: Array<() => void> = [];
  const result: RunResult = {
    wallMs: 0,
    completed: 0,
    attempts: 0,
    overloads: 0,
    peakLimit: limiter.limit,
    peakInUse: 0,
    limits: [],
  };
  const serve = (answer: () => void): void => {
    busy++;
    schedule(now + service.latencyMs, () => {
      busy--;
      answer();
      const next = queue.shift();
      if (next) next();
    });
  };

  const send = async (urgent: boolean): Promise<void> => {
    const slot = await limiter.acquire({ urgent });
    result.attempts++;
    result.peakInUse = Math.max(result.peakInUse, limiter.inUse);
    const sentAt = now;
    const done = (outcome: AttemptOutcome): void => {
      limiter.release(slot, outcome);
      result.peakLimit = Math.max(result.peakLimit, limiter.limit);
      result.limits.push(limiter.limit);
      if (outcome.kind === "overload") {
        result.overloads++;
        void send(true);
      } else {
        result.completed++;
        result.wallMs = now;
      }
    };
    const answered = (): void =>
      done({ kind: "answer", path: "/v5.1/find-email/person", latencyMs: now - sentAt });
    if (service.burst503 && now >= service.burst503.from && now < service.burst503.to) {
      schedule(now + 5, () => done({ kind: "overload" }));
      return;
    }
    if (busy < service.capacity) serve(answered);
    else {
      let waiting = true;
      const start = (): void => {
        waiting = false;
        serve(answered);
      };
      queue.push(start);
      schedule(now + service.queueTimeoutMs, () => {
        if (!waiting) return;
        queue.splice(queue.indexOf(start), 1);
        done({ kind: "overload" });
      });
    }
  };

  for (let i = 0; i < requests; i++) void send(false);
  await flush();
  while (events.length > 0) {
    const event = events.shift()!;
    now = event.at;
    event.run();
    await flush();
  }
  return result;
}

const bound = (requests: number, capacity: number, latencyMs: number): number =>
  Math.ceil(requests / capacity) * latencyMs;

describe("adaptive connection limit (AIMD)", () => {
  test("grows past six over HTTP/2 to the service's capacity: 1,500 lookups near the bound", async () => {
    const limiter = new ConnectionLimiter({ initial: 6, ceiling: 64 });
    const service = { capacity: 32, latencyMs: 1000, queueTimeoutMs: 60_000 };
    const run = await simulate(limiter, service, 1500);
    expect(run.completed).toBe(1500);
    expect(run.overloads).toBe(0);
    expect(run.peakLimit).toBeGreaterThanOrEqual(32);
    expect(run.wallMs / bound(1500, 32, 1000)).toBeLessThan(1.3);
  });

  test("never past its ceiling: 64 over HTTP/2, 6 over HTTP/1.1", async () => {
    const wide = new ConnectionLimiter({ initial: 6, ceiling: 64 });
    const run = await simulate(
      wide,
      { capacity: 1000, latencyMs: 100, queueTimeoutMs: 60_000 },
      3000
    );
    expect(run.peakLimit).toBe(64);
    expect(run.peakInUse).toBe(64);
    const narrow = new ConnectionLimiter({ initial: 6, ceiling: 6 });
    const slow = await simulate(
      narrow,
      { capacity: 1000, latencyMs: 100, queueTimeoutMs: 60_000 },
      600
    );
    expect(slow.peakInUse).toBe(6);
    expect(slow.wallMs).toBe(bound(600, 6, 100));
  });

  test("halves on 503 and settles near a small service's capacity; no request is lost", async () => {
    const limiter = new ConnectionLimiter({ initial: 6, ceiling: 64 });
    const service = { capacity: 8, latencyMs: 1000, queueTimeoutMs: 1500 };
    const run = await simulate(limiter, service, 1500);
    expect(run.completed).toBe(1500);
    expect(run.overloads).toBeGreaterThan(0);
    expect(limiter.history.decreases).toBeGreaterThan(0);
    expect(run.wallMs / bound(1500, 8, 1000)).toBeLessThan(1.3);
    // After the first 503s the limit stays within a few halvings of the capacity.
    const late = run.limits.slice(Math.floor(run.limits.length / 2));
    expect(Math.max(...late)).toBeLessThanOrEqual(32);
    expect(Math.min(...late)).toBeGreaterThanOrEqual(2);
  });

  test("a burst of 503s halves the limit once, not once per 503", async () => {
    const limiter = new ConnectionLimiter({ initial: 32, ceiling: 64 });
    const run = await simulate(
      limiter,
      { capacity: 1000, latencyMs: 100, queueTimeoutMs: 60_000, burst503: { from: 0, to: 1 } },
      32
    );
    expect(run.overloads).toBe(32);
    expect(limiter.history.decreases).toBe(1);
    expect(run.completed).toBe(32);
  });

  test("stops slow start when latency grows (the service queues), before any 503", async () => {
    const limiter = new ConnectionLimiter({ initial: 6, ceiling: 64 });
    const run = await simulate(
      limiter,
      { capacity: 12, latencyMs: 1000, queueTimeoutMs: 600_000 },
      400
    );
    expect(run.overloads).toBe(0);
    expect(run.completed).toBe(400);
    // Past capacity the queued answers come back slower: growth turns additive at once.
    expect(run.peakLimit).toBeLessThan(40);
  });

  test("grows only while the limit is what holds requests back", () => {
    const limiter = new ConnectionLimiter({ initial: 6, ceiling: 64 });
    for (let i = 0; i < 100; i++) {
      const slot = { seq: i + 1 };
      // One request at a time never reaches the limit: nothing to learn.
      void limiter.acquire();
      limiter.release(slot, { kind: "answer", path: "/p", latencyMs: 100 });
    }
    expect(limiter.limit).toBe(6);
  });

  test("a lower ceiling applies at once; requests on the wire finish, new ones wait", async () => {
    const limiter = new ConnectionLimiter({ initial: 20, ceiling: 64 });
    const slots = await Promise.all(Array.from({ length: 20 }, () => limiter.acquire()));
    limiter.setCeiling(6);
    let started = 0;
    const waiting = Array.from({ length: 5 }, () => limiter.acquire().then(() => started++));
    for (const slot of slots.slice(0, 14)) limiter.release(slot, { kind: "neutral" });
    await flush();
    expect(started).toBe(0);
    limiter.release(slots[14]!, { kind: "neutral" });
    await flush();
    expect(started).toBe(1);
    for (const slot of slots.slice(15)) limiter.release(slot, { kind: "neutral" });
    await Promise.all(waiting);
    expect(limiter.inUse).toBe(5);
  });

  test("a fixed limit never adapts", async () => {
    const limiter = new ConnectionLimiter(3);
    const run = await simulate(
      limiter,
      { capacity: 100, latencyMs: 10, queueTimeoutMs: 60_000 },
      300
    );
    expect(run.peakInUse).toBe(3);
    expect(limiter.history.increases).toBe(0);
  });
});
