// The benchmarks `npm run bench` runs (bench/run.ts) and bench/compare.ts compares, in order.

export const BENCHMARKS = [
  "client-lookups.ts",
  "spending.ts",
  "browser-concurrency.ts",
  "bulk-100k.ts",
  "sheet-writer.ts",
  "kept-answers.ts",
  "enrich-bulk.ts",
  "pane-load.ts",
  "team-host.ts",
  "canonical-request.ts",
  "release.ts",
];

/** The benchmarks that run the built add-in (dist/). */
export const BUILT = [
  "browser-concurrency.ts",
  "kept-answers.ts",
  "enrich-bulk.ts",
  "pane-load.ts",
  "team-host.ts",
  "release.ts",
];

/** Not in the quick pass: test/release/ installs and starts the release in every npm test. */
export const FULL_ONLY = ["release.ts"];
