import type { DecisionMakerCategory } from "../../api/types";
import { Listeners } from "../../client/listeners";
import type { LookupScheduler } from "../../client/scheduler";
import type { ColumnMapping } from "../../lists/mapping";
import {
  JobStoreError,
  type EnrichRunCounts,
  type JobRecord,
  type JobStore,
} from "../../workbook/job-store";
import { errorText } from "../../client/errors";
import { inputsOf } from "./enrich-bulk";
import { rowsWaitingInJobs } from "./enrich-job";
import { decodeRows, encodeRows, type EnrichJobInfo } from "../../workbook/enrich-record";
import type { EnrichOperation, OutputField } from "../../lists/enrich-outputs";
import type { OwnRuns } from "./own-runs";
import { planOfSource, type EnrichPlan } from "./enrich-plan";
import { runEnrichment, type EnrichProgress, type EnrichSummary } from "./enrich-run";
import {
  enrichedTargetAt,
  prepareEnrichTarget,
  type EnrichTarget,
} from "../../workbook/enrich-columns";
import {
  firstDataRow,
  locationOf,
  readEnrichSource,
  type EnrichSource,
} from "../../workbook/enrich-source";

// An Enrich run through the cells' lookups is a job of the workbook ("Nothing
// lost"): recorded in the job list before its first lookup, its counts saved as it goes, shown
// in Jobs, and continued where it stopped when the pane comes back (the runtime was closed with
// the workbook) or when the user asks (it stopped: spending refused, out of credits). Rows
// already written are done: a continued run reads the list again and does only the rows of the
// run whose outputs are still empty.

export interface EnrichRunStart {
  source: EnrichSource;
  plan: EnrichPlan;
  mapping: ColumnMapping;
  operation: EnrichOperation;
  categories: DecisionMakerCategory[];
  outputs: readonly OutputField[];
  /** Only valid emails. */
  onlyValid?: boolean;
  label: string;
}

/** A run of this runtime as the pane shows it. */
export interface EnrichRunView {
  jobId: string;
  progress: EnrichProgress;
  /** Set once the run is over. */
  summary: EnrichSummary | null;
  /** The run could not go on (the list was deleted…). */
  error: string | null;
}

export interface EnrichRunnerOptions {
  /** The runs this user started (default: none are known, so none goes on by itself). */
  ownRuns?: OwnRuns;
  /** Counts are saved in the workbook at most this often while a run goes (default 2 s). */
  saveEveryMs?: number;
  newId?: () => string;
  now?: () => Date;
}

/** Statuses of a run's job. "stopped": over, with rows left to do (continue to do them). */
export type EnrichRunStatus = "running" | "completed" | "stopped" | "failed";

const newRunId = (): string =>
  `run_${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, "0")}`;

/** Rows whose answers are not written and would be by running again. */
const rowsLeft = (p: EnrichProgress): number => p.failed + p.notRun;

export class EnrichRunner {
  private readonly runs = new Map<string, EnrichRunView>();
  private newestId: string | null = null;
  private readonly changes = new Listeners();
  private readonly finishedListeners = new Listeners<[JobRecord]>();
  private readonly saveEveryMs: number;
  private readonly newId: () => string;
  private readonly now: () => Date;
  private readonly ownRuns: OwnRuns | null;

  constructor(
    private readonly store: JobStore,
    private readonly scheduler: () => Promise<Pick<LookupScheduler, "lookup">>,
    options: EnrichRunnerOptions = {}
  ) {
    this.saveEveryMs = options.saveEveryMs ?? 2_000;
    this.newId = options.newId ?? newRunId;
    this.now = options.now ?? (() => new Date());
    this.ownRuns = options.ownRuns ?? null;
  }

  /** The run of `jobId` if this runtime runs or ran it. */
  view(jobId: string): EnrichRunView | undefined {
    return this.runs.get(jobId);
  }

  /** The run this runtime started or continued last, if any. */
  latest(): EnrichRunView | undefined {
    return this.newestId === null ? undefined : this.runs.get(this.newestId);
  }

