import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { TeamObserver, UpstreamObserver, UpstreamOutcome, UpstreamPool } from "./observers";
import { currentWork, type RequestWork } from "../request-context";

// The host's figures in Prometheus' terms (issue 36 item 2), on a registry of its own
// (never prom-client's global one: several hosts in one process, as in the tests, each count
// their own). Names are `mailfinder_*` with their unit; labels take a few known values only
// (a route's pattern, never a URL), so a hostile client cannot make series without end.
// docs/operations.md lists each with its meaning.

export interface ReadinessFigures {
  /** Each check's name and whether it passes now. */
  checks: Record<string, boolean>;
}

export interface HostMetricsOptions {
  mode: "relay" | "team";
  /** "sqlite" or "postgresql" in team mode. */
  store: "sqlite" | "postgresql" | null;
  demo: boolean;
  version: string;
}

/** Seconds, from 5 ms (a shared answer) to the 120 s the host waits for the service. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export class HostMetrics implements UpstreamObserver, TeamObserver {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly requestsInFlight: Gauge;
  private readonly bodyLimitRefusals: Counter<"route">;
  private readonly relayDuration: Histogram<"operation">;
  private readonly upstreamDuration: Histogram<"pool">;
  private readonly upstreamInFlight: Gauge<"pool">;
  private readonly upstreamLimit: Gauge<"pool">;
  private readonly upstreamResponses: Counter<"pool" | "status_class">;
  private readonly upstreamErrors: Counter<"pool" | "kind">;
  private readonly readinessChecks: Gauge<"check">;
  private readonly team: {
    signInsRefused: Counter<"who" | "reason">;
    budgetRefusals: Counter<"budget">;
    sharedAnswers: Counter;
    lookupsJoined: Counter<"where">;
    settledCredits: Counter;
    returnedCredits: Counter;
    storeErrors: Counter<"operation">;
    settleRetries: Counter;
  } | null;
  /** Reservations this instance holds, and when each expires at the latest (ms since the epoch). */
  private readonly reservations = new Map<string, number>();
  private readiness: (() => Promise<ReadinessFigures>) | null = null;

  constructor(options: HostMetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: "mailfinder_host_info",
      help: "The host's version and mode; always 1.",
      labelNames: ["version", "mode", "store", "demo"],
      registers,
    }).set(
      {
        version: options.version,
        mode: options.mode,
        store: options.store ?? "none",
        demo: String(options.demo),
      },
      1
    );
    this.requests = new Counter({
      name: "mailfinder_http_requests_total",
      help: "Requests answered, by method, route pattern and status ('aborted': the client left before the answer ended).",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.requestsInFlight = new Gauge({
      name: "mailfinder_http_requests_in_flight",
      help: "Requests received and not answered yet.",
      registers,
    });
    this.bodyLimitRefusals = new Counter({
      name: "mailfinder_body_limit_refusals_total",
      help: "Requests refused with 413 because their body was over the limit.",
      labelNames: ["route"],
      registers,
    });
    this.relayDuration = new Histogram({
      name: "mailfinder_relay_request_duration_seconds",
      help: "From a request to /api arriving to its answer's end, by operation of the interface.",
      labelNames: ["operation"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.upstreamDuration = new Histogram({
      name: "mailfinder_upstream_request_duration_seconds",
      help: "From a request leaving for the service to its answer's headers (or its failure).",
      labelNames: ["pool"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.upstreamInFlight = new Gauge({
      name: "mailfinder_upstream_requests_in_flight",
      help: "Requests sent to the service and not answered yet.",
      labelNames: ["pool"],
      registers,
    });
    this.upstreamLimit = new Gauge({
      name: "mailfinder_upstream_concurrency_limit",
      help: "The most requests a pool sends to the service at once (its keep-alive connections).",
      labelNames: ["pool"],
      registers,
    });
    this.upstreamResponses = new Counter({
      name: "mailfinder_upstream_responses_total",
      help: "Answers of the service, by status class.",
      labelNames: ["pool", "status_class"],
      registers,
    });
    this.upstreamErrors = new Counter({
      name: "mailfinder_upstream_errors_total",
      help: "Requests to the service that got no answer: unreachable (surely not sent), timeout, broken (the connection broke).",
      labelNames: ["pool", "kind"],
      registers,
    });
    const pools: UpstreamPool[] = options.mode === "team" ? ["relay", "team"] : ["relay"];
    for (const pool of pools) {
      this.upstreamInFlight.set({ pool }, 0);
      for (const kind of ["unreachable", "timeout", "broken"])
        this.upstreamErrors.inc({ pool, kind }, 0);
      for (const status_class of ["2xx", "4xx", "5xx"])
        this.upstreamResponses.inc({ pool, status_class }, 0);
    }
    const metrics = this;
    this.readinessChecks = new Gauge({
      name: "mailfinder_readiness_check",
      help: "Each readiness check of /readyz, read at the scrape: 1 passing, 0 failing.",
      labelNames: ["check"],
      registers,
      async collect() {
        if (!metrics.readiness) return;
        const { checks } = await metrics.readiness();
        for (const [check, ok] of Object.entries(checks)) this.set({ check }, ok ? 1 : 0);
      },
    });
    this.team = options.mode === "team" ? this.teamMetrics() : null;
  }

  private teamMetrics(): NonNullable<HostMetrics["team"]> {
    const registers = [this.registry];
    const reservations = this.reservations;
    new Gauge({
      name: "mailfinder_team_reservations_open",
      help: "Paid requests of this instance whose price is reserved and not settled or released yet.",
      registers,
      collect() {
        const now = Date.now();
        // A reservation never ended here (its settle failed every time) ends at its expiry in the store.
        for (const [id, expiresAt] of reservations) if (expiresAt <= now) reservations.delete(id);
        this.set(reservations.size);
      },
    });
    const team = {
      signInsRefused: new Counter({
        name: "mailfinder_team_sign_ins_refused_total",
        help: "Sign-ins refused: a member's or the admin's token not valid, or the admin's address throttled.",
        labelNames: ["who", "reason"],
        registers,
      }),
      budgetRefusals: new Counter({
        name: "mailfinder_team_budget_refusals_total",
        help: "Paid requests refused with 402 budget_exceeded, by the budget they would pass.",
        labelNames: ["budget"],
        registers,
      }),
      sharedAnswers: new Counter({
        name: "mailfinder_team_shared_answers_total",
        help: "Lookups answered as the team's (marked shared: free, nothing sent to the service), kept or joined in flight.",
        registers,
      }),
      lookupsJoined: new Counter({
        name: "mailfinder_team_lookups_joined_total",
        help: "Shared answers that another request was buying when asked (in flight), on this instance or another.",
        labelNames: ["where"],
        registers,
      }),
      settledCredits: new Counter({
        name: "mailfinder_team_settled_credits_total",
        help: "Credits the service charged, settled against members' and the team's budgets.",
        registers,
      }),
      returnedCredits: new Counter({
        name: "mailfinder_team_returned_credits_total",
        help: "Credits given back to members' months (bounce refunds, webhook lookups charged less).",
        registers,
      }),
      storeErrors: new Counter({
        name: "mailfinder_team_store_errors_total",
        help: "Calls to the team's database that failed, by the store's operation.",
        labelNames: ["operation"],
        registers,
      }),
      settleRetries: new Counter({
        name: "mailfinder_team_settle_retries_total",
        help: "Settles of paid requests tried again after the database failed one.",
        registers,
      }),
    };
    for (const who of ["member", "admin"])
      for (const reason of ["invalid", "throttled"]) team.signInsRefused.inc({ who, reason }, 0);
    for (const budget of ["member", "team"]) team.budgetRefusals.inc({ budget }, 0);
    for (const where of ["this_instance", "other_instance"]) team.lookupsJoined.inc({ where }, 0);
    return team;
  }

  /** /readyz's checks, read again at each scrape. */
  watchReadiness(readiness: () => Promise<ReadinessFigures>): void {
    this.readiness = readiness;
  }

  /** A request arrived: the function returned is called once when its answer ended or it was dropped. */
  requestStarted(): (answered: {
    method: string;
    route: string;
    status: number | "aborted";
    operation: string | null;
    seconds: number;
  }) => void {
    this.requestsInFlight.inc();
    return ({ method, route, status, operation, seconds }) => {
      this.requestsInFlight.dec();
      this.requests.inc({
        method: METHODS.has(method) ? method : "other",
        route,
        status: String(status),
      });
      if (operation !== null) this.relayDuration.observe({ operation }, seconds);
    };
  }

  bodyLimitRefused(route: string): void {
    this.bodyLimitRefusals.inc({ route });
  }

  sent(pool: UpstreamPool): (outcome: UpstreamOutcome) => void {
    this.upstreamInFlight.inc({ pool });
    const stop = this.upstreamDuration.startTimer({ pool });
    let ended = false;
    return (outcome) => {
      if (ended) return;
      ended = true;
      this.upstreamInFlight.dec({ pool });
      if ("refused" in outcome) return;
      stop();
      if ("status" in outcome)
        this.upstreamResponses.inc({ pool, status_class: statusClass(outcome.status) });
      else this.upstreamErrors.inc({ pool, kind: outcome.failure });
    };
  }

  concurrencyLimit(pool: UpstreamPool, limit: number): void {
    this.upstreamLimit.set({ pool }, limit);
  }

  reservationOpened(id: string, expiresAt: number): void {
    this.reservations.set(id, expiresAt);
  }

  reservationEnded(id: string): void {
    this.reservations.delete(id);
  }

  budgetRefused(budget: "member" | "team"): void {
    this.team?.budgetRefusals.inc({ budget });
  }

  creditsSettled(milli: number): void {
    if (milli > 0) this.team?.settledCredits.inc(milli / 1000);
  }

  creditsReturned(milli: number): void {
    if (milli > 0) this.team?.returnedCredits.inc(milli / 1000);
  }

  storeFailed(operation: string): void {
    this.team?.storeErrors.inc({ operation });
  }

  signInRefused(who: "member" | "admin", reason: "invalid" | "throttled"): void {
    this.team?.signInsRefused.inc({ who, reason });
  }

  settleRetried(): void {
    this.team?.settleRetries.inc();
  }

  lookupStep(step: "kept" | "held"): void {
    const work = currentWork();
    if (!work) return;
    if (step === "kept") work.lookup.kept = true;
    else work.lookup.waited = true;
  }

  /**
   * A lookup answered as the team's (marked shared), with what the store said of it: no kept
   * answer found means another request of this instance bought it meanwhile; a kept answer found
   * after waiting for another request's claim means one of another instance did.
   */
  sharedAnswerGiven(lookup: RequestWork["lookup"]): void {
    if (!this.team) return;
    this.team.sharedAnswers.inc();
    if (!lookup.kept) this.team.lookupsJoined.inc({ where: "this_instance" });
    else if (lookup.waited) this.team.lookupsJoined.inc({ where: "other_instance" });
  }

  /** The text Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  close(): void {
    this.registry.clear();
  }
}
