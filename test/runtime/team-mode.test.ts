import type { Server } from "node:http";
import { installCustomFunctionsGlobal, MemorySettingsStorage } from "../helpers/custom-functions";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { Services, setServices } from "../../src/runtime/services";
import { SettingsStore, type Settings } from "../../src/runtime/settings";
import {
  TEAM_CONFIG_PATH,
  TEAM_ME_PATH,
  TeamSession,
  bindingBudget,
  type TeamStanding,
} from "../../src/runtime/team-mode";
import { ApiError } from "../../src/client/errors";
import { close, runningPane, serve } from "../helpers/pane-origin";
import { TeamHostForTests, type TeamMember } from "../helpers/team-host";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";
import { rejectionOf } from "../helpers/rejection";

installCustomFunctionsGlobal();
const { errorCell } =
  require("../../src/functions/cell-results") as typeof import("../../src/functions/cell-results");

// Team mode on the add-in's side: the runtime asks the host it was served from
// whether it is a team host, reads who is signed in and what their budget leaves, counts the
// answers the team host gave from its shared answers, and shows a budget refusal as the
// host's message, never retried. Against a real sandbox behind the production host in team mode
// (test/helpers/team-host.ts) over real HTTP.

const host = runningPane;

const ann: TeamMember = {
  id: "m1",
  name: "Ann",
  email: "ann@example.com",
  token: "team_ann_token_0123456789",
  monthlyBudget: 10,
};
const bob: TeamMember = {
  id: "m2",
  name: "Bob",
  email: "bob@example.com",
  token: "team_bob_token_0123456789",
  monthlyBudget: 1,
};

