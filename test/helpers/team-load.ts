import http from "node:http";
import type { AddressInfo } from "node:net";
import { lookupKey } from "../../src/client/lookup-key";
import { Directory } from "../../src/sandbox/directory/directory";
import { call, type TestResponse } from "./sandbox";

// The team host under load (issue 26's figures): members' lookups fired at once
// through one or more host instances in front of the sandbox, a share of them repeats of a
// colleague's, some members with a budget; an instance may be killed midway (its requests then
// go to another, as a load balancer would send them). Shared by the team suite and the bench.

/** People the sandbox's default directory finds (a valid email: one credit each). */
export function findablePeople(count: number): Array<Record<string, string>> {
  const people = new Directory({}).companies
    .filter((company) => company.mailServer === "verifying")
    .flatMap((company) => company.people)
    .filter((person) => !person.blacklisted && !person.mailboxClosed && person.nameSplittable)
    .map((person) => ({
      first_name: person.firstName,
      last_name: person.lastName,
      domain: person.company.domain,
    }));
  if (people.length < count) throw new Error(`the directory has ${people.length} findable people`);
  return people.slice(0, count);
}

/** A relay in front of the sandbox that counts the lookups reaching it, per distinct lookup. */
export interface CountingUpstream {
  url: string;
  /** Person lookups received, by lookup key. */
  counts: Map<string, number>;
  close(): Promise<void>;
}

export async function countingUpstream(target: string): Promise<CountingUpstream> {
  const counts = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      if (request.url === "/v5.1/find-email/person") {
        const key = lookupKey("person", JSON.parse(body.toString("utf8")) as object);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept"])
        if (typeof request.headers[name] === "string") headers[name] = request.headers[name];
      void fetch(target + request.url, {
        method: request.method,
        headers,
        ...(body.length > 0 ? { body } : {}),
      })
        .then(async (answer) => {
          response.writeHead(answer.status, {
            "content-type": answer.headers.get("content-type") ?? "application/json",
          });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          response.writeHead(502).end();
        });
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface TeamLoadPlan {
  members: number;
  /** Members (the first ones) with a monthly budget of `budget` credits. */
  budgeted: number;
  budget: number;
  lookups: number;
  /** Share of the lookups that repeat one a colleague asks too. */
  repeatShare: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export interface LoadAnswer {
  member: number;
  key: string;
  status: number;
  shared: boolean;
  charged: number;
  ms: number;
  /** Sent again to another instance after its first one was killed. */
  resent: boolean;
}

export interface TeamLoadResult {
  answers: LoadAnswer[];
  distinct: number;
  wallMs: number;
  tokens: string[];
  memberIds: string[];
}

/**
 * Adds the members (through `adminUrl`), then fires the plan's lookups through `hosts` in turn.
 * `killAt(done)` is called after each answer; when it answers a host's index, that host is
 * taken out (the caller kills it) and its unanswered requests go to the others.
 */
export async function runTeamLoad(
  plan: TeamLoadPlan,
  hosts: string[],
  admin: { url: string; token: string },
  options: { kill?: (done: number) => number | null } = {}
): Promise<TeamLoadResult> {
  const tokens: string[] = [];
  const memberIds: string[] = [];
  for (let m = 0; m < plan.members; m++) {
    const added = await call(
      admin.url,
      "POST",
      "/admin/api/members",
      {
        name: `Member ${m}`,
        email: `member${m}@load.example`,
        monthly_budget: m < plan.budgeted ? plan.budget : null,
      },
      { authorization: `Bearer ${admin.token}` }
    );
    if (added.status !== 201) throw new Error(`adding a member: ${added.status} ${added.text}`);
    tokens.push(added.body.token as string);
    memberIds.push(added.body.id as string);
  }
  const distinct = Math.round(plan.lookups * (1 - plan.repeatShare));
  const people = findablePeople(distinct);
  // Member m asks person i; the repeats ask, for another member, a person asked already.
  const work: Array<{ member: number; person: Record<string, string> }> = people.map(
    (person, i) => ({ member: i % plan.members, person })
  );
  for (let r = 0; work.length < plan.lookups; r++) {
    const i = (r * 7919) % distinct;
    work.push({ member: (i + 1 + (r % (plan.members - 1))) % plan.members, person: people[i]! });
  }
  // Interleaved: the repeats arrive while their first asking may still be in flight.
  const order = work
    .map((_, i) => i)
    .sort((a, b) => ((a * 2654435761) % 4096) - ((b * 2654435761) % 4096));
  const alive = hosts.map(() => true);
  const answers: LoadAnswer[] = [];
  let next = 0;
  let turn = 0;
  const started = performance.now();
  const send = async (index: number): Promise<void> => {
    const { member, person } = work[index]!;
    let resent = false;
    for (;;) {
      let host = turn++ % hosts.length;
      while (!alive[host]) host = turn++ % hosts.length;
      const begin = performance.now();
      let answer: TestResponse;
      try {
        answer = await call(hosts[host]!, "POST", "/api/v5.1/find-email/person", person, {
          authorization: `Bearer ${tokens[member]}`,
        });
      } catch {
        // The instance went away mid-request: another one takes it, as a load balancer would.
        resent = true;
        continue;
      }
      if (answer.status >= 500 && !alive[host]) {
        resent = true;
        continue;
      }
      answers.push({
        member,
        key: lookupKey("person", person),
        status: answer.status,
        shared: answer.headers.get("x-mail-finder-answer") === "shared",
        charged: answer.status === 200 ? Number(answer.body.credits_charged) : 0,
        ms: performance.now() - begin,
        resent,
      });
      const kill = options.kill?.(answers.length) ?? null;
      if (kill !== null) alive[kill] = false;
      return;
    }
  };
  await Promise.all(
    Array.from({ length: plan.concurrency }, async () => {
      while (next < order.length) await send(order[next++]!);
    })
  );
  return { answers, distinct, wallMs: performance.now() - started, tokens, memberIds };
}
