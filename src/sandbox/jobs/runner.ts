import type { SearchService } from "./searches";

export interface JobRunnerOptions {
  /** Rows (or places) processed per step, in one transaction. */
  chunkSize: number;
  /** Pause between steps; 0 still yields to the event loop so the server stays responsive. */
  stepMs: number;
}

/** How often an idle worker looks for work it was not kicked about. */
const IDLE_POLL_MS = 1_000;

/**
 * The background worker that moves searches through their states (docs/interface.md, Search
 * states): one step of one search at a time, taking the active searches in turn, with a pause
 * between steps.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private idle = true;
  private stopped = true;
  private turn = 0;

  constructor(
    readonly searches: SearchService,
    readonly options: JobRunnerOptions
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.options.stepMs, false);
  }

  /** Steps are synchronous, so once the next one is cancelled nothing is left running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancel();
  }

  /** A search was created or resumed: start stepping if the worker is idle. */
  kick(): void {
    if (this.stopped || !this.idle) return;
    this.schedule(this.options.stepMs, false);
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }

  private schedule(ms: number, idle: boolean): void {
    this.cancel();
    this.idle = idle;
    if (ms <= 0) this.immediate = setImmediate(() => this.tick());
    else this.timer = setTimeout(() => this.tick(), ms);
  }

  private tick(): void {
    this.timer = null;
    this.immediate = null;
    if (this.stopped) return;
    const active = this.searches.activeIds();
    if (active.length === 0) {
      this.schedule(IDLE_POLL_MS, true);
      return;
    }
    const id = active[this.turn++ % active.length]!;
    this.searches.step(id, this.options.chunkSize);
    this.schedule(this.options.stepMs, false);
  }
}
