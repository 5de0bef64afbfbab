// The Prometheus text format (version 0.0.4) as the tests read a host's /metrics: the metrics
// it declares (`# TYPE`) and its samples, so that a test asks for one value by its labels.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** Declared metrics and their type (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the one sample of `name` whose labels include `labels`; throws if none or several. */
  value(name: string, labels?: Record<string, string>): number;
  /** The sum of the samples of `name` whose labels include `labels` (0 if none). */
  sum(name: string, labels?: Record<string, string>): number;
  /** Every series name a query may use: histograms' `_bucket`, `_sum` and `_count` included. */
  seriesNames(): Set<string>;
}

const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
}

export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line.startsWith("# TYPE ")) {
      const [, , name, type] = line.split(" ");
      types.set(name!, type!);
      continue;
    }
    if (line === "" || line.startsWith("#")) continue;
    const found = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!found) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (found[3] ?? "").matchAll(LABEL))
      labels[name!] = unescape(value!);
    samples.push({ name: found[1]!, labels, value: Number(found[4]) });
  }
  const matching = (name: string, labels: Record<string, string>): Sample[] =>
    samples.filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([label, value]) => sample.labels[label] === value)
    );
  return {
    types,
    samples,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length !== 1)
        throw new Error(
          `${found.length} samples of ${name} ${JSON.stringify(labels)}: ${JSON.stringify(found)}`
        );
      return found[0]!.value;
    },
    sum(name, labels = {}) {
      return matching(name, labels).reduce((total, sample) => total + sample.value, 0);
    },
    seriesNames() {
      const names = new Set<string>();
      for (const [name, type] of types) {
        names.add(name);
        if (type === "histogram")
          for (const end of ["_bucket", "_sum", "_count"]) names.add(name + end);
        if (type === "summary") for (const end of ["_sum", "_count"]) names.add(name + end);
      }
      for (const sample of samples) names.add(sample.name);
      return names;
    },
  };
}
