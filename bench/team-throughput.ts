import http from "node:http";
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { Worker } from "node:worker_threads";
import { Client } from "pg";

// Parts of bench/team-host.ts's throughput runs: a stand-in for the service, fast enough that
// the host and its store are what is measured (the sandbox spends more CPU per lookup than the
// host); a lean client (keep-alive node:http, not fetch); and the CPU time of processes read from
// /proc, so that a figure says where its time went on a machine shared with others.

export interface StandIn {
  url: string;
  close(): Promise<void>;
}

// A person found and valid, 1 credit, as the service answers (docs/interface.md, Person); a first
// name starting "slow-" is answered after 300 ms (a lookup that others join while it is out).
const STAND_IN = `
const http = require("node:http");
const { parentPort } = require("node:worker_threads");
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    let asked = {};
    try { asked = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"); } catch {}
    const email = (String(asked.first_name) + "." + String(asked.last_name) + "@" + String(asked.domain)).toLowerCase();
    const body = JSON.stringify({
      email, valid_email: email, email_status: "valid", credits_charged: 1,
      person_full_name: asked.first_name + " " + asked.last_name, person_company_name: asked.domain,
      person_job_title: null,
    });
    const answer = () => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(body);
    };
    if (String(asked.first_name).startsWith("slow-")) setTimeout(answer, 300);
    else answer();
  });
});
server.keepAliveTimeout = 65000;
server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
`;

/** Starts the stand-in service in a thread of this process. */
export async function startStandIn(): Promise<StandIn> {
  const worker = new Worker(STAND_IN, { eval: true });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return { url: `http://127.0.0.1:${port}`, close: async () => void (await worker.terminate()) };
}

export interface Fired {
  wallMs: number;
  /** Answers marked as the team's shared answers. */
  shared: number;
  /** The median time of an answer, from its request sent (ms). */
  medianMs: number;
}

/**
 * POSTs each of `bodies` to `path`, to `urls` in turn, `concurrency` at a time, request i with
 * `tokens[i % tokens.length]`. Any answer but a 200 throws.
 */
export async function fire(
  urls: string[],
  path: string,
  tokens: string[],
  bodies: object[],
  concurrency: number
): Promise<Fired> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let shared = 0;
  const times: number[] = [];
  const begin = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < bodies.length) {
          const i = next++;
          const sent = performance.now();
          const answer = await post(
            agent,
            urls[i % urls.length]! + path,
            tokens[i % tokens.length]!,
            bodies[i]!
          );
          if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body}`);
          if (answer.shared) shared++;
          times.push(performance.now() - sent);
        }
      })
    );
  } finally {
    agent.destroy();
  }
  const wallMs = performance.now() - begin;
  times.sort((a, b) => a - b);
  return { wallMs, shared, medianMs: times[Math.floor(times.length / 2)] ?? NaN };
}

function post(
  agent: http.Agent,
  url: string,
  token: string,
  body: object
): Promise<{ status: number; body: string; shared: boolean }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            shared: response.headers["x-mail-finder-answer"] === "shared",
          })
        );
        response.on("error", reject);
      }
    );
    request.on("error", reject);
    request.end(payload);
  });
}

// /proc/<pid>/stat's times are in clock ticks: 100 a second on Linux everywhere it runs here.
const TICK_MS = 10;

/** CPU time (user and system, ms) a process has used so far; 0 once it is gone. */
export function cpuOfPid(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces) in parentheses: utime is the 14th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time (ms) used so far by the processes of `pids`. */
export function cpuOfPids(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + cpuOfPid(pid), 0);
}

/**
 * The server processes of the database at `url` (its connections' backends) and the server's
 * own that write for every database (WAL writer, background writer, checkpointer): other
 * databases' backends on the same server (other tests) are not counted.
 */
export async function postgresPids(url: string): Promise<number[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE (datname = current_database() AND pid <> pg_backend_pid())
          OR backend_type IN ('walwriter', 'background writer', 'checkpointer')`
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** The machine's CPU time so far (ms, all cores), busy and in all. */
export function machineCpu(): { busyMs: number; totalMs: number } {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = values[3]! + values[4]!;
  return { busyMs: (total - idle) * TICK_MS, totalMs: total * TICK_MS };
}

export const CORES = cpus().length;
