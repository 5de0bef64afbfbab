import fs from "node:fs";
import { CHROMIUM_PATH } from "../browser/chromium";
import { FIREFOX_PATH, launchFirefox } from "./firefox-engine";
import { launchChromium } from "./chromium-engine";
import type { EngineBrowser, EngineName } from "./page-driver";
import { MINIBROWSER_PATH, WEBKIT_DRIVER_PATH, launchWebKit } from "./webkit-engine";
import { XVFB_PATH } from "./xvfb";

// The three engines Office runs add-ins in, which of them a run uses (ENGINES), and
// what each needs on the machine (scripts/setup.sh installs it).

export interface Engine {
  name: EngineName;
  /** Files the engine needs; the first one missing is named when the engine is skipped. */
  needs: string[];
  launch(): Promise<EngineBrowser>;
}

export const ENGINES: Engine[] = [
  { name: "chromium", needs: [CHROMIUM_PATH], launch: launchChromium },
  { name: "firefox", needs: [FIREFOX_PATH], launch: launchFirefox },
  {
    name: "webkit",
    needs: [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH, XVFB_PATH],
    launch: launchWebKit,
  },
];

/**
 * The engines of this run: those named in ENGINES (e.g. ENGINES=chromium,firefox,webkit), by
 * default Firefox and WebKit: Chromium runs every browser suite of test/browser/ already, so the
 * engine suite adds in Chromium only time (about 40 s of the suite's budget).
 */
export const DEFAULT_ENGINES = "firefox,webkit";

export function selectedEngines(list = process.env.ENGINES || DEFAULT_ENGINES): Engine[] {
  if (!list?.trim()) return ENGINES;
  const names = list.split(",").map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !ENGINES.some((engine) => engine.name === name));
  if (unknown.length)
    throw new Error(
      `ENGINES names ${unknown.join(", ")}: the engines are ${ENGINES.map((e) => e.name).join(", ")}`
    );
  return ENGINES.filter((engine) => names.includes(engine.name));
}

/** The first file the engine needs that is missing, or null. */
export function missingFor(engine: Engine): string | null {
  return engine.needs.find((file) => !fs.existsSync(file)) ?? null;
}

/**
 * describe() per selected engine; an engine that is missing is skipped with a message outside
 * CI, and fails under CI (scripts/setup.sh installs all three).
 */
export function describeEngines(name: string, fn: (engine: Engine) => void): void {
  for (const engine of selectedEngines()) {
    const missing = missingFor(engine);
    const title = `${name} [${engine.name}]`;
    if (missing && !process.env.CI) {
      console.warn(
        `${engine.name} tests skipped: ${missing} is missing (scripts/setup.sh installs it; under CI this is a failure).`
      );
      describe.skip(`${title} [skipped: ${missing} is missing]`, () => fn(engine));
    } else describe(title, () => fn(engine));
  }
}
