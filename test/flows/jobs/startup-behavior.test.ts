import {
  StartupBehaviorFollower,
  needsRuntimeAtStart,
  type StartupBehavior,
  type StartupHost,
} from "../../../src/flows/jobs/startup-behavior";
import { JobStore } from "../../../src/workbook/job-store";
import { jobRecord, workbookSettings } from "../../helpers/workbook-settings";

// The document's startup behaviour follows its jobs: load while one is not over,
// none once none is left, and set only when it must change.

/** Office's startup behaviour of a document, with the calls made to change it. */
function officeDocument(
  initial: StartupBehavior,
  refuse = false
): StartupHost & {
  behavior: StartupBehavior;
  sets: StartupBehavior[];
} {
  const host = {
    behavior: initial,
    sets: [] as StartupBehavior[],
    get: async () => host.behavior,
    set: async (behavior: StartupBehavior) => {
      host.sets.push(behavior);
      if (refuse) throw new Error("Not supported on this platform.");
      host.behavior = behavior;
    },
  };
  return host;
}

async function followed(store: JobStore, host: StartupHost): Promise<StartupBehaviorFollower> {
  const follower = new StartupBehaviorFollower(store, host);
  follower.start();
  await follower.settled();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await follower.settled();
  return follower;
}

describe("startup behaviour", () => {
  test("which jobs need the runtime at start: those not over, not a stopped run", () => {
    expect(needsRuntimeAtStart([])).toBe(false);
    expect(needsRuntimeAtStart([jobRecord("bulk", "b1", "leads", "running")])).toBe(true);
    expect(needsRuntimeAtStart([jobRecord("domain_file", "acme.com", "acme", "queued")])).toBe(
      true
    );
    expect(needsRuntimeAtStart([jobRecord("enrich_lookups", "run_1", "list", "running")])).toBe(
      true
    );
    const over = ["completed", "failed", "deleted", "ready", "stopped"].map((status, i) =>
      jobRecord("bulk", `b${i}`, "x", status)
    );
    expect(needsRuntimeAtStart(over)).toBe(false);
  });

  test("load while a job goes on, none once it is over; nothing set when nothing changes", async () => {
    const store = new JobStore(workbookSettings());
    const host = officeDocument("none");
    const follower = await followed(store, host);
    // A workbook without jobs opened: its document is left as it is (not marked modified).
    expect(host.sets).toEqual([]);

    await store.add(jobRecord("bulk", "b1", "leads", "queued"));
    await follower.settled();
    expect(host.behavior).toBe("load");
    await store.update("bulk", "b1", { lastStatus: "running" });
    await store.add(jobRecord("geo_lead", "g1", "cafes", "extraction_queued"));
    await follower.settled();
    expect(host.sets).toEqual(["load"]);

    await store.update("bulk", "b1", { lastStatus: "completed" });
    await follower.settled();
    expect(host.behavior).toBe("load");
    await store.update("geo_lead", "g1", { lastStatus: "completed" });
    await follower.settled();
    expect(host.sets).toEqual(["load", "none"]);
    expect(host.behavior).toBe("none");
  });

  test("a workbook opened with load and no job left goes back to none; with a job left, stays", async () => {
    const finished = workbookSettings();
    await new JobStore(finished).add(jobRecord("bulk", "b1", "leads", "completed"));
    const host = officeDocument("load");
    await followed(new JobStore(finished), host);
    expect(host.sets).toEqual(["none"]);

    const unfinished = workbookSettings();
    await new JobStore(unfinished).add(jobRecord("bulk", "b2", "leads", "running"));
    const stays = officeDocument("load");
    await followed(new JobStore(unfinished), stays);
    expect(stays.sets).toEqual([]);
  });

  test("a host that refuses changes nothing else: jobs are still saved", async () => {
    const store = new JobStore(workbookSettings());
    const host = officeDocument("none", true);
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const follower = await followed(store, host);
      await store.add(jobRecord("bulk", "b1", "leads", "queued"));
      await follower.settled();
      expect(host.sets).toEqual(["load"]);
      expect(host.behavior).toBe("none");
      expect((await store.load()).map((job) => job.id)).toEqual(["b1"]);
      expect(warn).toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});
