import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../test/helpers/sandbox";
import { startTestDatabase } from "../test/helpers/postgres";
import {
  countingUpstream,
  findablePeople,
  runTeamLoad,
  type TeamLoadPlan,
  type TeamLoadResult,
} from "../test/helpers/team-load";
import { flag } from "./browser-setup";
import { startHostProcess, type HostProcess } from "./host-process";
import { DIST, ensureProductionBuild } from "./production-build";
import { post, printTable, startSandboxProcess } from "./sandbox-process";

// Team mode of the production host (issue 26, DESIGN 6c), every part a process of its own: the
// sandbox, a relay counting what reaches it, and the host instances.
//  1. Two instances on one PostgreSQL: 20 members, 2,000 lookups of which 30% repeat a
//     colleague's, 4 members with a budget of 10 credits, fired 64 at a time through both;
//     one instance killed midway (its requests go to the other). Then the same on SQLite with
//     one instance.
//  2. Lookups per second through the host with and without team mode (sign-in, budget, shared
//     answers), distinct lookups; and the time of a shared answer against a bought one.
// Flags: --lookups 2000, --concurrency 64.

const ADMIN = "admin-token-of-the-team-bench-0123456789abcdef";
const LOOKUPS = Number(flag("lookups", "2000"));
const CONCURRENCY = Number(flag("concurrency", "64"));
const CREDITS = 1_000_000;

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
const ms = (value: number): string => value.toFixed(1);

interface Setup {
  hosts: HostProcess[];
  close(): Promise<void>;
}

