import { followTryMode } from "../../../src/flows/jobs/try-mode-jobs";
import { MemorySettingsStorage, SettingsStore } from "../../../src/runtime/settings";
import {
  JOBS_SETTING_KEY,
  JobStore,
  type JobRecord,
  type WorkbookSettings,
} from "../../../src/workbook/job-store";
import { DEMO_SHEET_SUFFIX, uniqueSheetName } from "../../../src/workbook/names";

// Try mode in the workbook: jobs made while it is on are marked demo and removed
// when it is left; the sheets they write say "(demo)" in their names.

function workbookSettings(): WorkbookSettings & { saved: unknown } {
  const live = new Map<string, unknown>();
  const settings = {
    saved: null as unknown,
    get: (name: string) => live.get(name) ?? null,
    set: (name: string, value: unknown) => void live.set(name, value),
    saveAsync: (callback: (result: { status: string }) => void) => {
      settings.saved = JSON.parse(JSON.stringify(live.get(JOBS_SETTING_KEY) ?? null));
      callback({ status: "succeeded" });
    },
  };
  return settings as unknown as WorkbookSettings & { saved: unknown };
}

const job = (id: string): JobRecord => ({
  kind: "bulk",
  id,
  label: `Bulk ${id}`,
  createdAt: "2025-01-01T00:00:00Z",
  lastStatus: "in_progress",
  lastCheckedAt: null,
  lastError: null,
  resultSheets: [],
});

describe("the workbook's jobs follow Try mode", () => {
  test("jobs made while it is on are marked demo and removed when it is left; the others stay", async () => {
    const settings = new SettingsStore(new MemorySettingsStorage(), {
      apiKey: null,
      baseUrl: "/api",
      webhookUrl: null,
    });
    const file = workbookSettings();
    const jobs = new JobStore(file);
    const stop = followTryMode(settings, jobs);
    await settings.load();

    await jobs.add(job("real-1"));
    await settings.save({ tryMode: true, demoKey: "demo-key-1" });
    await jobs.add(job("demo-1"));
    await jobs.recordSheet(job("demo-2"), "Bulk demo-2 (demo)");
    expect((await jobs.load()).map((j) => [j.id, j.demo ?? false])).toEqual([
      ["real-1", false],
      ["demo-1", true],
      ["demo-2", true],
    ]);
    // Saved with the mark, and read back with it.
    expect((file.saved as JobRecord[]).map((j) => j.demo ?? false)).toEqual([false, true, true]);
    expect((await new JobStore(file).load()).map((j) => j.demo ?? false)).toEqual([
      false,
      true,
      true,
    ]);
    // A status change keeps the mark.
    await jobs.update("bulk", "demo-1", { lastStatus: "completed" });
    expect((await jobs.load())[1]).toMatchObject({ id: "demo-1", demo: true });

    await settings.save({ apiKey: "a-real-key" });
    expect((await jobs.load()).map((j) => j.id)).toEqual(["real-1"]);
    expect((file.saved as JobRecord[]).map((j) => j.id)).toEqual(["real-1"]);
    await jobs.add(job("real-2"));
    expect((await jobs.load()).map((j) => j.demo ?? false)).toEqual([false, false]);
    stop();
  });

  test("a workbook opened after Try mode was left elsewhere loses its demo jobs", async () => {
    const file = workbookSettings();
    file.set(JOBS_SETTING_KEY, [{ ...job("left"), demo: true }, job("kept")]);
    const settings = new SettingsStore(new MemorySettingsStorage(), {
      apiKey: "k",
      baseUrl: "/api",
      webhookUrl: null,
    });
    const jobs = new JobStore(file);
    followTryMode(settings, jobs);
    await settings.load();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await jobs.load()).map((j) => j.id)).toEqual(["kept"]);
  });
});

describe("sheet names of Try mode", () => {
  test('end with " (demo)", kept whole within 31 characters, numbered before it', () => {
    expect(uniqueSheetName("Bulk 12 preview", [], DEMO_SHEET_SUFFIX)).toBe(
      "Bulk 12 preview (demo)"
    );
    const long = "GeoLead coffee shops near the station";
    const first = uniqueSheetName(long, [], DEMO_SHEET_SUFFIX);
    expect(first).toHaveLength(31);
    expect(first.endsWith(" (demo)")).toBe(true);
    const second = uniqueSheetName(long, [first], DEMO_SHEET_SUFFIX);
    expect(second).toHaveLength(31);
    expect(second.endsWith(" (2) (demo)")).toBe(true);
    // Without it, names are as before.
    expect(uniqueSheetName("Results", ["results"])).toBe("Results (2)");
  });
});
