// The workbook's jobs: their ids are saved in the workbook's settings, so
// reopening the workbook resumes tracking. Only ids, labels and statuses: never the API key.

import { t } from "../i18n/i18n";
import { saveSettings, savedList, type WorkbookSettings } from "../runtime/document-settings";
import { toEnrichJob, type EnrichJobInfo } from "./enrich-record";

/**
 * "enrich": a bulk search made by Enrich, whose results are written back into the list;
 * "enrich_lookups": an Enrich run through the cells' lookups (no search at the service: its id
 * is the add-in's own, and it is continued by the add-in, not polled).
 */
export type JobKind = "bulk" | "geo_lead" | "domain_file" | "enrich" | "enrich_lookups";

export interface JobCounts {
  total: number;
  processed?: number;
  found_valid: number;
  found_unknown: number;
  not_found: number;
  failed: number;
}

export interface JobRecord {
  kind: JobKind;
  /** The search id, or the domain of a domain file. */
  id: string;
  label: string;
  createdAt: string;
  lastStatus: string | null;
  lastCounts?: JobCounts | null;
  lastCheckedAt: string | null;
  lastError: string | null;
  resultSheets: string[];
  /** Kinds "enrich" and "enrich_lookups": where and how its answers are written. */
  enrich?: EnrichJobInfo;
  /** Kind "enrich_lookups": rows of the run settled so far. */
  run?: EnrichRunCounts;
  /** Made in Try mode: a job of the demo service, removed when Try mode is left. */
  demo?: true;
}

/** An Enrich run's rows, as its job record keeps them. */
export interface EnrichRunCounts {
  /** Rows of the run: to do and not possible, when it started. */
  total: number;
  /** Rows settled: written, failed, not run, or typed into meanwhile. */
  done: number;
  written: number;
  failed: number;
  notRun: number;
  typedInto: number;
  /** Why most of the rows not written were not ("Out of credits."), if any were not. */
  reason?: string;
}

export type JobPatch = Partial<Omit<JobRecord, "kind" | "id" | "createdAt" | "enrich" | "demo">>;

/** Kinds whose record carries where an enrichment writes (`enrich`). */
export const isEnrichKind = (kind: JobKind): kind is "enrich" | "enrich_lookups" =>
  kind === "enrich" || kind === "enrich_lookups";

export const JOBS_SETTING_KEY = "mailFinder.jobs";

export type { WorkbookSettings };

export class JobStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "JobStoreError";
  }
}

type Listener = (jobs: JobRecord[]) => void;

export class JobStore {
  private jobs: JobRecord[] | null = null;
  /** A save failed: the next call saves again even if it changes nothing. */
  private unsaved = false;
  private readonly listeners = new Set<Listener>();
  /** Jobs added now belong to the demo service (Try mode is on). */
  private demo = false;

  /** `settings` defaults to the workbook's, looked up at first use (after Office.onReady). */
  constructor(private readonly settings?: WorkbookSettings) {}

  private get workbookSettings(): WorkbookSettings {
    return this.settings ?? Office.context.document.settings;
  }

  async load(): Promise<JobRecord[]> {
    return this.current().map(copyRecord);
  }

  /** While on, every job added is marked `demo` (Try mode: its ids are the demo service's). */
  markNewJobsDemo(on: boolean): void {
    this.demo = on;
  }

  /** Adds a job; a job of the same kind and id is kept as it is. */
  async add(job: JobRecord): Promise<void> {
    const record = toRecord(this.demo ? { ...job, demo: true } : job);
    if (!record)
      throw new JobStoreError(
        t("jobs.notSavable", { job: JSON.stringify({ kind: job?.kind, id: job?.id }) })
      );
    const jobs = this.current();
    const isNew = !jobs.some((j) => j.kind === record.kind && j.id === record.id);
    if (isNew) jobs.push(record);
    await this.commit(isNew);
  }

  /** Changes a job's status fields; nothing happens for a job that is not in the list. */
  async update(kind: JobKind, id: string, patch: JobPatch): Promise<void> {
    const jobs = this.current();
    const index = jobs.findIndex((j) => j.kind === kind && j.id === id);
    if (index < 0) return this.commit(false);
    const before = jobs[index]!;
    const after = toRecord({ ...before, ...patch, kind, id, createdAt: before.createdAt });
    if (!after) throw new JobStoreError(t("jobs.invalidChange", { id }));
    const changed = JSON.stringify(after) !== JSON.stringify(before);
    if (changed) jobs[index] = after;
    await this.commit(changed);
  }

  /**
   * Records a sheet that holds a job's results; a job not in the list (a domain file ordered
   * elsewhere) is added with it, so that the Jobs tab shows it like a tracked one.
   */
  async recordSheet(job: JobRecord, sheet: string): Promise<void> {
    const known = this.current().find((j) => j.kind === job.kind && j.id === job.id);
    if (known)
      return this.update(job.kind, job.id, { resultSheets: [...known.resultSheets, sheet] });
    return this.add({ ...job, resultSheets: [...job.resultSheets, sheet] });
  }

