// Made-up names for benchmark rows: not in the sandbox's directory, so their outcomes come from
// its hash rule (a mix of valid, risky and not found).
export const BENCH_FIRST_NAMES = [
  "Ada",
  "Ben",
  "Cleo",
  "Dan",
  "Eve",
  "Finn",
  "Gus",
  "Hana",
  "Ivo",
  "Jade",
  "Kai",
  "Lena",
  "Milo",
  "Nia",
];
export const BENCH_LAST_NAMES = [
  "Stone",
  "Rivers",
  "Hart",
  "Lake",
  "Moss",
  "Reed",
  "Fox",
  "Gray",
  "Wolfe",
  "Frost",
  "Vale",
  "Birch",
];
