import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseYaml } from "yaml";
import { parseExposition } from "../helpers/prometheus-text";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../helpers/team-over-sandbox";
import { ROOT } from "./helpers";

// The monitoring kept in the repository (deploy/, docs/operations.md) names only what the host
// exports (issue 36 item 2): every metric in the Grafana dashboard's and the alert rules'
// expressions is one a running team host's /metrics declares (or `up`, which Prometheus writes
// for every target), and the operator's list of metrics is exactly the host's mailfinder_* ones.

/** Series Prometheus itself writes for each target. */
const PROMETHEUS_OWN = new Set(["up", "scrape_duration_seconds", "scrape_samples_scraped"]);

const KEYWORDS = new Set([
  "by",
  "without",
  "on",
  "ignoring",
  "group_left",
  "group_right",
  "bool",
  "and",
  "or",
  "unless",
  "offset",
  "atan2",
  "inf",
  "nan",
]);

/** The metric names a PromQL expression selects (Grafana's variables allowed). */
function metricNames(expression: string): string[] {
  const labelValues = /label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,/.exec(expression);
  if (labelValues) return [labelValues[1]!];
  const bare = expression
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, "") // strings
    .replace(/\{[^}]*\}/g, "") // label matchers
    .replace(/\[[^\]]*\]/g, "") // ranges
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, "$1"); // label lists
  const names: string[] = [];
  // A name followed by "(" or by "by"/"without" is a function or an aggregation.
  for (const found of bare.matchAll(
    /(?<![\w$.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\(|\s+(?:by|without)\b)?/g
  )) {
    const [, name, call] = found;
    if (call || KEYWORDS.has(name!.toLowerCase())) continue;
    names.push(name!);
  }
  return names;
}

/** Every `expr` (and a query variable's query) anywhere in the dashboard. */
function dashboardExpressions(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) dashboardExpressions(item, into);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if ((key === "expr" || key === "definition") && typeof item === "string") into.push(item);
      else dashboardExpressions(item, into);
    }
  return into;
}

describe("deploy/: the dashboard and the alert rules", () => {
  let sandbox: TestSandbox;
  let team: TeamOverSandbox;
  let exported: Set<string>;
  let declared: Map<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const company = await sandbox.account(10);
    team = await startTeamOverSandbox({
      upstream: sandbox.baseUrl,
      serviceKey: company.apiKey,
      build: { metrics: true },
    });
    const figures = parseExposition(await (await fetch(`${team.url}/metrics`)).text());
    exported = figures.seriesNames();
    declared = figures.types;
  });
  afterAll(async () => {
    await team?.close();
    await sandbox?.close();
  });

  test("the name reader finds the metrics of an expression, and only them", () => {
    expect(
      metricNames(
        'sum by (budget) (rate(a_total{x="y_total", instance=~"$instance"}[$__rate_interval] offset 5m)) > 3 * on(job) group_left(le) b_seconds_bucket or histogram_quantile(0.9, c) and bool d'
      )
    ).toEqual(["a_total", "b_seconds_bucket", "c", "d"]);
    expect(metricNames("label_values(mailfinder_host_info, instance)")).toEqual([
      "mailfinder_host_info",
    ]);
  });

  test("the Grafana dashboard asks only for what the host exports, from the ${DS_PROMETHEUS} input", () => {
    const dashboard = JSON.parse(
      readFileSync(join(ROOT, "deploy/grafana/mail-finder-host.json"), "utf8")
    ) as { __inputs: Array<{ name: string; pluginId: string }>; panels: unknown[] };
    expect(dashboard.__inputs).toEqual([
      expect.objectContaining({ name: "DS_PROMETHEUS", pluginId: "prometheus" }),
    ]);
    const sources = JSON.stringify(dashboard).match(/"uid":\s*"[^"]*"/g) ?? [];
    expect(sources.length).toBeGreaterThan(10);
    for (const source of sources.filter((uid) => !uid.includes("mail-finder-host")))
      expect(source).toMatch(/"\$\{DS_PROMETHEUS\}"/);
    const expressions = dashboardExpressions(dashboard);
    expect(expressions.length).toBeGreaterThan(20);
    const used = new Set(expressions.flatMap(metricNames));
    for (const name of used) expect([name, exported.has(name)]).toEqual([name, true]);
    // Every metric of the host's own is on the dashboard.
    for (const [name] of declared)
      if (name.startsWith("mailfinder_"))
        expect([name, [...used].some((usedName) => usedName.startsWith(name))]).toEqual([
          name,
          true,
        ]);
  });

  test("the alert rules name only what the host exports (and Prometheus' up)", () => {
    const rules = parseYaml(readFileSync(join(ROOT, "deploy/prometheus/alerts.yml"), "utf8")) as {
      groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
    };
    const all = rules.groups.flatMap((group) => group.rules);
    expect(all.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "MailFinderHostDown",
        "MailFinderTeamStoreUnreachable",
        "MailFinderUpstreamErrors",
        "MailFinderBudgetRefusalsSpike",
      ])
    );
    for (const rule of all) {
      const names = metricNames(rule.expr);
      expect([rule.alert, names.length > 0]).toEqual([rule.alert, true]);
      for (const name of names)
        expect([rule.alert, name, exported.has(name) || PROMETHEUS_OWN.has(name)]).toEqual([
          rule.alert,
          name,
          true,
        ]);
    }
  });

  test("docs/operations.md lists exactly the host's mailfinder_* metrics", () => {
    const doc = readFileSync(join(ROOT, "docs/operations.md"), "utf8");
    const listed = [...doc.matchAll(/^\| `(mailfinder_[a-z0-9_]+)` \|/gm)].map((found) => found[1]);
    const own = [...declared.keys()].filter((name) => name.startsWith("mailfinder_"));
    expect(listed.sort()).toEqual(own.sort());
  });
});
