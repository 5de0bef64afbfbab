import type { SearchService } from "./searches";

export interface JobRunnerOptions {
  chunkSize: number;
  stepMs: number;
}

/** The background worker that moves searches through their states (spec 3). */
export class JobRunner {
  constructor(readonly searches: SearchService, readonly options: JobRunnerOptions) {}
  start(): void {}
  async stop(): Promise<void> {}
  kick(): void {}
}
