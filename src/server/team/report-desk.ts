import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { HostError } from "../errors";
import { pausedTooLong } from "./budgets";
import type { TeamStore } from "./store";
import type { Upstream, UpstreamAnswer } from "./upstream";
import { UpstreamError } from "./upstream";
import { errorCode } from "../../api/error-code";
import { OPERATIONS, auditName } from "../../api/operations";

// Bad-email reports measured (SECURITY.md: refunds need evidence). The service returns a credit
// only for a verified address that hard-bounced, and it decides: its answer to a report says
// nothing of it. So the host reads the account's balance before and after each report, with the
// team's other paid requests held meanwhile, and gives back to the buyers only what the balance
// shows came back (store.recordBounceReport). A report answered without a credit is a claim, and
// the buyers' months do not move.
//
// How the balance moves by the report alone: reports of one team are measured one at a time
// (the store's report window, one lease for every instance); while the window is open, new paid
// requests wait (reserve answers "paused"); before the first balance is read, the paid requests
// already out are waited for (open reservations, webhook results not arrived). Reports queued on
// this instance meanwhile are measured in the same window, a balance read between each. What is
// not held (a domain file the service pays for later, a credit the company buys on the service's
// site at that moment, a request of another program with the same key) can only lower what is
// seen, except the last two: SECURITY.md names them. Between two windows the others' requests
// go for at least as long as the window before held them: reports sent without end (a member
// reporting every address the team bought) hold the team's paid requests half the time at most.

export interface ReportDeskOptions {
  /** The window's lease; renewed every third of it while reports are measured. */
  windowTtlMs: number;
  /** How long paid requests out are waited for before the balance is read. */
  drainMs: number;
  /** Webhook results awaited: lookups answered to a webhook this recently count as out. */
  webhookWaitMs: number;
  pollMs: number;
  /** Reports measured in one window at most, before the others' requests may go again. */
  batch: number;
}

export const REPORT_DESK_DEFAULTS: ReportDeskOptions = {
  windowTtlMs: 30_000,
  drainMs: 20_000,
  webhookWaitMs: 60_000,
  pollMs: 50,
  batch: 20,
};

/** A report to send: who sent it, the address (plain), the body as the host sends it. */
export interface ReportJob {
  memberId: string;
  email: string;
  body: Record<string, string>;
}

interface Queued extends ReportJob {
  done(answer: UpstreamAnswer): void;
  failed(error: unknown): void;
}

const REPORT = OPERATIONS["report/bad-email"];
const BALANCE_TRIES = 3;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const notSent = (why: string): HostError =>
  new HostError(
    503,
    "server_busy",
    `The report was not sent: ${why}. Nothing changed; try again in a few seconds.`
  );

export class ReportDesk {
  private readonly queue: Queued[] = [];
  private working = false;
  private readonly owner = `report:${randomUUID()}`;

  constructor(
    private readonly store: TeamStore,
    private readonly upstream: Upstream,
    private readonly serviceKey: () => Promise<string>,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: ReportDeskOptions = REPORT_DESK_DEFAULTS
  ) {}

  /**
   * Sends a report whose address the team bought, measured: the service's answer once the
   * balance after it is read and what it showed is recorded (whether or not the member waits).
   */
  report(job: ReportJob): Promise<UpstreamAnswer> {
    return new Promise((done, failed) => {
      this.queue.push({ ...job, done, failed });
      if (!this.working) void this.work();
    });
  }

  private async work(): Promise<void> {
    this.working = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.batch);
        const started = Date.now();
        await this.measure(batch).catch((error: unknown) => {
          for (const job of batch) job.failed(error);
        });
        if (this.queue.length > 0) await sleep(Date.now() - started);
      }
    } finally {
      this.working = false;
    }
  }

  private async measure(batch: Queued[]): Promise<void> {
    await this.openWindow();
    const renewal = setInterval(
      () =>
        void this.store.openReportWindow(this.owner, this.options.windowTtlMs).catch(() => false),
      Math.max(10, Math.floor(this.options.windowTtlMs / 3))
    );
    try {
      await this.drain();
      const key = await this.serviceKey();
      let before: number | null = null;
      for (const job of batch) {
        before ??= await this.balance(key);
        if (before === null) {
          job.failed(notSent("the account's balance could not be read"));
          continue;
        }
        before = await this.send(job, key, before);
      }
    } finally {
      clearInterval(renewal);
      await this.store.closeReportWindow(this.owner).catch(() => undefined);
    }
  }

  /** The window, waited for while another instance measures (bounded). */
  private async openWindow(): Promise<void> {
    const deadline = Date.now() + this.options.windowTtlMs * 3;
    while (!(await this.store.openReportWindow(this.owner, this.options.windowTtlMs))) {
      if (Date.now() > deadline) throw pausedTooLong();
      await sleep(this.options.pollMs);
    }
  }

  /** Waits until no paid request of the team is out, at most drainMs. */
  private async drain(): Promise<void> {
    const deadline = Date.now() + this.options.drainMs;
    for (;;) {
      const since = new Date(this.now().getTime() - this.options.webhookWaitMs).toISOString();
      const out = await this.store.paidInFlight(since);
      if (out === 0) return;
      if (Date.now() > deadline) {
        // Measured anyway: a charge landing meanwhile can only hide a return, never make one.
        this.log.warn({ out }, "a bad-email report is measured while paid requests are out");
        return;
      }
      await sleep(this.options.pollMs);
    }
  }

  /** Sends one report and records what the balance showed; answers the balance after it. */
  private async send(job: Queued, key: string, before: number): Promise<number | null> {
    let answer: UpstreamAnswer | null = null;
    let failure: unknown = null;
    try {
      answer = await this.upstream.request("POST", REPORT.path, key, {
        body: JSON.stringify(job.body),
      });
    } catch (error) {
      failure = error;
    }
    const surelyNotSent = failure instanceof UpstreamError && failure.failure === "not_sent";
    const after = surelyNotSent ? before : await this.balance(key);
    const accepted = answer !== null && answer.status >= 200 && answer.status < 300;
    // Refused by the service (or surely never sent): nothing to record.
    if (accepted || (failure !== null && !surelyNotSent)) {
      const returned = after === null ? null : Math.max(0, after - before);
      await this.store
        .recordBounceReport({
          memberId: job.memberId,
          email: job.email,
          at: this.now().toISOString(),
          returnedMilli: returned,
          audit: { operation: auditName(REPORT), status: answer?.status ?? 0 },
        })
        .catch((error: unknown) =>
          this.log.error({ code: errorCode(error) }, "a bad-email report could not be recorded")
        );
    }
    if (answer) job.done(answer);
    else job.failed(failure);
    return after;
  }

  /** The account's credits left, in milli, or null when the service does not say. */
  private async balance(key: string): Promise<number | null> {
    for (let attempt = 1; attempt <= BALANCE_TRIES; attempt++) {
      try {
        const answer = await this.upstream.json(OPERATIONS.account.path, key);
        const credits = (answer.value as { credits_left?: unknown } | null)?.credits_left;
        if (answer.status === 200 && typeof credits === "number" && Number.isFinite(credits))
          return Math.round(credits * 1000);
      } catch {
        // Tried again below.
      }
      if (attempt < BALANCE_TRIES) await sleep(this.options.pollMs * 4);
    }
    return null;
  }
}