/** Retries an assertion until it holds (the runtime reads the host in the background). */
async function until(assertion: () => void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The pane's fetch: relative paths go to the origin it was served from; each path is noted. */
function paneFetch(origin: string, heard: string[]): typeof fetch {
  return (input, init) => {
    const url = new URL(String(input), origin);
    heard.push(url.pathname);
    return fetch(url, init);
  };
}

function settingsOf(change: Partial<Settings>): SettingsStore {
  return new SettingsStore(new MemorySettingsStorage(), {
    apiKey: null,
    baseUrl: "/api",
    webhookUrl: null,
    ...change,
  });
}

describe("team mode detection", () => {
  const teamHost = new TeamHostForTests({ name: "Sales", members: [ann] });
  let team: { origin: string; server: Server };
  let plain: { origin: string; server: Server };

  beforeAll(async () => {
    await teamHost.start();
    team = await serve((req, res) => {
      if (!teamHost.handle(req, res)) res.writeHead(404).end();
    });
    // A production host without --team: /team/config is not one of its routes.
    plain = await serve((_req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found", message: "Route not found" }));
    });
  });
  afterAll(async () => {
    await close(team.server);
    await close(plain.server);
    await teamHost.close();
  });

  test("a team host: its name, asked once; the member and the budget left with a token", async () => {
    const heard: string[] = [];
    const session = new TeamSession(settingsOf({ apiKey: ann.token }), {
      fetch: paneFetch(team.origin, heard),
    });
    await session.refresh();
    expect(session.view.team).toEqual({ name: "Sales", entra: null });
    expect(session.view.standing).toMatchObject({
      member: { id: ann.id, name: "Ann", email: "ann@example.com" },
      monthly_budget: 10,
      spent_this_month: 0,
      budget_left: 10,
    });
    await session.refresh();
    expect(heard.filter((path) => path === TEAM_CONFIG_PATH)).toEqual([TEAM_CONFIG_PATH]);
    expect(heard.filter((path) => path === TEAM_ME_PATH)).toHaveLength(2);
  });

  test("the standing read again soon: once per interval, however often it is asked", async () => {
    const heard: string[] = [];
    const session = new TeamSession(settingsOf({ apiKey: ann.token }), {
      fetch: paneFetch(team.origin, heard),
      standingIntervalMs: 300,
    });
    await session.refresh();
    for (let i = 0; i < 5; i++) session.refreshStandingSoon();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(heard.filter((path) => path === TEAM_ME_PATH)).toHaveLength(1);
    await until(() => expect(heard.filter((path) => path === TEAM_ME_PATH)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(heard.filter((path) => path === TEAM_ME_PATH)).toHaveLength(2);
  });

  test("a team host without a token: the team, nobody signed in, /team/me not asked", async () => {
    const heard: string[] = [];
    const session = new TeamSession(settingsOf({}), { fetch: paneFetch(team.origin, heard) });
    await session.refresh();
    expect(session.view).toMatchObject({ team: { name: "Sales" }, standing: null });
    expect(heard).toEqual([TEAM_CONFIG_PATH]);
  });

  test("a token the team host refuses (401): said so, no standing", async () => {
    const session = new TeamSession(settingsOf({ apiKey: "team_revoked_token" }), {
      fetch: paneFetch(team.origin, []),
    });
    await session.refresh();
    expect(session.view).toMatchObject({
      team: { name: "Sales" },
      standing: null,
      tokenRejected: true,
    });
  });

  test("a host that is not a team host (404): not team mode, and it is not asked again", async () => {
    const heard: string[] = [];
    const session = new TeamSession(settingsOf({ apiKey: "sbx_key" }), {
      fetch: paneFetch(plain.origin, heard),
    });
    await session.refresh();
    await session.refresh();
    expect(session.view).toMatchObject({ team: null, standing: null });
    expect(heard).toEqual([TEAM_CONFIG_PATH]);
  });

  test("an unreachable host: not team mode for now, asked again at the next refresh", async () => {
    const gone = await serve(() => undefined);
    await close(gone.server);
    const heard: string[] = [];
    const session = new TeamSession(settingsOf({ apiKey: ann.token }), {
      fetch: paneFetch(gone.origin, heard),
    });
    await session.refresh();
    expect(session.view.team).toBeNull();
    await session.refresh();
    expect(heard).toEqual([TEAM_CONFIG_PATH, TEAM_CONFIG_PATH]);
  });

  test("a base URL of another origin, or Try mode: the host is not asked", async () => {
    for (const change of [{ baseUrl: "https://api.example.com" }, { tryMode: true }]) {
      const heard: string[] = [];
      const session = new TeamSession(settingsOf({ apiKey: ann.token, ...change }), {
        fetch: paneFetch(team.origin, heard),
      });
      await session.refresh();
      expect(session.view.team).toBeNull();
      expect(heard).toEqual([]);
    }
  });
});

describe("the budget a member is shown", () => {
  const standing = (
    member: number | null,
    spent: number,
    team: number | null,
    teamSpent: number,
    left: number | null
  ): TeamStanding => ({
    member: { id: "m1", name: "Ann", email: "ann@example.com" },
    team: { name: "Sales", monthly_budget: team, spent_this_month: teamSpent },
    monthly_budget: member,
    spent_this_month: spent,
    budget_left: left,
  });

  test("the budget that leaves the least, with the host's figure of what is left", () => {
    expect(bindingBudget(standing(10, 2.5, 100, 20, 7.5))).toEqual({
      monthlyBudget: 10,
      left: 7.5,
    });
    expect(bindingBudget(standing(10, 2, 100, 95, 5))).toEqual({ monthlyBudget: 100, left: 5 });
    expect(bindingBudget(standing(null, 2, 50, 20, 30))).toEqual({ monthlyBudget: 50, left: 30 });
    expect(bindingBudget(standing(null, 2, null, 20, null))).toBeNull();
  });
});

describe("team mode through the runtime, against a sandbox behind a team host", () => {
  let sandbox: TestSandbox;
  let teamHost: TeamHostForTests;
  let served: { origin: string; server: Server };
  let examples: Record<string, Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    examples = (await sandbox.examples()) as typeof examples;
    teamHost = new TeamHostForTests({ name: "Sales", members: [ann, bob], teamBudget: 100 });
    await teamHost.start(sandbox.baseUrl, (await sandbox.account(50)).apiKey);
    served = await serve((req, res) => {
      if (!teamHost.handle(req, res)) res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await close(served.server);
    await teamHost.close();
    await sandbox.close();
  });

  /** A member's runtime, with the pane's origin at the team host. */
  function runtime(member: TeamMember) {
    const heard: string[] = [];
    const services = new Services(
      settingsOf({ apiKey: member.token }),
      new KeyValueAnswerStore(new MemoryStore()),
      {
        fetch: paneFetch(served.origin, heard),
        timeoutMs: 10_000,
        allowShortTimeout: true,
        retry: { retries: 2, baseDelayMs: 5, maxDelayMs: 10 },
      },
      { host, scheduler: { quietMs: 10 }, cacheFlushDelayMs: 1, team: { standingIntervalMs: 0 } }
    );
    return { services, heard };
  }

  test("an answer from the team's shared answers is counted as shared, and costs nothing", async () => {
    const person = examples.person!.valid!;
    const first = runtime(ann);
    const bought = await (await first.services.scheduler()).lookup("person", person as never);
    expect(bought.status).toBe("ok");
    expect(first.services.lookups.counts).toMatchObject({ answered: 1, shared: 0 });
    expect(first.services.credits.snapshot.sessionSpend).toBe(1);

    // A colleague asks the same: the team host answers from the team's answers.
    const second = runtime(bob);
    const shared = await (await second.services.scheduler()).lookup("person", person as never);
    expect(shared).toMatchObject({ status: "ok", value: { email: (bought as any).value.email } });
    expect(second.services.lookups.counts).toMatchObject({ answered: 1, shared: 1, spent: 0 });
    expect(second.services.credits.snapshot.sessionSpend).toBe(0);
    expect(teamHost.log.filter((r) => r.path === "/v5.1/find-email/person")).toEqual([
      expect.objectContaining({ shared: false, upstream: true, status: 200 }),
      expect.objectContaining({ shared: true, upstream: false, status: 200 }),
    ]);
  });

  test("over the budget: the cell shows the host's message, the pane a notice; nothing retried, the token nowhere", async () => {
    const { services } = runtime(bob);
    const scheduler = await services.scheduler();
    // Bob's budget is 1 credit: a first new lookup spends it, the next is refused.
    const verify = examples.verify!.valid!;
    const company = examples.company!.valid!;
    await services.team.refresh();
    await scheduler.lookup("verify", verify as never);
    const logBefore = teamHost.log.length;
    const failure = await rejectionOf(scheduler.lookup("company", company as never));
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: "out_of_credits", status: 402, code: "budget_exceeded" });
    const message = (failure as ApiError).message;
    expect(message).toMatch(/^Your monthly budget of 1 credits is spent/);
    expect(errorCell(failure)).toMatchObject({ code: "#N/A", message });
    // The host was asked once: a 402 is not sent again.
    expect(teamHost.log.slice(logBefore).map((r) => `${r.path} ${r.status}`)).toEqual([
      "/v5.1/find-email/company 402",
    ]);
    expect(services.lookups.counts).toMatchObject({ failed: 1 });
    // The pane's notice, with the same words; the standing is read again after the refusal.
    expect(services.team.view.budgetRefusal).toBe(message);
    await until(() => expect(services.team.view.standing?.budget_left).toBeCloseTo(0.8));
    expect(JSON.stringify(services.team.view)).not.toContain(bob.token);
    expect(message).not.toContain(bob.token);
    services.team.dismissBudgetRefusal();
    expect(services.team.view.budgetRefusal).toBeNull();
  });

  test("a team token the host refuses: the cell says so in a team's words, not a key's", async () => {
    const { services } = runtime({ ...ann, token: `mft_${"x".repeat(43)}` });
    setServices(services);
    try {
      await services.team.refresh();
      expect(services.team.view.tokenRejected).toBe(true);
      const scheduler = await services.scheduler();
      const failure = await rejectionOf(
        scheduler.lookup("verify", examples.verify!.valid! as never)
      );
      expect(errorCell(failure)).toMatchObject({
        code: "#VALUE!",
        message:
          "Team token missing or rejected: enter the one your admin gave you in the task pane (Settings).",
      });
    } finally {
      setServices(undefined);
    }
  });

  test("the standing is read again once the lookups of a recalculation have settled", async () => {
    const { services, heard } = runtime(ann);
    await services.team.refresh();
    const before = heard.filter((path) => path === TEAM_ME_PATH).length;
    const spentBefore = services.team.view.standing!.spent_this_month;
    const scheduler = await services.scheduler();
    await Promise.all(
      [examples.linkedin_url!.valid!, examples.decision_maker!.valid!].map((body, i) =>
        scheduler.lookup(i === 0 ? "linkedin_url" : "decision_maker", body as never)
      )
    );
    await until(() =>
      expect(services.team.view.standing!.spent_this_month).toBeGreaterThan(spentBefore)
    );
    // One read for the whole recalculation, not one per answer.
    expect(heard.filter((path) => path === TEAM_ME_PATH).length).toBe(before + 1);
  });
});