async function main(): Promise<void> {
  ensureProductionBuild();
  const sandbox = await startSandboxProcess(["--db", ":memory:"]);
  const directory = mkdtempSync(join(tmpdir(), "mf-bench-team-"));
  writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
  const teamArgs = [
    "--quiet",
    "--team",
    "--service-key-file",
    join(directory, "service-key"),
    "--admin-token-file",
    join(directory, "admin-token"),
  ];
  /** A fresh company account (its key in the key file) and what reaches the sandbox, counted. */
  const company = async (): Promise<{ apiKey: string; spent(): Promise<number> }> => {
    const account = (await post(sandbox.baseUrl, "/sandbox/accounts", { credits: CREDITS })) as {
      api_key: string;
    };
    writeFileSync(join(directory, "service-key"), account.api_key, { mode: 0o600 });
    return {
      apiKey: account.api_key,
      spent: async () => {
        const answer = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
          authorization: `Bearer ${account.api_key}`,
        });
        return CREDITS - Number(answer.body.credits_left);
      },
    };
  };
  try {
    const plan: TeamLoadPlan = {
      members: 20,
      budgeted: 4,
      budget: 10,
      lookups: LOOKUPS,
      repeatShare: 0.3,
      concurrency: CONCURRENCY,
    };
    const rows: Array<Record<string, string | number>> = [];
    const loadRow = async (
      label: string,
      setup: (upstream: string) => Promise<Setup>,
      killOne: boolean
    ): Promise<TeamLoadResult> => {
      const account = await company();
      const upstream = await countingUpstream(sandbox.baseUrl);
      const running = await setup(upstream.url);
      try {
        let killed = false;
        const result = await runTeamLoad(
          plan,
          running.hosts.map((host) => host.url),
          { url: running.hosts[0]!.url, token: ADMIN },
          {
            kill: (done) => {
              if (!killOne || killed || done < plan.lookups / 2) return null;
              killed = true;
              running.hosts[1]!.child.kill("SIGKILL");
              return 1;
            },
          }
        );
        const month = new Date().toISOString().slice(0, 7);
        const usage = await call(
          running.hosts[0]!.url,
          "GET",
          `/admin/api/usage?month=${month}`,
          undefined,
          {
            authorization: `Bearer ${ADMIN}`,
          }
        );
        const byMember = new Map(
          (usage.body as Array<{ member: string; credits: number }>).map((r) => [
            r.member,
            r.credits,
          ])
        );
        const budgeted = result.memberIds
          .slice(0, plan.budgeted)
          .map((id) => byMember.get(id) ?? 0);
        const teamUsage = [...byMember.values()].reduce((sum, credits) => sum + credits, 0);
        const charged = result.answers.reduce((sum, a) => sum + (a.shared ? 0 : a.charged), 0);
        const twice = [...upstream.counts.values()].filter((n) => n > 1).length;
        rows.push({
          run: label,
          lookups: result.answers.length,
          distinct: result.distinct,
          "sent upstream": [...upstream.counts.values()].reduce((a, b) => a + b, 0),
          "keys sent twice": twice,
          shared: result.answers.filter((a) => a.shared).length,
          "402 budget": result.answers.filter((a) => a.status === 402).length,
          resent: result.answers.filter((a) => a.resent).length,
          "budgeted members' credits": budgeted.join("/"),
          "ledger credits": await account.spent(),
          "team usage": teamUsage,
          "sum credits_charged": charged,
          "lookups/s": Math.round(result.answers.length / (result.wallMs / 1000)),
        });
        return result;
      } finally {
        await running.close();
        await upstream.close();
      }
    };

    const database = await startTestDatabase();
    const pgResult = await loadRow(
      "PostgreSQL, 2 instances, one killed midway",
      async (upstream) => {
        const hosts: HostProcess[] = [];
        for (let i = 0; i < 2; i++)
          hosts.push(
            await startHostProcess({
              dist: DIST,
              upstream,
              args: teamArgs,
              env: { DATABASE_URL: database.url },
            })
          );
        return { hosts, close: async () => void (await Promise.all(hosts.map((h) => h.stop()))) };
      },
      true
    );
    await database.drop();
    const sqliteResult = await loadRow(
      "SQLite, 1 instance",
      async (upstream) => {
        const host = await startHostProcess({
          dist: DIST,
          upstream,
          args: [...teamArgs, "--db", join(directory, "team.db")],
        });
        return { hosts: [host], close: () => host.stop() };
      },
      false
    );
    printTable(
      `Team mode under load: ${plan.members} members, ${plan.lookups} lookups (30% a colleague's repeat), ${plan.concurrency} at a time`,
      rows
    );

    // Throughput with and without team mode: distinct lookups only (nothing shared).
    const throughput: Array<Record<string, string | number>> = [];
    const people = findablePeople(Math.round(LOOKUPS * 0.7) + 1000).slice(-1000);
    const fire = async (url: string, token: string): Promise<number[]> => {
      const times: number[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < people.length) {
            const person = people[next++]!;
            const begin = performance.now();
            const answer = await call(url, "POST", "/api/v5.1/find-email/person", person, {
              authorization: `Bearer ${token}`,
            });
            if (answer.status !== 200) throw new Error(`lookup: ${answer.status} ${answer.text}`);
            times.push(performance.now() - begin);
          }
        })
      );
      return times;
    };
    for (const mode of ["relay (no team mode)", "team mode, SQLite", "team mode, PostgreSQL"]) {
      const account = await company();
      const db = mode.endsWith("PostgreSQL") ? await startTestDatabase() : null;
      const host = await startHostProcess({
        dist: DIST,
        upstream: sandbox.baseUrl,
        args: mode.startsWith("relay")
          ? ["--quiet"]
          : [...teamArgs, "--db", join(directory, `t-${Date.now()}.db`)],
        ...(db ? { env: { DATABASE_URL: db.url } } : {}),
      });
      try {
        let token = account.apiKey;
        if (!mode.startsWith("relay")) {
          const added = await call(
            host.url,
            "POST",
            "/admin/api/members",
            { name: "Bench", email: "bench@team.example", monthly_budget: null },
            { authorization: `Bearer ${ADMIN}` }
          );
          token = added.body.token as string;
        }
        const begin = performance.now();
        const times = await fire(host.url, token);
        const wall = performance.now() - begin;
        throughput.push({
          host: mode,
          lookups: times.length,
          "lookups/s": Math.round(times.length / (wall / 1000)),
          "median ms": ms(quantile(times, 0.5)),
          "p90 ms": ms(quantile(times, 0.9)),
        });
      } finally {
        await host.stop();
        await db?.drop();
      }
    }
    printTable(`Distinct lookups through the host, ${CONCURRENCY} at a time`, throughput);

    const latency = (result: TeamLoadResult, shared: boolean): number[] =>
      result.answers
        .filter((a) => a.status === 200 && a.shared === shared && !a.resent)
        .map((a) => a.ms);
    printTable("Time of an answer under that load (ms, client side)", [
      ...[
        ["PostgreSQL", pgResult],
        ["SQLite", sqliteResult],
      ].flatMap(([label, result]) =>
        [true, false].map((shared) => {
          const times = latency(result as TeamLoadResult, shared);
          return {
            store: label as string,
            answer: shared ? "shared (kept or joined)" : "bought",
            count: times.length,
            "median ms": ms(quantile(times, 0.5)),
            "p90 ms": ms(quantile(times, 0.9)),
          };
        })
      ),
    ]);
  } finally {
    await sandbox.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
