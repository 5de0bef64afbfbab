import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHostProcess, type HostProcess } from "../../../bench/host-process";
import { call, startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { countingUpstream, runTeamLoad, type CountingUpstream } from "../../helpers/team-load";
import { DIST } from "../helpers";

// Team mode at scale (issue 26; a .serial test: it runs alone, after the parallel suites):
// two host instances (processes of their own) on one real PostgreSQL, members firing lookups at once through both, 30% of them a colleague's repeat,
// some members with a budget; one instance killed midway, the rest finishing through the
// other. What reaches the service is counted by a relay in front of the sandbox.

const ADMIN = "/HqId236H40+hPWazNvTZseqjnriP8EBflym2zbzdXw=";
const CREDITS = 100_000;

describe("two team host instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let sandbox: TestSandbox;
  let company: TestAccount;
  let upstream: CountingUpstream;
  let directory: string;
  const hosts: HostProcess[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    sandbox = await startSandbox();
    company = await sandbox.account(CREDITS);
    upstream = await countingUpstream(sandbox.baseUrl);
    directory = mkdtempSync(join(tmpdir(), "mf-team-scale-"));
    writeFileSync(join(directory, "service-key"), company.apiKey, { mode: 0o600 });
    writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
    for (let i = 0; i < 2; i++)
      hosts.push(
        await startHostProcess({
          dist: DIST,
          upstream: upstream.url,
          args: [
            "--quiet",
            "--team",
            "--service-key-file",
            join(directory, "service-key"),
            "--admin-token-file",
            join(directory, "admin-token"),
          ],
          env: { DATABASE_URL: database.url },
        })
      );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(hosts.map((host) => host.stop()));
    await upstream?.close();
    await sandbox?.close();
    await database?.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  test("one upstream request per distinct lookup, no budget passed, nothing counted twice, one instance killed midway", async () => {
    const plan = {
      members: 20,
      budgeted: 4,
      budget: 10,
      lookups: 600,
      repeatShare: 0.3,
      concurrency: 40,
    };
    let killed = false;
    const result = await runTeamLoad(
      plan,
      hosts.map((host) => host.url),
      { url: hosts[0]!.url, token: ADMIN },
      {
        kill: (done) => {
          if (killed || done < plan.lookups / 2) return null;
          killed = true;
          hosts[1]!.child.kill("SIGKILL");
          return 1;
        },
      }
    );
    expect(killed).toBe(true);
    // Nothing lost: every lookup answered, refused only over a budget.
    expect(result.answers).toHaveLength(plan.lookups);
    const statuses = new Set(result.answers.map((a) => a.status));
    expect([...statuses].every((s) => s === 200 || s === 402)).toBe(true);
    expect(
      result.answers.filter((a) => a.status === 402).every((a) => a.member < plan.budgeted)
    ).toBe(true);
    // At most one request upstream per distinct lookup (one more only for a lookup whose
    // instance was killed while it was out).
    const resent = result.answers.filter((a) => a.resent).length;
    const twice = [...upstream.counts.values()].filter((n) => n > 1).length;
    expect(upstream.counts.size).toBeLessThanOrEqual(result.distinct);
    expect(twice).toBeLessThanOrEqual(resent);
    // Budgets: exactly their worth; the team's usage is what the sandbox charged.
    const month = new Date().toISOString().slice(0, 7);
    const usage = await call(hosts[0]!.url, "GET", `/admin/api/usage?month=${month}`, undefined, {
      authorization: `Bearer ${ADMIN}`,
    });
    const byMember = new Map(
      (usage.body as Array<{ member: string; credits: number }>).map((row) => [
        row.member,
        row.credits,
      ])
    );
    for (let m = 0; m < plan.budgeted; m++)
      expect(byMember.get(result.memberIds[m]!)).toBe(plan.budget);
    const teamSpent = [...byMember.values()].reduce((sum, credits) => sum + credits, 0);
    const ledger = CREDITS - (await company.credits());
    const charged = result.answers.reduce((sum, a) => sum + (a.shared ? 0 : a.charged), 0);
    // The team counts what the service charged, exactly: a lookup the killed instance had
    // bought but not settled is counted, as its member's, when another instance asks it again
    // and the service answers it as a free repeat. Members were told no more than that.
    expect(teamSpent).toBe(ledger);
    expect(charged).toBeLessThanOrEqual(teamSpent);
    console.log(
      `${plan.lookups} lookups (${result.distinct} distinct) through 2 instances, one killed at ${plan.lookups / 2}: ` +
        `${upstream.counts.size} sent upstream, ${result.answers.filter((a) => a.shared).length} shared, ` +
        `${result.answers.filter((a) => a.status === 402).length} over a budget, ${resent} resent; ` +
        `ledger ${ledger} credits, team usage ${teamSpent}; ${Math.round(result.wallMs)} ms`
    );
  }, 180_000);
});
