import { canonicalRequest } from "../src/server/api/canonical-request";
import { finishGoals, goal, quick } from "./goals";
import { printTable } from "./sandbox-process";

// What the canonical reading of a request costs the host (issue 34: at most 5% of a lookup's
// time through it). Every request is parsed once; this times the parse alone, in this process,
// over the spellings the host sees most: set it beside the host's time per lookup that
// bench/team-host.ts prints (a lookup through the host in team mode is 2 to 3 ms of CPU).
// --quick: 20,000 parses each.

const ROUNDS = quick ? 20_000 : 200_000;
/** The least CPU time of a lookup through the host (team mode: 2 to 3 ms). */
const LOOKUP_US = 2_000;

const SAMPLES: Array<[string, string]> = [
  ["POST", "/api/v5.1/find-email/person"],
  ["POST", "/api/v5.1/verify-email"],
  ["GET", "/api/v5.1/account"],
  [
    "GET",
    "/api/v5.1/bulk/blk_0123456789abcdef01234567/download?download_as=json_arr&preview_only=false",
  ],
  ["POST", "/api/v5.1/domain/acme.com/email/order"],
  ["POST", "/api/v5.0/search/person.json"],
];

function time(method: string, url: string): number {
  for (let i = 0; i < 10_000; i++) canonicalRequest(method, url, "/api");
  const begin = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) canonicalRequest(method, url, "/api");
  return Number(process.hrtime.bigint() - begin) / ROUNDS / 1000;
}

const timed = SAMPLES.map(([method, url]) => ({ method, url, us: time(method, url) }));
printTable(
  `The canonical reading of a request, ${ROUNDS} parses each`,
  timed.map(({ method, url, us }) => ({
    request: `${method} ${url.length > 60 ? url.slice(0, 57) + "..." : url}`,
    "µs per parse": us.toFixed(2),
  }))
);
console.log("");
goal(
  "slowest parse, share of a lookup's time through the host",
  (100 * Math.max(...timed.map((t) => t.us))) / LOOKUP_US,
  {
    atMost: 5,
    unit: "%",
    why: "issue 34: reading a request once, canonically, costs at most 5% of a lookup (2 ms of CPU)",
  }
);
finishGoals();
