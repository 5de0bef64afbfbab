import type { FastifyInstance } from "fastify";
import { errorCode } from "../api/error-code";

// Readiness: `GET /readyz` answers 200 when every check passes and 503 with the
// failing checks otherwise, so a load balancer sends requests only to a host that can serve
// them; `/healthz` stays the liveness check (the process answers). In team mode the checks are
// the store answering a cheap query and the sealed service key opening (team-host.ts). Checks
// run at most once a second whatever the number of probes (a flood of /readyz does not become
// a flood of queries), each within a time limit; their messages never carry a secret.

export interface ReadinessCheck {
  name: string;
  /** Null when it passes, else why not (no secret, no URL of the database). */
  run(): Promise<string | null>;
}

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, { ok: boolean; message?: string }>;
}

export interface ReadinessOptions {
  /** A check that has not answered within this fails. */
  timeoutMs: number;
  /** A report is reused for this long. */
  cacheMs: number;
}

const DEFAULTS: ReadinessOptions = { timeoutMs: 3_000, cacheMs: 1_000 };

/** The error's code only (ECONNREFUSED, 57P01): a driver's message can name hosts and users. */
export function errorCodeOf(error: unknown): string {
  const code = errorCode(error) ?? errorCode((error as { cause?: unknown } | null)?.cause);
  if (code !== undefined) return code;
  if (error instanceof AggregateError && error.errors.length > 0)
    return errorCodeOf(error.errors[0]);
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : "unknown";
}

export class Readiness {
  private last: { at: number; report: Promise<ReadinessReport> } | null = null;
  private readonly options: ReadinessOptions;

  constructor(
    private readonly checks: readonly ReadinessCheck[],
    options: Partial<ReadinessOptions> = {}
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  report(): Promise<ReadinessReport> {
    const now = Date.now();
    if (this.last && now - this.last.at < this.options.cacheMs) return this.last.report;
    const report = this.runAll();
    this.last = { at: now, report };
    return report;
  }

  private async runAll(): Promise<ReadinessReport> {
    const results = await Promise.all(this.checks.map((check) => this.runOne(check)));
    const checks: ReadinessReport["checks"] = {};
    this.checks.forEach((check, i) => {
      const message = results[i];
      checks[check.name] = message === null ? { ok: true } : { ok: false, message: message! };
    });
    return { ready: results.every((message) => message === null), checks };
  }

  private async runOne(check: ReadinessCheck): Promise<string | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`No answer within ${this.options.timeoutMs / 1000} s.`),
        this.options.timeoutMs
      );
    });
    try {
      return await Promise.race([
        check.run().catch((error: unknown) => `The check failed (${errorCodeOf(error)}).`),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}

export function registerReadiness(app: FastifyInstance, readiness: Readiness): void {
  app.get("/readyz", async (_request, reply) => {
    const report = await readiness.report();
    return reply
      .code(report.ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send(report);
  });
}