  isRunning(jobId: string): boolean {
    const run = this.runs.get(jobId);
    return run !== undefined && run.summary === null && run.error === null;
  }

  /** Whether a run of this runtime is going (its lookups may still buy answers). */
  get running(): boolean {
    return [...this.runs.keys()].some((jobId) => this.isRunning(jobId));
  }

  /** Hears every change of a run's view. */
  readonly subscribe = (listener: () => void): (() => void) => this.changes.add(listener);

  /** Hears a run that ended (completed, stopped or failed), with its record. */
  onFinished(listener: (job: JobRecord) => void): () => void {
    return this.finishedListeners.add(listener);
  }

  /**
   * Starts a run of `plan` over its list: output columns prepared, the job recorded, then the
   * lookups. Resolves once it is recorded; `finished` resolves when every row is settled.
   */
  async start(input: EnrichRunStart): Promise<{ jobId: string; finished: Promise<EnrichSummary> }> {
    const { source, plan } = input;
    const target = await prepareEnrichTarget(source, input.outputs);
    const first = firstDataRow(source);
    const sheetRows = [...plan.toDo.map((r) => r.row), ...plan.notPossible.map((r) => r.row)]
      .sort((a, b) => a - b)
      .map((row) => first + row + 1);
    const info: EnrichJobInfo = {
      ...locationOf(source),
      operation: input.operation,
      outputs: [...input.outputs],
      inputs: inputsOf(input.operation, input.mapping),
      rows: encodeRows(sheetRows),
      hashes: "",
      ...(input.operation === "decision_maker" ? { categories: [...input.categories] } : {}),
      columns: [...target.columns],
      ...(input.onlyValid ? { onlyValid: true } : {}),
    };
    const job: JobRecord = {
      kind: "enrich_lookups",
      id: this.newId(),
      label: input.label,
      createdAt: this.now().toISOString(),
      lastStatus: "running",
      lastCounts: null,
      lastCheckedAt: null,
      lastError: null,
      resultSheets: [],
      enrich: info,
      run: { total: sheetRows.length, done: 0, written: 0, failed: 0, notRun: 0, typedInto: 0 },
    };
    this.newestId = job.id;
    this.show(job.id, job.run!, null);
    await this.ownRuns?.add(job.id).catch(() => undefined);
    await this.saving(this.store.add(job));
    const finished = this.execute(job, plan, target, 0).catch(async (error: unknown) => {
      await this.fail(job, error);
      throw error;
    });
    return { jobId: job.id, finished };
  }

  /**
   * Continues a run that did not end (the workbook was closed during it) or that stopped with
   * rows left: reads its list again and does the run's rows whose outputs are still empty.
   * Resolves when it is over; a run going on in this runtime is left to itself.
   */
  async resume(job: JobRecord): Promise<EnrichSummary | null> {
    if (job.kind !== "enrich_lookups" || !job.enrich || this.isRunning(job.id)) return null;
    const info = job.enrich;
    const sheetRows = decodeRows(info.rows) ?? [];
    const total = sheetRows.length;
    this.newestId = job.id;
    this.show(job.id, { ...emptyProgress(), total, done: 0 }, null);
    try {
      await this.saving(
        this.store.update(job.kind, job.id, { lastStatus: "running", lastError: null })
      );
      const source = await readEnrichSource(info);
      const first = firstDataRow(source);
      const others = (await this.store.load()).filter((j) => j.id !== job.id);
      const plan = planOfSource(source, {
        mapping: Object.fromEntries(info.inputs),
        operation: info.operation,
        categories: info.categories ? [info.categories.join(",")] : [],
        outputs: info.outputs,
        onlyValid: info.onlyValid === true,
        waiting: rowsWaitingInJobs(others, { ...source, firstDataRow: first }),
        only: new Set(sheetRows.map((sheetRow) => sheetRow - 1 - first)),
      });
      if ("error" in plan) throw new Error(plan.error);
      const target = await enrichedTargetAt(source, info);
      // Rows of the run not to do now were written before (or are gone from the list).
      const before = Math.max(0, total - plan.toDo.length - plan.notPossible.length);
      return await this.execute(job, plan, target, before);
    } catch (error) {
      await this.fail(job, error);
      return null;
    }
  }

