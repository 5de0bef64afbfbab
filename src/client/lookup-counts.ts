// The scheduler's counters: its own statistics, and the Lookups view's counts of distinct
// lookups by state and by how they ended (docs/user-guide.md, "Credits and spending").

export interface SchedulerStats {
  calls: number;
  cacheHits: number;
  /** Calls that joined a lookup already queued or in flight. */
  joined: number;
  /** Distinct lookups handed to the client (its transport bounds what is on the wire). */
  dispatched: number;
  /** Lookups withdrawn because every cell that wanted them was cancelled before sending. */
  withdrawn: number;
}

/** The Lookups view: distinct lookups, and the cell calls answered from kept answers. */
export interface LookupCounts {
  /** Not sent yet: collected, held for the question, or queued for a connection. */
  waiting: number;
  /** On the wire (or between retries of a request that went on the wire). */
  inFlight: number;
  answered: number;
  failed: number;
  /** Refused by the guard, declined, or stopped: nothing was sent. */
  notRun: number;
  /** Cell calls answered from kept answers, without a request. */
  cached: number;
  /** Answered lookups that a team host gave from its team's shared answers, free. */
  shared: number;
  /** Answers asked again because the browser's storage ran out of room and dropped them. */
  reasked: number;
  /** Credits charged for the lookups of cells this session. */
  spent: number;
}

/**
 * Where a lookup not ended yet is: collected for the spending guard's decision, held for the
 * spending question, queued for a connection, or sent.
 */
export type LookupState = "collected" | "held" | "queued" | "sent";

/** How a lookup ended: `notRun` refused by the guard, declined or stopped, nothing sent. */
export type LookupEnd = "answered" | "notRun" | "withdrawn" | "failed";

export class LookupTally {
  readonly stats: SchedulerStats = {
    calls: 0,
    cacheHits: 0,
    joined: 0,
    dispatched: 0,
    withdrawn: 0,
  };
  private readonly tally = {
    waiting: 0,
    inFlight: 0,
    answered: 0,
    failed: 0,
    notRun: 0,
    reasked: 0,
    shared: 0,
  };
  private spentMilli = 0;

  get counts(): LookupCounts {
    return { ...this.tally, cached: this.stats.cacheHits, spent: this.spentMilli / 1000 };
  }

  /** A lookup in `state` comes (1) or goes (-1): sent ones are in flight, the others waiting. */
  live(state: LookupState, change: 1 | -1): void {
    if (state === "sent") this.tally.inFlight += change;
    else this.tally.waiting += change;
  }

  ended(end: LookupEnd, charged: number, shared: boolean): void {
    this.spentMilli += Math.round(charged * 1000);
    if (end === "withdrawn") this.stats.withdrawn++;
    else this.tally[end]++;
    if (end === "answered" && shared) this.tally.shared++;
  }

  /** An answer the store had dropped for lack of room was bought again. */
  reasked(): void {
    this.tally.reasked++;
  }
}
