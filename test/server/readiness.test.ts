import { join } from "node:path";
import { parseExposition } from "../helpers/prometheus-text";
import { startPrivatePostgres, type PrivatePostgres } from "../helpers/private-postgres";
import { eventually, startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../helpers/team-over-sandbox";
import { DIST, serve } from "./helpers";

// GET /readyz (issue 36 item 3): 200 once every check passes, 503 naming the check
// that fails (no secret, no database URL), and again 200 when it passes; /healthz stays the
// liveness check throughout. Team mode's store is a PostgreSQL server of the test's own, stopped
// and started again under the running host (the machine's shared cluster is never touched); on
// SQLite (one file held open by the host itself, never out of reach on its own), the sealed
// service key altered in the database.

interface Report {
  ready: boolean;
  checks: Record<string, { ok: boolean; message?: string }>;
}

async function readiness(url: string): Promise<{ status: number; report: Report; text: string }> {
  const answer = await fetch(`${url}/readyz`);
  const text = await answer.text();
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return { status: answer.status, report: JSON.parse(text) as Report, text };
}

/** Waits until /readyz answers `status`, and answers its report. */
const readinessBecomes = (url: string, status: number) =>
  eventually(
    async () => {
      const answer = await readiness(url);
      return answer.status === status ? answer : undefined;
    },
    20_000,
    `/readyz ${status}`
  );

describe("/readyz", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(10);
  });
  afterAll(() => sandbox?.close());

  test("a relay: ready while the built add-in is readable", async () => {
    const host = await serve({ dist: DIST, upstream: sandbox.baseUrl, log: false });
    const empty = await serve({
      dist: join(DIST, "no-such-folder"),
      upstream: sandbox.baseUrl,
      log: false,
    });
    try {
      expect(await readiness(host.url)).toMatchObject({
        status: 200,
        report: { ready: true, checks: { addin: { ok: true } } },
      });
      expect(await readiness(empty.url)).toMatchObject({
        status: 503,
        report: {
          ready: false,
          checks: { addin: { ok: false, message: "The built add-in is not readable." } },
        },
      });
    } finally {
      await host.app.close();
      await empty.app.close();
    }
  });

  describe("team mode on PostgreSQL", () => {
    let postgres: PrivatePostgres;
    let team: TeamOverSandbox;

    beforeAll(async () => {
      postgres = await startPrivatePostgres();
      team = await startTeamOverSandbox({
        upstream: sandbox.baseUrl,
        serviceKey: company.apiKey,
        databaseUrl: postgres.url,
        build: { metrics: true, readiness: { timeoutMs: 2_000, cacheMs: 200 } },
      });
    }, 60_000);
    afterAll(async () => {
      await postgres?.start();
      await team?.close();
      await postgres?.remove();
    });

    test("the database stopped: 503 naming the store, liveness still 200; started again: 200", async () => {
      const member = await team.addMember("Eve", null);
      expect(await readiness(team.url)).toMatchObject({
        status: 200,
        report: {
          ready: true,
          checks: { addin: { ok: true }, store: { ok: true }, service_key: { ok: true } },
        },
      });

      await postgres.stop();
      const down = await readinessBecomes(team.url, 503);
      expect(down.report.ready).toBe(false);
      expect(down.report.checks.addin).toEqual({ ok: true });
      expect(down.report.checks.store).toEqual({
        ok: false,
        message: expect.stringMatching(/^The team's database did not answer \(\w+\)\.$/),
      });
      expect(down.report.checks.service_key!.ok).toBe(false);
      const port = new URL(postgres.url).port;
      for (const secret of [port, "postgres@", company.apiKey, team.adminToken])
        expect(down.text).not.toContain(secret);
      expect((await fetch(`${team.url}/healthz`)).status).toBe(200);
      // Members are told the database is out of reach; nothing goes out unmetered.
      const lookup = await fetch(`${team.url}/team/me`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(lookup.status).toBe(503);
      const figures = parseExposition(await (await fetch(`${team.url}/metrics`)).text());
      expect(figures.value("mailfinder_readiness_check", { check: "store" })).toBe(0);
      expect(figures.sum("mailfinder_team_store_errors_total")).toBeGreaterThan(0);

      await postgres.start();
      const up = await readinessBecomes(team.url, 200);
      expect(up.report).toEqual({
        ready: true,
        checks: { addin: { ok: true }, store: { ok: true }, service_key: { ok: true } },
      });
      expect(
        (
          await fetch(`${team.url}/team/me`, {
            headers: { authorization: `Bearer ${member.token}` },
          })
        ).status
      ).toBe(200);
      const again = parseExposition(await (await fetch(`${team.url}/metrics`)).text());
      expect(again.value("mailfinder_readiness_check", { check: "store" })).toBe(1);
    }, 60_000);
  });

  describe("team mode on SQLite", () => {
    let team: TeamOverSandbox;

    beforeAll(async () => {
      team = await startTeamOverSandbox({
        upstream: sandbox.baseUrl,
        serviceKey: company.apiKey,
        build: { readiness: { timeoutMs: 2_000, cacheMs: 0 } },
      });
    });
    afterAll(() => team?.close());

    test("the sealed service key altered in the database: 503 naming it; put back: 200", async () => {
      expect((await readiness(team.url)).status).toBe(200);
      const sealed = await team.store.sealedServiceKey();
      expect(sealed).not.toBeNull();
      await team.store.setSealedServiceKey(`${sealed!.slice(0, -8)}AAAAAAAA`);
      const altered = await readinessBecomes(team.url, 503);
      expect(altered.report.checks.store).toEqual({ ok: true });
      expect(altered.report.checks.service_key).toEqual({
        ok: false,
        message: expect.stringContaining(
          "The service key kept in the team database cannot be opened by this host"
        ),
      });
      expect(altered.text).not.toContain(company.apiKey);
      await team.store.setSealedServiceKey(sealed!);
      expect((await readinessBecomes(team.url, 200)).report.ready).toBe(true);
    });
  });
});
