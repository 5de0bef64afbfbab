import type { JobRecord, WorkbookSettings } from "../../src/workbook/job-store";

// A workbook's document settings and job records, as the job store and the runtime's workbook
// jobs see them, for tests that need no Excel.

/** Office document settings as a workbook keeps them. */
export function workbookSettings(): WorkbookSettings & {
  saves: number;
  values: Map<string, unknown>;
  failSaves: boolean;
} {
  const values = new Map<string, unknown>();
  const settings = {
    saves: 0,
    failSaves: false,
    values,
    get: (name: string) => values.get(name) ?? null,
    set: (name: string, value: unknown) => void values.set(name, JSON.parse(JSON.stringify(value))),
    saveAsync: (callback?: (result: { status: string; error?: { message: string } }) => void) => {
      settings.saves++;
      if (settings.failSaves)
        callback?.({ status: "failed", error: { message: "The workbook is read-only." } });
      else callback?.({ status: "succeeded" });
    },
  };
  return settings as unknown as WorkbookSettings & {
    saves: number;
    values: Map<string, unknown>;
    failSaves: boolean;
  };
}

/** A job record as the pane saves it. */
export function jobRecord(
  kind: JobRecord["kind"],
  id: string,
  label: string,
  lastStatus: string
): JobRecord {
  return {
    kind,
    id,
    label,
    createdAt: new Date().toISOString(),
    lastStatus,
    lastCounts: null,
    lastCheckedAt: null,
    lastError: null,
    resultSheets: [],
  };
}
