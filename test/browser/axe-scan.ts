import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Result } from "axe-core";
import type { Page } from "playwright-core";
import { hostPageOf } from "../office-host/pane-page";

// One accessibility scan of what a page shows now: axe-core 4.14 (the project's own copy,
// not the older one @axe-core/playwright carries) with the WCAG 2.0, 2.1 and 2.2 A and AA
// rules. Fluent's focus sentinels (tabster's `data-tabster-dummy` spans) are a
// known false positive of `aria-hidden-focus` (Accessibility Insights suppresses them): their
// nodes are dropped from that rule's results alone; every other rule sees them.

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
/** A node whose own opening tag is a tabster focus sentinel's. */
const SENTINEL_TAG = /^<[^>]*\bdata-tabster-dummy\b/;
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

/**
 * The violations (any impact) on the page as it is now, one line each. One run of every rule;
 * then `aria-hidden-focus` drops exactly the focus sentinels' nodes (and the violation, if
 * they were all it had).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // A pane on the Office host page: the scan runs from the Office page, into the pane's frame.
  const host = hostPageOf(page);
  // A page of its own (the shim): axe-core is evaluated into it once and run there, as in
  // Firefox and WebKit; AxeBuilder would inject its 600 KB into every frame at every scan.
  if (host === page) {
    const loaded = await page.evaluate(() => "axe" in window);
    if (!loaded) await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(axeInPage, { ...axeScanArgument(), source: "" });
    return violations.map(describePageViolation);
  }
  const builder = new AxeBuilder({ page: host, axeSource: AXE_SOURCE });
  if (host !== page) builder.include("#taskpane iframe");
  const results = await builder
    // options() first: it replaces the options withTags() sets.
    .options({ resultTypes: ["violations"] })
    .withTags(WCAG_TAGS)
    .analyze();
  return results.violations
    .map((violation) =>
      violation.id === "aria-hidden-focus"
        ? { ...violation, nodes: violation.nodes.filter((node) => !SENTINEL_TAG.test(node.html)) }
        : violation
    )
    .filter((violation) => violation.nodes.length > 0)
    .map(describeViolation);
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
export const axeScanArgument = (): { source: string; tags: string[]; sentinel: string } => ({
  source: AXE_SOURCE,
  tags: WCAG_TAGS,
  sentinel: SENTINEL_TAG.source,
});

/**
 * The same scan as axeViolations, run inside the page (for Firefox and WebKit, driven over
 * WebDriver, where @axe-core/playwright does not reach): axe-core is evaluated into the page
 * once. Self-contained: it is serialized into the page.
 */
export async function axeInPage(argument: {
  source: string;
  tags: string[];
  sentinel: string;
}): Promise<PageViolation[]> {
  type AxeRun = (
    context: unknown,
    options: unknown
  ) => Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      help: string;
      nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
    }>;
  }>;
  const scope = window as unknown as { axe?: { run: AxeRun } };
  // eslint-disable-next-line no-eval
  if (!scope.axe) (0, eval)(argument.source);
  if (!scope.axe) throw new Error("axe-core is not loaded in this page");
  const sentinel = new RegExp(argument.sentinel);
  const results = await scope.axe!.run(document, {
    runOnly: { type: "tag", values: argument.tags },
    resultTypes: ["violations"],
  });
  return results.violations
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes
        .filter((node) => violation.id !== "aria-hidden-focus" || !sentinel.test(node.html))
        .slice(0, 5)
        .map((node) => ({
          target: node.target.map(String).join(" "),
          summary: (node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 160),
        })),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

/** A violation from axeInPage as one line. */
export const describePageViolation = (violation: PageViolation): string =>
  `${violation.id} (${violation.impact}): ${violation.help} [${violation.nodes.map((n) => `${n.target}: ${n.summary}`).join(" | ")}]`;