  /**
   * An enrichment's results written back into its list: recorded as its result sheet, and the
   * rows it sent with their hashes dropped, no longer needed (all the add-in's document
   * settings share 2 MB, and a 100,000-row record holds about 400 KB of them).
   */
  async recordWrittenBack(job: JobRecord): Promise<void> {
    const jobs = this.current();
    const index = jobs.findIndex((j) => j.kind === job.kind && j.id === job.id);
    const known = jobs[index];
    if (!known?.enrich) return this.commit(false);
    const { sheetName } = known.enrich;
    jobs[index] = {
      ...known,
      resultSheets: known.resultSheets.includes(sheetName)
        ? known.resultSheets
        : [...known.resultSheets, sheetName],
      enrich: { ...known.enrich, rows: "", hashes: "" },
    };
    await this.commit(true);
  }

  async remove(kind: JobKind, id: string): Promise<void> {
    const jobs = this.current();
    const index = jobs.findIndex((j) => j.kind === kind && j.id === id);
    if (index >= 0) jobs.splice(index, 1);
    await this.commit(index >= 0);
  }

  /** Removes the jobs made in Try mode: they belong to the demo service, not to a real key. */
  async removeDemoJobs(): Promise<void> {
    const jobs = this.current();
    const kept = jobs.filter((job) => !job.demo);
    const changed = kept.length !== jobs.length;
    if (changed) jobs.splice(0, jobs.length, ...kept);
    await this.commit(changed);
  }

  /** Hears the list after every change, including one whose save failed. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private current(): JobRecord[] {
    this.jobs ??= parseJobs(this.workbookSettings.get(JOBS_SETTING_KEY));
    return this.jobs;
  }

  private async commit(changed: boolean): Promise<void> {
    if (changed)
      for (const listener of [...this.listeners]) listener(this.current().map(copyRecord));
    if (!changed && !this.unsaved) return;
    const settings = this.workbookSettings;
    this.unsaved = true;
    try {
      settings.set(JOBS_SETTING_KEY, this.current().map(copyRecord));
      await saveSettings(settings);
      this.unsaved = false;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JobStoreError(t("jobs.saveFailed", { reason }), { cause: error });
    }
  }
}

/** The saved list, leaving out whatever is damaged; never throws. */
export function parseJobs(saved: unknown): JobRecord[] {
  const jobs: JobRecord[] = [];
  for (const entry of savedList(saved)) {
    const record = toRecord(entry);
    if (record && !jobs.some((j) => j.kind === record.kind && j.id === record.id))
      jobs.push(record);
  }
  return jobs;
}

const KINDS: readonly JobKind[] = ["bulk", "geo_lead", "domain_file", "enrich", "enrich_lookups"];
const MAX_ID = 255;
const MAX_TEXT = 1_000;

const text = (value: unknown, max: number): string | null =>
  typeof value === "string" ? value.slice(0, max) : null;
const count = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;

/** Only the record's own fields, checked: anything else on the object is never saved. */
function toRecord(value: unknown): JobRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const kind = KINDS.find((k) => k === v.kind);
  const id = typeof v.id === "string" ? v.id.trim() : "";
  const createdAt = text(v.createdAt, 64);
  if (!kind || id === "" || id.length > MAX_ID || !createdAt) return null;
  const enrich = isEnrichKind(kind) ? toEnrichJob(v.enrich) : null;
  if (isEnrichKind(kind) && !enrich) return null;
  const run = kind === "enrich_lookups" ? toRunCounts(v.run) : null;
  return {
    kind,
    id,
    label: text(v.label, MAX_TEXT) ?? id,
    createdAt,
    lastStatus: text(v.lastStatus, 64),
    lastCounts: toCounts(v.lastCounts),
    lastCheckedAt: text(v.lastCheckedAt, 64),
    lastError: text(v.lastError, MAX_TEXT),
    resultSheets: Array.isArray(v.resultSheets)
      ? v.resultSheets.filter((s): s is string => typeof s === "string").slice(0, 100)
      : [],
    ...(enrich ? { enrich } : {}),
    ...(run ? { run } : {}),
    ...(v.demo === true ? { demo: true as const } : {}),
  };
}

const RUN_COUNTS = ["total", "done", "written", "failed", "notRun", "typedInto"] as const;

function toRunCounts(value: unknown): EnrichRunCounts | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!RUN_COUNTS.every((name) => count(v[name]))) return null;
  const counts = Object.fromEntries(RUN_COUNTS.map((name) => [name, v[name]])) as Omit<
    EnrichRunCounts,
    "reason"
  >;
  const reason = text(v.reason, MAX_TEXT);
  return reason === null ? counts : { ...counts, reason };
}

function toCounts(value: unknown): JobCounts | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    !count(v.total) ||
    !count(v.found_valid) ||
    !count(v.found_unknown) ||
    !count(v.not_found) ||
    !count(v.failed)
  )
    return null;
  const counts: JobCounts = {
    total: v.total,
    found_valid: v.found_valid,
    found_unknown: v.found_unknown,
    not_found: v.not_found,
    failed: v.failed,
  };
  if (count(v.processed)) counts.processed = v.processed;
  return counts;
}

function copyRecord(job: JobRecord): JobRecord {
  return {
    ...job,
    lastCounts: job.lastCounts ? { ...job.lastCounts } : (job.lastCounts ?? null),
    resultSheets: [...job.resultSheets],
    ...(job.run ? { run: { ...job.run } } : {}),
  };
}
