import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "playwright-core";

// One accessibility scan of what a page shows now: axe-core 4.14 (the project's own copy,
// not the older one @axe-core/playwright carries) with the WCAG 2.0, 2.1 and 2.2 A and AA
// rules (DESIGN 4e). Fluent's focus sentinels (tabster's `data-tabster-dummy` spans) are a
// known false positive of `aria-hidden-focus` (Accessibility Insights suppresses them): they
// are left out of that rule alone; every other rule sees them.

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const FOCUS_SENTINELS = "[data-tabster-dummy]";
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** A violation as one line: rule, impact, and the nodes' selectors and summaries. */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `${node.target.join(" ")}: ${(node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 160)}`
    );
  return `${violation.id} (${violation.impact}): ${violation.help} [${nodes.join(" | ")}]`;
}

/** The violations (any impact) on the page as it is now, one line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  const everything = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(WCAG_TAGS)
    .disableRules(["aria-hidden-focus"])
    .analyze();
  const hiddenFocus = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withRules(["aria-hidden-focus"])
    .exclude(FOCUS_SENTINELS)
    .analyze();
  return [...everything.violations, ...hiddenFocus.violations].map(describeViolation);
}

/** axe-core's version that ran (the project's copy). */
export const axeVersion = (): string =>
  (
    JSON.parse(fs.readFileSync(require.resolve("axe-core/package.json"), "utf8")) as {
      version: string;
    }
  ).version;

/** A violation as it comes out of a page (plain data, from any engine). */
export interface PageViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; summary: string }>;
}

/** What `axeInPage` needs: axe-core's source and the scan's tags. */
export const axeScanArgument = (): { source: string; tags: string[]; sentinels: string } => ({
  source: AXE_SOURCE,
  tags: WCAG_TAGS,
  sentinels: FOCUS_SENTINELS,
});

/**
 * The same scan as axeViolations, run inside the page (for Firefox and WebKit, driven over
 * WebDriver, where @axe-core/playwright does not reach): axe-core is evaluated into the page
 * once, then run twice as above. Self-contained: it is serialized into the page.
 */
export async function axeInPage(argument: {
  source: string;
  tags: string[];
  sentinels: string;
}): Promise<PageViolation[]> {
  type AxeRun = (
    context: unknown,
    options: unknown
  ) => Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      help: string;
      nodes: Array<{ target: unknown[]; failureSummary?: string }>;
    }>;
  }>;
  const scope = window as unknown as { axe?: { run: AxeRun } };
  // eslint-disable-next-line no-eval
  if (!scope.axe) (0, eval)(argument.source);
  const axe = scope.axe!;
  const everything = await axe.run(document, {
    runOnly: { type: "tag", values: argument.tags },
    rules: { "aria-hidden-focus": { enabled: false } },
    resultTypes: ["violations"],
  });
  const hiddenFocus = await axe.run(
    { include: [["html"]], exclude: [[argument.sentinels]] },
    { runOnly: { type: "rule", values: ["aria-hidden-focus"] }, resultTypes: ["violations"] }
  );
  return [...everything.violations, ...hiddenFocus.violations].map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.slice(0, 5).map((node) => ({
      target: node.target.map(String).join(" "),
      summary: (node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 160),
    })),
  }));
}

/** A violation from axeInPage as one line. */
export const describePageViolation = (violation: PageViolation): string =>
  `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.map((n) => `${n.target}: ${n.summary}`).join(" | ")}]`;