  /** The run cannot go on: said in its view and its record. */
  private async fail(job: JobRecord, error: unknown): Promise<void> {
    const message = errorText(error);
    this.show(job.id, this.runs.get(job.id)?.progress ?? emptyProgress(), null, message);
    const patch = {
      lastStatus: "failed",
      lastError: message,
      lastCheckedAt: this.now().toISOString(),
    };
    await this.saving(this.store.update(job.kind, job.id, patch));
    this.finished({ ...job, ...patch });
  }

  /**
   * Continues every run of the workbook that was going when it was last closed and that this
   * user started (a colleague's run waits in Jobs for Continue: it would spend their credits).
   */
  async resumeInterrupted(): Promise<void> {
    const jobs = await this.store.load();
    const interrupted = jobs.filter(
      (job) => job.kind === "enrich_lookups" && job.lastStatus === "running"
    );
    const own = await Promise.all(
      interrupted.map((job) => this.ownRuns?.has(job.id).catch(() => false) ?? false)
    );
    await Promise.all(interrupted.filter((_, i) => own[i]).map((job) => this.resume(job)));
  }

  private async execute(
    job: JobRecord,
    plan: EnrichPlan,
    target: EnrichTarget,
    writtenBefore: number
  ): Promise<EnrichSummary> {
    const total = job.run?.total ?? writtenBefore + plan.toDo.length + plan.notPossible.length;
    const overall = (p: EnrichProgress): EnrichProgress => ({
      ...p,
      total,
      done: writtenBefore + p.done,
      written: writtenBefore + p.written,
    });
    let savedAt = this.now().getTime();
    let saving: Promise<void> = Promise.resolve();
    const onProgress = (progress: EnrichProgress): void => {
      const counts = overall(progress);
      this.show(job.id, counts, null);
      const at = this.now().getTime();
      if (at - savedAt < this.saveEveryMs) return;
      savedAt = at;
      saving = saving.then(() => this.saving(this.store.update(job.kind, job.id, { run: counts })));
    };
    const summary = await runEnrichment({
      plan,
      target,
      outputs: job.enrich!.outputs,
      onlyValid: job.enrich!.onlyValid === true,
      scheduler: await this.scheduler(),
      onProgress,
    });
    await saving;
    const result: EnrichSummary = { ...summary, ...overall(summary) };
    const run: EnrichRunCounts = {
      ...overall(summary),
      ...(summary.reasons[0] ? { reason: summary.reasons[0].reason } : {}),
    };
    const patch = {
      lastStatus: rowsLeft(summary) > 0 ? "stopped" : "completed",
      lastCheckedAt: this.now().toISOString(),
      lastError: null,
      run,
    };
    this.show(job.id, result, result);
    await this.saving(this.store.update(job.kind, job.id, patch));
    this.finished({ ...job, ...patch });
    return result;
  }

  /** A save the workbook refused keeps the record for this session (the store saves again later). */
  private async saving(save: Promise<void>): Promise<void> {
    try {
      await save;
    } catch (error) {
      if (!(error instanceof JobStoreError)) throw error;
    }
  }

  private show(
    jobId: string,
    progress: EnrichProgress,
    summary: EnrichSummary | null,
    error: string | null = null
  ): void {
    this.runs.set(jobId, { jobId, progress, summary, error });
    this.changes.emit();
  }

  private finished(job: JobRecord): void {
    try {
      this.finishedListeners.emit(job);
    } catch {
      // A listener's failure is its own: the run is over and saved.
    }
  }
}

const emptyProgress = (): EnrichProgress => ({
  done: 0,
  total: 0,
  written: 0,
  failed: 0,
  notRun: 0,
  typedInto: 0,
});
