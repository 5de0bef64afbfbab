import type { Page } from "playwright-core";

// A V8 CPU profile of a page from before its navigation (CDP's Profiler), summarised: the main
// thread's self time per script and its costliest functions. Used by pane-load.ts --profile.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** The profile itself, as DevTools opens it (a .cpuprofile file). */
  raw: Profile;
  totalMs: number;
  byScript: Array<{ script: string; selfMs: number }>;
  topFunctions: Array<{ fn: string; script: string; selfMs: number }>;
}

/** Starts V8's sampling profiler on `page` (before its navigation); the returned stop ends it. */
export async function startProfile(page: Page): Promise<() => Promise<ProfileSummary>> {
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 100 });
  await session.send("Profiler.start");
  return async () => {
    const { profile } = (await session.send("Profiler.stop")) as unknown as { profile: Profile };
    await session.detach();
    return summarise(profile);
  };
}

const shortName = (url: string): string => {
  if (!url) return "(native / idle / GC)";
  const path = url.replace(/^[a-z]+:\/\/[^/]+\//, "");
  return path.replace(/\.[0-9a-f]{8}\.js$/, ".js") || url;
};

function summarise(profile: Profile): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, { fn: string; script: string; selfMs: number }>();
  for (const [id, ms] of self) {
    const node = nodes.get(id)!;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script =
      functionName === "(idle)" ||
      functionName === "(program)" ||
      functionName === "(garbage collector)"
        ? functionName
        : shortName(url);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const key = `${functionName}@${url}:${lineNumber}:${columnNumber}`;
    const entry = byFunction.get(key) ?? {
      fn: `${functionName || "(anonymous)"} :${lineNumber + 1}:${columnNumber + 1}`,
      script,
      selfMs: 0,
    };
    entry.selfMs += ms;
    byFunction.set(key, entry);
  }
  const round = (n: number): number => Math.round(n * 10) / 10;
  return {
    raw: profile,
    totalMs: round((profile.endTime - profile.startTime) / 1000),
    byScript: [...byScript]
      .map(([script, selfMs]) => ({ script, selfMs: round(selfMs) }))
      .sort((a, b) => b.selfMs - a.selfMs),
    topFunctions: [...byFunction.values()]
      .map((f) => ({ ...f, selfMs: round(f.selfMs) }))
      .sort((a, b) => b.selfMs - a.selfMs)
      .slice(0, 25),
  };
}
