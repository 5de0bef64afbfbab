import { canonicalRequest } from "../src/server/api/canonical-request";
import { printTable } from "./sandbox-process";

// What the canonical reading of a request costs the host (issue 34: at most 5% of a lookup's
// time through it). Every request is parsed once; this times the parse alone, in this process,
// over the spellings the host sees most: set it beside the host's time per lookup that
// bench/team-host.ts prints (a lookup through the host in team mode is 2 to 3 ms of CPU).

const ROUNDS = 200_000;

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

const rows = SAMPLES.map(([method, url]) => {
  const us = time(method, url);
  return {
    request: `${method} ${url.length > 60 ? url.slice(0, 57) + "..." : url}`,
    "µs per parse": us.toFixed(2),
  };
});
printTable(`The canonical reading of a request, ${ROUNDS} parses each`, rows);
